import { describe, expect, it } from "vitest";
import { portByLocode } from "../reference/index.js";
import { walkRoute } from "../routing/route-sampling.js";
import { seaRouter } from "../routing/sea-router.js";
import { baselinePredictor } from "./baseline-predictor.js";
import type { PredictionInput } from "./eta-predictor.js";

const H = 3_600_000;
const place = (locode: string) => {
  const port = portByLocode(locode)!;
  return { locode, latitude: Number(port.latitude), longitude: Number(port.longitude) };
};
const rotterdam = place("NLRTM");
const newYork = place("USNYC");
const route = seaRouter().route([rotterdam.longitude, rotterdam.latitude], [newYork.longitude, newYork.latitude]);
const walk = walkRoute(route.coordinates);

/** Positions along the Rotterdam–New York lane at 15 knots, every 6 hours for two days, the last at `now` − 2 h. */
function sailing(now: number) {
  return Array.from({ length: 9 }, (_, i) => {
    const at = now - 2 * H - (8 - i) * 6 * H;
    const { point } = walk.at(1_000 + 15 * ((at - (now - 2 * H - 48 * H)) / H));
    return { timestamp: new Date(at).toISOString(), latitude: point[1], longitude: point[0], speed_knots: 15 };
  });
}

const NOW = Date.parse("2026-03-10T12:00:00.000Z");
const base: PredictionInput = {
  now: new Date(NOW).toISOString(),
  carrierEtaAt: "2026-03-15T00:00:00.000Z",
  departedAt: "2026-03-05T00:00:00.000Z",
  pod: newYork,
  legFrom: rotterdam,
  positions: sailing(NOW),
  portCallsLeft: 0,
  aboard: true,
  carrierBias: () => null,
};

describe("baselinePredictor", () => {
  const predictor = baselinePredictor();

  it("sails out from the newest position along the lane at the recent speed over ground", () => {
    const prediction = predictor.predict(base)!;
    // 1,000 + 15 × 48 = 1,720 nm sailed; the rest of the lane at ~15 knots from the newest report.
    const left = walk.lengthNm - 1_720;
    const expected = NOW - 2 * H + (left / 15) * H;
    expect(Math.abs(Date.parse(prediction.predicted_eta_at) - expected)).toBeLessThan(3 * H);
    expect(prediction.predicted_eta_reasons).toMatchObject({ method: "position", aboard: true, port_calls_left: 0, leg_from_locode: "NLRTM", position_age_hours: 2, carrier_bias_scope: "none" });
    expect(Math.abs(prediction.predicted_eta_reasons.distance_remaining_nm! - left)).toBeLessThan(25);
    expect(prediction.predicted_eta_reasons.recent_speed_knots).toBeGreaterThan(14);
    expect(Date.parse(prediction.predicted_eta_p10_at)).toBeLessThan(Date.parse(prediction.predicted_eta_at));
    expect(Date.parse(prediction.predicted_eta_p90_at)).toBeGreaterThan(Date.parse(prediction.predicted_eta_at));
  });

  it("falls back to the carrier's ETA moved by its learned bias when the boxes are not aboard, or the position is stale", () => {
    const bias = () => ({ hours: -20, spreadHours: 10, samples: 40, scope: "lane" as const });
    for (const input of [{ ...base, aboard: false, carrierBias: bias }, { ...base, positions: sailing(NOW - 72 * H), carrierBias: bias }]) {
      const prediction = predictor.predict(input)!;
      expect(prediction.predicted_eta_at).toBe("2026-03-15T20:00:00.000Z");
      expect(prediction.predicted_eta_p10_at).toBe("2026-03-15T07:11:00.000Z");
      expect(prediction.predicted_eta_reasons).toMatchObject({ method: "carrier_eta", carrier_bias_hours: -20, carrier_bias_samples: 40, carrier_bias_scope: "lane" });
    }
  });

  it("takes the carrier's ETA as it is without history, and predicts nothing without one", () => {
    expect(predictor.predict({ ...base, aboard: false })?.predicted_eta_at).toBe("2026-03-15T00:00:00.000Z");
    expect(predictor.predict({ ...base, aboard: false, carrierEtaAt: null })).toBeNull();
  });
});
