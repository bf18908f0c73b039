import type { CarrierSnapshotInput, Shipment, Tracker } from "@bollard/core";

/** Whose data pushed events change: an account, and the pushing carrier's SCAC when it is known. */
export interface PushOwner {
  /** The account whose shipments the events update. */
  accountId: string;
  /**
   * The SCAC of the carrier pushing (a subscription's): only that line's tracking requests and
   * shipments are updated, and a transport document nobody tracks yet gets a tracking request.
   * Null for a push made with an API key: the account's shipments of any line, and no new ones.
   */
  scac: string | null;
}

/** The tracked shipment pushed events go to, and what completes their partial snapshot. */
export interface PushTarget {
  /** The tracking request the events are ingested through. */
  trackingRequestId: string;
  /** The numbers of the shipment's stored containers, and its stored ports of lading and discharge (see `SnapshotReference.push`). */
  push: { containers: string[]; ports: { pol: string | null; pod: string | null } };
}

/** A push's snapshot reference when no shipment is stored yet. */
export const NO_STORED_SHIPMENT: PushTarget["push"] = { containers: [], ports: { pol: null, pod: null } };

const PAGE = { number: 1, size: 100 };

/**
 * The tracked shipment of the first of `numbers` that names one in the owner's account: a tracking
 * request of that number (not failed), else a shipment with that bill of lading, else the newest
 * shipment with a container of that number; each of the owner's SCAC when it has one. Null when
 * none does.
 */
export async function pushTarget(tracker: Tracker, owner: PushOwner, numbers: readonly string[]): Promise<PushTarget | null> {
  const { storage } = tracker;
  const { accountId, scac } = owner;
  const ofLine = (shipment: Shipment | null | undefined) => shipment && shipment.tracking_request_id && (scac === null || shipment.shipping_line_scac === scac) ? shipment : null;
  for (const number of new Set(numbers)) {
    const requests = await storage.trackingRequests.list(accountId, { page: PAGE, requestNumber: number, ...(scac !== null && { scac }) });
    const request = requests.items.find((r) => r.status !== "failed");
    if (request) return target(tracker, accountId, request.id, request.tracked_object_id ? await storage.shipments.get(accountId, request.tracked_object_id) : null);
    const shipment = (await storage.shipments.list(accountId, { page: PAGE, number })).items.find(ofLine);
    if (shipment) return target(tracker, accountId, shipment.tracking_request_id!, shipment);
    const containers = (await storage.containers.list(accountId, { page: PAGE, number })).items;
    const boxed = (await storage.shipments.getMany(accountId, [...new Set(containers.map((c) => c.shipment_id))])).find(ofLine);
    if (boxed) return target(tracker, accountId, boxed.tracking_request_id!, boxed);
  }
  return null;
}

async function target(tracker: Tracker, accountId: string, trackingRequestId: string, shipment: Shipment | null): Promise<PushTarget> {
  if (!shipment) return { trackingRequestId, push: NO_STORED_SHIPMENT };
  const containers = (await tracker.storage.containers.listByShipments(accountId, [shipment.id])).map((c) => c.number);
  return { trackingRequestId, push: { containers, ports: { pol: shipment.port_of_lading_locode, pod: shipment.port_of_discharge_locode } } };
}

/**
 * Ingests one shipment's pushed events (as a partial snapshot) through `tracker.ingest`: through
 * the target's tracking request, else, for an owner with a SCAC and events naming a transport
 * document, through a tracking request made for it. Returns false when the events had nowhere to
 * go. Core's errors (a 422 for a stopped shipment or a snapshot it refuses) are thrown.
 */
export async function ingestPush(tracker: Tracker, owner: PushOwner, target: PushTarget | null, snapshot: CarrierSnapshotInput, namesTransportDocument: boolean): Promise<boolean> {
  if (target) {
    await tracker.ingest.snapshot({ accountId: owner.accountId, trackingRequestId: target.trackingRequestId, snapshot });
    return true;
  }
  if (owner.scac === null || !namesTransportDocument) return false;
  await tracker.ingest.snapshot({ accountId: owner.accountId, scac: owner.scac, snapshot });
  return true;
}
