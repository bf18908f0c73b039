import { documentInclude, listDocument, resourceDocument } from "../jsonapi/read-documents.js";
import type { IncludePath } from "../relations/include-paths.js";
import { containerListText, shipmentDocumentText, shipmentListText, trackingRequestListText, type RenderedReads } from "../read-model/rendered-reads.js";
import type { ContainerListOptions } from "../services/container-service.js";
import type { Session } from "../services/session.js";
import type { ShipmentListOptions } from "../services/shipment-service.js";
import type { TrackingRequestListOptions } from "../services/tracking-request-service.js";

/** Where a list document's paging links are rebuilt from, and what it includes. */
export interface ListDocumentOptions<T extends "shipment" | "container" | "tracking_request"> {
  /** The requested include paths (their records go to `included`). */
  include?: readonly IncludePath<T>[];
  /** The request URL as sent (`links.self`, and the paging links rebuilt from it). */
  requestUrl: string;
}

/** What {@link Documents.shipment} writes besides the shipment. */
export interface ShipmentDocumentOptions {
  /** The requested include paths (their records go to `included`). */
  include?: readonly IncludePath<"shipment">[];
  /** The shipment as Bollard knew it then (see `ShipmentService.get`). */
  asOf?: string;
  /** The top-level `links.self`. */
  self?: string;
}

/**
 * The JSON:API documents of the reads a server answers most, as text: the session's service
 * decides what is read and who may read it, the one writer writes it. Each read is written from
 * the read model's kept texts where they hold everything the document needs (a shipment with its
 * containers, the lists, the shipments a tracking request list includes by default), else from the
 * records the service reads; the bytes are the same either way.
 * @example
 * const body = await tracker.documents.shipment(session, id, { include: ["containers"], self: url });
 */
export interface Documents {
  /** `GET /v2/shipments/{id}`; 404 when it is not the session account's. */
  shipment(session: Session, id: string, options?: ShipmentDocumentOptions): Promise<string>;
  /** `GET /v2/shipments`: a page of the session account's shipments, filtered as `session.shipments.list` filters. */
  shipments(session: Session, listing: Omit<ShipmentListOptions, "include">, options: ListDocumentOptions<"shipment">): Promise<string>;
  /** `GET /v2/containers`: a page of the session account's containers, filtered as `session.containers.list` filters. */
  containers(session: Session, listing: Omit<ContainerListOptions, "include">, options: ListDocumentOptions<"container">): Promise<string>;
  /** `GET /v2/tracking_requests`: a page of the session account's tracking requests (include `tracked_object` as the API does by default). */
  trackingRequests(session: Session, listing: Omit<TrackingRequestListOptions, "include">, options: ListDocumentOptions<"tracking_request">): Promise<string>;
}

/** Whether every requested path is one of those the read model's texts hold. */
const onlyPaths = (include: readonly string[] | undefined, held: string) => (include ?? []).every((path) => path === held);

/** Creates the {@link Documents} of a tracker over its read model's rendered reads. */
export function createDocuments(rendered: RenderedReads): Documents {
  return {
    async shipment(session, id, options = {}) {
      const { include = [], asOf, self } = options;
      if (asOf === undefined && onlyPaths(include, "containers")) {
        const includeContainers = include.length > 0;
        return shipmentDocumentText(await rendered.shipment(session.principal.account.id, id, { includeContainers }), { includeContainers, ...(self !== undefined && { self }) });
      }
      const shipment = await session.shipments.get(id, { include: documentInclude("shipment", include), ...(asOf !== undefined && { asOf }) });
      return resourceDocument("shipment", shipment, { include, ...(self !== undefined && { self }) });
    },
    async shipments(session, listing, { include = [], requestUrl }) {
      if (onlyPaths(include, "containers")) {
        const includeContainers = include.length > 0;
        const page = await rendered.shipments(session.principal.account.id, await session.shipments.list(listing), { includeContainers });
        return shipmentListText(page, { includeContainers, requestUrl });
      }
      return listDocument("shipment", await session.shipments.list({ ...listing, include: documentInclude("shipment", include) }), { include, requestUrl });
    },
    async containers(session, listing, { include = [], requestUrl }) {
      if (include.length === 0) return containerListText(await rendered.containers(session.principal.account.id, await session.containers.list(listing)), { requestUrl });
      return listDocument("container", await session.containers.list({ ...listing, include: documentInclude("container", include) }), { include, requestUrl });
    },
    async trackingRequests(session, listing, { include = [], requestUrl }) {
      if (onlyPaths(include, "tracked_object")) {
        const listed = await session.trackingRequests.list({ ...listing, include: documentInclude("tracking_request", []) });
        const ids = include.length === 0 ? [] : [...new Set(listed.data.flatMap((request) => (request.tracked_object_id === null ? [] : [request.tracked_object_id])))];
        return trackingRequestListText(listed, await rendered.trackedShipments(session.principal.account.id, ids), { requestUrl });
      }
      return listDocument("tracking_request", await session.trackingRequests.list({ ...listing, include: documentInclude("tracking_request", include) }), { include, requestUrl });
    },
  };
}
