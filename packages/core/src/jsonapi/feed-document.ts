import type { RawEvent, TransportEvent } from "../domain/index.js";
import { writeDocument } from "./document.js";
import { resourceText } from "./resource-text.js";
import { rawEventResource, transportEventResource } from "./resources.js";
import { wireTimestamp } from "./wire-time.js";

/** What every event of the feed carries besides its record. */
export interface FeedItemBase {
  /** Read the feed after this cursor to continue behind the event. */
  cursor: string;
  /** When Bollard learned the event as it stands. */
  learned_at: string;
}

/** One event of the feed, as `session.events` gives it: a transport event or a raw event. */
export type FeedDocumentItem =
  | (FeedItemBase & {
      /** A transport event. */
      type: "transport_event";
      /** The event. */
      event: TransportEvent;
    })
  | (FeedItemBase & {
      /** A raw event. */
      type: "raw_event";
      /** The event. */
      event: RawEvent;
    });

/** A read of the event feed, as `session.events.list` returns it. */
export interface FeedDocumentPage {
  /** The events, each with its cursor and the time it was learned. */
  data: readonly FeedDocumentItem[];
  /** Where to read on from. */
  cursor: string | null;
  /** Whether more events follow. */
  has_more: boolean;
}

/**
 * The document of a read of the event feed (`GET /v2/events`): transport events and raw events
 * as the resources the rest of the API serves, each with `meta.cursor` (read on behind it) and
 * `meta.learned_at`; `links.next` while more follow; `meta` with the page's `cursor`, `has_more`
 * and `size`. `requestUrl` is the request's URL, whose `page[after]` the next link replaces.
 */
export function feedDocument(page: FeedDocumentPage, requestUrl: string): string {
  const data = page.data.map(feedResource);
  const links: { self: string; next?: string } = { self: requestUrl };
  if (page.has_more && page.cursor !== null) {
    const next = new URL(requestUrl);
    next.searchParams.delete("page[after]");
    next.searchParams.delete("page%5Bafter%5D");
    next.searchParams.set("page[after]", page.cursor);
    links.next = next.toString().replace(/%5B/gi, "[").replace(/%5D/gi, "]").replace(/%2C/gi, ",");
  }
  return writeDocument({ data, links, meta: { cursor: page.cursor, has_more: page.has_more, size: data.length } });
}

/** The document of one event of the feed (`GET /v2/events/{id}`), with its `meta.cursor` and `meta.learned_at`. */
export function feedEventDocument(item: FeedDocumentItem, requestUrl: string): string {
  return writeDocument({ data: feedResource(item), links: { self: requestUrl } });
}

/** An event of the feed as the resource the rest of the API serves, with its cursor and learned time in `meta`. */
function feedResource(item: FeedDocumentItem): string {
  const meta = { cursor: item.cursor, learned_at: wireTimestamp(item.learned_at) };
  return item.type === "transport_event" ? resourceText(transportEventResource, item.event, meta) : resourceText(rawEventResource, item.event, meta);
}
