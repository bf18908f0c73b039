import type { Shipment } from "../domain/index.js";
import type { Storage } from "../storage/index.js";
import type { ArrivalHistory } from "./eta-accuracy.js";

/** Which arrived shipments accuracy and bias learning read. */
export interface ArrivalFilter {
  /** Only this carrier's (SCAC). */
  carrier?: string;
  /** Only this lane: `POL-POD` UN/LOCODEs (e.g. `CNSHA-USLAX`). */
  lane?: string;
  /** Only arrivals at or after this instant. */
  from?: string;
  /** Only arrivals before this instant. */
  to?: string;
  /** Read only the account's this many newest shipments (bias learning bounds its work so); all of them when absent. */
  newest?: number;
}

/** An arrived shipment's history with what it is grouped by. */
export interface LaneArrivalHistory extends ArrivalHistory {
  /** The shipment, with its carrier and ports. */
  shipment: ArrivalHistory["shipment"] & Pick<Shipment, "shipping_line_scac" | "port_of_lading_locode" | "port_of_discharge_locode">;
}

const PAGE = 100;
const EPOCH = "1970-01-01T00:00:00Z";
const ETA_ATTRIBUTES = new Set(["pod_eta_at", "predicted_eta_at"]);

/** A shipment's lane: `POL-POD`, or null while either port is unknown. */
export const laneOf = (shipment: Pick<Shipment, "port_of_lading_locode" | "port_of_discharge_locode">): string | null =>
  shipment.port_of_lading_locode && shipment.port_of_discharge_locode ? `${shipment.port_of_lading_locode}-${shipment.port_of_discharge_locode}` : null;

function matches(shipment: Shipment, filter: ArrivalFilter): boolean {
  const arrived = shipment.pod_ata_at;
  if (arrived === null) return false;
  if (filter.carrier && shipment.shipping_line_scac !== filter.carrier) return false;
  if (filter.lane && laneOf(shipment) !== filter.lane) return false;
  if (filter.from && Date.parse(arrived) < Date.parse(filter.from)) return false;
  return !(filter.to && Date.parse(arrived) >= Date.parse(filter.to));
}

/**
 * The account's arrived shipments (`pod_ata_at` known) that match `filter`, with the changes of
 * their POD ETAs, a page of shipments at a time: one read per page, one per arrived shipment.
 */
export async function* arrivalHistories(storage: Storage, accountId: string, filter: ArrivalFilter = {}): AsyncIterable<LaneArrivalHistory[]> {
  for (let number = 1; ; number++) {
    const page = await storage.shipments.list(accountId, { page: { number, size: PAGE } });
    const histories: LaneArrivalHistory[] = [];
    for (const shipment of page.items) {
      if (!matches(shipment, filter)) continue;
      const changes = (await storage.changes.listLearnedAfter(accountId, "shipment", shipment.id, EPOCH)).filter((change) => ETA_ATTRIBUTES.has(change.attribute));
      histories.push({ shipment, changes });
    }
    if (histories.length > 0) yield histories;
    if (page.items.length < PAGE || (filter.newest !== undefined && number * PAGE >= filter.newest)) return;
  }
}
