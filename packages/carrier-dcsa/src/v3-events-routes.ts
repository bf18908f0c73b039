import { isBollardError, type Tracker } from "@bollard/core";
import { Hono } from "hono";
import { apiKeySession, type SessionEnv } from "./api-key-auth.js";
import { V3_API_VERSION, v3Error, v3Unauthorized } from "./v3-errors.js";
import { parseV3EventQuery, V3EventQueryError } from "./v3-event-query.js";
import type { PageQueue } from "./page-queue.js";
import { v3EventsPage } from "./v3-feed-events.js";

/**
 * `GET /events` (DCSA T&T 3.0, the producer's endpoint): the account of the API key sent, as 3.0
 * events read from its event feed (see `v3EventsPage`), filtered by `eventTypes`,
 * `carrierBookingReference`, `transportDocumentReference`, `equipmentReference` and
 * `eventUpdatedDateTimeMin`/`Max` (inclusive), paged by `limit` and `cursor`: the next page's
 * cursor is the `Next-Page-Cursor` header, absent on the last page. Answers carry
 * `API-Version: 3.0.0`; a bad parameter is a 400 naming it in `feedbackElements`.
 */
export function v3EventsRoutes(tracker: Tracker, pages: PageQueue): Hono<SessionEnv> {
  const app = new Hono<SessionEnv>();
  app.get("/events", apiKeySession(tracker, v3Unauthorized), async (c) => {
    let query;
    try {
      query = parseV3EventQuery(new URL(c.req.url).searchParams);
    } catch (error) {
      if (error instanceof V3EventQueryError) return v3Error(c, 400, error.message, error.parameter);
      throw error;
    }
    let page;
    try {
      page = await pages.run(() => v3EventsPage(c.get("session"), query));
    } catch (error) {
      if (isBollardError(error) && error.parameter === "after") return v3Error(c, 400, "cursor is not one this server made", "cursor");
      throw error;
    }
    c.header("API-Version", V3_API_VERSION);
    if (page.next !== null) c.header("Next-Page-Cursor", page.next);
    return c.json({ events: page.events.map((served) => served.event) });
  });
  return app;
}
