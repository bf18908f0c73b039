import { createRng, hashSeed, type Rng } from "../demo/random.js";
import { DAY, HOUR } from "../demo/zoned-time.js";
import type { JourneyLeg } from "./journey-leg.js";

/**
 * How wrong the simulated line's ETAs are, as real lines' are: issued every few days, biased early,
 * scattered, and better as the arrival nears. Drawn per journey from its key (and `seed`), so the
 * same request always sees the same ETAs.
 */
export interface EtaNoiseOptions {
  /**
   * The mean error three weeks or more before arrival, in hours; positive is early (real lines' ETAs are). It shrinks linearly to none at arrival.
   * @default 30
   */
  earlyBiasHours?: number;
  /**
   * The standard deviation of the error three weeks or more before arrival, in hours; it shrinks with the square root of the time left.
   * @default 24
   */
  spreadHours?: number;
  /**
   * The mean days between two ETAs the line issues (each gap is drawn from half to one and a half times it).
   * @default 3
   */
  updateEveryDays?: number;
  /**
   * How much a vessel's speed swings along a leg around its average, as a fraction (its arrival stays on time; its position reports show the swing).
   * @default 0.06
   */
  speedSwing?: number;
  /**
   * Mixed into every draw: another seed, other ETAs.
   * @default 0
   */
  seed?: number;
}

/** From `from` on, the line's arrival estimates are `error` milliseconds off the real arrival (positive: late). */
export interface EtaError {
  from: number;
  error: number;
}

/** The simulation's noise settings with every default applied. */
export type EtaNoise = Required<EtaNoiseOptions>;

/** The defaults of {@link EtaNoiseOptions}. */
export const DEFAULT_ETA_NOISE: EtaNoise = { earlyBiasHours: 30, spreadHours: 24, updateEveryDays: 3, speedSwing: 0.06, seed: 0 };

/** The horizon beyond which the error no longer grows, in days. */
const FULL_ERROR_DAYS = 21;

function gaussian(rng: Rng): number {
  const u = Math.max(rng.next(), 1e-12);
  return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * rng.next());
}

/**
 * The ETAs a line issues over a journey: one at `start`, one at every departure, and one every few
 * days, until the last arrival. Each is off by a bias (early) and a scatter that both shrink as the
 * arrival nears; from the arrival on, none.
 */
export function etaErrors(key: string, legs: readonly JourneyLeg[], start: number, noise: EtaNoise): EtaError[] {
  const rng = createRng(hashSeed(`${key}|eta`, noise.seed));
  const arrival = (legs[legs.length - 1] as JourneyLeg).arriveAt;
  const issued = new Set<number>(legs.map((leg) => leg.departAt).filter((at) => at > start && at < arrival));
  for (let at = start; at < arrival; at += rng.float(0.5, 1.5) * noise.updateEveryDays * DAY) issued.add(Math.floor(at));
  const errors = [...issued]
    .sort((a, b) => a - b)
    .map((from) => {
      const weight = Math.min(1, (arrival - from) / DAY / FULL_ERROR_DAYS);
      const hours = -noise.earlyBiasHours * weight * rng.float(0.4, 1.6) + noise.spreadHours * Math.sqrt(weight) * gaussian(rng);
      return { from, error: Math.round(hours * HOUR) };
    });
  // Once the vessel is in, the line's estimate is the arrival itself.
  return [...errors, { from: arrival, error: 0 }];
}

/** The error in force at `now` (none before the first ETA is issued). */
export function etaErrorAt(errors: readonly EtaError[], now: number): number {
  let error = 0;
  for (const entry of errors) {
    if (entry.from > now) break;
    error = entry.error;
  }
  return error;
}

/** A leg's speed swing: its amplitude drawn from the leg's vessel and departure, in [-swing, swing]. */
export function legSwing(leg: Pick<JourneyLeg, "vessel" | "departAt">, noise: EtaNoise): number {
  if (noise.speedSwing === 0) return 0;
  return createRng(hashSeed(`${leg.vessel.imo}|${leg.departAt}|swing`, noise.seed)).float(-noise.speedSwing, noise.speedSwing);
}
