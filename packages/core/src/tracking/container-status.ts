import type { ContainerStatus } from "../domain/enums.js";
import type { TransportEvent } from "../domain/transport-event-schema.js";

/**
 * The `current_status` after a container's transport events (in time order), per the reference's
 * triggers: on_ship on loading, grounded (or awaiting_inland_transfer) on discharge, on_rail on
 * rail moves, grounded again when unloaded inland, picked_up on full_out, empty_returned on empty_in.
 */
export function containerStatus(events: readonly Pick<TransportEvent, "event">[], inland: boolean): ContainerStatus {
  let status: ContainerStatus = "new";
  for (const { event } of events) {
    const name = event.replace(/^container\.transport\./, "");
    if (["vessel_loaded", "vessel_departed", "feeder_loaded", "feeder_departed", "transshipment_loaded", "transshipment_departed"].includes(name)) status = "on_ship";
    else if (name === "vessel_discharged") status = inland ? "awaiting_inland_transfer" : "grounded";
    else if (name === "available") status = "available";
    else if (name === "not_available") status = "not_available";
    else if (["rail_loaded", "rail_departed", "rail_arrived", "arrived_at_inland_destination"].includes(name)) status = "on_rail";
    else if (name === "rail_unloaded") status = "grounded";
    else if (name === "full_out") status = "picked_up";
    else if (name === "empty_in") status = "empty_returned";
  }
  return status;
}
