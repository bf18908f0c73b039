import type { EtaPredictionReasons } from "../domain/index.js";

/** Where a port is. */
export interface PredictionPlace {
  /** Its UN/LOCODE. */
  locode: string;
  /** Latitude, in degrees. */
  latitude: number;
  /** Longitude, in degrees. */
  longitude: number;
}

/** A vessel position a prediction may sail out from. */
export interface PredictionPosition {
  /** When it was reported (ISO 8601 UTC). */
  timestamp: string;
  /** Latitude, in degrees. */
  latitude: number;
  /** Longitude, in degrees. */
  longitude: number;
  /** The speed the vessel reported, when it did. */
  speed_knots: number | null;
}

/** The carrier's historical error at one horizon, from the account's own arrived shipments (see `CarrierBiasBook`). */
export interface CarrierBias {
  /** Mean signed error of the carrier's ETA against the actual arrival, in hours (negative: early). */
  hours: number;
  /** The spread of that error (standard deviation), in hours. */
  spreadHours: number;
  /** How many forecast samples it rests on. */
  samples: number;
  /** `lane`: this carrier on this port pair; `carrier`: this carrier on every lane. */
  scope: "lane" | "carrier";
}

/** Everything a predictor may know: what a real deployment sees, never a simulator's plan. */
export interface PredictionInput {
  /** The tracker's clock. */
  now: string;
  /** The carrier's (or feed's) latest ETA at the port of discharge. */
  carrierEtaAt: string | null;
  /** When the vessel left the port of lading, when known. */
  departedAt: string | null;
  /** The port of discharge's coordinates, when known. */
  pod: PredictionPlace | null;
  /** The POD vessel's positions, oldest first (the newest is its current position); empty when none. */
  positions: readonly PredictionPosition[];
  /** Transshipments still ahead of the boxes (estimated transshipment arrivals the carrier reports). */
  portCallsLeft: number;
  /** The port the boxes last departed from: where their leg's sea lane starts; null when unknown. */
  legFrom: PredictionPlace | null;
  /** Whether the boxes are aboard the vessel that reaches the port of discharge: their latest reported departure is on it. */
  aboard: boolean;
  /** The carrier's historical bias at a horizon (hours before arrival), or null when the account has too little history. */
  carrierBias(horizonHours: number): CarrierBias | null;
}

/** A predicted arrival at the port of discharge with its uncertainty and what it rests on. */
export interface EtaPrediction {
  /** The median predicted arrival (ISO 8601 UTC, whole minutes). */
  predicted_eta_at: string;
  /** One arrival in ten comes earlier. */
  predicted_eta_p10_at: string;
  /** One arrival in ten comes later. */
  predicted_eta_p90_at: string;
  /** The figures it used. */
  predicted_eta_reasons: EtaPredictionReasons;
}

/**
 * Predicts arrivals at the port of discharge. Pure: the same input gives the same prediction, and
 * a predictor sees only {@link PredictionInput}. `createTracker({ eta: { predictor } })` plugs in
 * your own; {@link baselinePredictor} is built in.
 *
 * @example
 * // The carrier's ETA as it is, ± 12 hours.
 * const asTheCarrierSays: EtaPredictor = {
 *   name: "carrier",
 *   predict: ({ carrierEtaAt, portCallsLeft, now }) => {
 *     if (carrierEtaAt === null) return null;
 *     const at = (hours: number) => new Date(Date.parse(carrierEtaAt) + hours * 3_600_000).toISOString();
 *     return {
 *       predicted_eta_at: carrierEtaAt, predicted_eta_p10_at: at(-12), predicted_eta_p90_at: at(12),
 *       predicted_eta_reasons: {
 *         predictor: "carrier", method: "carrier_eta", computed_at: now, position_at: null, position_age_hours: null,
 *         distance_remaining_nm: null, recent_speed_knots: null, port_calls_left: portCallsLeft, aboard: false, leg_from_locode: null, carrier_eta_at: carrierEtaAt,
 *         carrier_bias_hours: null, carrier_bias_samples: 0, carrier_bias_scope: "none",
 *       },
 *     };
 *   },
 * };
 */
export interface EtaPredictor {
  /** Recorded in `predicted_eta_reasons.predictor`. */
  readonly name: string;
  /** The prediction, or null when there is nothing to predict from. */
  predict(input: PredictionInput): EtaPrediction | null;
}
