import { z } from "zod";
import { exportShipments } from "../bulk/export-readers.js";
import { ExportOptionsSchema, type ExportOptions, type TableExport } from "../bulk/table-export.js";
import type { Change, Shipment, TrackingRequest } from "../domain/index.js";
import { NotFoundError } from "../errors/index.js";
import { recordingChanges } from "../history/recording-changes.js";
import type { IncludePath, WithRelated } from "../relations/include-paths.js";
import type { ShipmentListQuery, StorageRepositories } from "../storage/index.js";
import { definedOnly, parseInput, parseOptions, ReferenceListSchema } from "../validation/input-validation.js";
import { createHistoryReads, parseAsOf, type AsOfReadOptions, type ChangeListOptions } from "./history-reads.js";
import { resolvePage } from "./pagination-defaults.js";
import type { ListOptions, ListResult, ReadOptions } from "./read-options.js";
import { createRelatedReader } from "./related-reader.js";
import type { SessionContext } from "./session-context.js";

/** What {@link ShipmentService.update} accepts. */
export const ShipmentUpdateSchema = z.strictObject({
  /** Replaces the shipment's reference numbers. */
  ref_numbers: ReferenceListSchema.optional(),
  /** Replaces the shipment's tags (no repeats). */
  tags: ReferenceListSchema.refine((tags) => new Set(tags).size === tags.length, "tags must be unique").optional(),
});

/** What {@link ShipmentService.update} accepts: `ref_numbers` and/or `tags`. */
export type ShipmentUpdate = z.input<typeof ShipmentUpdateSchema>;

/** The filters of {@link ShipmentService.list}. */
export const ShipmentFiltersSchema = z.object({
  /** True for only stopped shipments, false for only tracked ones. */
  trackingStopped: z.boolean().optional(),
  /** Exact, case-insensitive bill of lading number (as given or normalized). */
  number: z.string().max(100).optional(),
  /** Case-insensitive substring of the bill of lading, a reference number or a container number. */
  q: z.string().max(200).optional(),
});

/** Filters and paging of {@link ShipmentService.list}. */
export interface ShipmentListOptions<P extends string = never> extends ListOptions<P>, z.input<typeof ShipmentFiltersSchema> {}

/** Filters and format of {@link ShipmentService.export}: those of {@link ShipmentService.list}, and `format` (`csv` by default). */
export interface ShipmentExportOptions extends z.input<typeof ShipmentFiltersSchema>, ExportOptions {}

/** Include paths of a shipment read, e.g. `"containers"` or `"containers.transport_events"`. */
export type ShipmentInclude = IncludePath<"shipment">;

/** Reads and edits of the session account's shipments. */
export interface ShipmentService {
  /**
   * One shipment with the related records asked for; 404 when absent.
   * @example
   * const shipment = await session.shipments.get(id, { include: ["containers", "containers.transport_events"] });
   * for (const container of shipment.containers) console.log(container.number, container.transport_events.length);
   *
   * // What Bollard knew a week ago (404 when the shipment did not exist yet):
   * const then = await session.shipments.get(id, { asOf: "2025-11-11T12:00:00Z" });
   */
  get<const P extends ShipmentInclude = never>(id: string, options?: AsOfReadOptions<P>): Promise<WithRelated<"shipment", P>>;
  /**
   * Every change to the shipment's attributes, newest first (default page size 30): the attribute,
   * its value before and after, the source (`carrier`, `ingest`, `user`) and when Bollard learned it.
   * 404 when the shipment does not exist.
   * @example
   * const { data: changes } = await session.shipments.changes(id, { page: { size: 10 } });
   * for (const c of changes) console.log(c.learned_at, c.attribute, c.before, "→", c.after, c.source);
   */
  changes(id: string, options?: ChangeListOptions): Promise<ListResult<Change>>;
  /** Shipments newest first, filtered; default page size 30. */
  list<const P extends ShipmentInclude = never>(options?: ShipmentListOptions<P>): Promise<ListResult<WithRelated<"shipment", P>>>;
  /**
   * The shipments {@link ShipmentService.list} finds, newest first, as a CSV, XLSX or NDJSON file
   * streamed with constant memory (100 shipments read at a time, only as the stream is consumed):
   * the columns `SHIPMENT_EXPORT_COLUMNS`, then one per shipment custom field of the account, by
   * `api_slug`. A bad filter or format is a 400, before any byte.
   * @example
   * const file = await session.shipments.export({ q: "PO-1001", format: "ndjson" });
   * for await (const chunk of file.stream) process.stdout.write(chunk);
   */
  export(options?: ShipmentExportOptions): Promise<TableExport>;
  /** Replaces `ref_numbers` and/or `tags` (editor only); anything else is a 422 on its path. */
  update<const P extends ShipmentInclude = never>(id: string, input: ShipmentUpdate, options?: ReadOptions<P>): Promise<WithRelated<"shipment", P>>;
  /**
   * Stops tracking (editor only): sets `line_tracking_stopped_at`, reason `cancelled_by_user` and the
   * user; refreshes and domain events pause, history stays. Stopping again keeps the first stop.
   */
  stopTracking<const P extends ShipmentInclude = never>(id: string, options?: ReadOptions<P>): Promise<WithRelated<"shipment", P>>;
  /** Resumes tracking (editor only): clears the stop; the next refresh catches up. */
  resumeTracking<const P extends ShipmentInclude = never>(id: string, options?: ReadOptions<P>): Promise<WithRelated<"shipment", P>>;
}

/**
 * Whether the carrier source polls this request. Requests made through the API or a session carry
 * the user who made them and are polled; the ones `tracker.ingest` (or the demo data) created for
 * pushed data have no user and are never polled, so resuming one must not start polling it.
 */
function isPolled(request: TrackingRequest): boolean {
  return request.user_id !== null;
}

/** Creates the {@link ShipmentService} of a session. */
export function createShipmentService(context: SessionContext): ShipmentService {
  const { storage, accountId } = context;
  const reader = createRelatedReader(storage, accountId);
  const history = createHistoryReads(context);

  /** Runs a write of one shipment in a transaction, then reads it back with the related records asked for. */
  async function write(id: string, include: readonly string[] | undefined, change: (stored: Shipment, now: string) => Shipment | null, also?: (tx: StorageRepositories, stored: Shipment, now: string) => Promise<void>) {
    context.requireEditor();
    const now = context.clock.now().toISOString();
    const shipment = await storage.transaction(async (outer) => {
      const tx = recordingChanges(outer, { source: "user", learnedAt: now });
      const stored = await tx.shipments.get(accountId, id);
      if (!stored) throw new NotFoundError(`No shipment ${id}`);
      const next = change(stored, now);
      if (!next) return stored;
      await tx.shipments.update(next);
      await also?.(tx, stored, now);
      return next;
    });
    return (await reader.attach("shipment", [shipment], include))[0] as never;
  }

  function setTracking(id: string, active: boolean, include: readonly string[] | undefined) {
    return write(
      id,
      include,
      (stored, now) => {
        if (active === (stored.line_tracking_stopped_at === null)) return null;
        return active
          ? { ...stored, line_tracking_stopped_at: null, line_tracking_stopped_reason: null, line_tracking_stopped_by_user_id: null }
          : { ...stored, line_tracking_stopped_at: now, line_tracking_stopped_reason: "cancelled_by_user", line_tracking_stopped_by_user_id: context.principal.user.id };
      },
      async (tx, stored, now) => {
        const request = stored.tracking_request_id ? await tx.trackingRequests.get(accountId, stored.tracking_request_id) : null;
        if (request && (request.status === "created" || request.status === "tracking_stopped")) {
          const resumePolling = active && isPolled(request);
          await tx.trackingRequests.update({ ...request, status: active ? "created" : "tracking_stopped", next_attempt_at: resumePolling ? now : null, updated_at: now });
        }
      },
    );
  }

  return {
    async get(id, options = {}) {
      const asOf = options.asOf;
      if (asOf === undefined) return reader.one("shipment", options.include, () => storage.shipments.get(accountId, id), `No shipment ${id}`);
      const shipment = await reader.one("shipment", options.include, () => history.asOf("shipment", id, asOf), `No shipment ${id} at ${parseAsOf(asOf)}`);
      return history.linkageAt("shipment", shipment, asOf);
    },
    changes: (id, options) => history.changes("shipment", id, options),
    list(options = {}) {
      const query = shipmentListQuery(options);
      return reader.page("shipment", options.include, query.page, () => storage.shipments.list(accountId, query));
    },
    async export(options = {}) {
      const { page: _page, ...filters } = shipmentListQuery(options);
      const { format } = parseOptions(ExportOptionsSchema, definedOnly({ format: options.format }));
      return exportShipments(storage, accountId, filters, format ?? "csv");
    },
    update(id, input, options = {}) {
      const patch = definedOnly(parseInput(ShipmentUpdateSchema, input ?? {}));
      return write(id, options.include, (stored, now) => ({ ...stored, ...patch, updated_at: now }));
    },
    stopTracking: (id, options = {}) => setTracking(id, false, options.include),
    resumeTracking: (id, options = {}) => setTracking(id, true, options.include),
  };
}

/** The storage query of a shipment listing: its filters checked (400 on a bad one) and its page resolved (30 by default). */
export function shipmentListQuery(options: Omit<ShipmentListOptions, "include">): ShipmentListQuery {
  const filters = parseOptions(ShipmentFiltersSchema, definedOnly({ trackingStopped: options.trackingStopped, number: options.number, q: options.q }));
  return { page: resolvePage(options.page, 30), ...definedOnly(filters) };
}
