import type { EtaPredictionReasons } from "../domain/index.js";
import { greatCircleNm } from "../routing/geodesy.js";
import { walkRoute, type RouteWalker } from "../routing/route-sampling.js";
import { seaRouter, type SeaRoute } from "../routing/sea-router.js";
import type { CarrierBias, EtaPrediction, EtaPredictor, PredictionInput, PredictionPosition } from "./eta-predictor.js";

const HOUR = 3_600_000;
/** z of the 10th and 90th percentiles of a normal error. */
const Z90 = 1.2816;
/** A position older than this says too little about where the vessel is now. */
const MAX_POSITION_AGE_HOURS = 48;
/** The window the recent speed is measured over. */
const SPEED_WINDOW_HOURS = 7 * 24;
/** Below this the vessel is drifting or at anchor: its speed says nothing of the voyage. */
const MIN_SAILING_KNOTS = 4;

/** To one decimal, never -0 (stored as 0, it would read back unequal). */
const round1 = (value: number) => Math.round(value * 10) / 10 + 0;
const minuteIso = (ms: number) => new Date(Math.round(ms / 60_000) * 60_000).toISOString();

/**
 * The vessel's speed over ground across its positions of the last week before the newest one:
 * distance sailed between successive reports over the time taken. Falls back to the newest report's
 * own speed; null when neither says the vessel is sailing.
 */
export function recentSpeedKnots(positions: readonly PredictionPosition[]): number | null {
  const newest = positions.at(-1);
  if (!newest) return null;
  const since = Date.parse(newest.timestamp) - SPEED_WINDOW_HOURS * HOUR;
  const recent = positions.filter((p) => Date.parse(p.timestamp) >= since);
  let distance = 0;
  for (let i = 1; i < recent.length; i++) {
    distance += greatCircleNm([recent[i - 1]!.longitude, recent[i - 1]!.latitude], [recent[i]!.longitude, recent[i]!.latitude]);
  }
  const hours = recent.length > 1 ? (Date.parse(newest.timestamp) - Date.parse(recent[0]!.timestamp)) / HOUR : 0;
  const overGround = hours > 0 ? distance / hours : null;
  const speed = overGround ?? newest.speed_knots;
  return speed !== null && speed >= MIN_SAILING_KNOTS ? speed : null;
}

// Walks are kept with their routes (the router caches a route per pair of ports), so each is measured once.
const walks = new WeakMap<SeaRoute, RouteWalker>();

/**
 * The distance from `position` to the port of discharge along the sea lane: what is left of the
 * lane from the leg's port of departure, past the point nearest the vessel; from the position
 * itself when the leg's start is unknown.
 */
function remainingNm(from: PredictionInput["legFrom"], pod: NonNullable<PredictionInput["pod"]>, position: PredictionPosition): number {
  const router = seaRouter();
  if (!from) return router.route([position.longitude, position.latitude], [pod.longitude, pod.latitude]).distanceNm;
  const route = router.route([from.longitude, from.latitude], [pod.longitude, pod.latitude]);
  let walk = walks.get(route);
  if (!walk) walks.set(route, (walk = walkRoute(route.coordinates)));
  return Math.max(0, walk.lengthNm - walk.locate([position.longitude, position.latitude]));
}

function prediction(median: number, spreadHours: number, reasons: EtaPredictionReasons): EtaPrediction {
  return {
    predicted_eta_at: minuteIso(median),
    predicted_eta_p10_at: minuteIso(median - Z90 * spreadHours * HOUR),
    predicted_eta_p90_at: minuteIso(median + Z90 * spreadHours * HOUR),
    predicted_eta_reasons: reasons,
  };
}

function biasReasons(bias: CarrierBias | null): Pick<EtaPredictionReasons, "carrier_bias_hours" | "carrier_bias_samples" | "carrier_bias_scope"> {
  return { carrier_bias_hours: bias ? round1(bias.hours) : null, carrier_bias_samples: bias?.samples ?? 0, carrier_bias_scope: bias?.scope ?? "none" };
}

/**
 * The built-in, explainable predictor:
 *
 * - **At sea on the vessel that reaches the port of discharge** (the boxes' latest departure is on
 *   it, a position under 48 hours old): the distance left along the sea lane from the newest position,
 *   sailed at the vessel's recent speed over ground. The spread grows with the hours left.
 * - **Otherwise**: the carrier's ETA, moved by the carrier's mean error at this horizon in the
 *   account's own arrived shipments (the lane's when it has enough samples, else the carrier's);
 *   its spread is that error's spread, or six hours plus a tenth of the whole days to the ETA without history.
 */
export function baselinePredictor(): EtaPredictor {
  return {
    name: "baseline",
    predict(input: PredictionInput): EtaPrediction | null {
      const now = Date.parse(input.now);
      const newest = input.positions.at(-1);
      const ageHours = newest ? (now - Date.parse(newest.timestamp)) / HOUR : null;
      const carrierEta = input.carrierEtaAt === null ? null : Date.parse(input.carrierEtaAt);
      const carrierHorizon = carrierEta === null ? 0 : Math.max(0, (carrierEta - now) / HOUR);
      const bias = carrierEta === null ? null : input.carrierBias(carrierHorizon);
      const base = { predictor: "baseline", port_calls_left: input.portCallsLeft, aboard: input.aboard, leg_from_locode: input.legFrom?.locode ?? null, carrier_eta_at: input.carrierEtaAt, ...biasReasons(bias) };

      const sailing = input.aboard && input.departedAt !== null && newest !== undefined && input.pod !== null && ageHours !== null && ageHours <= MAX_POSITION_AGE_HOURS && Date.parse(newest.timestamp) >= Date.parse(input.departedAt);
      const speed = sailing ? recentSpeedKnots(input.positions) : null;
      if (sailing && speed !== null && input.pod) {
        const distance = remainingNm(input.legFrom, input.pod, newest);
        const hoursLeft = distance / speed;
        const median = Date.parse(newest.timestamp) + hoursLeft * HOUR;
        // From the position's own time, so the same position always gives the same prediction.
        const spread = 2 + 0.06 * hoursLeft;
        return prediction(median, spread, {
          ...base, method: "position", computed_at: input.now, position_at: newest.timestamp, position_age_hours: round1(ageHours),
          distance_remaining_nm: Math.round(distance), recent_speed_knots: round1(speed),
        });
      }
      if (carrierEta === null) return null;
      const median = carrierEta - (bias?.hours ?? 0) * HOUR;
      // A tenth of the horizon, by whole days: the same ETA gives the same spread all day.
      const spread = bias ? Math.max(2, bias.spreadHours) : 6 + Math.floor(carrierHorizon / 24) * 2.4;
      return prediction(median, spread, {
        ...base, method: "carrier_eta", computed_at: input.now, position_at: newest?.timestamp ?? null, position_age_hours: ageHours === null ? null : round1(ageHours),
        distance_remaining_nm: null, recent_speed_knots: null,
      });
    },
  };
}
