import type { Rng } from "./random.js";
import type { TradeLane } from "./voyages.js";
import { DAY, HOUR, MINUTE } from "./zoned-time.js";

/** Where a demo shipment stands at `now`. */
export type JourneyStage =
  | "not_departed"
  | "at_sea"
  | "transshipping"
  | "arrived"
  | "discharged"
  | "awaiting_rail"
  | "picked_up"
  | "empty_returned"
  | "on_rail"
  | "at_inland_destination";

/** Every stage, in journey order. */
export const JOURNEY_STAGES: readonly JourneyStage[] = [
  "not_departed", "at_sea", "transshipping", "arrived", "discharged", "awaiting_rail", "on_rail", "at_inland_destination",
  "picked_up", "empty_returned",
];

/**
 * Whether a lane's shape allows the stage: transshipping needs two legs, the rail stages an inland
 * leg, and `discharged` (waiting at the POD for a truck) a lane without one.
 */
export function laneSupportsStage(lane: TradeLane, stage: JourneyStage): boolean {
  if (stage === "transshipping") return lane.legs.length > 1;
  if (stage === "awaiting_rail" || stage === "on_rail" || stage === "at_inland_destination") return lane.inland !== null;
  if (stage === "discharged") return lane.inland === null;
  return true;
}

/** A container milestone, named as the transport event it becomes (without `container.transport.`). */
export type MilestoneKind =
  | "empty_out" | "full_in" | "vessel_loaded" | "vessel_departed"
  | "transshipment_arrived" | "transshipment_discharged" | "transshipment_loaded" | "transshipment_departed"
  | "vessel_arrived" | "vessel_berthed" | "vessel_discharged" | "available" | "not_available"
  | "rail_loaded" | "rail_departed" | "rail_arrived" | "arrived_at_inland_destination" | "rail_unloaded"
  | "full_out" | "delivered" | "empty_in";

/** One planned milestone of one container; `at` is milliseconds after the first vessel departure. */
export interface PlannedMilestone {
  kind: MilestoneKind;
  at: number;
  /** UN/LOCODE of the port, or of the metro area when `inland`. */
  locode: string;
  inland: boolean;
  /** The facility it happens at: the POD terminal, the inland rail ramp, or none known. */
  facility: "pod_terminal" | "rail_terminal" | null;
  /** Index of the ocean leg whose vessel is involved, or null. */
  leg: number | null;
}

/** The shared timing of one sailing, relative to its first departure. */
export interface SailingShape {
  legs: { departAt: number; arriveAt: number }[];
  /** When the last vessel berths at the port of discharge. */
  berthAt: number;
}

/** Shipment-wide paces that its containers jitter around. */
export interface ShipmentPace {
  /** When the shipment was created (negative: before the departure). */
  createdAt: number;
  emptyOutLeadDays: number;
  pickupDays: number;
  returnDays: number;
  railLoadDays: number;
  railDays: number;
  /** Which ocean leg an `at_sea` shipment is on. */
  atSeaLeg: number;
  /** Whether the port of discharge reports terminal data (availability, holds, fees). */
  terminalData: boolean;
}

const minutes = (ms: number): number => Math.round(ms / MINUTE) * MINUTE;

/** Draws the leg timings of a new sailing of `lane`. */
export function sailingShape(rng: Rng, lane: TradeLane): SailingShape {
  const legs: SailingShape["legs"] = [];
  let departAt = 0;
  for (const leg of lane.legs) {
    const arriveAt = minutes(departAt + rng.int(leg.transitDays[0], leg.transitDays[1]) * DAY + rng.int(-10, 10) * HOUR);
    legs.push({ departAt, arriveAt });
    // Connections at a transshipment hub take three to seven days.
    departAt = minutes(arriveAt + rng.float(3, 7) * DAY);
  }
  const last = legs[legs.length - 1] as SailingShape["legs"][number];
  return { legs, berthAt: minutes(last.arriveAt + rng.float(2, 10) * HOUR) };
}

/** Draws the shipment-wide paces; boxes found waiting at the terminal tend to be the slow ones. */
export function shipmentPace(rng: Rng, lane: TradeLane, terminalData: boolean, stage: JourneyStage): ShipmentPace {
  const emptyOutLeadDays = rng.float(4, 9);
  return {
    createdAt: minutes(-(emptyOutLeadDays + 0.5 + rng.float(1, 3)) * DAY),
    emptyOutLeadDays,
    // Some boxes sit past their last free day (holds, no truck), so demurrage shows up.
    pickupDays: lane.inland ? rng.float(1, 4) : stage === "discharged" ? rng.float(5, 12) : rng.float(2, 9),
    returnDays: rng.float(2, 7),
    railLoadDays: rng.float(1, 3),
    railDays: lane.inland ? rng.float(lane.inland.railDays[0], lane.inland.railDays[1]) : 0,
    atSeaLeg: rng.int(0, lane.legs.length - 1),
    terminalData,
  };
}

/** Plans every milestone of one container, in journey order with strictly increasing times. */
export function planContainer(rng: Rng, lane: TradeLane, shape: SailingShape, pace: ShipmentPace): PlannedMilestone[] {
  const plan: PlannedMilestone[] = [];
  const add = (kind: MilestoneKind, at: number, locode: string, leg: number | null, facility: PlannedMilestone["facility"] = null, inland = false): number => {
    const previous = plan[plan.length - 1]?.at ?? -Infinity;
    const time = Math.max(minutes(at), previous + MINUTE);
    plan.push({ kind, at: time, locode, inland, facility, leg });
    return time;
  };
  const jitter = (hours: number): number => rng.float(-hours, hours) * HOUR;
  const first = lane.legs[0] as TradeLane["legs"][number];
  const emptyOut = add("empty_out", -pace.emptyOutLeadDays * DAY + jitter(12), first.from, null);
  add("full_in", rng.float(emptyOut + 12 * HOUR, -40 * HOUR), first.from, null);
  add("vessel_loaded", -rng.float(2, 36) * HOUR, first.from, 0);
  add("vessel_departed", 0, first.from, 0);
  for (let i = 1; i < lane.legs.length; i += 1) {
    const hub = (lane.legs[i] as TradeLane["legs"][number]).from;
    const inbound = shape.legs[i - 1] as SailingShape["legs"][number];
    const outbound = shape.legs[i] as SailingShape["legs"][number];
    add("transshipment_arrived", inbound.arriveAt, hub, i - 1);
    add("transshipment_discharged", inbound.arriveAt + rng.float(3, 30) * HOUR, hub, i - 1);
    add("transshipment_loaded", outbound.departAt - rng.float(2, 30) * HOUR, hub, i);
    add("transshipment_departed", outbound.departAt, hub, i);
  }
  const lastLeg = lane.legs.length - 1;
  const pod = (lane.legs[lastLeg] as TradeLane["legs"][number]).to;
  const podFacility = pace.terminalData ? "pod_terminal" : null;
  add("vessel_arrived", (shape.legs[lastLeg] as SailingShape["legs"][number]).arriveAt, pod, lastLeg);
  add("vessel_berthed", shape.berthAt, pod, lastLeg, podFacility);
  const discharged = add("vessel_discharged", shape.berthAt + rng.float(3, 30) * HOUR, pod, lastLeg, podFacility);
  let fullOut: number;
  let place = pod;
  let inland = false;
  let facility: PlannedMilestone["facility"] = podFacility;
  if (lane.inland) {
    const metro = lane.inland.metroArea;
    const loaded = add("rail_loaded", discharged + pace.railLoadDays * DAY + jitter(8), pod, null, podFacility);
    const departed = add("rail_departed", loaded + rng.float(3, 12) * HOUR, pod, null, podFacility);
    const arrived = add("rail_arrived", departed + pace.railDays * DAY + jitter(6), metro, null, "rail_terminal", true);
    const atDestination = add("arrived_at_inland_destination", arrived + rng.float(10, 40) * MINUTE, metro, null, "rail_terminal", true);
    const unloaded = add("rail_unloaded", atDestination + rng.float(2, 10) * HOUR, metro, null, "rail_terminal", true);
    add("available", unloaded + rng.float(1, 4) * HOUR, metro, null, "rail_terminal", true);
    fullOut = unloaded + pace.pickupDays * DAY + jitter(6);
    [place, inland, facility] = [metro, true, "rail_terminal"];
  } else {
    if (pace.terminalData) add("available", discharged + rng.float(1, 8) * HOUR, pod, null, podFacility);
    fullOut = discharged + pace.pickupDays * DAY + jitter(12);
  }
  const out = add("full_out", fullOut, place, null, facility, inland);
  // Empties go back to a depot in the same place, not to the terminal.
  add("empty_in", out + pace.returnDays * DAY + jitter(12), place, null, null, inland);
  return plan;
}

const timesOf = (plans: readonly PlannedMilestone[][], kind: MilestoneKind): number[] =>
  plans.flatMap((plan) => plan.filter((milestone) => milestone.kind === kind).map((milestone) => milestone.at));

/**
 * The span of time (relative to the first departure) during which every container of the
 * shipment has entered `stage` and none has left it; `to` may not exceed `from` when jitter overlaps.
 */
export function stageWindow(stage: JourneyStage, plans: readonly PlannedMilestone[][], shape: SailingShape, pace: ShipmentPace): { from: number; to: number } {
  const latest = (kind: MilestoneKind): number => Math.max(...timesOf(plans, kind));
  const earliest = (kind: MilestoneKind): number => Math.min(...timesOf(plans, kind));
  const legs = shape.legs;
  switch (stage) {
    case "not_departed":
      return { from: pace.createdAt + HOUR, to: earliest("vessel_loaded") };
    case "at_sea": {
      const leg = legs[Math.min(pace.atSeaLeg, legs.length - 1)] as SailingShape["legs"][number];
      return { from: leg.departAt, to: leg.arriveAt };
    }
    case "transshipping":
      return { from: (legs[0] as SailingShape["legs"][number]).arriveAt, to: (legs[1] as SailingShape["legs"][number]).departAt };
    case "arrived":
      return { from: (legs[legs.length - 1] as SailingShape["legs"][number]).arriveAt, to: earliest("vessel_discharged") };
    case "discharged":
      return { from: latest("vessel_discharged"), to: earliest("full_out") };
    case "awaiting_rail":
      return { from: latest("vessel_discharged"), to: earliest("rail_loaded") };
    case "on_rail":
      return { from: latest("rail_departed"), to: earliest("rail_arrived") };
    case "at_inland_destination":
      return { from: latest("rail_unloaded"), to: earliest("full_out") };
    case "picked_up":
      return { from: latest("full_out"), to: earliest("empty_in") };
    case "empty_returned":
      return { from: latest("empty_in"), to: latest("empty_in") + 20 * DAY };
  }
}
