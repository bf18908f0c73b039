import { sampleDemurragePerDay } from "../demurrage/sample-tariffs.js";
import { milestoneDataSource } from "../demo/journey-events.js";
import type { CarrierStyle } from "../demo/carrier-styles.js";
import { actualWording, estimatedWording, rawEventName } from "../demo/event-wording.js";
import type { MilestoneKind, PlannedMilestone } from "../demo/journey-plan.js";
import type { Rng } from "../demo/random.js";
import { requirePort } from "../demo/sailings.js";
import { DAY, HOUR, MINUTE, ceilHour, endOfLocalDay, iso } from "../demo/zoned-time.js";
import type { ContainerHold, EquipmentHeight, EquipmentLength, EquipmentType, RawEventName, TransportEventDataSource } from "../domain/index.js";
import type { MetroArea } from "../domain/metro-area-schema.js";
import type { Port } from "../domain/port-schema.js";
import type { SnapshotRawEvent, SnapshotTransportEvent } from "../tracking/snapshot-schema.js";
import type { JourneyLeg } from "./journey-leg.js";

/** What the containers of one journey share. */
export interface JourneyContext {
  legs: readonly JourneyLeg[];
  pod: Port;
  inland: { metro: MetroArea; railCarrierScac: string; rampCode: string } | null;
  style: CarrierStyle;
  /** Whether the POD terminal reports availability, holds, fees and yard positions. */
  terminalData: boolean;
  podTerminal: string | null;
  sources: { departed: TransportEventDataSource; arrived: TransportEventDataSource };
  /** `scenario`: every box is held by customs for 3 days; `some`: a few boxes, for 1 to 4 days. */
  holds: "scenario" | "some" | "none";
  /** The first leg is a feeder to the transshipment hub: its milestones are the `feeder_*` ones. */
  feeder: boolean;
  /** The line reports each box delivered to the consignee after it leaves the terminal. */
  delivered: boolean;
  /** Last free days are extended after they are first given, and the pickup appointment is booked then rescheduled. */
  dateChanges: boolean;
}

/** A raw event the line gives ahead of time, before its time and vessel are filled in. */
export interface EstimateTemplate {
  event: RawEventName;
  original_event: string;
  location_locode: string;
  location_name: string;
}

/** One milestone of a container with its records, built once and handed out (frozen) once `at` has passed. */
export interface JourneyMilestone {
  kind: MilestoneKind;
  at: number;
  leg: number | null;
  event: Readonly<SnapshotTransportEvent>;
  raw: Readonly<SnapshotRawEvent> | null;
  estimate: EstimateTemplate | null;
}

/** A deadline or date that becomes known at `knownAt`; `at` works it out on first use (time-zone math is slow). */
export interface Revealed {
  knownAt: number;
  at: () => number;
  /** From `moved.at` on, the date is `by` milliseconds later (an extended deadline, a rescheduled appointment). */
  moved?: { at: number; by: number };
}

/** Everything about one container of a simulated journey. */
export interface ContainerJourney {
  number: string;
  seal: string;
  equipment: readonly [EquipmentType, EquipmentLength, EquipmentHeight];
  weightLbs: number;
  inland: boolean;
  terminalData: boolean;
  /** In journey order, strictly increasing in time. */
  milestones: JourneyMilestone[];
  dischargedAt: number;
  /** When the box leaves the POD terminal: by rail on inland journeys, by truck otherwise. */
  leavesTerminalAt: number;
  fullOutAt: number;
  holds: { from: number; until: number; list: ContainerHold[] } | null;
  lfdLine: Revealed | null;
  lfdTerminal: Revealed | null;
  lfdRail: Revealed | null;
  /** The deadline after which demurrage accrues at the POD terminal. */
  demurrageFrom: (() => number) | null;
  demurragePerDay: number;
  appointment: Revealed | null;
  yardSlot: string;
  inlandArrivalAt: number | null;
}

type Equipment = ContainerJourney["equipment"];
// Weighted by how often each box turns up: forty-foot high cubes dominate.
const EQUIPMENT: readonly Equipment[] = [
  ["dry", 40, "high_cube"], ["dry", 40, "high_cube"], ["dry", 40, "high_cube"], ["dry", 40, "high_cube"],
  ["dry", 40, "standard"], ["dry", 40, "standard"], ["dry", 20, "standard"], ["dry", 20, "standard"],
  ["dry", 20, "standard"], ["reefer", 40, "high_cube"], ["dry", 45, "high_cube"], ["open top", 40, "standard"],
  ["flat rack", 40, "standard"], ["tank", 20, "standard"],
];

const CUSTOMS: ContainerHold = { name: "customs", status: "hold", description: "" };
const FREIGHT: ContainerHold = { name: "freight", status: "hold", description: "" };
const SCENARIO_HOLD_DAYS = 3;

const timeOf = (plan: readonly PlannedMilestone[], kind: MilestoneKind): number | null => plan.find((m) => m.kind === kind)?.at ?? null;

/**
 * Holds the box at the POD terminal from discharge: the terminal reports it not available, then
 * available once the hold is released, and no truck takes it out before that.
 */
function withHold(rng: Rng, plan: PlannedMilestone[], until: number): PlannedMilestone[] {
  const fullOut = timeOf(plan, "full_out") as number;
  const delay = Math.max(0, until + rng.float(4, 30) * HOUR - fullOut);
  const held = plan.flatMap((m): PlannedMilestone[] => {
    if (m.kind === "available") return [{ ...m, kind: "not_available" }, { ...m, at: until }];
    return m.kind === "full_out" || m.kind === "empty_in" ? [{ ...m, at: m.at + delay }] : [m];
  });
  held.sort((a, b) => a.at - b.at);
  // Keep times strictly increasing, to the minute, as the plan was.
  for (let i = 1; i < held.length; i += 1) {
    const previous = (held[i - 1] as PlannedMilestone).at;
    const milestone = held[i] as PlannedMilestone;
    if (milestone.at <= previous) held[i] = { ...milestone, at: previous + MINUTE };
  }
  return held;
}

// On a feeder journey the first leg's milestones are the feeder's.
const FEEDER_KINDS: Partial<Record<MilestoneKind, "feeder_loaded" | "feeder_departed" | "feeder_arrived" | "feeder_discharged">> = {
  vessel_loaded: "feeder_loaded",
  vessel_departed: "feeder_departed",
  transshipment_arrived: "feeder_arrived",
  transshipment_discharged: "feeder_discharged",
};

/** Adds the line's delivery report between the full out and the next milestone (the empty return). */
function withDelivery(plan: PlannedMilestone[]): PlannedMilestone[] {
  const index = plan.findIndex((m) => m.kind === "full_out");
  const fullOut = plan[index];
  if (!fullOut) return plan;
  const next = plan[index + 1]?.at ?? fullOut.at + DAY;
  const at = fullOut.at + Math.max(MINUTE, Math.min(6 * HOUR, Math.floor((next - fullOut.at) / 2 / MINUTE) * MINUTE));
  if (at >= next) return plan;
  return [...plan.slice(0, index + 1), { ...fullOut, kind: "delivered", at, facility: null }, ...plan.slice(index + 1)];
}

function milestoneRecords(m: PlannedMilestone, ctx: JourneyContext): JourneyMilestone {
  const place = m.inland && ctx.inland ? ctx.inland.metro : requirePort(m.locode);
  const leg = m.leg === null ? null : (ctx.legs[m.leg] as JourneyLeg);
  const terminal = m.facility === "pod_terminal" ? ctx.podTerminal : m.facility === "rail_terminal" ? (ctx.inland?.rampCode ?? null) : null;
  const vessel = { vessel_imo: leg?.vessel.imo ?? null, voyage_number: leg?.voyageNumber ?? null };
  const timestamp = iso(m.at);
  const feederKind = ctx.feeder && m.leg === 0 ? FEEDER_KINDS[m.kind] : undefined;
  const event = Object.freeze({
    event: `container.transport.${feederKind ?? m.kind}`,
    timestamp,
    location_locode: place.code,
    terminal,
    ...vessel,
    data_source: milestoneDataSource(m, ctx),
  } as const satisfies SnapshotTransportEvent);
  const name = feederKind ?? rawEventName(m.kind);
  const wording = actualWording(ctx.style.wording, m.kind, m.inland);
  const location = { location_locode: place.code, location_name: place.name };
  const raw =
    name !== null && wording !== null
      ? Object.freeze({ event: name, original_event: wording, timestamp, estimated: false, ...location, ...vessel, vessel_name: leg?.vessel.name ?? null, terminal, data_source: "shipping_line" as const })
      : null;
  const estimateWording = estimatedWording(m.kind);
  const estimate = name !== null && estimateWording !== null ? { event: name, original_event: estimateWording, ...location } : null;
  return { kind: m.kind, at: m.at, leg: m.leg, event, raw, estimate };
}

function cargoWeight(rng: Rng, [type, length]: Equipment): number {
  if (type === "tank") return rng.int(30_000, 52_000);
  return length === 20 ? rng.int(9_000, 47_000) : rng.int(12_000, 58_000);
}

function lazy(compute: () => number): () => number {
  let value: number | undefined;
  return () => (value ??= compute());
}

/** Draws one container's details and turns its plan (absolute times) into ready-made records. */
export function buildContainer(rng: Rng, ctx: JourneyContext, draft: PlannedMilestone[], number: string, first: boolean): ContainerJourney {
  const inland = ctx.inland !== null;
  const podTimeZone = ctx.pod.time_zone;
  const draftDischarge = timeOf(draft, "vessel_discharged") as number;
  const held = ctx.holds === "scenario" || (ctx.holds === "some" && (first || rng.chance(0.5)));
  const holdDays = ctx.holds === "scenario" ? SCENARIO_HOLD_DAYS : rng.float(1, 4);
  const holdList = ctx.holds === "scenario" || !rng.chance(0.25) ? [CUSTOMS] : [CUSTOMS, FREIGHT];
  const heldPlan = held ? withHold(rng, draft, draftDischarge + holdDays * DAY) : draft;
  const plan = ctx.delivered ? withDelivery(heldPlan) : heldPlan;

  const arrivedAt = timeOf(plan, "vessel_arrived") as number;
  const dischargedAt = timeOf(plan, "vessel_discharged") as number;
  const fullOutAt = timeOf(plan, "full_out") as number;
  const unloadedAt = timeOf(plan, "rail_unloaded");
  const equipment = rng.pick(EQUIPMENT);
  const terminalFreeDays = rng.int(3, 5);
  const drawnLineFreeDays = rng.chance(0.3) ? rng.int(4, 7) : null;
  const lineFreeDays = ctx.dateChanges && !inland ? (drawnLineFreeDays ?? 5) : drawnLineFreeDays;
  const moved = (at: number, by: number) => (ctx.dateChanges ? { moved: { at, by } } : {});
  const railZone = ctx.inland?.metro.time_zone;
  const lfdLine = lineFreeDays === null ? null : lazy(() => endOfLocalDay(arrivedAt, podTimeZone, lineFreeDays));
  const lfdTerminal = !inland && ctx.terminalData ? lazy(() => endOfLocalDay(dischargedAt, podTimeZone, terminalFreeDays)) : null;
  const lfdRail = railZone && unloadedAt !== null ? lazy(() => endOfLocalDay(unloadedAt, railZone, 2)) : null;

  // Some truckers book a pickup slot a few hours before they take the box out.
  const availableAt = plan.filter((m) => m.kind === "available").at(-1)?.at ?? null;
  const appointmentAt = ceilHour(fullOutAt - rng.float(1, 12) * HOUR);
  const drawnAppointment =
    availableAt !== null && appointmentAt > availableAt + HOUR && rng.chance(0.35)
      ? { knownAt: Math.max(availableAt, appointmentAt - 2 * DAY), at: () => appointmentAt }
      : null;
  // Booked at discharge for two hours before the box leaves, then pushed back to the slot it is taken out in.
  const slot = ceilHour(fullOutAt - 3 * HOUR);
  const appointment = ctx.dateChanges
    ? { knownAt: dischargedAt, at: () => slot - 2 * HOUR, ...moved(dischargedAt + Math.min(12 * HOUR, Math.floor((fullOutAt - dischargedAt) / 2)), 2 * HOUR) }
    : drawnAppointment;

  return {
    number,
    seal: ctx.style.sealNumber(rng, ctx.legs[0]?.from.code ?? ctx.pod.code),
    equipment,
    weightLbs: cargoWeight(rng, equipment),
    inland,
    terminalData: ctx.terminalData,
    milestones: plan.map((m) => milestoneRecords(m, ctx)),
    dischargedAt,
    leavesTerminalAt: inland ? (timeOf(plan, "rail_loaded") as number) : fullOutAt,
    fullOutAt,
    holds: held ? { from: dischargedAt, until: draftDischarge + holdDays * DAY, list: holdList } : null,
    lfdLine: lfdLine && { knownAt: dischargedAt, at: lfdLine, ...moved(dischargedAt + DAY, 2 * DAY) },
    lfdTerminal: lfdTerminal && { knownAt: dischargedAt, at: lfdTerminal, ...moved(dischargedAt + 1.5 * DAY, DAY) },
    lfdRail: lfdRail && unloadedAt !== null ? { knownAt: unloadedAt, at: lfdRail, ...moved(unloadedAt + 12 * HOUR, DAY) } : null,
    demurrageFrom: inland || !ctx.terminalData ? null : (lfdLine ?? lfdTerminal),
    demurragePerDay: sampleDemurragePerDay(equipment[0], equipment[1]),
    appointment,
    yardSlot: `Yard ${rng.pick(["A", "B", "C", "D", "E", "F"])}-${rng.int(1, 40)}`,
    inlandArrivalAt: timeOf(plan, "arrived_at_inland_destination"),
  };
}
