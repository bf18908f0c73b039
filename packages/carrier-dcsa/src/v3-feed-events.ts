import type { Session } from "@bollard/core";
import { scanFeed, type FeedPage } from "./feed-scan.js";
import { mayBeServedV3, type ServedV3Event, v3EventOf } from "./records-to-v3-events.js";
import { matchesV3, type V3EventQuery } from "./v3-event-query.js";

/** The event types Bollard keeps as raw events alone: a query for only these reads no transport events. */
const RAW_ONLY = new Set(["SHIPMENT", "IOT", "REEFER"]);

/**
 * A page of the account's DCSA 3.0 events matching the query, read from the event feed after
 * `query.after` the way 2.2's are (see `scanFeed`: bounded, batched, in the order Bollard learned
 * them). The references and `eventUpdatedDateTimeMin` narrow the feed before any event is written.
 */
export function v3EventsPage(session: Session, query: V3EventQuery): Promise<FeedPage<ServedV3Event>> {
  const { carrierBookingReference, transportDocumentReference, equipmentReference } = query.references;
  return scanFeed(session, {
    narrowing: {
      ...(carrierBookingReference !== undefined && { carrierBookingReference }),
      ...(transportDocumentReference !== undefined && { transportDocumentReference }),
      ...(equipmentReference !== undefined && { equipmentReference }),
      rawOnly: query.eventTypes !== null && [...query.eventTypes].every((type) => RAW_ONLY.has(type)),
      // An event learned before the bound is served with a time before it (whole seconds, rounded down).
      learnedSince: query.updatedMin === null ? null : new Date(query.updatedMin).toISOString(),
    },
    after: query.after,
    limit: query.limit,
    writer: { accepts: mayBeServedV3, write: v3EventOf, matches: (served) => matchesV3(served, query) },
  });
}
