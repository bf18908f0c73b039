import { containerNumber } from "../demo/carrier-styles.js";
import { planContainer, sailingShape, shipmentPace, type PlannedMilestone } from "../demo/journey-plan.js";
import { createRng, hashSeed, type Rng } from "../demo/random.js";
import { bookSailing, createSailingBook, requirePort, type Sailing, type SailingLeg } from "../demo/sailings.js";
import { TRADE_LANES, type TradeLane } from "../demo/voyages.js";
import { DAY, HOUR, floorMinute } from "../demo/zoned-time.js";
import type { RequestType, Terminal } from "../domain/index.js";
import type { Port } from "../domain/port-schema.js";
import { metroAreaByLocode, railTerminalsByMetroArea, terminalsByPort } from "../reference/index.js";
import { seaRouter } from "../routing/sea-router.js";
import { carrierProfile, lanesOf } from "./carrier-profile.js";
import { buildContainer, type ContainerJourney, type JourneyContext } from "./container-journey.js";
import { etaErrors, legSwing, type EtaError, type EtaNoise } from "./eta-noise.js";
import type { JourneyLeg } from "./journey-leg.js";
import type { JourneyScenario } from "./scenario-numbers.js";

/** An earlier sailing the line still shows in its estimates until `until` (a rollover). */
export interface ShownSailing {
  until: number;
  legs: JourneyLeg[];
  /** How much earlier than the real plan the shown sailing's times are. */
  offset: number;
}

/** Arrival estimates given before `until` are `shift` too early; the line corrects them at `until`. */
export interface EtaRevision {
  until: number;
  shift: number;
}

/** Everything the simulation decides about one tracked number, once; snapshots only read it. */
export interface SimulatedJourney {
  billOfLading: string;
  pol: Port;
  pod: Port;
  /** The inland metro area's UN/LOCODE on rail lanes. */
  destinationLocode: string | null;
  /** The railroad carrying the boxes inland, on rail lanes. */
  railCarrierScac: string | null;
  /** The POD terminal's FIRMS code (or nickname), when the reference data knows the port's terminals. */
  podTerminal: string | null;
  /** Another terminal of the port the line names before `until` (a terminal change), or null. */
  earlierPodTerminal: { code: string; until: number } | null;
  /** The real sailing, leg by leg. */
  legs: JourneyLeg[];
  rollover: ShownSailing | null;
  etaRevisions: readonly EtaRevision[];
  /** The line's noisy, early-biased arrival estimates (see `etaErrors`); empty without noise. */
  etaErrors: readonly EtaError[];
  containers: ContainerJourney[];
  /** The first and last planned arrivals at the inland destination, on rail lanes. */
  inlandArrivals: { first: number; last: number } | null;
}

/** What a journey is built from; equal inputs give deep-equal journeys. */
export interface JourneyRequest {
  scac: string;
  requestType: RequestType;
  /** Trimmed and upper-cased. */
  number: string;
  requestedAt: number;
  scenario: JourneyScenario;
  /** For container requests with a valid ISO 6346 number: the one container. */
  container: string | null;
  /** How wrong the line's ETAs are on normal journeys; null keeps the plain revisions. */
  etaNoise?: EtaNoise | null;
}

// Most bills carry one to three boxes; a few carry up to six.
const CONTAINER_COUNTS = [1, 1, 1, 2, 2, 2, 3, 3, 4, 5, 6] as const;
const ROLLOVER_DELAY = 7 * DAY;

/** The cache key of a request: what the journey depends on. */
export function journeyKey(request: Omit<JourneyRequest, "scenario" | "container">): string {
  return `${request.scac}|${request.requestType}|${request.number}|${request.requestedAt}`;
}

const podOf = (lane: TradeLane): string => (lane.legs[lane.legs.length - 1] as TradeLane["legs"][number]).to;

function candidateLanes(scac: string, scenario: JourneyScenario): readonly TradeLane[] {
  if (scenario === "rail" || scenario === "rail_date_changes") return TRADE_LANES.filter((lane) => lane.inland !== null);
  // A feeder carries the boxes to a hub, so the lane has a transshipment.
  if (scenario === "feeder") return TRADE_LANES.filter((lane) => lane.legs.length > 1);
  // A hold (or a terminal's last free day) needs a POD terminal that reports it, and a box that waits there for a truck.
  if (scenario === "terminal_change") return TRADE_LANES.filter((lane) => terminalsByPort(requirePort(podOf(lane)).id).length > 1);
  if (scenario === "customs_hold" || scenario === "date_changes") return TRADE_LANES.filter((lane) => !lane.inland && terminalsByPort(requirePort(podOf(lane)).id).length > 0);
  return lanesOf(scac);
}

// Awaiting-manifest numbers sail after the manifest is filed; rollovers and revised estimates are
// meant to be watched happening, so their first planned vessel leaves after the request. Others may
// already be at sea.
function firstDeparture(rng: Rng, scenario: JourneyScenario, requestedAt: number): number {
  const watched = scenario === "rollover" || scenario === "date_changes" || scenario === "rail_date_changes";
  const [from, to] = scenario === "awaiting_manifest" ? [2, 6] : watched ? [2, 5] : [-10, 5];
  return floorMinute(requestedAt + rng.float(from, to) * DAY);
}

function routeKnots(leg: SailingLeg): number {
  const { distanceNm } = seaRouter().route([leg.from.longitude, leg.from.latitude], [leg.to.longitude, leg.to.latitude]);
  return Number((distanceNm / ((leg.arriveAt - leg.departAt) / HOUR)).toFixed(1));
}

const journeyLegs = (sailing: Sailing): JourneyLeg[] =>
  sailing.legs.map((leg) => ({
    from: leg.from, to: leg.to, vessel: leg.vessel, voyageNumber: leg.voyageNumber, departAt: leg.departAt, arriveAt: leg.arriveAt, knots: routeKnots(leg),
  }));

/** The sailing the boxes missed: booked a week earlier, so its vessels are other ships or other voyages. */
function missedSailing(rng: Rng, lane: TradeLane, real: Sailing): ShownSailing {
  const book = createSailingBook();
  book.sailings.push(real);
  real.legs.forEach((leg) => book.busy.set(leg.vessel.imo, [{ from: leg.departAt, to: leg.arriveAt, fromPort: leg.from, toPort: leg.to }]));
  const shown = bookSailing(rng, book, lane, real.shape, real.departAt - ROLLOVER_DELAY, true) as Sailing;
  const legs = journeyLegs(shown).map((leg, i) => {
    const realVoyage = real.legs[i]?.voyageNumber;
    if (leg.voyageNumber !== realVoyage) return leg;
    return { ...leg, voyageNumber: `${String((Number(leg.voyageNumber.slice(0, 3)) % 999) + 1).padStart(3, "0")}${leg.voyageNumber.slice(3)}` };
  });
  return { until: shown.departAt, legs, offset: ROLLOVER_DELAY };
}

/** The ETA corrections of a journey: some lines add days at departure, and again mid-voyage. */
function etaRevisions(rng: Rng, legs: readonly JourneyLeg[]): EtaRevision[] {
  const first = legs[0] as JourneyLeg;
  const last = legs[legs.length - 1] as JourneyLeg;
  const revisions: EtaRevision[] = [];
  if (rng.chance(0.4)) revisions.push({ until: first.departAt, shift: rng.int(1, 3) * DAY });
  if (rng.chance(0.3)) revisions.push({ until: floorMinute((last.departAt + last.arriveAt) / 2), shift: rng.pick([-1, 1, 2]) * DAY });
  return revisions;
}

/** The revisions of the date-change scenarios: days added at departure, and one more mid-voyage. */
function scenarioRevisions(legs: readonly JourneyLeg[]): EtaRevision[] {
  const first = legs[0] as JourneyLeg;
  const last = legs[legs.length - 1] as JourneyLeg;
  return [{ until: first.departAt, shift: 2 * DAY }, { until: floorMinute((last.departAt + last.arriveAt) / 2), shift: DAY }];
}

/** The terminal a terminal-change journey first names: another one of the port, until halfway through the last leg. */
function earlierTerminal(terminals: readonly Terminal[], actual: Terminal | null, legs: readonly JourneyLeg[]): SimulatedJourney["earlierPodTerminal"] {
  const other = terminals.find((candidate) => candidate.id !== actual?.id && (candidate.firms_code ?? candidate.nickname) !== null);
  const last = legs[legs.length - 1] as JourneyLeg;
  return other ? { code: other.firms_code ?? other.nickname ?? other.name, until: floorMinute((last.departAt + last.arriveAt) / 2) } : null;
}

/** Plans the whole journey of one tracked number, deterministically from the request. */
export function buildJourney(request: JourneyRequest): SimulatedJourney {
  const rng = createRng(hashSeed(journeyKey(request)));
  const style = carrierProfile(request.scac);
  const lane = rng.pick(candidateLanes(request.scac, request.scenario));
  const pod = requirePort(podOf(lane));
  const terminals = terminalsByPort(pod.id);
  const shape = sailingShape(rng, lane);
  const pace = shipmentPace(rng, lane, terminals.length > 0, "at_sea");
  const rolledOver = request.scenario === "rollover" || (request.scenario === "normal" && rng.chance(0.04));
  const shownDeparture = firstDeparture(rng, request.scenario, request.requestedAt);
  const departAt = rolledOver ? shownDeparture + ROLLOVER_DELAY : shownDeparture;
  const sailing = bookSailing(rng, createSailingBook(), lane, shape, departAt, true) as Sailing;
  const noise = request.scenario === "normal" && !rolledOver ? (request.etaNoise ?? null) : null;
  const legs = journeyLegs(sailing).map((leg) => (noise ? { ...leg, swing: legSwing(leg, noise) } : leg));
  const rollover = rolledOver ? missedSailing(rng, lane, sailing) : null;
  const terminal = terminals.length > 0 ? sailing.podTerminal : null;

  let inland: JourneyContext["inland"] = null;
  if (lane.inland) {
    const metro = metroAreaByLocode(lane.inland.metroArea);
    const operator = rng.pick(lane.inland.operators);
    const name = rng.pick(operator.terminals);
    const ramp = railTerminalsByMetroArea(metro?.id ?? "").find((candidate) => candidate.name === name);
    if (!metro || !ramp) throw new Error(`simulated lane ${lane.key} names an unknown metro area or ramp`);
    inland = { metro, railCarrierScac: operator.scac, rampCode: ramp.firms_code ?? ramp.nickname ?? ramp.name };
  }
  const context: JourneyContext = {
    legs, pod, inland, style, terminalData: terminals.length > 0,
    podTerminal: terminal ? (terminal.firms_code ?? terminal.nickname ?? terminal.name) : null,
    sources: { departed: rng.chance(0.3) ? "ais" : "shipping_line", arrived: rng.chance(0.4) ? "ais" : "shipping_line" },
    holds: request.scenario === "customs_hold" ? "scenario" : !inland && terminals.length > 0 && rng.chance(0.2) ? "some" : "none",
    feeder: request.scenario === "feeder",
    delivered: request.scenario === "delivered",
    dateChanges: request.scenario === "date_changes" || request.scenario === "rail_date_changes",
  };

  const count = request.requestType === "container" ? 1 : rng.pick(CONTAINER_COUNTS);
  const used = new Set<string>();
  const containers: ContainerJourney[] = [];
  for (let i = 0; i < count; i += 1) {
    let number = i === 0 && request.container ? request.container : containerNumber(rng, style);
    while (used.has(number)) number = containerNumber(rng, style);
    used.add(number);
    const plan = planContainer(rng, lane, shape, pace).map((milestone): PlannedMilestone => {
      // Rolled-over boxes were gated in for the missed sailing, a week before the one they sail on.
      const early = rolledOver && (milestone.kind === "empty_out" || milestone.kind === "full_in");
      return { ...milestone, at: milestone.at + departAt - (early ? ROLLOVER_DELAY : 0) };
    });
    containers.push(buildContainer(rng, context, plan, number, i === 0));
  }

  const arrivals = containers.map((container) => container.inlandArrivalAt).filter((at): at is number => at !== null);
  return {
    billOfLading: request.requestType === "container" ? style.billOfLading(rng, sailing.legs[0]?.from.code ?? pod.code, new Date(request.requestedAt)) : request.number,
    pol: (legs[0] as JourneyLeg).from,
    pod,
    destinationLocode: inland?.metro.code ?? null,
    railCarrierScac: inland?.railCarrierScac ?? null,
    podTerminal: context.podTerminal,
    earlierPodTerminal: request.scenario === "terminal_change" ? earlierTerminal(terminals, terminal, legs) : null,
    legs,
    rollover,
    // The last draw of the journey: leaving it out with noise changes nothing else.
    etaRevisions: rolledOver || noise ? [] : context.dateChanges ? scenarioRevisions(legs) : etaRevisions(rng, legs),
    etaErrors: noise ? etaErrors(journeyKey(request), legs, Math.min(request.requestedAt, legs[0]!.departAt) - 7 * DAY, noise) : [],
    containers,
    inlandArrivals: arrivals.length > 0 ? { first: Math.min(...arrivals), last: Math.max(...arrivals) } : null,
  };
}
