import type { Shipment } from "../domain/shipment-schema.js";
import { delayHours } from "../eta/eta-delay.js";

/** How late a shipment's current ETA is against the first ETA Bollard learned, on its worse leg. */
export interface EtaSlip {
  /** `pod` (port of discharge) or `destination` (inland). */
  leg: "pod" | "destination";
  /** Hours later than the first ETA (negative: earlier). */
  delay_hours: number;
  /** The first ETA Bollard learned for the leg. */
  first_eta_at: string;
  /** The current ETA. */
  eta_at: string;
}

/**
 * The slip of the current ETA against the first one Bollard learned (`pod_eta_at` −
 * `pod_original_eta_at`, `destination_eta_at` − `destination_original_eta_at`, in hours to one
 * decimal, as the ETA delay figures count it: `delayHours` of eta/eta-delay.ts) on each leg not yet
 * arrived, the later of the two (pure); null when neither leg has both dates or both arrived.
 */
export function etaSlipOf(shipment: Pick<Shipment, "pod_eta_at" | "pod_original_eta_at" | "pod_ata_at" | "destination_eta_at" | "destination_original_eta_at" | "destination_ata_at">): EtaSlip | null {
  const pod = shipment.pod_ata_at === null ? delayHours(null, shipment.pod_eta_at, shipment.pod_original_eta_at ?? null) : null;
  const destination = shipment.destination_ata_at === null ? delayHours(null, shipment.destination_eta_at, shipment.destination_original_eta_at ?? null) : null;
  if (destination !== null && (pod === null || destination > pod)) return { leg: "destination", delay_hours: destination, first_eta_at: shipment.destination_original_eta_at!, eta_at: shipment.destination_eta_at! };
  if (pod !== null) return { leg: "pod", delay_hours: pod, first_eta_at: shipment.pod_original_eta_at!, eta_at: shipment.pod_eta_at! };
  return null;
}
