import { z } from "zod";
import { TrackingRequestStatusSchema, toTimestamp } from "../domain/index.js";
import type { IncludePath, WithRelated } from "../relations/include-paths.js";
import type { TimeWindow, TrackingRequestListQuery } from "../storage/index.js";
import { definedOnly, parseOptions } from "../validation/input-validation.js";
import { resolvePage } from "./pagination-defaults.js";
import type { ListOptions, ListResult, ReadOptions } from "./read-options.js";
import { createRelatedReader } from "./related-reader.js";
import type { SessionContext } from "./session-context.js";
import type { BulkJobRunner } from "../bulk/bulk-job-runner.js";
import { createBulkTrackingRequests, type BulkTrackingRequests } from "./bulk-job-service.js";
import { createTrackingRequestWrites, type TrackingRequestWrites } from "./tracking-request-writes.js";
import { exportTrackingRequests } from "../bulk/export-readers.js";
import { ExportOptionsSchema, type ExportOptions, type TableExport } from "../bulk/table-export.js";

/** An ISO 8601 date-time, with or without an offset (read as UTC without one). */
const InstantSchema = z.string().refine((value) => toTimestamp(value) !== null, "must be an ISO 8601 timestamp");

/** Inclusive bounds on a timestamp; either may be left out. */
const WindowSchema = z.strictObject({
  /** The earliest time included (ISO 8601). */
  start: InstantSchema.optional(),
  /** The latest time included (ISO 8601). */
  end: InstantSchema.optional(),
});

/** The filters of {@link TrackingRequestService.list}; combined with AND. */
export const TrackingRequestFiltersSchema = z.object({
  /** Substring of the request number or a reference number. */
  q: z.string().max(200).optional(),
  /** Exact, case-insensitive request number. */
  requestNumber: z.string().max(100).optional(),
  /** One of the tracking request statuses. */
  status: TrackingRequestStatusSchema.optional(),
  /** The shipping line's SCAC (any case). */
  scac: z.string().max(10).optional(),
  /** Bounds on `created_at`, inclusive. */
  createdAt: WindowSchema.optional(),
  /** Bounds on `updated_at`, inclusive. */
  updatedAt: WindowSchema.optional(),
});

/** Filters and paging of {@link TrackingRequestService.list}. */
export interface TrackingRequestListOptions<P extends string = never> extends ListOptions<P>, z.input<typeof TrackingRequestFiltersSchema> {}

/** Filters and format of {@link TrackingRequestService.export}: those of {@link TrackingRequestService.list}, and `format` (`csv` by default). */
export interface TrackingRequestExportOptions extends z.input<typeof TrackingRequestFiltersSchema>, ExportOptions {}

/** Include paths of a tracking request read, e.g. `"tracked_object"` or `"tracked_object.containers"`. */
export type TrackingRequestInclude = IncludePath<"tracking_request">;

/** Reads and writes of the session account's tracking requests, one at a time or in bulk. */
export interface TrackingRequestService extends TrackingRequestWrites, BulkTrackingRequests {
  /** One tracking request with the related records asked for; 404 when absent. */
  get<const P extends TrackingRequestInclude = never>(id: string, options?: ReadOptions<P>): Promise<WithRelated<"tracking_request", P>>;
  /** Tracking requests newest first, filtered; default page size 30. */
  list<const P extends TrackingRequestInclude = never>(options?: TrackingRequestListOptions<P>): Promise<ListResult<WithRelated<"tracking_request", P>>>;
  /**
   * The tracking requests {@link TrackingRequestService.list} finds, newest first, as a CSV, XLSX or
   * NDJSON file streamed with constant memory (100 read at a time, only as the stream is consumed),
   * in the columns `TRACKING_REQUEST_EXPORT_COLUMNS`. A bad filter or format is a 400, before any byte.
   * @example
   * const failed = await session.trackingRequests.export({ status: "failed" });
   * console.log(failed.total, failed.columns.join(","));
   */
  export(options?: TrackingRequestExportOptions): Promise<TableExport>;
}

/** Creates the {@link TrackingRequestService} of a session. */
export function createTrackingRequestService(context: SessionContext, bulkJobs: Pick<BulkJobRunner, "kick">): TrackingRequestService {
  const { storage, accountId } = context;
  const reader = createRelatedReader(storage, accountId);
  return {
    ...createTrackingRequestWrites(context),
    ...createBulkTrackingRequests(context, bulkJobs),
    get: (id, options = {}) => reader.one("tracking_request", options.include, () => storage.trackingRequests.get(accountId, id), `No tracking request ${id}`),
    list(options = {}) {
      const query = trackingRequestListQuery(options);
      return reader.page("tracking_request", options.include, query.page, () => storage.trackingRequests.list(accountId, query));
    },
    async export(options = {}) {
      const { page: _page, ...filters } = trackingRequestListQuery(options);
      const { format } = parseOptions(ExportOptionsSchema, definedOnly({ format: options.format }));
      return exportTrackingRequests(storage, accountId, filters, format ?? "csv");
    },
  };
}

/** The storage query of a tracking request listing: its filters checked (400 on a bad one) and its page resolved (30 by default). */
function trackingRequestListQuery(options: Omit<TrackingRequestListOptions, "include">): TrackingRequestListQuery {
  const filters = parseOptions(
    TrackingRequestFiltersSchema,
    definedOnly({ q: options.q, requestNumber: options.requestNumber, status: options.status, scac: options.scac, createdAt: options.createdAt, updatedAt: options.updatedAt }),
  );
  const query: TrackingRequestListQuery = { page: resolvePage(options.page, 30) };
  if (filters.q) query.q = filters.q;
  if (filters.requestNumber) query.requestNumber = filters.requestNumber;
  if (filters.scac) query.scac = filters.scac.trim().toUpperCase();
  if (filters.status) query.status = filters.status;
  if (filters.createdAt) query.createdAt = timeWindow(filters.createdAt);
  if (filters.updatedAt) query.updatedAt = timeWindow(filters.updatedAt);
  return query;
}

function timeWindow(bounds: { start?: string | undefined; end?: string | undefined }): TimeWindow {
  const window: TimeWindow = {};
  if (bounds.start !== undefined) window.from = toTimestamp(bounds.start)!;
  if (bounds.end !== undefined) window.to = toTimestamp(bounds.end)!;
  return window;
}
