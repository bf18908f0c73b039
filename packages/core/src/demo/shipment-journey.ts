import type { TransportEventDataSource } from "../domain/enums.js";
import type { MetroArea } from "../domain/metro-area-schema.js";
import type { RailTerminal } from "../domain/rail-terminal-schema.js";
import { metroAreaByLocode, railTerminalsByMetroArea, terminalsByPort } from "../reference/index.js";
import type { TimedMilestone } from "./journey-events.js";
import {
  JOURNEY_STAGES,
  laneSupportsStage,
  planContainer,
  sailingShape,
  shipmentPace,
  stageWindow,
  type JourneyStage,
  type PlannedMilestone,
  type SailingShape,
  type ShipmentPace,
} from "./journey-plan.js";
import type { Rng } from "./random.js";
import { bookSailing, requirePort, type Sailing, type SailingBook } from "./sailings.js";
import { TRADE_LANES, type RailOperator, type TradeLane } from "./voyages.js";
import { floorMinute } from "./zoned-time.js";

/** The rail leg of an inland journey, resolved to reference records. */
export interface InlandRoute {
  metro: MetroArea;
  railTerminal: RailTerminal;
  operator: RailOperator;
}

/** One shipment's journey: its lane, carrier, sailing and the absolute plan of each container. */
export interface ShipmentJourney {
  /** The stage at `now`; null in the rare fallback that leaves containers at different stages. */
  stage: JourneyStage | null;
  lane: TradeLane;
  carrier: string;
  sailing: Sailing;
  pace: ShipmentPace;
  /** One plan per container, with absolute epoch-millisecond times, in journey order. */
  plans: TimedMilestone[][];
  inland: InlandRoute | null;
  sources: { departed: TransportEventDataSource; arrived: TransportEventDataSource };
}

// Most bills carry one to three boxes; a few carry up to six.
const CONTAINER_COUNTS = [1, 1, 1, 2, 2, 2, 3, 3, 4, 5, 6] as const;

// Each round holds every stage once, plus a second shipment at sea and one waiting at the
// terminal: the stages a tracking customer has the most of and looks at the most.
const STAGE_ROUND: readonly JourneyStage[] = [...JOURNEY_STAGES, "at_sea", "discharged"];

/** The target stage of each of `count` shipments: rounds of every stage (some twice), each shuffled. */
export function stageSequence(rng: Rng, count: number): JourneyStage[] {
  const stages: JourneyStage[] = [];
  while (stages.length < count) stages.push(...rng.shuffle(STAGE_ROUND));
  return stages.slice(0, count);
}

function inlandRoute(rng: Rng, lane: TradeLane): InlandRoute | null {
  if (!lane.inland) return null;
  const metro = metroAreaByLocode(lane.inland.metroArea);
  if (!metro) throw new Error(`demo metro area ${lane.inland.metroArea} is missing from the reference data`);
  const operator = rng.pick(lane.inland.operators);
  const name = rng.pick(operator.terminals);
  const railTerminal = railTerminalsByMetroArea(metro.id).find((terminal) => terminal.name === name);
  if (!railTerminal) throw new Error(`demo rail terminal ${name} is missing from the reference data`);
  return { metro, railTerminal, operator };
}

function planAll(rng: Rng, lane: TradeLane, shape: SailingShape, pace: ShipmentPace, count: number): PlannedMilestone[][] {
  return Array.from({ length: count }, () => planContainer(rng, lane, shape, pace));
}

const absolute = (plans: PlannedMilestone[][], departAt: number): TimedMilestone[][] =>
  plans.map((plan) => plan.map((milestone) => ({ ...milestone, at: milestone.at + departAt })));

/** The stage a shipment on these plans stands at, `elapsed` after the first departure, if any single one. */
function stageAt(lane: TradeLane, plans: PlannedMilestone[][], shape: SailingShape, pace: ShipmentPace, elapsed: number): JourneyStage | null {
  const inStage = (stage: JourneyStage): boolean => {
    const window = stageWindow(stage, plans, shape, pace);
    return window.to > window.from && elapsed > window.from && elapsed < window.to;
  };
  return JOURNEY_STAGES.find((stage) => laneSupportsStage(lane, stage) && inStage(stage)) ?? null;
}

/**
 * Plans a shipment meant to stand at `stage` at `now`. It joins an existing sailing of a suitable
 * lane whose timing puts it at the stage, or books a new sailing placed so it does. When every
 * vessel is busy (large data sets) it joins any sailing of the lane, at whatever stage that gives.
 */
export function planJourney(rng: Rng, book: SailingBook, stage: JourneyStage, now: number): ShipmentJourney {
  const lanes = rng.shuffle(TRADE_LANES.filter((candidate) => laneSupportsStage(candidate, stage)));
  const attempt = (lane: TradeLane) => {
    const pod = requirePort((lane.legs[lane.legs.length - 1] as TradeLane["legs"][number]).to);
    const pace = shipmentPace(rng, lane, terminalsByPort(pod.id).length > 0, stage);
    const count = rng.pick(CONTAINER_COUNTS);
    const journey = (sailing: Sailing, plans: PlannedMilestone[][], reached: JourneyStage | null): ShipmentJourney => ({
      stage: reached,
      lane,
      carrier: rng.pick(lane.carriers),
      sailing,
      pace,
      plans: absolute(plans, sailing.departAt),
      inland: inlandRoute(rng, lane),
      sources: { departed: rng.chance(0.3) ? "ais" : "shipping_line", arrived: rng.chance(0.4) ? "ais" : "shipping_line" },
    });
    return { lane, pace, count, journey };
  };

  const tries = lanes.map(attempt);
  for (const { lane, pace, count, journey } of tries) {
    for (const sailing of book.sailings) {
      if (sailing.lane !== lane) continue;
      const plans = planAll(rng, lane, sailing.shape, pace, count);
      if (stageAt(lane, plans, sailing.shape, pace, now - sailing.departAt) === stage) return journey(sailing, plans, stage);
    }
    const shape = sailingShape(rng, lane);
    const plans = planAll(rng, lane, shape, pace, count);
    const window = stageWindow(stage, plans, shape, pace);
    // Try a few departures inside the window: one of them may find free vessels.
    for (let i = 0; i < 4; i += 1) {
      const elapsed = window.to > window.from ? window.from + rng.float(0.1, 0.9) * (window.to - window.from) : window.from;
      const sailing = bookSailing(rng, book, lane, shape, floorMinute(now - elapsed));
      // Checked rather than assumed: a window only minutes wide can be missed by the rounding.
      if (sailing) return journey(sailing, plans, stageAt(lane, plans, shape, pace, now - sailing.departAt));
    }
  }
  const { lane, pace, count, journey } = tries[0] as (typeof tries)[number];
  const existing = book.sailings.find((sailing) => sailing.lane === lane);
  if (existing) {
    const plans = planAll(rng, lane, existing.shape, pace, count);
    return journey(existing, plans, stageAt(lane, plans, existing.shape, pace, now - existing.departAt));
  }
  const shape = sailingShape(rng, lane);
  const plans = planAll(rng, lane, shape, pace, count);
  const window = stageWindow(stage, plans, shape, pace);
  const sailing = bookSailing(rng, book, lane, shape, floorMinute(now - window.from), true) as Sailing;
  return journey(sailing, plans, stageAt(lane, plans, shape, pace, now - sailing.departAt));
}
