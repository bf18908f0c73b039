import type { Principal, Session, Tracker } from "@bollard/core";
import { Hono, type MiddlewareHandler } from "hono";
import { accountEvents } from "./account-events.js";
import { dcsaError } from "./dcsa-errors.js";
import { byCreation, encodeCursor, EventQueryError, matches, parseEventQuery } from "./event-query.js";

type Env = { Variables: { session: Session } };

/** Resolves the request's Bollard API key (`Authorization: Token <key>` or `Bearer <key>`) to a session; 401 otherwise. */
function authenticate(tracker: Tracker): MiddlewareHandler<Env> {
  const sessions = new WeakMap<Principal, Session>();
  return async (c, next) => {
    let principal: Principal;
    try {
      principal = await tracker.accounts.authenticate(c.req.header("authorization") ?? null);
    } catch {
      return dcsaError(c, 401, "unauthorized", "Send a Bollard API key as Authorization: Token <key>");
    }
    let session = sessions.get(principal);
    if (!session) sessions.set(principal, (session = tracker.session(principal)));
    c.set("session", session);
    await next();
  };
}

/** `GET /events` and `GET /events/{eventID}` of the account whose API key is sent, as DCSA T&T 2.2 events. */
export function eventsRoutes(tracker: Tracker): Hono<Env> {
  const app = new Hono<Env>();
  app.use("/events", authenticate(tracker));
  app.use("/events/*", authenticate(tracker));
  app.get("/events", async (c) => {
    const url = new URL(c.req.url);
    let query;
    try {
      query = parseEventQuery(url.searchParams);
    } catch (error) {
      if (error instanceof EventQueryError) return dcsaError(c, 400, "invalidQuery", error.message);
      throw error;
    }
    const all = (await accountEvents(c.get("session"), query.texts)).filter((served) => matches(served, query)).sort(byCreation);
    const after = query.after;
    const start = after === null ? 0 : all.findIndex((s) => s.event.eventCreatedDateTime > after.created || (s.event.eventCreatedDateTime === after.created && s.event.eventID > after.id));
    const page = start < 0 ? [] : all.slice(start, start + query.limit);
    c.header("API-Version", "2.2.0");
    c.header("Current-Page", url.toString());
    if (start >= 0 && start + query.limit < all.length) {
      const next = new URL(url);
      next.searchParams.set("cursor", encodeCursor(page.at(-1)!.event));
      c.header("Next-Page", next.toString());
    }
    if (after !== null) {
      const first = new URL(url);
      first.searchParams.delete("cursor");
      c.header("First-Page", first.toString());
    }
    return c.json(page.map((s) => s.event));
  });
  app.get("/events/:eventID", async (c) => {
    const id = c.req.param("eventID");
    const found = (await accountEvents(c.get("session"), {})).find((s) => s.event.eventID === id);
    if (!found) return dcsaError(c, 404, "notFound", `No event ${id}`);
    c.header("API-Version", "2.2.0");
    return c.json(found.event);
  });
  return app;
}
