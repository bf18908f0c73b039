import type { EtaHorizon } from "../domain/index.js";
import { forecastSamples, horizonOf } from "./eta-accuracy.js";
import type { CarrierBias } from "./eta-predictor.js";
import { laneOf, type LaneArrivalHistory } from "./arrival-histories.js";

/** A bias needs at least this many samples from at least {@link MIN_SHIPMENTS} shipments to be used. */
export const MIN_SAMPLES = 12;
/** See {@link MIN_SAMPLES}. */
export const MIN_SHIPMENTS = 3;

/** The carriers' historical ETA errors of one account, by carrier, lane and horizon. */
export interface CarrierBiasTable {
  /** The bias of `scac`'s ETAs at `horizonHours` before arrival: the lane's when it has enough samples, else the carrier's; null when neither has. */
  lookup(scac: string, lane: string | null, horizonHours: number): CarrierBias | null;
}

interface Sums {
  samples: number;
  signed: number;
  squared: number;
  shipments: Set<string>;
}

/**
 * Learns the carriers' ETA errors from an account's arrived shipments (the same samples as the
 * accuracy table's `carrier` rows): by carrier, lane and horizon, and by carrier and horizon.
 */
export function learnCarrierBias(histories: Iterable<LaneArrivalHistory>): CarrierBiasTable {
  const sums = new Map<string, Sums>();
  const add = (key: string, shipmentId: string, error: number) => {
    let entry = sums.get(key);
    if (!entry) sums.set(key, (entry = { samples: 0, signed: 0, squared: 0, shipments: new Set() }));
    entry.samples++;
    entry.signed += error;
    entry.squared += error * error;
    entry.shipments.add(shipmentId);
  };
  for (const history of histories) {
    const scac = history.shipment.shipping_line_scac;
    const lane = laneOf(history.shipment);
    for (const sample of forecastSamples(history)) {
      if (sample.source !== "carrier") continue;
      const horizon = horizonOf(sample.horizonHours);
      add(`${scac}|*|${horizon}`, history.shipment.id, sample.errorHours);
      if (lane) add(`${scac}|${lane}|${horizon}`, history.shipment.id, sample.errorHours);
    }
  }
  const biasOf = (key: string, scope: CarrierBias["scope"]): CarrierBias | null => {
    const entry = sums.get(key);
    if (!entry || entry.samples < MIN_SAMPLES || entry.shipments.size < MIN_SHIPMENTS) return null;
    const mean = entry.signed / entry.samples;
    return { hours: mean, spreadHours: Math.sqrt(Math.max(0, entry.squared / entry.samples - mean * mean)), samples: entry.samples, scope };
  };
  return {
    lookup(scac, lane, horizonHours) {
      const horizon: EtaHorizon = horizonOf(horizonHours);
      return (lane ? biasOf(`${scac}|${lane}|${horizon}`, "lane") : null) ?? biasOf(`${scac}|*|${horizon}`, "carrier");
    },
  };
}

/** A table that knows nothing yet. */
export const EMPTY_BIAS_TABLE: CarrierBiasTable = { lookup: () => null };
