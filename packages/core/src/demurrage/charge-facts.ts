import type { Timestamp } from "../domain/common-schema.js";
import type { Container } from "../domain/container-schema.js";
import type { Shipment } from "../domain/shipment-schema.js";
import type { EquipmentLength, EquipmentType } from "../domain/enums.js";
import type { ChargeMilestone } from "../domain/tariff-schema.js";

/** When a milestone happened, and the time zone of where it happened (`null`: the facility's). */
export interface MilestoneFact {
  /** The instant. */
  at: Timestamp;
  /** The zone of the place, or `null` for {@link ChargeFacts.time_zone}. */
  time_zone: string | null;
}

/** What the demurrage calculation knows of one container: what rules match on, its milestones and the last free days reported. */
export interface ChargeFacts {
  /** The container's id. */
  container_id: string;
  /** Import or export; Bollard's tracked shipments are imports. */
  direction: "import" | "export";
  /** The shipping line. */
  carrier_scac: string | null;
  /** The port where free time runs (the port of discharge for imports). */
  port_locode: string | null;
  /** The terminal where free time runs. */
  terminal_id: string | null;
  /** The shipment's customer. */
  customer_name: string | null;
  /** The equipment type. */
  equipment_type: EquipmentType | null;
  /** The equipment length. */
  equipment_length: EquipmentLength | null;
  /** The facility's IANA time zone; local dates are taken in it. */
  time_zone: string;
  /** True when the facility's zone is unknown and `time_zone` is UTC for want of one. */
  time_zone_assumed?: boolean;
  /** The milestones that happened. */
  milestones: Partial<Record<ChargeMilestone, MilestoneFact>>;
  /** The last free days reported by the shipping line, the terminal and the rail carrier. */
  reported: {
    /** The shipping line's (`import_deadlines.pickup_lfd_line`). */
    line: Timestamp | null;
    /** The POD terminal's. */
    terminal: Timestamp | null;
    /** The rail carrier's. */
    rail: Timestamp | null;
  };
  /** The booked pickup appointment, where projections of pickup charges run to by default. */
  pickup_appointment_at: Timestamp | null;
}

/**
 * The facts of a tracked container: its shipment names the carrier, port and customer; its own
 * attributes give the milestones (`available_for_pickup` is the first availability event, passed in)
 * and the reported last free days. Shipments Bollard tracks are imports.
 */
export function chargeFactsOf(container: Container, shipment: Shipment | null, availableAt: Timestamp | null): ChargeFacts {
  // A box moving inland leaves the POD terminal on rail: that ends the POD's pickup charges.
  const fullOut = container.pod_full_out_at ?? container.pod_rail_loaded_at ?? container.final_destination_full_out_at;
  const milestones: ChargeFacts["milestones"] = {};
  const add = (milestone: ChargeMilestone, at: Timestamp | null, timeZone: string | null = null) => {
    if (at !== null) milestones[milestone] = { at, time_zone: timeZone };
  };
  add("discharge", container.pod_discharged_at);
  add("available_for_pickup", availableAt);
  add("full_out", fullOut, container.pod_full_out_at === null && container.pod_rail_loaded_at === null ? container.final_destination_timezone : null);
  add("empty_return", container.empty_terminated_at, container.empty_terminated_timezone);
  add("empty_out", container.empty_out_at);
  add("full_in", container.pol_full_in_at);
  add("vessel_loaded", container.pol_vessel_loaded_at);
  return {
    container_id: container.id,
    direction: "import",
    carrier_scac: shipment?.shipping_line_scac ?? null,
    port_locode: shipment?.port_of_discharge_locode ?? null,
    terminal_id: container.pod_terminal_id,
    customer_name: shipment?.customer_name ?? null,
    equipment_type: container.equipment_type,
    equipment_length: container.equipment_length,
    time_zone: container.pod_timezone ?? "UTC",
    time_zone_assumed: container.pod_timezone === null,
    milestones,
    reported: { line: container.import_deadlines.pickup_lfd_line, terminal: container.import_deadlines.pickup_lfd_terminal, rail: container.import_deadlines.pickup_lfd_rail },
    pickup_appointment_at: container.pickup_appointment_at,
  };
}
