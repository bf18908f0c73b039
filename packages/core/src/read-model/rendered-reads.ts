import { NotFoundError } from "../errors/index.js";
import { collectionLinks, collectionMeta } from "../jsonapi/collection-links.js";
import type { JsonApiDocument } from "../jsonapi/jsonapi-types.js";
import { renderDocument, renderResource, type RenderedRecord } from "../jsonapi/rendered.js";
import { containerResource, shipmentResource } from "../jsonapi/resources.js";
import type { ContainerListOptions } from "../services/container-service.js";
import type { ShipmentListOptions } from "../services/shipment-service.js";
import type { Session } from "../services/session.js";
import type { Page } from "../storage/pagination.js";
import type { Storage } from "../storage/storage.js";
import { createTextReader, type TextsRead } from "./text-reader.js";

/*
 * The hottest reads, written from the read model's texts (see `text-reader.ts`): a shipment with
 * its containers, the shipment and container lists, the shipments a tracking request list includes.
 * Each text equals what `JSON.stringify(resourceDocument(...))` / `listDocument(...)` writes for
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

/** Reads for a JSON:API server's hottest routes, in rendered form. */
export interface RenderedReads {
  /** The session account's shipment with its containers' ids (and containers); 404 when it is not the account's. */
  shipment(session: Session, id: string, options?: RenderedShipmentOptions): Promise<RenderedShipment>;
  /** A page of the session account's shipments, filtered as `session.shipments.list` filters. */
  shipments(session: Session, options?: Omit<ShipmentListOptions, "include"> & RenderedShipmentOptions): Promise<RenderedShipmentPage>;
  /** The session account's shipments with these ids, in that order, skipping any that does not exist (with their containers' ids). */
  trackedShipments(session: Session, ids: readonly string[]): Promise<RenderedShipment[]>;
  /** A page of the session account's containers, filtered as `session.containers.list` filters. */
  containers(session: Session, options?: Omit<ContainerListOptions, "include">): Promise<RenderedContainerPage>;
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
    async shipment(session, id, options = {}) {
      const [found] = await shipmentsWithContainers(session.principal.account.id, [id], options.includeContainers ?? false);
      if (!found) throw new NotFoundError(`No shipment ${id}`);
      return found;
    },
    async shipments(session, options = {}) {
      const { includeContainers, ...listing } = options;
      const result = await session.shipments.list(listing);
      const shipments = await shipmentsWithContainers(
        session.principal.account.id,
        result.data.map((s) => s.id),
        includeContainers ?? false,
      );
      return { shipments, page: result.page, total: result.total };
    },
    trackedShipments(session, ids) {
      return shipmentsWithContainers(session.principal.account.id, ids, false);
    },
    async containers(session, options = {}) {
      const result = await session.containers.list(options);
      const ids = result.data.map((c) => c.id);
      const read = ids.length > 0 ? await reader.read(session.principal.account.id, { containers: ids, eventLinkageOf: ids }) : undefined;
      const containers = read ? ids.flatMap((id) => (read.containers.has(id) ? [withLinkage(read.containers.get(id)!, read)] : [])) : [];
      return { containers, page: result.page, total: result.total };
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

/** The JSON text of a shipment document: exactly what `JSON.stringify(resourceDocument("shipment", ...))` gives for the same records. */
export function shipmentDocumentText(rendered: RenderedShipment, options: ShipmentDocumentTextOptions): string {
  return renderDocument(shipmentText(rendered), options.includeContainers ? rendered.containers.map(containerText) : [], options.self);
}

/** Options of the list texts: the request URL the paging links are rebuilt from. */
export interface RenderedListTextOptions {
  /** The request URL as sent (`links.self`). */
  requestUrl: string;
}

/** The JSON text of a shipment page: `JSON.stringify(listDocument("shipment", ...))` for the same records. */
export function shipmentListText(rendered: RenderedShipmentPage, options: RenderedListTextOptions & { includeContainers: boolean }): string {
  const data = rendered.shipments.map(shipmentText);
  const included = options.includeContainers ? rendered.shipments.flatMap((s) => s.containers.map(containerText)) : [];
  return listText(data, included, rendered.shipments.length, rendered, options.requestUrl);
}

/** The JSON text of a container page: `JSON.stringify(listDocument("container", ...))` for the same records. */
export function containerListText(rendered: RenderedContainerPage, options: RenderedListTextOptions): string {
  return listText(rendered.containers.map(containerText), [], rendered.containers.length, rendered, options.requestUrl);
}

/**
 * The JSON text of a tracking request page with its tracked shipments included: `document` is
 * `listDocument("tracking_request", ...)` of the page without includes (small records), `tracked`
 * the shipments its requests point at, in order of first mention.
 */
export function trackingRequestListText(document: JsonApiDocument, tracked: readonly RenderedShipment[]): string {
  return documentText(JSON.stringify(document.data), tracked.map(shipmentText), JSON.stringify(document.links), JSON.stringify(document.meta));
}

/** A list document with its paging links and meta rebuilt from the request URL (see {@link documentText}). */
function listText(data: readonly string[], included: readonly string[], size: number, paging: { page: Page; total: number }, requestUrl: string): string {
  return documentText(`[${data.join(",")}]`, included, JSON.stringify(collectionLinks(requestUrl, paging.page, paging.total)), JSON.stringify(collectionMeta(size, paging.total)));
}

/** A list document laid out as `listDocument` lays it out: `data`, `included` when not empty, `links`, `meta` (each member's JSON text). */
function documentText(data: string, included: readonly string[], links: string, meta: string): string {
  const includedMember = included.length > 0 ? `,"included":[${included.join(",")}]` : "";
  return `{"data":${data}${includedMember},"links":${links},"meta":${meta}}`;
}
