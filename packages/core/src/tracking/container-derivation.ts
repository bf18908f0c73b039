import { containerStatus } from "./container-status.js";
import { NO_CONTAINER_ETA, type Container, type ContainerStatus, type TransportEvent } from "../domain/index.js";

/** What deriving a container's milestone fields needs to know about its shipment. */
export interface DerivationContext {
  /** UN/LOCODE of the port of lading, when known. */
  polLocode: string | null;
  /** UN/LOCODE of the port of discharge, when known. */
  podLocode: string | null;
  podTimezone: string | null;
  /** The container continues inland (by rail) after the port of discharge. */
  inland: boolean;
  destinationTimezone: string | null;
}

const AT_POD_TERMINAL: readonly ContainerStatus[] = ["grounded", "available", "not_available"];

const named = (events: readonly TransportEvent[], name: string, locode?: string | null) => {
  const matching = events.filter((e) => e.event === `container.transport.${name}` && (!locode || !e.location_locode || e.location_locode === locode));
  return matching.at(-1);
};

/**
 * The fields of a container that follow from its transport events (in time order) and the
 * carrier-reported attributes already on it: milestone timestamps at the POL, the POD and inland,
 * the pickup facility (the inland ramp on a rail move), the line's and the rail's last free days,
 * `current_status` per the reference's triggers, availability, and the coalesced `pickup_lfd`
 * (line, then terminal, then rail).
 */
export function deriveContainer(container: Container, allEvents: readonly TransportEvent[], ctx: DerivationContext): Container {
  // A milestone reported again at another time replaces its earlier version.
  const superseded = new Set(allEvents.map((e) => e.previous_version_id).filter((id) => id));
  const events = superseded.size === 0 ? allEvents : allEvents.filter((e) => !superseded.has(e.id));
  const stamp = (name: string, locode?: string | null) => named(events, name, locode)?.timestamp ?? null;
  let status = containerStatus(events, ctx.inland);
  const atTerminal = AT_POD_TERMINAL.includes(status);
  const availabilityReported = container.availability_known || events.some((e) => /\.(not_)?available$/.test(e.event));
  if (atTerminal && container.availability_known) {
    status = container.available_for_pickup && container.holds_at_pod_terminal.length === 0 ? "available" : "not_available";
  }
  const emptyIn = named(events, "empty_in");
  const first = (name: string, locode: string | null) => events.find((e) => e.event === `container.transport.${name}` && (!locode || !e.location_locode || e.location_locode === locode))?.timestamp ?? null;
  const rampFacility = ctx.inland ? events.filter((e) => e.terminal_type === "rail_terminal" && e.terminal_id !== null).at(-1) : undefined;
  const fullOut = stamp("full_out");
  const deadlines = container.import_deadlines;
  return {
    ...container,
    current_status: status,
    availability_known: availabilityReported,
    available_for_pickup: status === "available",
    pickup_lfd: deadlines.pickup_lfd_line ?? deadlines.pickup_lfd_terminal ?? deadlines.pickup_lfd_rail,
    pod_arrived_at: stamp("vessel_arrived", ctx.podLocode),
    pod_discharged_at: stamp("vessel_discharged", ctx.podLocode),
    pod_full_out_at: ctx.inland ? null : fullOut,
    final_destination_full_out_at: ctx.inland ? fullOut : null,
    empty_terminated_at: emptyIn?.timestamp ?? null,
    empty_terminated_timezone: emptyIn?.timezone ?? null,
    pod_timezone: ctx.podTimezone,
    final_destination_timezone: ctx.inland ? ctx.destinationTimezone : null,
    pod_rail_loaded_at: stamp("rail_loaded"),
    pod_rail_departed_at: stamp("rail_departed"),
    ind_ata_at: stamp("arrived_at_inland_destination") ?? stamp("rail_arrived"),
    ind_rail_unloaded_at: stamp("rail_unloaded"),
    location_at_pod_terminal: atTerminal ? container.location_at_pod_terminal : null,
    ind_facility_lfd_on: deadlines.pickup_lfd_rail,
    ssl_lfd: deadlines.pickup_lfd_line,
    pol_full_in_at: first("full_in", ctx.polLocode),
    pol_vessel_loaded_at: first("vessel_loaded", ctx.polLocode),
    pol_vessel_departed_at: first("vessel_departed", ctx.polLocode),
    empty_out_at: first("empty_out", null),
    delivered_at: stamp("delivered"),
    // On a rail move the box is picked up at the inland ramp, once a rail event names it.
    pickup_facility_id: ctx.inland ? (rampFacility?.terminal_id ?? null) : container.pod_terminal_id,
    pickup_facility_type: ctx.inland ? (rampFacility ? "rail_terminal" : null) : container.pod_terminal_id ? "terminal" : null,
  };
}

/** A new container as first reported: everything unknown until the snapshot and events fill it. */
export function blankContainer(fields: Pick<Container, "id" | "account_id" | "shipment_id" | "number" | "created_at">): Container {
  return {
    ...NO_CONTAINER_ETA,
    ...fields,
    updated_at: fields.created_at,
    seal_number: null,
    ref_numbers: [],
    weight_in_lbs: null,
    equipment_type: null,
    equipment_length: null,
    equipment_height: null,
    current_status: "new",
    availability_known: false,
    available_for_pickup: false,
    pickup_lfd: null,
    pickup_appointment_at: null,
    pod_arrived_at: null,
    pod_discharged_at: null,
    pod_full_out_at: null,
    pod_full_out_chassis_number: null,
    terminal_checked_at: null,
    location_at_pod_terminal: null,
    final_destination_full_out_at: null,
    empty_terminated_at: null,
    holds_at_pod_terminal: [],
    fees_at_pod_terminal: [],
    pod_timezone: null,
    final_destination_timezone: null,
    empty_terminated_timezone: null,
    pod_rail_carrier_scac: null,
    ind_rail_carrier_scac: null,
    pod_last_tracking_request_at: null,
    shipment_last_tracking_request_at: null,
    pod_rail_loaded_at: null,
    pod_rail_departed_at: null,
    ind_eta_at: null,
    ind_ata_at: null,
    ind_rail_unloaded_at: null,
    ind_facility_lfd_on: null,
    import_deadlines: { pickup_lfd_terminal: null, pickup_lfd_rail: null, pickup_lfd_line: null },
    pol_full_in_at: null,
    pol_vessel_loaded_at: null,
    pol_vessel_departed_at: null,
    empty_out_at: null,
    delivered_at: null,
    ssl_lfd: null,
    rail_last_tracking_request_at: null,
    ind_facility_holds: null,
    ind_facility_fees: null,
    pod_terminal_id: null,
    pickup_facility_id: null,
    pickup_facility_type: null,
  };
}
