import { isBollardError, type Tracker } from "@bollard/core";
import { Hono, type Context } from "hono";
import { apiKeySession, type SessionEnv } from "./api-key-auth.js";
import { dcsaError } from "./dcsa-errors.js";
import { EventQueryError, parseEventQuery } from "./event-query.js";
import { dcsaEventById, dcsaEventsPage } from "./feed-events.js";
import type { PageQueue } from "./page-queue.js";

const unauthorized = (c: Context) => dcsaError(c, 401, "unauthorized", "Send a Bollard API key as Authorization: Token <key>");

/**
 * `GET /events` and `GET /events/{eventID}` of the account whose API key is sent, as DCSA T&T 2.2
 * events, read from the account's event feed: a page costs one walk of the feed from its cursor
 * (bounded, see `MAX_SCANNED`) and the records of the shipments it meets; an event by id, one point
 * read and its shipment's records. The next page's cursor is sent as `Next-Page-Cursor` (what
 * DCSA's conformance kit reads) beside the standard's `Next-Page` link.
 */
export function eventsRoutes(tracker: Tracker, pages: PageQueue): Hono<SessionEnv> {
  const app = new Hono<SessionEnv>();
  const authenticate = apiKeySession(tracker, unauthorized);
  app.use("/events", authenticate);
  app.use("/events/*", authenticate);
  app.get("/events", async (c) => {
    const url = new URL(c.req.url);
    let query;
    try {
      query = parseEventQuery(url.searchParams);
    } catch (error) {
      if (error instanceof EventQueryError) return dcsaError(c, 400, "invalidQuery", error.message);
      throw error;
    }
    let page;
    try {
      page = await pages.run(() => dcsaEventsPage(c.get("session"), query));
    } catch (error) {
      if (isBollardError(error) && error.parameter === "after") return dcsaError(c, 400, "invalidQuery", "cursor is not one this server made");
      throw error;
    }
    c.header("API-Version", "2.2.0");
    c.header("Current-Page", url.toString());
    if (page.next !== null) {
      const next = new URL(url);
      next.searchParams.set("cursor", page.next);
      c.header("Next-Page", next.toString());
      c.header("Next-Page-Cursor", page.next);
    }
    if (query.after !== null) {
      const first = new URL(url);
      first.searchParams.delete("cursor");
      c.header("First-Page", first.toString());
    }
    return c.json(page.events.map((s) => s.event));
  });
  app.get("/events/:eventID", async (c) => {
    const id = c.req.param("eventID");
    const found = await dcsaEventById(c.get("session"), id);
    if (!found) return dcsaError(c, 404, "notFound", `No event ${id.slice(0, 100)}`);
    c.header("API-Version", "2.2.0");
    return c.json(found.event);
  });
  return app;
}
