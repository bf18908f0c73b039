import { sampleDemurragePerDay } from "../demurrage/sample-tariffs.js";
import type { Container, ContainerHold } from "../domain/container-schema.js";
import type { EquipmentHeight, EquipmentLength, EquipmentType } from "../domain/enums.js";
import type { RawEvent } from "../domain/raw-event-schema.js";
import type { Shipment } from "../domain/shipment-schema.js";
import { NO_SHIPMENT_ETA } from "../domain/eta-schema.js";
import { withContainerDelays, withShipmentDelays } from "../eta/eta-delay.js";
import type { TrackingRequest } from "../domain/tracking-request-schema.js";
import type { TransportEvent } from "../domain/transport-event-schema.js";
import { shippingLineByScac } from "../reference/index.js";
import { normalizeNumber } from "../tracking/shipment-fields.js";
import { carrierStyle, containerNumber } from "./carrier-styles.js";
import { containerMilestones } from "./container-milestones.js";
import { containerEvents, type TimedMilestone } from "./journey-events.js";
import type { Rng } from "./random.js";
import type { SailingLeg } from "./sailings.js";
import type { ShipmentJourney } from "./shipment-journey.js";
import { DAY, HOUR, MINUTE, ceilHour, iso } from "./zoned-time.js";

/** The records of one demo shipment. */
export interface ShipmentRecords {
  trackingRequest: TrackingRequest;
  shipment: Shipment;
  containers: Container[];
  transportEvents: TransportEvent[];
  rawEvents: RawEvent[];
}

/** What building a shipment's records needs besides its journey. */
export interface ShipmentRecordsContext {
  rng: Rng;
  newId: () => string;
  accountId: string;
  now: number;
  /** Container numbers already used in the data set; extended with the new ones. */
  usedNumbers: Set<string>;
}

// Fictional consignees; real company names would make the demo look like customer data.
const CUSTOMERS = [
  "Acme Imports LLC", "Northwind Traders", "Blue Ridge Outfitters", "Harbor Home Furnishings",
  "Great Lakes Auto Parts", "Pacific Coast Produce", "Summit Electronics Inc.", "Lone Pine Apparel",
] as const;

type Equipment = readonly [EquipmentType, EquipmentLength, EquipmentHeight];
// Weighted by how often each box turns up: forty-foot high cubes dominate.
const EQUIPMENT: readonly Equipment[] = [
  ["dry", 40, "high_cube"], ["dry", 40, "high_cube"], ["dry", 40, "high_cube"], ["dry", 40, "high_cube"],
  ["dry", 40, "standard"], ["dry", 40, "standard"], ["dry", 20, "standard"], ["dry", 20, "standard"],
  ["dry", 20, "standard"], ["reefer", 40, "high_cube"], ["dry", 45, "high_cube"], ["open top", 40, "standard"],
  ["flat rack", 40, "standard"], ["tank", 20, "standard"],
];

const HOLDS: readonly ContainerHold[] = [
  { name: "freight", status: "hold", description: "" },
  { name: "other", status: "hold", description: "DOWN - Broken Machine Over Pile" },
];

/** Turns an available container with pickup still ahead into one held at the terminal, and draws its holds. */
function drawHolds(rng: Rng, plan: TimedMilestone[], now: number, eligible: boolean): { plan: TimedMilestone[]; holds: ContainerHold[] } {
  const available = plan.find((milestone) => milestone.kind === "available");
  const fullOut = plan.find((milestone) => milestone.kind === "full_out");
  if (!eligible || !available || available.at > now || !fullOut || fullOut.at <= now || !rng.chance(0.35)) return { plan, holds: [] };
  const holds: ContainerHold[] = [{ name: "customs", status: "hold", description: "" }];
  if (rng.chance(0.3)) holds.push(rng.pick(HOLDS));
  return { plan: plan.map((milestone) => (milestone === available ? { ...milestone, kind: "not_available" } : milestone)), holds };
}

function cargoWeight(rng: Rng, [type, length]: Equipment): number {
  if (type === "tank") return rng.int(30_000, 52_000);
  return length === 20 ? rng.int(9_000, 47_000) : rng.int(12_000, 58_000);
}

/** Where a box is picked up: the POD terminal, or on a rail move the inland ramp once a rail event names it. */
function pickupFacility(id: string | null, inland: boolean): Pick<Container, "pickup_facility_id" | "pickup_facility_type"> {
  return { pickup_facility_id: id, pickup_facility_type: id === null ? null : inland ? "rail_terminal" : "terminal" };
}

/** Builds the tracking request, shipment, containers and events of one journey. */
export function shipmentRecords(journey: ShipmentJourney, ctx: ShipmentRecordsContext): ShipmentRecords {
  const { rng, now } = ctx;
  const { sailing, inland } = journey;
  const legs = sailing.legs;
  const first = legs[0] as SailingLeg;
  const last = legs[legs.length - 1] as SailingLeg;
  const createdAt = Math.min(now, sailing.departAt + journey.pace.createdAt);
  const trackedAt = Math.max(createdAt + MINUTE, now - rng.int(3, 180) * MINUTE);
  const succeededAt = Math.min(now, trackedAt + rng.int(1, 5) * 1000);
  const style = carrierStyle(journey.carrier);
  const line = shippingLineByScac(journey.carrier);
  if (!line) throw new Error(`demo carrier ${journey.carrier} is missing from the reference data`);
  const billOfLading = style.billOfLading(rng, first.from.code, new Date(createdAt));
  const customer = rng.pick(CUSTOMERS);
  const refNumbers = rng.chance(0.6) ? [`PO-${rng.int(10_000, 99_999)}`] : [];
  const coast = last.to.country_code === "US" ? (last.to.longitude < -100 ? "west-coast" : "east-coast") : "export";
  const tags = [...(rng.chance(0.5) ? [coast] : []), ...(rng.chance(0.2) ? ["priority"] : []), ...(inland ? ["inland"] : [])];
  const trackingRequestId = ctx.newId();
  const shipmentId = ctx.newId();

  const etd = ceilHour(first.departAt);
  const eta = ceilHour(last.arriveAt);
  // Some shipments show a changed schedule: the first ETA (or ETD) the line gave differs from the latest.
  const originalEta = rng.chance(0.45) ? eta - rng.pick([-1, 1, 2, 3, 4]) * DAY : eta;
  const originalEtd = rng.chance(0.3) ? etd - rng.int(1, 3) * DAY : etd;
  const inlandArrivals = journey.plans.flatMap((plan) => plan.filter((m) => m.kind === "arrived_at_inland_destination").map((m) => m.at));
  const firstInlandArrival = inlandArrivals.length ? Math.min(...inlandArrivals) : null;

  const containers: Container[] = [];
  const transportEvents: TransportEvent[] = [];
  const rawEvents: RawEvent[] = [];
  for (const draftPlan of journey.plans) {
    const containerId = ctx.newId();
    const { plan, holds } = drawHolds(rng, draftPlan, now, !inland && journey.pace.terminalData);
    const events = containerEvents(plan, {
      rng, newId: ctx.newId, now, accountId: ctx.accountId, shipmentId, containerId, sailing,
      inland: inland ? { metro: inland.metro, railTerminal: inland.railTerminal } : null,
      family: style.wording, sources: journey.sources, trackedAt, provider: { code: line.scac, name: line.short_name },
    });
    transportEvents.push(...events.transportEvents);
    rawEvents.push(...events.rawEvents);
    const equipment = rng.pick(EQUIPMENT);
    let number = containerNumber(rng, style);
    while (ctx.usedNumbers.has(number)) number = containerNumber(rng, style);
    ctx.usedNumbers.add(number);
    const milestones = containerMilestones(events.transportEvents, {
      now, inland: inland !== null, terminalData: journey.pace.terminalData, podTimeZone: last.to.time_zone,
      destinationTimeZone: inland?.metro.time_zone ?? null, railCarrierScac: inland?.operator.scac ?? null, plan, trackedAt, holds,
      yardSlot: `Yard ${rng.pick(["A", "B", "C", "D", "E", "F"])}-${rng.int(1, 40)}`,
      chassisNumber: `${rng.pick(["TRAZ", "DCLZ", "FLXZ", "MCHZ"])}${rng.int(100_000, 999_999)}`,
      lineFreeDays: rng.chance(0.3) ? rng.int(4, 7) : null,
      terminalFreeDays: rng.int(3, 5),
      demurragePerDay: sampleDemurragePerDay(equipment[0], equipment[1]),
      appointmentAt: rng.chance(0.35) ? ceilHour(now + rng.int(18, 72) * HOUR) : null,
    });
    containers.push({
      number,
      seal_number: style.sealNumber(rng, first.from.code),
      created_at: iso(createdAt),
      ref_numbers: [],
      weight_in_lbs: cargoWeight(rng, equipment),
      equipment_type: equipment[0],
      equipment_length: equipment[1],
      equipment_height: equipment[2],
      ...milestones,
      id: containerId,
      account_id: ctx.accountId,
      updated_at: iso(succeededAt),
      shipment_id: shipmentId,
      pod_terminal_id: sailing.podTerminal?.id ?? null,
      ...pickupFacility(inland ? (events.transportEvents.some((e) => e.terminal_type === "rail_terminal") ? inland.railTerminal.id : null) : (sailing.podTerminal?.id ?? null), inland !== null),
    });
  }

  const shipment: Shipment = {
    ...NO_SHIPMENT_ETA,
    created_at: iso(createdAt),
    ref_numbers: refNumbers,
    tags,
    bill_of_lading_number: billOfLading,
    normalized_number: normalizeNumber(billOfLading, line.scac),
    shipping_line_scac: line.scac,
    shipping_line_name: line.name,
    shipping_line_short_name: line.short_name,
    customer_name: customer,
    port_of_lading_locode: first.from.code,
    port_of_lading_name: first.from.name,
    port_of_discharge_locode: last.to.code,
    port_of_discharge_name: last.to.name,
    pod_vessel_name: last.vessel.name,
    pod_vessel_imo: last.vessel.imo,
    pod_voyage_number: last.voyageNumber,
    destination_locode: inland?.metro.code ?? null,
    destination_name: inland?.metro.name ?? null,
    destination_timezone: inland?.metro.time_zone ?? null,
    destination_eta_at: inland && inlandArrivals.length ? iso(ceilHour(Math.max(...inlandArrivals))) : null,
    destination_original_eta_at: inland && inlandArrivals.length ? iso(ceilHour(Math.max(...inlandArrivals))) : null,
    destination_ata_at: firstInlandArrival !== null && firstInlandArrival <= now ? iso(firstInlandArrival) : null,
    pol_etd_at: iso(etd),
    pol_atd_at: first.departAt <= now ? iso(first.departAt) : null,
    pol_timezone: first.from.time_zone,
    pod_eta_at: iso(eta),
    pod_original_eta_at: iso(originalEta),
    pod_ata_at: last.arriveAt <= now ? iso(last.arriveAt) : null,
    pod_timezone: last.to.time_zone,
    line_tracking_last_attempted_at: iso(trackedAt),
    line_tracking_last_succeeded_at: iso(succeededAt),
    line_tracking_stopped_at: null,
    line_tracking_stopped_reason: null,
    id: shipmentId,
    account_id: ctx.accountId,
    updated_at: iso(succeededAt),
    tracking_request_id: trackingRequestId,
    port_of_lading_id: first.from.id,
    port_of_discharge_id: last.to.id,
    pod_terminal_id: sailing.podTerminal?.id ?? null,
    destination_id: inland?.metro.id ?? null,
    destination_type: inland ? "metro_area" : null,
    destination_terminal_id: inland?.railTerminal.id ?? null,
    destination_terminal_type: inland ? "rail_terminal" : null,
    line_tracking_stopped_by_user_id: null,
    pod_vessel_id: last.vesselId,
    dates_reported_at: null,
    pol_original_etd_at: iso(originalEtd),
  };

  const trackingRequest: TrackingRequest = {
    request_number: billOfLading,
    request_type: "bill_of_lading",
    scac: line.scac,
    status: "created",
    failed_reason: null,
    created_at: iso(createdAt - rng.int(1, 20) * MINUTE),
    updated_at: iso(createdAt),
    ref_numbers: [...refNumbers],
    shipment_tags: [...tags],
    tags: [...tags],
    is_retrying: false,
    retry_count: null,
    id: trackingRequestId,
    account_id: ctx.accountId,
    tracked_object_id: shipmentId,
    tracked_object_type: "shipment",
    customer_id: null,
    user_id: null,
    // Demo numbers are not real bookings: the scheduler must never poll a carrier for them.
    next_attempt_at: null,
    customer_name: customer,
  };
  // The delays as a refresh would state them (first tracked now: the current ETAs are the departure baselines).
  const delayed = withShipmentDelays(shipment, null);
  return { trackingRequest, shipment: delayed, containers: containers.map((container) => withContainerDelays(container, null, delayed)), transportEvents, rawEvents };
}
