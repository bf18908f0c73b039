import type { Container, LineTrackingStoppedReason, Shipment } from "../domain/index.js";
import type { RefreshPolicy } from "./refresh-policy.js";

/**
 * Why tracking of a shipment should stop on its own now, or null: every container returned empty,
 * the arrival window passed, or the carrier has reported nothing new for the no-updates window.
 */
export function autoStopReason(shipment: Shipment, containers: readonly Container[], now: number, policy: RefreshPolicy): LineTrackingStoppedReason | null {
  if (containers.length > 0 && containers.every((c) => c.current_status === "empty_returned")) return "all_containers_terminated";
  const arrived = shipment.destination_ata_at ?? shipment.pod_ata_at;
  if (arrived && now - Date.parse(arrived) > policy.arrivalWindowMs) return "past_arrival_window";
  if (now - Date.parse(shipment.updated_at) > policy.noUpdatesWindowMs) return "no_updates_at_line";
  return null;
}
