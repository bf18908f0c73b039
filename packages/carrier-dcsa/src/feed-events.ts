import type { EventFeedListOptions, FeedEvent, RawEvent, Session, TransportEvent } from "@bollard/core";
import { createdSince, type EventQuery, matches } from "./event-query.js";
import { mayBeServed, shipmentDcsaEvents, type ServedEvent, type ShipmentRecords } from "./records-to-events.js";

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

/**
 * The DCSA events of an account's shipments, written from their stored records one shipment at
 * a time and kept for the request: a shipment's events are read once however many of its feed
 * events a page meets.
 */
function shipmentEvents(session: Session) {
  const vessels = new Map<string, Promise<{ imo: string | null; name: string } | null>>();
  const terminals = new Map<string, Promise<string | null>>();
  const served = new Map<string, Promise<Map<string, ServedEvent>>>();
  const vessel = (id: string) => {
    let found = vessels.get(id);
    if (!found) vessels.set(id, (found = session.vessels.get(id).then(({ vessel }) => ({ imo: vessel.imo, name: vessel.name }), () => null)));
    return found;
  };
  const terminal = (id: string) => {
    let found = terminals.get(id);
    if (!found) terminals.set(id, (found = session.reference.terminal(id).then((t) => t.smdg_code, () => null)));
    return found;
  };
  async function load(shipmentId: string): Promise<Map<string, ServedEvent>> {
    const shipment = await session.shipments.get(shipmentId, { include: ["containers"] }).catch(() => null);
    if (!shipment) return new Map();
    const request = shipment.tracking_request_id ? await session.trackingRequests.get(shipment.tracking_request_id).catch(() => null) : null;
    const events = { transport: new Map<string, TransportEvent[]>(), raw: new Map<string, RawEvent[]>() };
    for (let after: string | null = null; ; ) {
      const page = await session.events.list({ shipment_ids: [shipmentId], limit: 1000, after });
      for (const item of page.data) {
        const byContainer: Map<string, (TransportEvent | RawEvent)[]> = item.type === "transport_event" ? events.transport : events.raw;
        byContainer.set(item.event.container_id, [...(byContainer.get(item.event.container_id) ?? []), item.event]);
      }
      if (!page.has_more) break;
      after = page.cursor;
    }
    const transportEvents = [...events.transport.values()].flat();
    const vesselOf = new Map(await Promise.all([...new Set(transportEvents.flatMap((e) => (e.vessel_id ? [e.vessel_id] : [])))].map(async (id) => [id, await vessel(id)] as const)));
    const terminalIds = new Set(transportEvents.flatMap((e) => (e.terminal_id && e.terminal_type === "terminal" ? [e.terminal_id] : [])));
    const terminalOf = new Map(await Promise.all([...terminalIds].map(async (id) => [id, await terminal(id)] as const)));
    const records: ShipmentRecords = {
      shipment,
      bookingReference: request?.request_type === "booking_number" ? request.request_number : null,
      containers: shipment.containers.map((container) => ({ container, transportEvents: events.transport.get(container.id) ?? [], rawEvents: (events.raw.get(container.id) ?? []) as RawEvent[] })),
      vessel: (id) => vesselOf.get(id) ?? null,
      terminalCode: (id) => terminalOf.get(id) ?? null,
    };
    return new Map(shipmentDcsaEvents(records).map((event) => [event.event.eventID, event]));
  }
  return {
    /** The DCSA event a feed event is served as, or null (an event of several containers is served once, from the first of them). */
    async of(item: FeedEvent): Promise<ServedEvent | null> {
      if (!mayBeServed(item)) return null;
      let found = served.get(item.event.shipment_id);
      if (!found) served.set(item.event.shipment_id, (found = load(item.event.shipment_id)));
      return (await found).get(item.event.id) ?? null;
    },
  };
}

/** What a query narrows the feed to before any event is written: the shipments its references name, and the kinds of event. */
async function narrowed(session: Session, query: EventQuery): Promise<EventFeedListOptions | null> {
  const sets: Set<string>[] = [];
  const all = <T>(read: (page: { number: number; size: number }) => Promise<{ data: T[] }>) => read({ number: 1, size: 100 }).then((result) => result.data);
  const { transportDocumentReference, equipmentReference } = query.texts;
  const booking = query.texts.carrierBookingReference ?? query.texts.bookingReference;
  if (transportDocumentReference !== undefined) sets.push(new Set((await all((page) => session.shipments.list({ page, number: transportDocumentReference }))).map((s) => s.id)));
  if (equipmentReference !== undefined) sets.push(new Set((await all((page) => session.containers.list({ page, number: equipmentReference }))).map((c) => c.shipment_id)));
  if (booking !== undefined) {
    const requests = await all((page) => session.trackingRequests.list({ page, requestNumber: booking }));
    sets.push(new Set(requests.flatMap((r) => (r.request_type === "booking_number" && r.tracked_object_id ? [r.tracked_object_id] : []))));
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
  return options;
}

/**
 * A page of the account's DCSA events matching the query, read from the event feed after
 * `query.after`: in the order Bollard learned them, at most `query.limit`, having looked at no more
 * than {@link MAX_SCANNED} feed events. Each feed event is written as the DCSA event of its
 * shipment it stands for (from the shipment's stored records, so events of several containers come
 * once), then filtered.
 */
export async function dcsaEventsPage(session: Session, query: EventQuery): Promise<DcsaPage> {
  const narrow = await narrowed(session, query);
  if (narrow === null) return { events: [], next: null };
  const served = shipmentEvents(session);
  const events: ServedEvent[] = [];
  let after = query.after;
  let scanned = 0;
  for (;;) {
    const page = await session.events.list({ ...narrow, after, limit: Math.min(FEED_BATCH, MAX_SCANNED - scanned) });
    for (const [i, item] of page.data.entries()) {
      scanned += 1;
      after = item.cursor;
      const event = await served.of(item);
      if (event && matches(event, query)) events.push(event);
      const more = page.has_more || i < page.data.length - 1;
      if (events.length === query.limit) return { events, next: more ? after : null };
    }
    if (!page.has_more) return { events, next: null };
    if (scanned >= MAX_SCANNED) return { events, next: after };
  }
}

/** The DCSA event of this id in the account (a point read of the feed and its shipment), or null. */
export async function dcsaEventById(session: Session, id: string): Promise<ServedEvent | null> {
  const item = await session.events.get(id).catch(() => null);
  return item ? shipmentEvents(session).of(item) : null;
}
