import type { Shipment } from "../domain/index.js";
import type { Storage } from "../storage/index.js";

/** What `locateIngestTarget` looks for: the numbers some pushed data names, in one account. */
export interface IngestReference {
  /** The account whose shipments the data belongs to. */
  accountId: string;
  /** Only this line's tracking requests and shipments; null for any line. */
  scac: string | null;
  /** Transport document and booking numbers the data names. */
  documents: readonly string[];
  /** Container numbers the data names. */
  containers: readonly string[];
}

/** The tracked shipment some data belongs to, as `locateIngestTarget` finds it. */
export interface IngestTarget {
  /** The tracking request to ingest through. */
  trackingRequestId: string;
  /** The shipment it tracks, or null while none is stored. */
  shipment: Shipment | null;
  /** The numbers of the shipment's stored containers, oldest first (none without a shipment). */
  containerNumbers: string[];
}

const PAGE = { number: 1, size: 100 };

/**
 * The tracked shipment data naming these numbers belongs to: the one a tracking request for one of
 * its documents tracks (not failed), else the one with that bill of lading; only when the data
 * names no document at all, the newest shipment with one of its containers (a container is reused
 * by many shipments over time: a document not tracked yet is a new shipment, not an old one with
 * the same box). Each of the reference's line when it has one. Null when none.
 */
export async function locateIngestTarget(storage: Storage, reference: IngestReference): Promise<IngestTarget | null> {
  const { accountId, scac } = reference;
  const ofLine = (shipment: Shipment | null | undefined) => (shipment && shipment.tracking_request_id && (scac === null || shipment.shipping_line_scac === scac) ? shipment : null);
  const target = async (trackingRequestId: string, shipment: Shipment | null): Promise<IngestTarget> => ({
    trackingRequestId,
    shipment,
    containerNumbers: shipment ? (await storage.containers.listByShipments(accountId, [shipment.id])).map((c) => c.number) : [],
  });
  for (const number of new Set(reference.documents)) {
    const requests = await storage.trackingRequests.list(accountId, { page: PAGE, requestNumber: number, ...(scac !== null && { scac }) });
    const request = requests.items.find((r) => r.status !== "failed");
    if (request) return target(request.id, request.tracked_object_id ? await storage.shipments.get(accountId, request.tracked_object_id) : null);
    const shipment = (await storage.shipments.list(accountId, { page: PAGE, number })).items.find(ofLine);
    if (shipment) return target(shipment.tracking_request_id!, shipment);
  }
  if (reference.documents.length > 0) return null;
  for (const number of new Set(reference.containers)) {
    const requests = await storage.trackingRequests.list(accountId, { page: PAGE, requestNumber: number, ...(scac !== null && { scac }) });
    const request = requests.items.find((r) => r.status !== "failed");
    if (request) return target(request.id, request.tracked_object_id ? await storage.shipments.get(accountId, request.tracked_object_id) : null);
    const containers = (await storage.containers.list(accountId, { page: PAGE, number })).items;
    const boxed = (await storage.shipments.getMany(accountId, [...new Set(containers.map((c) => c.shipment_id))])).find(ofLine);
    if (boxed) return target(boxed.tracking_request_id!, boxed);
  }
  return null;
}
