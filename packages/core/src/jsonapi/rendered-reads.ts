import { NotFoundError } from "../errors/index.js";
import type { Session } from "../services/session.js";
import type { ContainerEventIdRows, RenderedRecord, Storage } from "../storage/storage.js";
import { identifiersOf, renderDocument, renderRecord, renderResource } from "./rendered.js";
import { containerResource, shipmentResource } from "./resources.js";
import type { ResourceIdentifier } from "./jsonapi-types.js";

/** A shipment and its containers in rendered form. */
export interface RenderedShipment {
  /** The shipment. */
  shipment: RenderedRecord;
  /** Its containers, oldest first. */
  containers: RenderedRecord[];
  /**
   * The ids of each container's transport and raw events (in the order their lists give them), by
   * container id; read only when asked for (`withEvents`), for containers that are included.
   */
  events?: ReadonlyMap<string, ContainerEventIds>;
}

/** The ids of one container's events: its `transport_events` and `raw_events` linkage. */
export interface ContainerEventIds {
  /** Transport event ids, in `timestamp` order. */
  transport_events: string[];
  /** Raw event ids, in `index` order. */
  raw_events: string[];
}

/** Reads for a JSON:API server's hottest route, in rendered form. */
export interface RenderedReads {
  /**
   * The session account's shipment with its containers: from the storage's stored renderings
   * when it keeps them (`Storage.renderings`), else rendered from the records the session reads.
   * 404 when the shipment is not the account's.
   */
  shipment(session: Session, id: string, options?: RenderedShipmentOptions): Promise<RenderedShipment>;
}

/** Options of {@link RenderedReads.shipment}. */
export interface RenderedShipmentOptions {
  /** Read the ids of the containers' events too (for a document that includes the containers). */
  withEvents?: boolean;
}

/**
 * Creates the rendered reads over a tracker's storage. A storage that keeps renderings answers
 * without parsing or serializing records; any other storage gives the same text, rendered on read.
 */
export function createRenderedReads(storage: Storage): RenderedReads {
  const stored = storage.renderings;
  return {
    async shipment(session, id, options = {}) {
      if (!stored) {
        const shipment = await session.shipments.get(id, { include: ["containers"] });
        const containers = shipment.containers.map((container) => renderRecord(containerResource, container));
        const rendered = { shipment: renderRecord(shipmentResource, shipment), containers };
        if (!options.withEvents || containers.length === 0) return rendered;
        return { ...rendered, events: await eventIds(storage, session.principal.account.id, containers.map((c) => c.id)) };
      }
      const accountId = session.principal.account.id;
      const shipment = await stored.shipment(accountId, id);
      if (!shipment) throw new NotFoundError(`No shipment ${id}`);
      const containers = await stored.containersOfShipment(accountId, id);
      if (!options.withEvents || containers.length === 0) return { shipment, containers };
      return { shipment, containers, events: await eventIds(storage, accountId, containers.map((c) => c.id)) };
    },
  };
}

/** The event ids of containers: the ids alone where the storage reads them so, else through the event lists. */
async function eventIds(storage: Storage, accountId: string, containerIds: string[]): Promise<Map<string, ContainerEventIds>> {
  const events = new Map(containerIds.map((id) => [id, { transport_events: [] as string[], raw_events: [] as string[] }]));
  const rows = await eventIdRows(storage, accountId, containerIds);
  for (const event of rows.transport_events) events.get(event.container_id)?.transport_events.push(event.id);
  for (const event of rows.raw_events) events.get(event.container_id)?.raw_events.push(event.id);
  return events;
}

async function eventIdRows(storage: Storage, accountId: string, containerIds: string[]): Promise<ContainerEventIdRows> {
  if (storage.renderings?.containerEventIds) return storage.renderings.containerEventIds(accountId, containerIds);
  const [transport, raw] = await Promise.all([storage.transportEvents.listByContainers(accountId, containerIds), storage.rawEvents.listByContainers(accountId, containerIds)]);
  return { transport_events: transport.items, raw_events: raw.items };
}

/** Options of {@link shipmentDocumentText}. */
export interface ShipmentDocumentTextOptions {
  /** Put the containers in `included` (`include=containers`). */
  includeContainers: boolean;
  /** The top-level `links.self`. */
  self?: string;
}

/**
 * The JSON text of a shipment document from its rendered form: exactly what
 * `JSON.stringify(resourceDocument("shipment", shipment, ...))` gives for the same records.
 */
export function shipmentDocumentText(rendered: RenderedShipment, options: ShipmentDocumentTextOptions): string {
  const data = renderResource(shipmentResource, rendered.shipment, { containers: identifiersOf("container", rendered.containers) });
  const included = options.includeContainers ? rendered.containers.map((container) => renderResource(containerResource, container, containerLinkage(rendered.events?.get(container.id)))) : [];
  return renderDocument(data, included, options.self);
}

function containerLinkage(events: ContainerEventIds | undefined): Record<string, ResourceIdentifier[]> {
  const linkage = (type: string, ids: readonly string[] = []) => ids.map((id) => ({ type, id }));
  return { transport_events: linkage("transport_event", events?.transport_events), raw_events: linkage("raw_event", events?.raw_events) };
}
