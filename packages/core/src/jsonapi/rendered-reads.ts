import { NotFoundError } from "../errors/index.js";
import type { Session } from "../services/session.js";
import type { RenderedRecord, Storage } from "../storage/storage.js";
import { identifiersOf, renderDocument, renderRecord, renderResource } from "./rendered.js";
import { containerResource, shipmentResource } from "./resources.js";

/** A shipment and its containers in rendered form. */
export interface RenderedShipment {
  /** The shipment. */
  shipment: RenderedRecord;
  /** Its containers, oldest first. */
  containers: RenderedRecord[];
}

/** Reads for a JSON:API server's hottest route, in rendered form. */
export interface RenderedReads {
  /**
   * The session account's shipment with its containers: from the storage's stored renderings
   * when it keeps them (`Storage.renderings`), else rendered from the records the session reads.
   * 404 when the shipment is not the account's.
   */
  shipment(session: Session, id: string): Promise<RenderedShipment>;
}

/**
 * Creates the rendered reads over a tracker's storage. A storage that keeps renderings answers
 * without parsing or serializing records; any other storage gives the same text, rendered on read.
 */
export function createRenderedReads(storage: Storage): RenderedReads {
  const stored = storage.renderings;
  return {
    async shipment(session, id) {
      if (!stored) {
        const shipment = await session.shipments.get(id, { include: ["containers"] });
        return { shipment: renderRecord(shipmentResource, shipment), containers: shipment.containers.map((container) => renderRecord(containerResource, container)) };
      }
      const accountId = session.principal.account.id;
      const shipment = await stored.shipment(accountId, id);
      if (!shipment) throw new NotFoundError(`No shipment ${id}`);
      return { shipment, containers: await stored.containersOfShipment(accountId, id) };
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
  const included = options.includeContainers ? rendered.containers.map((container) => renderResource(containerResource, container)) : [];
  return renderDocument(data, included, options.self);
}
