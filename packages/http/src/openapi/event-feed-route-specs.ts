import { z } from "zod";
import "zod-openapi";
import { resourceSchemas } from "./resource-schemas.js";
import type { RouteSpec } from "./route-spec.js";

const FeedEntryMeta = z
  .object({
    cursor: z.string().meta({ description: "Send it as page[after] to read on behind this event" }),
    learned_at: z.string().meta({ description: "When Bollard learned the event as it stands: a transport event when it was recorded, a raw event when it last changed" }),
  })
  .meta({ id: "FeedEntryMeta" });

/** An event of the feed: a transport event or a raw event resource with its cursor and learned time. */
const FeedEntry = z
  .union([resourceSchemas.transport_event!.extend({ meta: FeedEntryMeta }), resourceSchemas.raw_event!.extend({ meta: FeedEntryMeta })])
  .meta({ id: "FeedEntry" });

const FeedDocument = z
  .object({
    data: z.array(FeedEntry),
    links: z.object({ self: z.string(), next: z.string().optional().meta({ description: "This read with page[after] set to meta.cursor, while more events follow" }) }),
    meta: z
      .object({
        cursor: z.string().nullable().meta({ description: "Where to read on from (the last event's cursor, or the page[after] sent): poll with it as page[after]" }),
        has_more: z.boolean().meta({ description: "More events follow these" }),
        size: z.int(),
      })
      .meta({ id: "FeedMeta" }),
  })
  .meta({ id: "FeedDocument" });

const list = (what: string) => z.string().optional().meta({ description: `Comma-separated ${what}` });

/** The event feed: `GET /v2/events` and one of its events. */
export const EVENT_FEED_ROUTE_SPECS: RouteSpec[] = [
  {
    method: "get",
    path: "/events",
    summary: "Read the event feed: every transport and raw event in the order Bollard learned them (a changed raw event again), after a cursor",
    query: z.object({
      "page[after]": z.string().optional().meta({ description: "A cursor from an earlier read (meta.cursor, or an event's meta.cursor): only events learned after it; from the start without it" }),
      "page[size]": z.string().optional().meta({ description: "How many events at most (default 100); capped at 1000" }),
      "filter[type]": list("kinds of event: transport_event, raw_event"),
      "filter[shipment_id]": list("shipment ids (up to 100): their containers' events"),
      "filter[container_id]": list("container ids (up to 100)"),
      "filter[reference]": list("bills of lading, booking numbers or container numbers (up to 20): the events of the shipments and containers they name"),
      "filter[updated_since]": z.string().optional().meta({ description: "Only events learned (recorded, or last changed) at or after this ISO 8601 time" }),
    }),
    status: 200,
    response: FeedDocument,
    errors: [400],
    extension: true,
  },
  {
    method: "get",
    path: "/events/{id}",
    summary: "Get one event of the feed (a transport or raw event) with its cursor",
    status: 200,
    response: z.object({ data: FeedEntry, links: z.object({ self: z.string() }) }),
    errors: [404],
    extension: true,
  },
];
