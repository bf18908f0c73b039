import type { CarrierSnapshotInput, CarrierSource, TransportEventName } from "@bollard/core";

/** EDI 315 status codes, as many carriers' container status feeds send them. */
export type EdiStatusCode = "EE" | "I" | "AE" | "VD" | "VA" | "UV" | "OA" | "RD";

/** A bill of lading as the carrier's (here fictional) tracking API describes it. */
export interface CarrierBill {
  number: string;
  /** UN/LOCODEs of the ports of loading and discharge. */
  origin: string;
  destination: string;
  vessel: { name: string; imo: string; mmsi: string };
  voyage: string;
  /** The carrier's current estimate of arrival at `destination`. */
  eta: string;
  containers: { number: string; isoType: "22G1" | "42G1" | "45G1" }[];
  /** Status lines; the carrier only reports those that have happened. */
  statuses: { container: string; code: EdiStatusCode; at: string; locode: string }[];
}

/** Bollard's name for each EDI status code. */
const EVENT_BY_CODE: Record<EdiStatusCode, TransportEventName> = {
  EE: "container.transport.empty_out",
  I: "container.transport.full_in",
  AE: "container.transport.vessel_loaded",
  VD: "container.transport.vessel_departed",
  VA: "container.transport.vessel_arrived",
  UV: "container.transport.vessel_discharged",
  OA: "container.transport.full_out",
  RD: "container.transport.empty_in",
};

/** ISO 6346 size-type codes: 22G1 is a 20' dry box, 42G1 a 40' one, 45G1 a 40' high cube. */
const EQUIPMENT = {
  "22G1": { equipment_type: "dry", equipment_length: 20, equipment_height: "standard" },
  "42G1": { equipment_type: "dry", equipment_length: 40, equipment_height: "standard" },
  "45G1": { equipment_type: "dry", equipment_length: 40, equipment_height: "high_cube" },
} as const;

/** Turns what the carrier reports by `now` into a Bollard snapshot (everything in it is validated by Bollard). */
export function billSnapshot(bill: CarrierBill, now: Date): CarrierSnapshotInput {
  const statuses = bill.statuses.filter((status) => Date.parse(status.at) <= now.getTime());
  const first = (code: EdiStatusCode) => statuses.find((status) => status.code === code)?.at ?? null;
  return {
    shipment: {
      bill_of_lading_number: bill.number,
      port_of_lading_locode: bill.origin,
      port_of_discharge_locode: bill.destination,
      pol_atd_at: first("VD"),
      pod_eta_at: bill.eta,
      pod_ata_at: first("VA"),
      pod_vessel_imo: bill.vessel.imo,
      pod_vessel_name: bill.vessel.name,
      pod_voyage_number: bill.voyage,
    },
    containers: bill.containers.map((container) => ({
      number: container.number,
      ...EQUIPMENT[container.isoType],
      transport_events: statuses
        .filter((status) => status.container === container.number)
        .map((status) => {
          const onVessel = ["AE", "VD", "VA", "UV"].includes(status.code);
          return { event: EVENT_BY_CODE[status.code], timestamp: status.at, location_locode: status.locode, ...(onVessel && { vessel_imo: bill.vessel.imo, voyage_number: bill.voyage }) };
        }),
    })),
    // Naming the vessel with its MMSI lets Bollard create it, so AIS reports can be pushed for it later.
    vessels: [{ name: bill.vessel.name, imo: bill.vessel.imo, mmsi: bill.vessel.mmsi }],
  };
}

/**
 * A carrier source for one shipping line whose API answers with {@link CarrierBill}s. Here the
 * "API" is an in-memory table; a real source would call the carrier over HTTP in `fetch` and
 * answer `transient` when it is unreachable (Bollard retries those with backoff).
 */
export function ediFeedCarrier(options: { scac: string; bills: readonly CarrierBill[] }): CarrierSource {
  return {
    name: `edi-feed(${options.scac})`,
    // Tracking requests for any other SCAC are refused with a 422 when they are created.
    supports: (scac) => scac === options.scac,
    async fetch(request, { now }) {
      const bill = options.bills.find((candidate) => candidate.number === request.request_number);
      if (request.request_type !== "bill_of_lading" || !bill) return { status: "not_found", reason: "not_found" };
      // Known, but nothing has happened yet: Bollard keeps asking once a day (for up to 7 days by default).
      if (!bill.statuses.some((status) => Date.parse(status.at) <= now.getTime())) return { status: "not_found", reason: "awaiting_manifest" };
      return { status: "found", snapshot: billSnapshot(bill, now) };
    },
  };
}
