import type { Port } from "../domain/port-schema.js";
import type { Terminal } from "../domain/terminal-schema.js";
import { portByLocode, referenceId, terminalsByPort } from "../reference/index.js";
import { distanceNm, longitudeDelta } from "./geo.js";
import type { SailingShape } from "./journey-plan.js";
import type { Rng } from "./random.js";
import { DEMO_VESSELS, demoVessel, type DemoVessel, type TradeLane } from "./voyages.js";
import { DAY, HOUR } from "./zoned-time.js";

/** One ocean leg of a sailing, with absolute epoch-millisecond times. */
export interface SailingLeg {
  from: Port;
  to: Port;
  vessel: DemoVessel;
  vesselId: string;
  voyageNumber: string;
  departAt: number;
  arriveAt: number;
}

/** A concrete trip of a lane that one or more shipments travel on; every container shares its legs. */
export interface Sailing {
  lane: TradeLane;
  shape: SailingShape;
  /** Absolute time of the first departure; the shape's times are relative to it. */
  departAt: number;
  legs: SailingLeg[];
  /** The container terminal the last vessel calls at, when the port has known terminals. */
  podTerminal: Terminal | null;
}

/** A stretch of time a vessel is committed to, from one port to another. */
interface BusySpan {
  from: number;
  to: number;
  fromPort: Port;
  toPort: Port;
}

/** The sailings of a data set, and when each vessel is busy, so no ship is in two places at once. */
export interface SailingBook {
  sailings: Sailing[];
  busy: Map<string, BusySpan[]>;
}

/** An empty book. */
export function createSailingBook(): SailingBook {
  return { sailings: [], busy: new Map() };
}

/** The port with this UN/LOCODE; throws when the reference data lacks it (a bug in the lane table). */
export function requirePort(locode: string): Port {
  const port = portByLocode(locode);
  if (!port) throw new Error(`demo lane port ${locode} is missing from the reference data`);
  return port;
}

// Between two voyages a ship needs a day in port at each end and the time to steam from where
// one voyage ends to where the next begins (at 18 knots).
const PORT_STAY = DAY;
const REPOSITION_KNOTS = 18;

const gapNeeded = (from: Port, to: Port): number => 2 * PORT_STAY + (distanceNm(from, to) / REPOSITION_KNOTS) * HOUR;

function isFree(book: SailingBook, imo: string, leg: BusySpan): boolean {
  return (book.busy.get(imo) ?? []).every(
    (span) => leg.from - span.to >= gapNeeded(span.toPort, leg.fromPort) || span.from - leg.to >= gapNeeded(leg.toPort, span.fromPort),
  );
}

// Voyage numbers carry the heading of the leg: 546E for eastbound, 071W for westbound.
function voyageNumber(rng: Rng, from: Port, to: Port): string {
  const dLon = longitudeDelta(from, to);
  const dLat = to.latitude - from.latitude;
  const direction = Math.abs(dLon) >= Math.abs(dLat) ? (dLon >= 0 ? "E" : "W") : dLat >= 0 ? "N" : "S";
  return `${String(rng.int(1, 999)).padStart(3, "0")}${direction}`;
}

/**
 * Books a new sailing of `lane` departing at `departAt`, with a free vessel on every leg and a POD
 * terminal. Returns null, booking nothing, when some leg finds no free vessel, unless `force` is
 * set: then a busy preferred vessel is taken anyway.
 */
export function bookSailing(rng: Rng, book: SailingBook, lane: TradeLane, shape: SailingShape, departAt: number, force = false): Sailing | null {
  const spans = lane.legs.map((leg, i): BusySpan => {
    const times = shape.legs[i] as SailingShape["legs"][number];
    return { from: departAt + times.departAt, to: departAt + times.arriveAt, fromPort: requirePort(leg.from), toPort: requirePort(leg.to) };
  });
  const chosen: string[] = [];
  for (const [i, leg] of lane.legs.entries()) {
    const span = spans[i] as BusySpan;
    const others = DEMO_VESSELS.map((vessel) => vessel.imo).filter((imo) => !leg.vessels.includes(imo));
    const candidates = [...rng.shuffle(leg.vessels), ...rng.shuffle(others)].filter((imo) => !chosen.includes(imo));
    const imo = candidates.find((candidate) => isFree(book, candidate, span)) ?? (force ? candidates[0] : undefined);
    if (imo === undefined) return null;
    chosen.push(imo);
  }
  const legs = spans.map((span, i): SailingLeg => {
    const imo = chosen[i] as string;
    book.busy.set(imo, [...(book.busy.get(imo) ?? []), span]);
    const vessel = demoVessel(imo);
    const { fromPort: from, toPort: to } = span;
    return { from, to, vessel, vesselId: referenceId("vessel", imo), voyageNumber: voyageNumber(rng, from, to), departAt: span.from, arriveAt: span.to };
  });
  const pod = (legs[legs.length - 1] as SailingLeg).to;
  const terminals = terminalsByPort(pod.id);
  const sailing: Sailing = { lane, shape, departAt, legs, podTerminal: terminals.length ? rng.pick(terminals) : null };
  book.sailings.push(sailing);
  return sailing;
}
