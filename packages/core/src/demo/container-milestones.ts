import type { Container, ContainerHold } from "../domain/container-schema.js";
import type { ContainerStatus } from "../domain/enums.js";
import { NO_CONTAINER_ETA } from "../domain/eta-schema.js";
import type { TransportEvent } from "../domain/transport-event-schema.js";
import { containerStatus } from "../tracking/container-status.js";
import type { TimedMilestone } from "./journey-events.js";
import { DAY, ceilHour, endOfLocalDay, iso } from "./zoned-time.js";

/** Per-container choices (drawn by the caller) that the events alone do not decide. */
export interface ContainerMilestoneContext {
  now: number;
  inland: boolean;
  /** Whether the POD terminal reports availability, holds, fees and yard positions. */
  terminalData: boolean;
  podTimeZone: string;
  destinationTimeZone: string | null;
  railCarrierScac: string | null;
  /** The container's full plan, for estimates of what is still to come. */
  plan: readonly TimedMilestone[];
  /** When the line (and terminal) were last polled; at or before `now`. */
  trackedAt: number;
  holds: ContainerHold[];
  yardSlot: string;
  chassisNumber: string;
  /** Free days the line grants after arrival, when it states a last free day. */
  lineFreeDays: number | null;
  terminalFreeDays: number;
  demurragePerDay: number;
  appointmentAt: number | null;
}

type MilestoneFields = Omit<
  Container,
  "id" | "account_id" | "shipment_id" | "number" | "seal_number" | "created_at" | "updated_at" | "ref_numbers" | "weight_in_lbs"
  | "equipment_type" | "equipment_length" | "equipment_height" | "pod_terminal_id" | "pickup_facility_id" | "pickup_facility_type"
>;

const AT_POD_TERMINAL: readonly ContainerStatus[] = ["grounded", "available", "not_available"];

/** The milestone, availability, deadline, hold and fee attributes of a container, derived from its events. */
export function containerMilestones(events: readonly TransportEvent[], ctx: ContainerMilestoneContext): MilestoneFields {
  const find = (name: string): TransportEvent | undefined => events.find((event) => event.event === `container.transport.${name}`);
  const at = (name: string): number | null => {
    const timestamp = find(name)?.timestamp;
    return timestamp ? Date.parse(timestamp) : null;
  };
  const status = containerStatus(events, ctx.inland);
  const arrived = at("vessel_arrived");
  const discharged = at("vessel_discharged");
  const unloaded = at("rail_unloaded");
  const fullOut = at("full_out");
  const emptyIn = find("empty_in");
  // An inland box leaves the POD terminal on rail; at its ramp it is no longer the terminal's.
  const atTerminal = ctx.terminalData && (ctx.inland ? status === "awaiting_inland_transfer" : AT_POD_TERMINAL.includes(status));

  const terminalLfd = !ctx.inland && ctx.terminalData && discharged !== null ? endOfLocalDay(discharged, ctx.podTimeZone, ctx.terminalFreeDays) : null;
  const lineLfd = ctx.lineFreeDays !== null && arrived !== null && discharged !== null ? endOfLocalDay(arrived, ctx.podTimeZone, ctx.lineFreeDays) : null;
  const railLfd = ctx.inland && unloaded !== null && ctx.destinationTimeZone ? endOfLocalDay(unloaded, ctx.destinationTimeZone, 2) : null;
  const pickupLfd = lineLfd ?? terminalLfd ?? railLfd;
  const overdueDays = atTerminal && !ctx.inland && pickupLfd !== null && ctx.now > pickupLfd ? Math.ceil((ctx.now - pickupLfd) / DAY) : 0;
  const checkedAt = ctx.terminalData && arrived !== null ? iso(Math.max(arrived, ctx.trackedAt)) : null;
  const plannedInlandArrival = ctx.plan.find((milestone) => milestone.kind === "arrived_at_inland_destination")?.at;
  const stamp = (value: number | null): string | null => (value === null ? null : iso(value));

  return {
    ...NO_CONTAINER_ETA,
    current_status: status,
    availability_known: Boolean(find("available") ?? find("not_available")),
    available_for_pickup: status === "available",
    pickup_lfd: stamp(pickupLfd),
    pickup_appointment_at: status === "available" ? stamp(ctx.appointmentAt) : null,
    pod_arrived_at: stamp(arrived),
    pod_discharged_at: stamp(discharged),
    pod_full_out_at: ctx.inland ? null : stamp(fullOut),
    pod_full_out_chassis_number: !ctx.inland && fullOut !== null && ctx.terminalData ? ctx.chassisNumber : null,
    terminal_checked_at: checkedAt,
    location_at_pod_terminal: atTerminal ? ctx.yardSlot : null,
    final_destination_full_out_at: ctx.inland ? stamp(fullOut) : null,
    empty_terminated_at: emptyIn?.timestamp ?? null,
    holds_at_pod_terminal: status === "not_available" ? ctx.holds : [],
    fees_at_pod_terminal: overdueDays > 0 ? [{ type: "demurrage", amount: overdueDays * ctx.demurragePerDay, currency_code: "USD" }] : [],
    pod_timezone: ctx.podTimeZone,
    final_destination_timezone: ctx.inland ? ctx.destinationTimeZone : null,
    empty_terminated_timezone: emptyIn?.timezone ?? null,
    pod_rail_carrier_scac: ctx.inland ? ctx.railCarrierScac : null,
    ind_rail_carrier_scac: ctx.inland ? ctx.railCarrierScac : null,
    pod_last_tracking_request_at: checkedAt,
    shipment_last_tracking_request_at: iso(ctx.trackedAt),
    pod_rail_loaded_at: stamp(at("rail_loaded")),
    pod_rail_departed_at: stamp(at("rail_departed")),
    ind_eta_at: ctx.inland && plannedInlandArrival !== undefined ? iso(ceilHour(plannedInlandArrival)) : null,
    ind_ata_at: stamp(at("arrived_at_inland_destination")),
    ind_rail_unloaded_at: stamp(unloaded),
    ind_facility_lfd_on: stamp(railLfd),
    import_deadlines: { pickup_lfd_terminal: stamp(terminalLfd), pickup_lfd_rail: stamp(railLfd), pickup_lfd_line: stamp(lineLfd) },
    pol_full_in_at: stamp(at("full_in")),
    pol_vessel_loaded_at: stamp(at("vessel_loaded")),
    pol_vessel_departed_at: stamp(at("vessel_departed")),
    empty_out_at: stamp(at("empty_out")),
    delivered_at: stamp(at("delivered")),
    ssl_lfd: stamp(lineLfd),
    rail_last_tracking_request_at: ctx.inland ? iso(ctx.trackedAt) : null,
    ind_facility_holds: ctx.inland && unloaded !== null ? [] : null,
    ind_facility_fees: ctx.inland && unloaded !== null ? [] : null,
  };
}
