import { NotFoundError } from "../errors/index.js";
import type { Session } from "../services/session.js";
import type { RenderedRecord, Storage } from "../storage/storage.js";
import { containerText, eventIds, type ContainerEventIds } from "./rendered-events.js";
import { createRenderedLists, type RenderedLists } from "./rendered-lists.js";
import { identifiersOf, renderDocument, renderRecord, renderResource } from "./rendered.js";
import { containerResource, shipmentResource } from "./resources.js";

/** A shipment and its containers in rendered form. */
export interface RenderedShipment {
  /** The shipment. */
  shipment: RenderedRecord;
  /** Its containers, oldest first. */
  containers: RenderedRecord[];
  /**
   * The ids of each container's transport and raw events (in the order their lists give them), by
   * container id; read only when asked for (`withEvents`), for the containers whose linkage the
   * storage does not keep with them (`RenderedRecord.toMany`).
   */
  events?: ReadonlyMap<string, ContainerEventIds>;
}

/** Reads for a JSON:API server's hottest routes, in rendered form: a shipment, and the default listings. */
export interface RenderedReads extends RenderedLists {
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
    ...createRenderedLists(storage),
    async shipment(session, id, options = {}) {
      if (!stored) {
        const shipment = await session.shipments.get(id, { include: ["containers"] });
        const containers = shipment.containers.map((container) => renderRecord(containerResource, container));
        const rendered = { shipment: renderRecord(shipmentResource, shipment), containers };
        if (!options.withEvents || containers.length === 0) return rendered;
        return { ...rendered, events: await eventIds(storage, session.principal.account.id, containers) };
      }
      const accountId = session.principal.account.id;
      const shipment = await stored.shipment(accountId, id);
      if (!shipment) throw new NotFoundError(`No shipment ${id}`);
      const containers = await stored.containersOfShipment(accountId, id);
      if (!options.withEvents || containers.length === 0) return { shipment, containers };
      return { shipment, containers, events: await eventIds(storage, accountId, containers) };
    },
  };
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
  const included = options.includeContainers ? rendered.containers.map((container) => containerText(container, rendered.events)) : [];
  return renderDocument(data, included, options.self);
}
