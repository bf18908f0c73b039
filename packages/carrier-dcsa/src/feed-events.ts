import type { EventFeedListOptions, EventFeedType, FeedEvent, Session } from "@bollard/core";
import { terminalById } from "@bollard/core/geo";
import { readSourceCodes } from "./dcsa-codes.js";
import { createdSince, type EventQuery, matches } from "./event-query.js";
import { dcsaEventOf, mayBeServed, type ServedEvent, sharedKey } from "./records-to-events.js";

/** Feed events read per request to the feed while a page is gathered. */
const FEED_BATCH = 200;
/**
 * The most feed events one page looks at. A page with rare filters may end short of its limit
 * (with a cursor to read on from), so one request never walks the whole account.
 */
export const MAX_SCANNED = 2000;

/** One page of DCSA events: the events, and the feed cursor to read on from when more may follow. */
export interface DcsaPage {
  /** The events, in the order Bollard learned them. */
  events: ServedEvent[];
  /** The feed cursor after the last event looked at, when the feed goes on; null at its end. */
  next: string | null;
}

/** Lets other requests (a health check) in between two batches of a page's work. */
const yieldToOthers = () => new Promise<void>((resolve) => setImmediate(resolve));

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
 * Writes feed events (read `with` their containers, shipments and vessels) as the DCSA events
 * they are served as, null for those that are none. Reads in batches, whatever the number of
 * events: the carrier's event lines behind transport events (for vessels Bollard has no record
 * of), and for events shared by a shipment's containers (departures, arrivals, document
 * statuses), the shipment's other events of that kind, so such an event is served once: from the
 * first stored, naming every container that has it.
 */
async function dcsaEvents(session: Session, items: readonly FeedEvent[], bookingOf: ReturnType<typeof bookings>): Promise<(ServedEvent | null)[]> {
  const candidates = items.filter((item) => item.container && item.shipment && mayBeServed(item));
  // Vessels from the carrier's lines, where Bollard keeps no record of the vessel (DCSA events name vessels by IMO number alone).
  const lineIds = [...new Set(candidates.flatMap((item) => (item.type === "transport_event" && !item.vessel && item.event.raw_event_id ? [item.event.raw_event_id] : [])))];
  const lines = new Map((await Promise.all(lineIds.map((id) => session.events.get(id).catch(() => null)))).flatMap((line) => (line?.type === "raw_event" ? [[line.event.id, line.event] as const] : [])));
  const shared = await sharedEvents(session, candidates);
  const candidateSet = new Set(candidates);
  const served: (ServedEvent | null)[] = [];
  for (const item of items) {
    if (!candidateSet.has(item)) {
      served.push(null);
      continue;
    }
    const line = item.type === "transport_event" && item.event.raw_event_id ? lines.get(item.event.raw_event_id) : undefined;
    const vessel = item.vessel ? { imo: item.vessel.imo, name: item.vessel.name } : line?.vessel_imo ? { imo: line.vessel_imo, name: line.vessel_name } : null;
    const terminal = item.type === "transport_event" && item.event.terminal_id && item.event.terminal_type === "terminal" ? (terminalById(item.event.terminal_id)?.smdg_code ?? null) : null;
    const event = dcsaEventOf(item, { container: item.container!, shipment: item.shipment!, bookingReference: await bookingOf(item), vessel, terminalCode: terminal });
    const key = sharedKey(item);
    const group = key === null ? undefined : shared.get(`${item.event.shipment_id}|${key}`);
    if (event && group) {
      if (group.first !== item.event.id) {
        served.push(null);
        continue;
      }
      event.equipmentReferences = group.containers;
    }
    served.push(event);
  }
  return served;
}

/**
 * For each shared key of the candidates' shipments: the first stored event (lowest id) and the
 * numbers of the containers that have it, from the events of those shipments of the kinds the
 * candidates are, read in batches of 100 shipments.
 */
async function sharedEvents(session: Session, candidates: readonly FeedEvent[]): Promise<Map<string, { first: string; containers: string[] }>> {
  const sharing = candidates.filter((item) => sharedKey(item) !== null);
  const groups = new Map<string, { first: string; containers: string[] }>();
  const shipments = [...new Set(sharing.map((item) => item.event.shipment_id))];
  const types = [...new Set(sharing.map((item) => item.type))] as EventFeedType[];
  for (let i = 0; i < shipments.length; i += 100) {
    for (let after: string | null = null; ; ) {
      const page = await session.events.list({ shipment_ids: shipments.slice(i, i + 100), types, limit: 1000, after, with: ["container"] });
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
    }
  }
  return groups;
}

/** What a query narrows the feed to before any event is written: the shipments its references name, and the kinds of event. */
async function narrowed(session: Session, query: EventQuery): Promise<{ options: EventFeedListOptions; bookings: Map<string, string> } | null> {
  const sets: Set<string>[] = [];
  const known = new Map<string, string>();
  const firstPage = <T>(read: (page: { number: number; size: number }) => Promise<{ data: T[] }>) => read({ number: 1, size: 100 }).then((result) => result.data);
  const { transportDocumentReference, equipmentReference } = query.texts;
  const booking = query.texts.carrierBookingReference ?? query.texts.bookingReference;
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
  // Shipment events are kept only as raw events.
  if (query.lists.eventType && [...query.lists.eventType].every((type) => type === "SHIPMENT")) options.types = ["raw_event"];
  const since = createdSince(query);
  if (since !== null) options.updated_since = new Date(since).toISOString();
  return { options, bookings: known };
}

/**
 * A page of the account's DCSA events matching the query, read from the event feed after
 * `query.after`: in the order Bollard learned them, at most `query.limit`, having looked at no more
 * than {@link MAX_SCANNED} feed events. Its reads are batched (a few per {@link FEED_BATCH} feed
 * events, whatever their shipments), and it lets other requests in between two batches.
 */
export async function dcsaEventsPage(session: Session, query: EventQuery): Promise<DcsaPage> {
  const narrow = await narrowed(session, query);
  if (narrow === null) return { events: [], next: null };
  const bookingOf = bookings(session, narrow.bookings);
  const events: ServedEvent[] = [];
  let after = query.after;
  let scanned = 0;
  for (;;) {
    const page = await session.events.list({ ...narrow.options, after, limit: Math.min(FEED_BATCH, MAX_SCANNED - scanned), with: ["container", "shipment", "vessel"] });
    const served = await dcsaEvents(session, page.data, bookingOf);
    for (const [i, item] of page.data.entries()) {
      scanned += 1;
      after = item.cursor;
      const event = served[i];
      if (event && matches(event, query)) events.push(event);
      const more = page.has_more || i < page.data.length - 1;
      if (events.length === query.limit) return { events, next: more ? after : null };
    }
    if (!page.has_more) return { events, next: null };
    if (scanned >= MAX_SCANNED) return { events, next: after };
    await yieldToOthers();
  }
}

/** The DCSA event of this id in the account (a point read of the feed, and of what it is written with), or null. */
export async function dcsaEventById(session: Session, id: string): Promise<ServedEvent | null> {
  const item = await session.events.get(id, { with: ["container", "shipment", "vessel"] }).catch(() => null);
  if (!item) return null;
  const [event] = await dcsaEvents(session, [item], bookings(session, new Map()));
  return event ?? null;
}
