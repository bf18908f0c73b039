import { z } from "zod";
import { exportTransportEvents } from "../bulk/export-readers.js";
import { ExportOptionsSchema, type ExportOptions, type TableExport } from "../bulk/table-export.js";
import type { Container, RawEvent, Shipment, TransportEvent, Vessel } from "../domain/index.js";
import { toTimestamp, UuidSchema } from "../domain/index.js";
import { BollardError, NotFoundError } from "../errors/index.js";
import { EVENT_FEED_TYPES, learnedAt, type EventFeedEntry, type EventFeedType, type Storage } from "../storage/index.js";
import { definedOnly, parseOptions } from "../validation/input-validation.js";
import type { SessionContext } from "./session-context.js";

/** The most entries one read of the feed returns. */
export const MAX_FEED_LIMIT = 1000;

/** The records a feed read can bring with each event (`with`), read in one batch per kind. */
export interface FeedEventRecords {
  /** The event's container (with `with: ["container"]`). */
  container?: Container;
  /** The event's shipment (with `with: ["shipment"]`). */
  shipment?: Shipment;
  /** The event's vessel, null when it names none (with `with: ["vessel"]`). */
  vessel?: Vessel | null;
}

/** One event of the feed: a transport event or a raw event, with where it stands and when it was learned. */
export type FeedEvent =
  | (FeedEventRecords & {
      /** A transport event. */
      type: "transport_event";
      /** Read the feed `after` this cursor to continue behind this event. */
      cursor: string;
      /** When Bollard learned the event as it stands (a transport event: when it was recorded). */
      learned_at: string;
      /** The event. */
      event: TransportEvent;
    })
  | (FeedEventRecords & {
      /** A raw event. */
      type: "raw_event";
      /** Read the feed `after` this cursor to continue behind this event. */
      cursor: string;
      /** When Bollard learned the event as it stands (a raw event: when it last changed). */
      learned_at: string;
      /** The event. */
      event: RawEvent;
    });

/** One read of the feed. */
export interface EventFeedPage {
  /** The events, in the order Bollard learned them. */
  data: FeedEvent[];
  /**
   * Where to read on from: the cursor of the last event returned, or the `after` given when none
   * was (null when the feed was read from its start and is empty). Poll with it for what comes next.
   */
  cursor: string | null;
  /** True when more events match after these (the read stopped at `limit`). */
  has_more: boolean;
}

const IdListSchema = z.array(UuidSchema).max(100);

/** The filters and cursor of {@link EventFeedService.list}; filters combine with AND, the values of one with OR. */
export const EventFeedOptionsSchema = z.strictObject({
  /** A cursor from an earlier read: only events learned after it. */
  after: z.string().max(100).nullable().optional(),
  /** How many events at most (1 to 1000). */
  limit: z.int().min(1).max(MAX_FEED_LIMIT).optional(),
  /** Only these kinds of event. */
  types: z.array(z.enum(EVENT_FEED_TYPES)).min(1).max(EVENT_FEED_TYPES.length).optional(),
  /** Only events of these shipments' containers (up to 100). */
  shipment_ids: IdListSchema.optional(),
  /** Only events of these containers (up to 100). */
  container_ids: IdListSchema.optional(),
  /** Only events of the shipments and containers these numbers name: bills of lading, bookings, container numbers (up to 20). */
  references: z.array(z.string().trim().min(1).max(100)).max(20).optional(),
  /** Only events learned (recorded, or last changed) at or after this time (ISO 8601). */
  updated_since: z.string().refine((value) => toTimestamp(value) !== null, "must be an ISO 8601 timestamp").optional(),
  /** Records to bring with each event: its container, shipment, vessel (one read per kind for the whole page). */
  with: z.array(z.enum(["container", "shipment", "vessel"])).max(3).optional(),
});

/** Options of {@link EventFeedService.list}. */
export interface EventFeedListOptions extends z.input<typeof EventFeedOptionsSchema> {}

/** The filters of {@link EventFeedService.export}: the feed's own, but for the cursor, the limit, the types and `with`. */
export const EventExportFiltersSchema = EventFeedOptionsSchema.pick({ shipment_ids: true, container_ids: true, references: true, updated_since: true });

/** Filters and format of {@link EventFeedService.export}: those of {@link EventFeedService.list} (shipments, containers, references, `updated_since`), and `format` (`csv` by default). */
export interface EventExportOptions extends z.input<typeof EventExportFiltersSchema>, ExportOptions {}

/**
 * The session account's event feed: every transport event and raw event in the order Bollard
 * learned them, read with a cursor. A raw event that changes (an estimate moved, became actual,
 * was withdrawn) is learned again, at the end of the feed. The pull alternative to webhooks: keep
 * the last `cursor` and read `after` it to get everything learned since, nothing twice.
 */
export interface EventFeedService {
  /**
   * The events after `after` (from the start without it), at most `limit` (default 100, at most
   * 1000), filtered. A cursor this server did not make is a 400 on `after`.
   * @example
   * let cursor: string | null = null;
   * for (;;) {
   *   const page = await session.events.list({ after: cursor, limit: 500 });
   *   for (const item of page.data) handle(item);
   *   cursor = page.cursor;
   *   if (!page.has_more) break;
   * }
   */
  list(options?: EventFeedListOptions): Promise<EventFeedPage>;
  /** One event of the feed, transport or raw, by id, with its cursor (and the records `with` asks for); 404 when the account has none. */
  get(id: string, options?: Pick<EventFeedListOptions, "with">): Promise<FeedEvent>;
  /**
   * The account's transport events the filters find, in the order Bollard learned them, as a CSV,
   * XLSX or NDJSON file streamed with constant memory (100 events read at a time, only as the stream
   * is consumed), in the columns `TRANSPORT_EVENT_EXPORT_COLUMNS`. A bad filter or format is a 400,
   * before any byte; `total` is null (the feed is not counted).
   * @example
   * const file = await session.events.export({ updated_since: "2026-05-01T00:00:00Z", format: "ndjson" });
   */
  export(options?: EventExportOptions): Promise<TableExport>;
}

const CURSOR = /^feed:(\d{1,15})$/;

/** The opaque cursor of a feed position. */
export function feedCursor(position: number): string {
  return Buffer.from(`feed:${position}`).toString("base64url");
}

/** The position a cursor made by {@link feedCursor} holds; a 400 on `after` for anything else. */
function cursorPosition(cursor: string): number {
  const match = CURSOR.exec(Buffer.from(cursor, "base64url").toString("latin1"));
  if (!match || feedCursor(Number(match[1])) !== cursor) throw new BollardError("invalid_parameter", "after is not a cursor of this feed", { parameter: "after" });
  return Number(match[1]);
}

/** A stored entry as the SDK gives it. */
export function feedEvent(entry: EventFeedEntry): FeedEvent {
  const cursor = feedCursor(entry.position);
  return entry.type === "transport_event"
    ? { type: "transport_event", cursor, learned_at: learnedAt(entry), event: entry.record }
    : { type: "raw_event", cursor, learned_at: learnedAt(entry), event: entry.record };
}

/** Creates the {@link EventFeedService} of a session. */
export function createEventFeedService(context: SessionContext): EventFeedService {
  const { storage, accountId } = context;
  return {
    async list(options = {}) {
      const filters = parseOptions(EventFeedOptionsSchema, definedOnly({ ...options }));
      const after = filters.after ? cursorPosition(filters.after) : undefined;
      const limit = filters.limit ?? 100;
      const containerIds = await containersOf(storage, accountId, filters);
      const types: EventFeedType[] | undefined = filters.types && [...new Set(filters.types)];
      const entries =
        containerIds?.length === 0
          ? []
          : await storage.eventFeed.list(accountId, {
              limit: limit + 1,
              ...(after !== undefined && { after }),
              ...(types && { types }),
              ...(containerIds && { containerIds }),
              ...(filters.updated_since !== undefined && { learnedSince: toTimestamp(filters.updated_since)! }),
            });
      const data = entries.slice(0, limit).map(feedEvent);
      if (filters.with) await withRecords(storage, accountId, data, new Set(filters.with));
      return { data, cursor: data.at(-1)?.cursor ?? filters.after ?? null, has_more: entries.length > limit };
    },
    async get(id, options = {}) {
      const entry = await storage.eventFeed.get(accountId, id);
      if (!entry) throw new NotFoundError(`No event ${id.slice(0, 64)}`);
      const item = feedEvent(entry);
      if (options.with) await withRecords(storage, accountId, [item], new Set(parseOptions(EventFeedOptionsSchema.pick({ with: true }), definedOnly({ with: options.with })).with));
      return item;
    },
    async export(options = {}) {
      const filters = parseOptions(EventExportFiltersSchema, definedOnly({ shipment_ids: options.shipment_ids, container_ids: options.container_ids, references: options.references, updated_since: options.updated_since }));
      const { format } = parseOptions(ExportOptionsSchema, definedOnly({ format: options.format }));
      const containerIds = await containersOf(storage, accountId, filters);
      const query = { ...(containerIds && { containerIds }), ...(filters.updated_since !== undefined && { learnedSince: toTimestamp(filters.updated_since)! }) };
      return exportTransportEvents(storage, accountId, query, format ?? "csv");
    },
  };
}

/** Reads the records `kinds` names for every event of a page, one batch per kind, and sets them on the events. */
async function withRecords(storage: Storage, accountId: string, items: FeedEvent[], kinds: ReadonlySet<string>): Promise<void> {
  const distinct = (ids: (string | null)[]) => [...new Set(ids.filter((id): id is string => id !== null))];
  const [containers, shipments, vessels] = await Promise.all([
    kinds.has("container") ? storage.containers.getMany(accountId, distinct(items.map((item) => item.event.container_id))) : [],
    kinds.has("shipment") ? storage.shipments.getMany(accountId, distinct(items.map((item) => item.event.shipment_id))) : [],
    kinds.has("vessel") ? storage.vessels.getMany(distinct(items.map((item) => item.event.vessel_id))) : [],
  ]);
  const byId = <T extends { id: string }>(records: readonly T[]) => new Map(records.map((record) => [record.id, record]));
  const container = byId(containers);
  const shipment = byId(shipments);
  const vessel = byId(vessels);
  for (const item of items) {
    if (kinds.has("container")) item.container = container.get(item.event.container_id);
    if (kinds.has("shipment")) item.shipment = shipment.get(item.event.shipment_id);
    if (kinds.has("vessel")) item.vessel = item.event.vessel_id === null ? null : (vessel.get(item.event.vessel_id) ?? null);
  }
}

/**
 * The containers the filters narrow the feed to, or undefined for every container: those of the
 * shipments asked for, those the references name, and those asked for by id, intersected.
 */
async function containersOf(storage: Storage, accountId: string, filters: z.output<typeof EventFeedOptionsSchema>): Promise<string[] | undefined> {
  const sets: Set<string>[] = [];
  if (filters.shipment_ids) sets.push(new Set((await storage.containers.listByShipments(accountId, filters.shipment_ids)).map((c) => c.id)));
  if (filters.references) sets.push(await containersOfReferences(storage, accountId, filters.references));
  if (filters.container_ids) sets.push(new Set(filters.container_ids.map((id) => id.toLowerCase())));
  if (sets.length === 0) return undefined;
  return [...sets[0]!].filter((id) => sets.every((set) => set.has(id)));
}

/** The containers of the shipments whose bill of lading or tracking request number is one of the references, and the containers numbered so. */
async function containersOfReferences(storage: Storage, accountId: string, references: readonly string[]): Promise<Set<string>> {
  const page = { number: 1, size: 100 };
  const shipments = new Set<string>();
  const containers = new Set<string>();
  for (const number of new Set(references)) {
    for (const shipment of (await storage.shipments.list(accountId, { page, number })).items) shipments.add(shipment.id);
    for (const request of (await storage.trackingRequests.list(accountId, { page, requestNumber: number })).items) if (request.tracked_object_id) shipments.add(request.tracked_object_id);
    for (const container of (await storage.containers.list(accountId, { page, number })).items) containers.add(container.id);
  }
  for (const container of await storage.containers.listByShipments(accountId, [...shipments])) containers.add(container.id);
  return containers;
}
