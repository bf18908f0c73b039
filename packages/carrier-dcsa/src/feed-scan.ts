import type { EventFeedListOptions, EventFeedType, FeedEvent, Session } from "@bollard/core";
import { terminalById } from "@bollard/core/geo";
import { readSourceCodes } from "./dcsa-codes.js";
import { type EventContext, sharedKey, type StoredEvent } from "./records-to-events.js";

/** Feed events read per request to the feed while a page is gathered. */
const FEED_BATCH = 200;
/** Events read per request while the other containers' events of shared happenings are gathered (each read is one piece of work: small enough to let others in often). */
const SIBLING_BATCH = 1000;
/**
 * The most feed events one page looks at. A page with rare filters may end short of its limit
 * (with a cursor to read on from), so one request never walks the whole account.
 */
export const MAX_SCANNED = 2000;

/**
 * How one version of the DCSA events API writes the account's stored events: the 2.2 API
 * (`feed-events.ts`) and the 3.0 API (`v3-feed-events.ts`) read the feed the same way, through
 * {@link scanFeed}, and differ only in this.
 */
export interface FeedWriter<T> {
  /** Whether a stored event may be served at all: tested before what it is written with is read. */
  accepts(item: StoredEvent): boolean;
  /** The event as served, or null when it is none. */
  write(item: StoredEvent, context: EventContext): T | null;
  /** Whether a written event passes the request's filters. */
  matches(served: T): boolean;
}

/** What narrows the feed before any event is written (each given filter must hold). */
export interface FeedNarrowing {
  /** Only the shipment with this bill of lading. */
  transportDocumentReference?: string;
  /** Only the shipments with a container of this number. */
  equipmentReference?: string;
  /** Only the shipments tracked by this booking (their events are written with it). */
  carrierBookingReference?: string;
  /** Only raw events: the request asks only for kinds Bollard keeps as raw events alone. */
  rawOnly?: boolean;
  /** Only events learned at or after this time (ISO 8601). */
  learnedSince?: string | null;
}

/** One page of served events, and the feed cursor to read on from when more may follow. */
export interface FeedPage<T> {
  /** The events, in the order Bollard learned them. */
  events: T[];
  /** The feed cursor after the last event looked at, when the feed goes on; null at its end. */
  next: string | null;
}

/** What {@link scanFeed} reads. */
export interface FeedScan<T> {
  /** Applied before any event is written. */
  narrowing: FeedNarrowing;
  /** Where the page starts: after this cursor of the account's event feed (from its start when null). */
  after: string | null;
  /** The most events served. */
  limit: number;
  /** How events are written and filtered. */
  writer: FeedWriter<T>;
}

/** The longest a page works without letting other requests in, in milliseconds. */
const SLICE_MS = 2;

/**
 * Lets other requests (a health check, another client's page) in once a page has worked for
 * {@link SLICE_MS} since it last did: its reads resolve without waiting for I/O (SQLite), so
 * without this a page's work would run in one piece, and eight of them would hold every other
 * request for their whole length. Call it between two reads.
 */
function pacer(): () => Promise<void> {
  let since = performance.now();
  return async () => {
    if (performance.now() - since < SLICE_MS) return;
    await new Promise<void>((resolve) => setImmediate(resolve));
    since = performance.now();
  };
}

/**
 * The booking number an event's shipment was tracked by: known for the shipments a booking filter
 * narrowed to, else read (once per shipment and request) for the events that name it, the booking's
 * document events; null for the others, which never show it.
 */
function bookings(session: Session, known: ReadonlyMap<string, string>) {
  const read = new Map<string, Promise<string | null>>();
  return (item: FeedEvent): Promise<string | null> => {
    const shipment = item.shipment!;
    const knownNumber = known.get(shipment.id);
    if (knownNumber !== undefined) return Promise.resolve(knownNumber);
    if (item.type !== "raw_event" || readSourceCodes(item.event.source_codes)?.documentTypeCode !== "BKG") return Promise.resolve(null);
    let found = read.get(shipment.id);
    if (!found) {
      const requestId = shipment.tracking_request_id;
      found = requestId ? session.trackingRequests.get(requestId).then((r) => (r.request_type === "booking_number" ? r.request_number : null), () => null) : Promise.resolve(null);
      read.set(shipment.id, found);
    }
    return found;
  };
}

/**
 * Writes feed events (read `with` their containers, shipments and vessels) as the events they are
 * served as, null for those that are none. Reads in batches, whatever the number of events: the
 * carrier's event lines behind transport events (for vessels Bollard has no record of), and for
 * events shared by a shipment's containers (departures, arrivals, document statuses), the
 * shipment's other events of that kind, so such an event is served once: from the first stored,
 * naming every container that has it.
 */
async function writeBatch<T>(session: Session, items: readonly FeedEvent[], writer: Pick<FeedWriter<T>, "accepts" | "write">, bookingOf: ReturnType<typeof bookings>, pace: () => Promise<void>): Promise<(T | null)[]> {
  const candidates = items.filter((item) => item.container && item.shipment && writer.accepts(item));
  // Vessels from the carrier's lines, where Bollard keeps no record of the vessel (DCSA events name vessels by IMO number alone).
  const lineIds = [...new Set(candidates.flatMap((item) => (item.type === "transport_event" && !item.vessel && item.event.raw_event_id ? [item.event.raw_event_id] : [])))];
  const lines = new Map((await Promise.all(lineIds.map((id) => session.events.get(id).catch(() => null)))).flatMap((line) => (line?.type === "raw_event" ? [[line.event.id, line.event] as const] : [])));
  await pace();
  const shared = await sharedEvents(session, candidates, pace);
  const candidateSet = new Set(candidates);
  const served: (T | null)[] = [];
  for (const item of items) {
    const key = candidateSet.has(item) ? sharedKey(item) : null;
    const group = key === null ? undefined : shared.get(`${item.event.shipment_id}|${key}`);
    if (!candidateSet.has(item) || (group && group.first !== item.event.id)) {
      served.push(null);
      continue;
    }
    const line = item.type === "transport_event" && item.event.raw_event_id ? lines.get(item.event.raw_event_id) : undefined;
    const vessel = item.vessel ? { imo: item.vessel.imo, name: item.vessel.name } : line?.vessel_imo ? { imo: line.vessel_imo, name: line.vessel_name } : null;
    const terminal = item.type === "transport_event" && item.event.terminal_id && item.event.terminal_type === "terminal" ? (terminalById(item.event.terminal_id)?.smdg_code ?? null) : null;
    const container = item.container!;
    served.push(writer.write(item, { container, shipment: item.shipment!, bookingReference: await bookingOf(item), vessel, terminalCode: terminal, equipmentReferences: group?.containers ?? [container.number] }));
    await pace();
  }
  return served;
}

/**
 * For each shared key of the candidates' shipments: the first stored event (lowest id) and the
 * numbers of the containers that have it, from the events of those shipments of the kinds the
 * candidates are, read in batches of 100 shipments.
 */
async function sharedEvents(session: Session, candidates: readonly FeedEvent[], pace: () => Promise<void>): Promise<Map<string, { first: string; containers: string[] }>> {
  const sharing = candidates.filter((item) => sharedKey(item) !== null);
  const groups = new Map<string, { first: string; containers: string[] }>();
  const shipments = [...new Set(sharing.map((item) => item.event.shipment_id))];
  const types = [...new Set(sharing.map((item) => item.type))] as EventFeedType[];
  for (let i = 0; i < shipments.length; i += 100) {
    for (let after: string | null = null; ; ) {
      const page = await session.events.list({ shipment_ids: shipments.slice(i, i + 100), types, limit: SIBLING_BATCH, after, with: ["container"] });
      for (const item of page.data) {
        const key = sharedKey(item);
        if (key === null || !item.container) continue;
        const id = `${item.event.shipment_id}|${key}`;
        const group = groups.get(id);
        if (!group) groups.set(id, { first: item.event.id, containers: [item.container.number] });
        else {
          if (item.event.id < group.first) group.first = item.event.id;
          if (!group.containers.includes(item.container.number)) group.containers.push(item.container.number);
        }
      }
      if (!page.has_more) break;
      after = page.cursor;
      await pace();
    }
    await pace();
  }
  return groups;
}

/** The feed options a narrowing comes to (the shipments its references name, the kinds of event), and the bookings it learned; null when nothing can match. */
async function narrowed(session: Session, narrowing: FeedNarrowing): Promise<{ options: EventFeedListOptions; bookings: Map<string, string> } | null> {
  const sets: Set<string>[] = [];
  const known = new Map<string, string>();
  const firstPage = <T>(read: (page: { number: number; size: number }) => Promise<{ data: T[] }>) => read({ number: 1, size: 100 }).then((result) => result.data);
  const { transportDocumentReference, equipmentReference, carrierBookingReference: booking } = narrowing;
  if (transportDocumentReference !== undefined) sets.push(new Set((await firstPage((page) => session.shipments.list({ page, number: transportDocumentReference }))).map((s) => s.id)));
  if (equipmentReference !== undefined) sets.push(new Set((await firstPage((page) => session.containers.list({ page, number: equipmentReference }))).map((c) => c.shipment_id)));
  if (booking !== undefined) {
    const requests = await firstPage((page) => session.trackingRequests.list({ page, requestNumber: booking }));
    for (const request of requests) if (request.request_type === "booking_number" && request.tracked_object_id) known.set(request.tracked_object_id, request.request_number);
    sets.push(new Set(known.keys()));
  }
  const options: EventFeedListOptions = {};
  if (sets.length > 0) {
    const shipments = [...sets[0]!].filter((id) => sets.every((set) => set.has(id)));
    if (shipments.length === 0) return null;
    options.shipment_ids = shipments.slice(0, 100);
  }
  if (narrowing.rawOnly) options.types = ["raw_event"];
  if (narrowing.learnedSince) options.updated_since = narrowing.learnedSince;
  return { options, bookings: known };
}

/**
 * A page of the account's served events, read from the event feed after `scan.after`: in the
 * order Bollard learned them, at most `scan.limit`, having looked at no more than
 * {@link MAX_SCANNED} feed events. Its reads are batched (a few per {@link FEED_BATCH} feed events,
 * whatever their shipments), and it lets other requests in between two reads every few milliseconds. A cursor this
 * server did not make is core's 400 on `after`.
 */
export async function scanFeed<T>(session: Session, scan: FeedScan<T>): Promise<FeedPage<T>> {
  const narrow = await narrowed(session, scan.narrowing);
  if (narrow === null) return { events: [], next: null };
  const bookingOf = bookings(session, narrow.bookings);
  const pace = pacer();
  const events: T[] = [];
  let after = scan.after;
  let scanned = 0;
  for (;;) {
    const page = await session.events.list({ ...narrow.options, after, limit: Math.min(FEED_BATCH, MAX_SCANNED - scanned), with: ["container", "shipment", "vessel"] });
    await pace();
    const served = await writeBatch(session, page.data, scan.writer, bookingOf, pace);
    for (const [i, item] of page.data.entries()) {
      scanned += 1;
      after = item.cursor;
      const event = served[i];
      if (event && scan.writer.matches(event)) events.push(event);
      const more = page.has_more || i < page.data.length - 1;
      if (events.length === scan.limit) return { events, next: more ? after : null };
    }
    if (!page.has_more) return { events, next: null };
    if (scanned >= MAX_SCANNED) return { events, next: after };
    await pace();
  }
}

/** The served event of this id in the account (a point read of the feed, and of what it is written with), or null. */
export async function writeFeedEvent<T>(session: Session, id: string, writer: Pick<FeedWriter<T>, "accepts" | "write">): Promise<T | null> {
  const item = await session.events.get(id, { with: ["container", "shipment", "vessel"] }).catch(() => null);
  if (!item) return null;
  const [event] = await writeBatch(session, [item], writer, bookings(session, new Map()), pacer());
  return event ?? null;
}
