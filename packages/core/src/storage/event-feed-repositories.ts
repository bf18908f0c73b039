import type { RawEvent, TransportEvent } from "../domain/index.js";

/** The kinds of event the feed holds, by their JSON:API type. */
export const EVENT_FEED_TYPES = ["transport_event", "raw_event"] as const;

/** A kind of event the feed holds. */
export type EventFeedType = (typeof EVENT_FEED_TYPES)[number];

/** One event of an account's feed, where it stands in it. */
export type EventFeedEntry =
  | {
      /** The entry's place in its account's feed (see {@link EventFeedRepository}). */
      readonly position: number;
      /** What the entry holds. */
      readonly type: "transport_event";
      /** The event as stored. */
      readonly record: TransportEvent;
    }
  | {
      /** The entry's place in its account's feed (see {@link EventFeedRepository}). */
      readonly position: number;
      /** What the entry holds. */
      readonly type: "raw_event";
      /** The event as stored. */
      readonly record: RawEvent;
    };

/** Which entries of the feed {@link EventFeedRepository.list} returns; filters combine with AND. */
export interface EventFeedQuery {
  /** Only entries after this position; from the start when absent. */
  after?: number;
  /** At most this many entries (1 to 1000). */
  limit: number;
  /** Only entries of these types; every type when absent. */
  types?: readonly EventFeedType[];
  /** Only events of these containers; every container when absent (an empty list matches nothing). */
  containerIds?: readonly string[];
  /** Only entries learned at or after this time (see {@link learnedAt}). */
  learnedSince?: string;
}

/**
 * When Bollard learned an entry's event as it stands: a transport event when it was recorded
 * (`created_at`; they never change), a raw event when it last changed (`updated_at`, else `created_at`).
 */
export function learnedAt(entry: { type: "transport_event"; record: TransportEvent } | { type: "raw_event"; record: RawEvent }): string {
  if (entry.type === "raw_event") return entry.record.updated_at ?? entry.record.created_at;
  return entry.record.created_at;
}

/**
 * Every transport event and raw event of an account in the order Bollard learned them: the feed
 * that pull clients, the DCSA events APIs and replays read. Rules (the contract suite tests each):
 * - Every event written gets a position in its account's feed: `transportEvents.insertMany` and
 *   `rawEvents.insertMany` give each event the next position, in the order of the batch, and
 *   `rawEvents.update` moves the event to the next position (it is learned again).
 * - Positions are whole numbers, at least 1, that increase within an account in the order writes
 *   commit: once a reader has seen position `p`, no entry at or below `p` appears later. So a reader
 *   that keeps the last position it read misses nothing and reads nothing twice (but an event
 *   learned again, at its new position). They may skip numbers (a write rolled back), and are never
 *   reused (a deleted account's data does not free its positions).
 * - Another account's events never appear.
 */
export interface EventFeedRepository {
  /** The account's entries matching `query`, ordered by position ascending. */
  list(accountId: string, query: EventFeedQuery): Promise<EventFeedEntry[]>;
  /** The account's entry of the transport event or raw event with this id, or null. */
  get(accountId: string, id: string): Promise<EventFeedEntry | null>;
}
