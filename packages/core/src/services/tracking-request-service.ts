import { TrackingRequestStatusSchema, toTimestamp, type TrackingRequest } from "../domain/index.js";
import { BollardError, NotFoundError } from "../errors/index.js";
import { parseInclude } from "../jsonapi/include.js";
import { ResourceGraph } from "../jsonapi/resource-graph.js";
import { resourceRegistry } from "../jsonapi/resources.js";
import type { TimeWindow, TrackingRequestListQuery } from "../storage/index.js";
import { loadIncludes } from "./include-loader.js";
import { resolvePage } from "./pagination-defaults.js";
import type { ListOptions, ListResult, ReadOptions, ResourceResult } from "./read-results.js";
import type { SessionContext } from "./session.js";
import { createTrackingRequestWrites, type TrackingRequestWrites } from "./tracking-request-writes.js";

/** Filters of {@link TrackingRequestService.list}, as the API's query parameters give them. */
export interface TrackingRequestListOptions extends ListOptions {
  /** Substring of the request number or a reference number. */
  q?: string;
  /** Exact, case-insensitive request number. */
  requestNumber?: string;
  /** One of the tracking request statuses. */
  status?: string;
  /** The shipping line's SCAC (any case). */
  scac?: string;
  /** ISO 8601 bounds on `created_at`, inclusive. */
  createdAt?: {
    /** The earliest time included. */
    start?: string;
    /** The latest time included. */
    end?: string;
  };
  /** ISO 8601 bounds on `updated_at`, inclusive. */
  updatedAt?: {
    /** The earliest time included. */
    start?: string;
    /** The latest time included. */
    end?: string;
  };
}

/** Reads and writes of the session account's tracking requests. */
export interface TrackingRequestService extends TrackingRequestWrites {
  /** One tracking request; includes `tracked_object` unless `include` says otherwise; 404 when absent. */
  get(id: string, options?: ReadOptions): Promise<ResourceResult<TrackingRequest>>;
  /** Tracking requests newest first, filtered; default page size 30. */
  list(options?: TrackingRequestListOptions): Promise<ListResult<TrackingRequest>>;
}

const DEFAULT_INCLUDE = "tracked_object";

/** Creates the {@link TrackingRequestService} of a session. */
export function createTrackingRequestService(context: SessionContext): TrackingRequestService {
  const { storage, accountId } = context;
  return {
    ...createTrackingRequestWrites(context),
    async get(id, options = {}) {
      const include = parseInclude(options.include ?? DEFAULT_INCLUDE, "tracking_request", resourceRegistry);
      const request = await storage.trackingRequests.get(accountId, id);
      if (!request) throw new NotFoundError(`No tracking request ${id}`);
      const graph = new ResourceGraph();
      await loadIncludes(storage, accountId, graph, "tracking_request", [request], include);
      return { type: "tracking_request", data: request, graph, include };
    },
    async list(options = {}) {
      const include = parseInclude(options.include ?? DEFAULT_INCLUDE, "tracking_request", resourceRegistry);
      const page = resolvePage(options.page, 30);
      const query: TrackingRequestListQuery = { page };
      if (options.q !== undefined && options.q !== "") query.q = options.q;
      if (options.requestNumber !== undefined && options.requestNumber !== "") query.requestNumber = options.requestNumber;
      if (options.scac !== undefined && options.scac !== "") query.scac = options.scac.trim().toUpperCase();
      if (options.status !== undefined) {
        const status = TrackingRequestStatusSchema.safeParse(options.status);
        if (!status.success) {
          throw new BollardError("INVALID_PARAMETER", `filter[status] must be one of ${TrackingRequestStatusSchema.options.join(", ")}`, { parameter: "filter[status]" });
        }
        query.status = status.data;
      }
      if (options.createdAt) query.createdAt = timeWindow(options.createdAt, "created_at");
      if (options.updatedAt) query.updatedAt = timeWindow(options.updatedAt, "updated_at");
      const { items, total } = await storage.trackingRequests.list(accountId, query);
      const graph = new ResourceGraph();
      await loadIncludes(storage, accountId, graph, "tracking_request", items, include);
      return { type: "tracking_request", data: items, total, page, graph, include };
    },
  };
}

function timeWindow(bounds: { start?: string; end?: string }, field: string): TimeWindow {
  const window: TimeWindow = {};
  for (const [side, key] of [["start", "from"], ["end", "to"]] as const) {
    const raw = bounds[side];
    if (raw === undefined) continue;
    const parsed = toTimestamp(raw);
    if (!parsed) throw new BollardError("INVALID_PARAMETER", `filter[${field}][${side}] must be an ISO 8601 timestamp`, { parameter: `filter[${field}][${side}]` });
    window[key] = parsed;
  }
  return window;
}
