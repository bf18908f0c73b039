import type { Session } from "@bollard/core";
import { createdSince, type EventQuery, hasStandardCodes, matches } from "./event-query.js";
import { scanFeed, writeFeedEvent, type FeedPage, type FeedWriter } from "./feed-scan.js";
import { dcsaEventOf, mayBeServed, type ServedEvent } from "./records-to-events.js";

/** One page of DCSA 2.2 events: the events, and the feed cursor to read on from when more may follow. */
export type DcsaPage = FeedPage<ServedEvent>;

/**
 * How the 2.2 API writes stored events: as {@link dcsaEventOf} classifies them, leaving out those
 * whose codes the 2.2 standard does not have (codes of 3.0 events pushed in, such as `AVPU`).
 */
function v2Writer(query: EventQuery | null): FeedWriter<ServedEvent> {
  return {
    accepts: mayBeServed,
    write(item, context) {
      const served = dcsaEventOf(item, context);
      return served && hasStandardCodes(served.event) ? served : null;
    },
    matches: (served) => query === null || matches(served, query),
  };
}

/**
 * A page of the account's DCSA 2.2 events matching the query, read from the event feed after
 * `query.after` (see `scanFeed`: bounded, batched, in the order Bollard learned them).
 */
export function dcsaEventsPage(session: Session, query: EventQuery): Promise<DcsaPage> {
  const { transportDocumentReference, equipmentReference } = query.texts;
  const booking = query.texts.carrierBookingReference ?? query.texts.bookingReference;
  const since = createdSince(query);
  return scanFeed(session, {
    narrowing: {
      ...(transportDocumentReference !== undefined && { transportDocumentReference }),
      ...(equipmentReference !== undefined && { equipmentReference }),
      ...(booking !== undefined && { carrierBookingReference: booking }),
      // Shipment events are kept only as raw events.
      rawOnly: query.lists.eventType !== undefined && [...query.lists.eventType].every((type) => type === "SHIPMENT"),
      learnedSince: since === null ? null : new Date(since).toISOString(),
    },
    after: query.after,
    limit: query.limit,
    writer: v2Writer(query),
  });
}

/** The DCSA 2.2 event of this id in the account (a point read of the feed, and of what it is written with), or null. */
export function dcsaEventById(session: Session, id: string): Promise<ServedEvent | null> {
  return writeFeedEvent(session, id, v2Writer(null));
}
