import { NotFoundError } from "../errors/index.js";
import { writeDocument } from "../jsonapi/document.js";
import { listParts } from "../jsonapi/read-documents.js";
import { renderResource, resourceText, type RenderedRecord } from "../jsonapi/resource-text.js";
import { containerResource, shipmentResource, trackingRequestResource } from "../jsonapi/resources.js";
import type { TrackingRequest } from "../domain/index.js";
import type { Page } from "../storage/pagination.js";
import type { Storage } from "../storage/storage.js";
import { createTextReader, type TextsRead } from "./text-reader.js";

/*
 * The hottest reads, written from the read model's texts (see `text-reader.ts`): a shipment with
 * its containers, the shipment and container lists, the shipments a tracking request list includes.
 * Each text equals what `resourceDocument(...)` / `listDocument(...)` writes for
 * the same records (the byte-equality tests hold them together).
 */

/** A shipment in rendered form with its containers' ids, and the containers when they are included. */
export interface RenderedShipment {
  /** The shipment. */
  shipment: RenderedRecord;
  /** Its containers' ids, oldest first: its `containers` linkage. */
  containerIds: readonly string[];
  /** Its containers with their event linkage (`toMany`), oldest first; read only when included. */
  containers: RenderedRecord[];
}

/** A page of shipments in rendered form. */
export interface RenderedShipmentPage {
  /** The page's shipments, in listing order, each with its containers' ids (and containers when included). */
  shipments: RenderedShipment[];
  /** The page returned. */
  page: Page;
  /** How many shipments match across all pages. */
  total: number;
}

/** A page of containers in rendered form, each with its event linkage. */
export interface RenderedContainerPage {
  /** The page's containers, in listing order. */
  containers: RenderedRecord[];
  /** The page returned. */
  page: Page;
  /** How many containers match across all pages. */
  total: number;
}

/** Options of {@link RenderedReads.shipment} and {@link RenderedReads.shipments}. */
export interface RenderedShipmentOptions {
  /** `include=containers`: read the containers (with their event linkage) too. */
  includeContainers?: boolean;
}

/** A page of records as a service lists it: what {@link RenderedReads} renders by id. */
export interface ListedPage {
  /** The page's records (only their ids are read), in listing order. */
  data: readonly {
    /** The record's id. */
    readonly id: string;
  }[];
  /** The page returned. */
  page: Page;
  /** How many records match across all pages. */
  total: number;
}

/**
 * Reads for a JSON:API server's hottest routes, in rendered form: a service decides what is read
 * (and who may read it), these read the texts of those records.
 * @example
 * const listed = await session.shipments.list({ page: { number: 1, size: 30 } });
 * const page = await tracker.documents.shipments(session.principal.account.id, listed, { includeContainers: true });
 * const body = shipmentListText(page, { includeContainers: true, requestUrl });
 */
export interface RenderedReads {
  /** The account's shipment with its containers' ids (and containers); 404 when it is not the account's. */
  shipment(accountId: string, id: string, options?: RenderedShipmentOptions): Promise<RenderedShipment>;
  /** The shipments of a page `session.shipments.list` gave, with their containers' ids (and containers). */
  shipments(accountId: string, listed: ListedPage, options?: RenderedShipmentOptions): Promise<RenderedShipmentPage>;
  /** The account's shipments with these ids, in that order, skipping any that does not exist (with their containers' ids). */
  trackedShipments(accountId: string, ids: readonly string[]): Promise<RenderedShipment[]>;
  /** The containers of a page `session.containers.list` gave, with their event linkage. */
  containers(accountId: string, listed: ListedPage): Promise<RenderedContainerPage>;
}

/** A container's text with its event linkage as its to-many members. */
const withLinkage = (container: RenderedRecord, read: TextsRead): RenderedRecord => ({ ...container, toMany: read.eventLinkage.get(container.id) ?? "" });

/** Creates the rendered reads over a tracker's storage (through its read model). */
export function createRenderedReads(storage: Storage): RenderedReads {
  const reader = createTextReader(storage);

  /** Shipments by id with their containers' ids, and their containers when included, in the order of `ids`. */
  async function shipmentsWithContainers(accountId: string, ids: readonly string[], includeContainers: boolean): Promise<RenderedShipment[]> {
    if (ids.length === 0) return [];
    const first = await reader.read(accountId, { shipments: ids, containerIdsOf: ids });
    const found = ids.flatMap((id) => {
      const shipment = first.shipments.get(id);
      return shipment ? [{ shipment, containerIds: first.containerIds.get(id) ?? [] }] : [];
    });
    if (!includeContainers) return found.map((s) => ({ ...s, containers: [] }));
    const containerIds = found.flatMap((s) => s.containerIds);
    const second = containerIds.length > 0 ? await reader.read(accountId, { containers: containerIds, eventLinkageOf: containerIds }) : undefined;
    return found.map((s) => ({
      ...s,
      containers: second ? s.containerIds.flatMap((id) => (second.containers.has(id) ? [withLinkage(second.containers.get(id)!, second)] : [])) : [],
    }));
  }

  return {
    async shipment(accountId, id, options = {}) {
      const [found] = await shipmentsWithContainers(accountId, [id], options.includeContainers ?? false);
      if (!found) throw new NotFoundError(`No shipment ${id}`);
      return found;
    },
    async shipments(accountId, listed, options = {}) {
      const shipments = await shipmentsWithContainers(accountId, listed.data.map((s) => s.id), options.includeContainers ?? false);
      return { shipments, page: listed.page, total: listed.total };
    },
    trackedShipments(accountId, ids) {
      return shipmentsWithContainers(accountId, ids, false);
    },
    async containers(accountId, listed) {
      const ids = listed.data.map((c) => c.id);
      const read = ids.length > 0 ? await reader.read(accountId, { containers: ids, eventLinkageOf: ids }) : undefined;
      const containers = read ? ids.flatMap((id) => (read.containers.has(id) ? [withLinkage(read.containers.get(id)!, read)] : [])) : [];
      return { containers, page: listed.page, total: listed.total };
    },
  };
}

/** A rendered shipment as a resource, its `containers` relationship linking its containers. */
function shipmentText(rendered: RenderedShipment): string {
  return renderResource(shipmentResource, rendered.shipment, { containers: rendered.containerIds.map((id) => ({ type: "container", id })) });
}

/** A rendered container as a resource, with its event linkage. */
function containerText(container: RenderedRecord): string {
  return renderResource(containerResource, container, container.toMany ?? "");
}

/** Options of {@link shipmentDocumentText}. */
export interface ShipmentDocumentTextOptions {
  /** Put the containers in `included` (`include=containers`). */
  includeContainers: boolean;
  /** The top-level `links.self`. */
  self?: string;
}

/** The JSON text of a shipment document: what `resourceDocument("shipment", ...)` writes for the same records. */
export function shipmentDocumentText(rendered: RenderedShipment, options: ShipmentDocumentTextOptions): string {
  return writeDocument({
    data: shipmentText(rendered),
    included: options.includeContainers ? rendered.containers.map(containerText) : [],
    ...(options.self !== undefined && { links: { self: options.self } }),
  });
}

/** Options of the list texts: the request URL the paging links are rebuilt from. */
export interface RenderedListTextOptions {
  /** The request URL as sent (`links.self`). */
  requestUrl: string;
}

/** The JSON text of a shipment page: what `listDocument("shipment", ...)` writes for the same records. */
export function shipmentListText(rendered: RenderedShipmentPage, options: RenderedListTextOptions & { includeContainers: boolean }): string {
  const data = rendered.shipments.map(shipmentText);
  const included = options.includeContainers ? rendered.shipments.flatMap((s) => s.containers.map(containerText)) : [];
  return writeDocument({ data, included, ...listParts("shipment", data.length, rendered, options.requestUrl) });
}

/** The JSON text of a container page: what `listDocument("container", ...)` writes for the same records. */
export function containerListText(rendered: RenderedContainerPage, options: RenderedListTextOptions): string {
  const data = rendered.containers.map(containerText);
  return writeDocument({ data, ...listParts("container", data.length, rendered, options.requestUrl) });
}

/**
 * The JSON text of a tracking request page with its tracked shipments included: `listed` is the
 * page as `session.trackingRequests.list` read it (without includes: small records), `tracked` the
 * shipments its requests point at, in order of first mention.
 */
export function trackingRequestListText(listed: { data: readonly TrackingRequest[]; page: Page; total: number }, tracked: readonly RenderedShipment[], options: RenderedListTextOptions): string {
  const data = listed.data.map((request) => resourceText(trackingRequestResource, request));
  return writeDocument({ data, included: tracked.map(shipmentText), ...listParts("tracking_request", data.length, listed, options.requestUrl) });
}
