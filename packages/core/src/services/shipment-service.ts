import { z } from "zod";
import type { Shipment, TrackingRequest } from "../domain/index.js";
import { NotFoundError } from "../errors/index.js";
import { mergeIncludes, parseInclude } from "../jsonapi/include.js";
import { ResourceGraph } from "../jsonapi/resource-graph.js";
import { identifiersOf, renderDocument, renderResource } from "../jsonapi/rendered.js";
import { containerResource, resourceRegistry, shipmentResource } from "../jsonapi/resources.js";
import { loadIncludes } from "./include-loader.js";
import { definedOnly, parseInput, ReferenceListSchema } from "./input-validation.js";
import { resolvePage } from "./pagination-defaults.js";
import { type ListOptions, type ListResult, type ReadOptions, type ResourceResult, resourceDocument } from "./read-results.js";
import type { SessionContext } from "./session.js";

/** Filters of {@link ShipmentService.list}. */
export interface ShipmentListOptions extends ListOptions {
  /** True for only stopped shipments, false for only tracked ones. */
  trackingStopped?: boolean;
  /** Exact, case-insensitive bill of lading number (as given or normalized). */
  number?: string;
  /** Case-insensitive substring of the bill of lading, a reference number or a container number. */
  q?: string;
}

/** Reads and edits of the session account's shipments. */
export interface ShipmentService {
  /** One shipment with its container linkage and the requested includes; 404 when absent. */
  get(id: string, options?: ReadOptions): Promise<ResourceResult<Shipment>>;
  /**
   * The JSON:API document of {@link get} as JSON text: exactly
   * `JSON.stringify(resourceDocument(await get(id, options), options.self))`. With no `include`
   * or `containers` alone (the hot read) it is spliced from the storage's renderings
   * (`getRendered`, `listRenderedByShipment`) without parsing or serializing records.
   */
  getJson(id: string, options?: ReadOptions & { self?: string }): Promise<string>;
  /** Shipments newest first; default page size 30. */
  list(options?: ShipmentListOptions): Promise<ListResult<Shipment>>;
  /** Replaces `ref_numbers` and/or `tags` (editor only); any other attribute is a 422 on its pointer. */
  update(id: string, attributes: unknown): Promise<ResourceResult<Shipment>>;
  /**
   * Stops tracking (editor only): sets `line_tracking_stopped_at`, reason `cancelled_by_user` and the
   * user; refreshes and domain events pause, history stays. Stopping again keeps the first stop.
   */
  stopTracking(id: string): Promise<ResourceResult<Shipment>>;
  /** Resumes tracking (editor only): clears the stop; the next refresh catches up. */
  resumeTracking(id: string): Promise<ResourceResult<Shipment>>;
}

/** The attributes `PATCH /v2/shipments/{id}` accepts. */
export const ShipmentPatchSchema = z.strictObject({
  /** Replaces the shipment's reference numbers. */
  ref_numbers: ReferenceListSchema.optional(),
  /** Replaces the shipment's tags (no repeats). */
  tags: ReferenceListSchema.refine((tags) => new Set(tags).size === tags.length, "tags must be unique").optional(),
});

/** Shipments always carry their containers' linkage, so containers are loaded even when not included. */
const LINKAGE = parseInclude("containers", "shipment", resourceRegistry);

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

  async function setTracking(id: string, active: boolean): Promise<ResourceResult<Shipment>> {
    context.requireEditor();
    const now = context.clock.now().toISOString();
    const shipment = await storage.transaction(async (tx) => {
      const stored = await tx.shipments.get(accountId, id);
      if (!stored) throw new NotFoundError(`No shipment ${id}`);
      if (active === (stored.line_tracking_stopped_at === null)) return stored;
      const next: Shipment = active
        ? { ...stored, line_tracking_stopped_at: null, line_tracking_stopped_reason: null, line_tracking_stopped_by_user_id: null }
        : { ...stored, line_tracking_stopped_at: now, line_tracking_stopped_reason: "cancelled_by_user", line_tracking_stopped_by_user_id: context.principal.user.id };
      await tx.shipments.update(next);
      const request = stored.tracking_request_id ? await tx.trackingRequests.get(accountId, stored.tracking_request_id) : null;
      if (request && (request.status === "created" || request.status === "tracking_stopped")) {
        const resumePolling = active && isPolled(request);
        await tx.trackingRequests.update({ ...request, status: active ? "created" : "tracking_stopped", next_attempt_at: resumePolling ? now : null, updated_at: now });
      }
      return next;
    });
    const graph = new ResourceGraph();
    await loadIncludes(storage, accountId, graph, "shipment", [shipment], LINKAGE);
    return { type: "shipment", data: shipment, graph, include: new Map() };
  }

  const service: ShipmentService = {
    async get(id, options = {}) {
      const include = parseInclude(options.include, "shipment", resourceRegistry);
      const shipment = await storage.shipments.get(accountId, id);
      if (!shipment) throw new NotFoundError(`No shipment ${id}`);
      const graph = new ResourceGraph();
      await loadIncludes(storage, accountId, graph, "shipment", [shipment], mergeIncludes(LINKAGE, include));
      return { type: "shipment", data: shipment, graph, include };
    },
    async getJson(id, options = {}) {
      const include = parseInclude(options.include, "shipment", resourceRegistry);
      const containersAtMost = include.size === 0 || (include.size === 1 && include.get("containers")?.size === 0);
      if (!containersAtMost) return JSON.stringify(resourceDocument(await service.get(id, options), options.self));
      const shipment = await storage.shipments.getRendered(accountId, id);
      if (!shipment) throw new NotFoundError(`No shipment ${id}`);
      const containers = await storage.containers.listRenderedByShipment(accountId, id);
      const data = renderResource(shipmentResource, shipment, { containers: identifiersOf("container", containers) });
      const included = include.size === 0 ? [] : containers.map((container) => renderResource(containerResource, container));
      return renderDocument(data, included, options.self);
    },
    async list(options = {}) {
      const include = parseInclude(options.include, "shipment", resourceRegistry);
      const page = resolvePage(options.page, 30);
      const { items, total } = await storage.shipments.list(accountId, {
        page,
        ...(options.trackingStopped !== undefined && { trackingStopped: options.trackingStopped }),
        ...(options.number !== undefined && { number: options.number }),
        ...(options.q !== undefined && { q: options.q }),
      });
      const graph = new ResourceGraph();
      await loadIncludes(storage, accountId, graph, "shipment", items, mergeIncludes(LINKAGE, include));
      return { type: "shipment", data: items, total, page, graph, include };
    },
    stopTracking: (id) => setTracking(id, false),
    resumeTracking: (id) => setTracking(id, true),
    async update(id, attributes) {
      context.requireEditor();
      const patch = parseInput(ShipmentPatchSchema, attributes ?? {});
      const updated = await storage.transaction(async (tx) => {
        const shipment = await tx.shipments.get(accountId, id);
        if (!shipment) throw new NotFoundError(`No shipment ${id}`);
        const next: Shipment = { ...shipment, ...definedOnly(patch), updated_at: context.clock.now().toISOString() };
        await tx.shipments.update(next);
        return next;
      });
      const graph = new ResourceGraph();
      await loadIncludes(storage, accountId, graph, "shipment", [updated], LINKAGE);
      return { type: "shipment", data: updated, graph, include: new Map() };
    },
  };
  return service;
}
