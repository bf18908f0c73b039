import type { Container, Shipment } from "../domain/index.js";
import { BollardError } from "../errors/index.js";
import { containerListQuery, type ContainerListOptions } from "../services/container-service.js";
import { shipmentListQuery, type ShipmentListOptions } from "../services/shipment-service.js";
import type { Session } from "../services/session.js";
import type { Page } from "../storage/pagination.js";
import type { RenderedContainer, RenderedRecord, Storage } from "../storage/storage.js";
import { collectionLinks, collectionMeta } from "./collection-links.js";
import type { JsonApiDocument } from "./jsonapi-types.js";
import { containerText, eventIds, type ContainerEventIds } from "./rendered-events.js";
import { identifiersOf, renderRecord, renderResource } from "./rendered.js";
import { containerResource, shipmentResource } from "./resources.js";

/*
 * The default listings in rendered form: the shipment list (with or without its containers) and
 * the container list are answered by splicing the text a storage rendered when each record was
 * written, as `GET /v2/shipments/{id}` is; the text equals `JSON.stringify(listDocument(...))`.
 */

/** A page of shipments in rendered form, with their containers. */
export interface RenderedShipmentPage {
  /** The page's shipments, in listing order. */
  shipments: RenderedRecord[];
  /** Each shipment's containers, oldest first, by shipment id. */
  containers: ReadonlyMap<string, RenderedRecord[]>;
  /** The containers' event ids, by container id: read only when the containers are included, for those whose linkage the storage does not keep. */
  events?: ReadonlyMap<string, ContainerEventIds>;
  /** The page returned. */
  page: Page;
  /** How many shipments match across all pages. */
  total: number;
}

/** A page of containers in rendered form, with the ids of their events. */
export interface RenderedContainerPage {
  /** The page's containers, in listing order. */
  containers: RenderedRecord[];
  /** Their event ids, by container id (of those whose linkage the storage does not keep). */
  events: ReadonlyMap<string, ContainerEventIds>;
  /** The page returned. */
  page: Page;
  /** How many containers match across all pages. */
  total: number;
}

/** Options of {@link RenderedLists.shipments}: the listing's filters and page, and whether its containers are included. */
export interface RenderedShipmentListOptions extends Omit<ShipmentListOptions, "include"> {
  /** `include=containers`: read the containers' event ids too. */
  includeContainers?: boolean;
}

/** Shipments in rendered form with their containers' ids: what a tracking request listing includes as `tracked_object`. */
export interface RenderedShipmentSet {
  /** The shipments, in the order asked for (those that exist). */
  shipments: RenderedRecord[];
  /** Each shipment's containers (their ids, the `containers` linkage), oldest first, by shipment id. */
  containers: ReadonlyMap<string, readonly Pick<RenderedRecord, "id">[]>;
}

/** The listings answered in rendered form (see {@link createRenderedLists}). */
export interface RenderedLists {
  /** The session account's shipments with these ids, in that order, skipping any that does not exist. */
  trackedShipments(session: Session, ids: readonly string[]): Promise<RenderedShipmentSet>;
  /** A page of the session account's shipments with their containers, filtered as `session.shipments.list` filters. */
  shipments(session: Session, options?: RenderedShipmentListOptions): Promise<RenderedShipmentPage>;
  /** A page of the session account's containers, filtered as `session.containers.list` filters. */
  containers(session: Session, options?: Omit<ContainerListOptions, "include">): Promise<RenderedContainerPage>;
}

/**
 * The rendered listings over a tracker's storage: from its stored renderings when it keeps list
 * renderings (`StoredRenderings.shipmentPage` and the rest), else rendered from the records the
 * session lists. Both give the same text.
 */
export function createRenderedLists(storage: Storage): RenderedLists {
  const stored = storage.renderings;
  return {
    async shipments(session, options = {}) {
      const accountId = session.principal.account.id;
      const { includeContainers, ...listing } = options;
      let page: RenderedShipmentPage;
      if (stored?.shipmentPage && stored.containersOfShipments) {
        const query = shipmentListQuery(listing);
        const { items, total } = await stored.shipmentPage(accountId, query);
        const containers = items.length > 0 ? await stored.containersOfShipments(accountId, items.map((s) => s.id)) : [];
        page = { shipments: items, containers: byShipment(containers), page: query.page, total };
      } else {
        const result = await session.shipments.list({ ...listing, include: ["containers"] });
        page = { ...renderShipments(result.data), page: result.page, total: result.total };
      }
      if (!includeContainers) return page;
      return { ...page, events: await eventIds(storage, accountId, [...page.containers.values()].flat()) };
    },
    async trackedShipments(session, ids) {
      const accountId = session.principal.account.id;
      if (ids.length === 0) return { shipments: [], containers: new Map() };
      const containersOf = stored?.containerIdsOfShipments?.bind(stored) ?? stored?.containersOfShipments?.bind(stored);
      if (stored && containersOf) {
        const found = await Promise.all(ids.map((id) => stored.shipment(accountId, id)));
        const shipments = found.filter((shipment): shipment is RenderedRecord => shipment !== null);
        // Only the containers' ids are needed: the shipments' linkage (the containers are not included).
        const containers = shipments.length > 0 ? await containersOf(accountId, shipments.map((s) => s.id)) : [];
        return { shipments, containers: byShipment(containers) };
      }
      const found = await Promise.all(
        ids.map((id) =>
          session.shipments.get(id, { include: ["containers"] }).catch((error: unknown) => {
            if (error instanceof BollardError && error.code === "not_found") return null;
            throw error;
          }),
        ),
      );
      return renderShipments(found.filter((shipment) => shipment !== null));
    },
    async containers(session, options = {}) {
      const accountId = session.principal.account.id;
      let containers: RenderedRecord[];
      let page: Page;
      let total: number;
      if (stored?.containerPage) {
        const query = containerListQuery(options);
        ({ items: containers, total } = await stored.containerPage(accountId, query));
        page = query.page;
      } else {
        const result = await session.containers.list(options);
        ({ page, total } = result);
        containers = result.data.map((c) => renderRecord(containerResource, c));
      }
      return { containers, events: await eventIds(storage, accountId, containers), page, total };
    },
  };
}

/** Decoded shipments with their containers, in rendered form (storages without list renderings). */
function renderShipments(shipments: readonly (Shipment & { containers: readonly Container[] })[]): { shipments: RenderedRecord[]; containers: Map<string, RenderedRecord[]> } {
  const containers = shipments.flatMap((shipment) => shipment.containers.map((c) => ({ ...renderRecord(containerResource, c), shipment_id: shipment.id })));
  return { shipments: shipments.map((s) => renderRecord(shipmentResource, s)), containers: byShipment(containers) };
}

/** Containers grouped by their `shipment_id` (left out of each), in their order. */
function byShipment<C extends { shipment_id: string }>(containers: readonly C[]): Map<string, Omit<C, "shipment_id">[]> {
  const groups = new Map<string, Omit<C, "shipment_id">[]>();
  for (const { shipment_id, ...container } of containers) {
    const group = groups.get(shipment_id);
    if (group) group.push(container);
    else groups.set(shipment_id, [container]);
  }
  return groups;
}

/** Options of the list texts: the request URL the paging links are rebuilt from. */
export interface RenderedListTextOptions {
  /** The request URL as sent (`links.self`). */
  requestUrl: string;
}

/** The JSON text of a shipment page: `JSON.stringify(listDocument("shipment", ...))` for the same records. */
export function shipmentListText(rendered: RenderedShipmentPage, options: RenderedListTextOptions & { includeContainers: boolean }): string {
  const data = rendered.shipments.map((shipment) => shipmentText(shipment, rendered.containers));
  const included = options.includeContainers
    ? rendered.shipments.flatMap((shipment) => (rendered.containers.get(shipment.id) ?? []).map((c) => containerText(c, rendered.events)))
    : [];
  return listText(data, included, rendered.shipments.length, rendered, options.requestUrl);
}

/** The JSON text of a container page: `JSON.stringify(listDocument("container", ...))` for the same records. */
export function containerListText(rendered: RenderedContainerPage, options: RenderedListTextOptions): string {
  const data = rendered.containers.map((c) => containerText(c, rendered.events));
  return listText(data, [], rendered.containers.length, rendered, options.requestUrl);
}

/**
 * The JSON text of a tracking request page with its tracked shipments included: `document` is
 * `listDocument("tracking_request", ...)` of the page without includes (small records), `tracked`
 * the shipments its requests point at, in order of first mention.
 */
export function trackingRequestListText(document: JsonApiDocument, tracked: RenderedShipmentSet): string {
  const included = tracked.shipments.map((shipment) => shipmentText(shipment, tracked.containers));
  return documentText(JSON.stringify(document.data), included, JSON.stringify(document.links), JSON.stringify(document.meta));
}

/** A rendered shipment as a resource, its `containers` relationship linking the containers kept for it. */
function shipmentText(shipment: RenderedRecord, containers: ReadonlyMap<string, readonly Pick<RenderedRecord, "id">[]>): string {
  return renderResource(shipmentResource, shipment, { containers: identifiersOf("container", containers.get(shipment.id) ?? []) });
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
