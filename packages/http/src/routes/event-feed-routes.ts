import { MAX_FEED_LIMIT, type EventExportOptions, type EventFeedListOptions, type EventFeedType } from "@bollard/core";
import { feedDocument, feedEventDocument } from "@bollard/core/jsonapi";
import { Hono, type Context } from "hono";
import type { AppEnv } from "../app-env.js";
import { given, pageQuery, uuidParam } from "../request/query-params.js";
import { jsonApiText } from "../respond.js";

/** The query parameter of each option of `session.events.list`, where its errors point. */
export const EVENT_FEED_PARAMETERS = {
  after: "page[after]",
  limit: "page[size]",
  types: "filter[type]",
  shipment_ids: "filter[shipment_id]",
  container_ids: "filter[container_id]",
  references: "filter[reference]",
  updated_since: "filter[updated_since]",
} as const;

/** A comma-separated query parameter as a list (empty items dropped), or undefined when absent. */
const list = (c: Context, name: string) => c.req.query(name)?.split(",").map((item) => item.trim()).filter(Boolean);

/** The feed's filters of shipments, containers, references and `filter[updated_since]` in the query (checked by the SDK, its errors located by {@link EVENT_FEED_PARAMETERS}). */
export function eventFeedFilters(c: Context): Omit<EventExportOptions, "format"> {
  return given({
    shipment_ids: list(c, "filter[shipment_id]"),
    container_ids: list(c, "filter[container_id]"),
    references: list(c, "filter[reference]"),
    updated_since: c.req.query("filter[updated_since]"),
  });
}

/**
 * `GET /v2/events` (a Bollard extension): the account's event feed, every transport and raw event in
 * the order Bollard learned them, read with `page[after]` (the cursor of the last event read) and
 * `page[size]` (default 100, at most 1000); and `GET /v2/events/{id}`, one of them with its cursor.
 */
export function eventFeedRoutes(): Hono<AppEnv> {
  const routes = new Hono<AppEnv>();
  routes.get("/events", async (c) => {
    c.set("errorLocation", { parameters: EVENT_FEED_PARAMETERS });
    const { size } = pageQuery(c);
    const options: EventFeedListOptions = {
      ...given({
        after: c.req.query("page[after]"),
        limit: size === undefined ? undefined : Math.min(size, MAX_FEED_LIMIT),
        types: list(c, "filter[type]") as EventFeedType[] | undefined,
      }),
      ...eventFeedFilters(c),
    };
    return jsonApiText(c, 200, feedDocument(await c.get("session").events.list(options), c.req.url));
  });
  routes.get("/events/:id", async (c) => {
    return jsonApiText(c, 200, feedEventDocument(await c.get("session").events.get(uuidParam(c)), c.req.url));
  });
  return routes;
}
