import { generateDemoDataset, type Container, type Shipment, type TrackingRequest, type TransportEvent, uuidv7 } from "@bollard/core";
import { containerCheckDigit } from "@bollard/core/schemas";

/** The shipments, containers and events the benchmarks write, cloned from demo templates with fresh ids and numbers. */
export function makeShipments(accountId: string, count: number, containersPerShipment = 3): { shipments: Shipment[]; containers: Container[] } {
  const template = generateDemoDataset({ seed: 7, accountId, now: new Date("2026-11-01T00:00:00Z"), shipments: 12 });
  const shipments: Shipment[] = [];
  const containers: Container[] = [];
  for (let i = 0; i < count; i++) {
    const base = template.shipments[i % template.shipments.length]!;
    const shipment: Shipment = { ...base, id: uuidv7(), bill_of_lading_number: `${base.shipping_line_scac}${String(100_000_000 + i)}`, normalized_number: `${String(100_000_000 + i)}` };
    shipments.push(shipment);
    for (let c = 0; c < containersPerShipment; c++) {
      const baseContainer = template.containers[(i * containersPerShipment + c) % template.containers.length]!;
      const serial = String((i * containersPerShipment + c) % 1_000_000).padStart(6, "0");
      const prefix = `BNCU${serial}`;
      containers.push({ ...baseContainer, id: uuidv7(), shipment_id: shipment.id, number: `${prefix}${containerCheckDigit(prefix)}` });
    }
  }
  return { shipments, containers };
}

/** `count` transport events spread over `containers`, cloned from a demo template. */
export function makeTransportEvents(template: TransportEvent, containers: readonly Container[], count: number): TransportEvent[] {
  const start = Date.parse("2026-01-01T00:00:00Z");
  return Array.from({ length: count }, (_, i) => {
    const container = containers[i % containers.length]!;
    return { ...template, id: uuidv7(), container_id: container.id, shipment_id: container.shipment_id, timestamp: new Date(start + i * 60_000).toISOString() };
  });
}

/** The carriers the refresh benches spread their bills of lading over. */
const BENCH_SCACS = ["MAEU", "MSCU", "CMDU", "HLCU", "COSU", "ONEY", "EGLV", "ZIMU"];

/**
 * The `i`-th pending bill of lading tracking request of the refresh benches: due at `now`, its
 * carrier and number derived from `i`, created up to 19 days before `now`.
 */
export function pendingBillOfLading(accountId: string, i: number, now: string): TrackingRequest {
  const scac = BENCH_SCACS[i % BENCH_SCACS.length]!;
  return {
    id: uuidv7(), account_id: accountId, request_number: `${scac}${String(700_000_000 + i)}`, request_type: "bill_of_lading",
    scac, status: "pending", failed_reason: null, created_at: new Date(Date.parse(now) - (i % 20) * 86_400_000).toISOString(), updated_at: now,
    ref_numbers: [], shipment_tags: [], tags: [], is_retrying: false, retry_count: 0, tracked_object_id: null, tracked_object_type: null,
    customer_id: null, user_id: null, next_attempt_at: now, customer_name: null,
  };
}
