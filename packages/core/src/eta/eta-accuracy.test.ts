import { describe, expect, it } from "vitest";
import { accuracyRows, forecastSamples, horizonOf, type ArrivalHistory } from "./eta-accuracy.js";

const H = 3_600_000;
const ARRIVAL = Date.parse("2026-03-20T00:00:00.000Z");
const at = (hoursBefore: number) => new Date(ARRIVAL - hoursBefore * H).toISOString();

/** Created 10 days out with a carrier ETA 24 h early; at 4 days out the line moves it to 6 h early. Predictions: 12 h late from creation, exact from 2 days out. */
const history: ArrivalHistory = {
  shipment: { id: "s1", created_at: at(240), pod_ata_at: at(0), pod_eta_at: at(6), predicted_eta_at: null },
  changes: [
    { attribute: "pod_eta_at", before: at(24), after: at(6), source: "carrier", learned_at: at(96) },
    { attribute: "predicted_eta_at", before: at(-12), after: at(0), source: "carrier", learned_at: at(48) },
    { attribute: "predicted_eta_at", before: at(0), after: null, source: "carrier", learned_at: at(-1) },
    { attribute: "holds_at_pod_terminal", before: [], after: [], source: "terminal", learned_at: at(50) },
  ],
};

describe("ETA accuracy", () => {
  it("bins horizons at 14, 7, 3 and 1 days", () => {
    expect([400, 336, 335, 168, 100, 72, 30, 24, 6].map(horizonOf)).toEqual(["14d_plus", "14d_plus", "7_14d", "7_14d", "3_7d", "3_7d", "1_3d", "1_3d", "under_1d"]);
  });

  it("samples every 6 hours before the arrival, back to creation, what Bollard knew then", () => {
    const samples = forecastSamples(history);
    const carrier = samples.filter((s) => s.source === "carrier");
    const predicted = samples.filter((s) => s.source === "predicted");
    // 6, 12, …, 240 hours before: 40 samples each.
    expect(carrier).toHaveLength(40);
    expect(predicted).toHaveLength(40);
    expect(carrier.find((s) => s.horizonHours === 96)?.errorHours).toBe(-6);
    expect(carrier.find((s) => s.horizonHours === 102)?.errorHours).toBe(-24);
    expect(predicted.find((s) => s.horizonHours === 48)?.errorHours).toBe(0);
    expect(predicted.find((s) => s.horizonHours === 54)?.errorHours).toBe(12);
  });

  it("reports MAE, bias and counts per source and horizon", () => {
    const rows = accuracyRows([history]);
    expect(rows).toHaveLength(15);
    const row = (source: string, horizon: string) => rows.find((r) => r.source === source && r.horizon === horizon)!;
    // 7–14 days: 168…240 h (created at 240 h), 13 samples, all −24 h (the move came at 96 h).
    expect(row("carrier", "7_14d")).toMatchObject({ samples: 13, shipments: 1, mae_hours: 24, bias_hours: -24, spread_hours: 0 });
    // 3–7 days: 72…162 h, 16 samples: 72…96 h (5) at −6 h, 102…162 h (11) at −24 h: MAE (5·6 + 11·24) / 16 = 18.375.
    expect(row("carrier", "3_7d")).toMatchObject({ samples: 16, mae_hours: 18.4, bias_hours: -18.4 });
    // 1–3 days: 24…66 h, 8 samples: 24…48 h (5) exact, 54…66 h (3) at +12 h: 36 / 8 = 4.5.
    expect(row("predicted", "1_3d")).toMatchObject({ samples: 8, mae_hours: 4.5, bias_hours: 4.5 });
    expect(row("terminal", "1_3d")).toMatchObject({ samples: 0, shipments: 0, mae_hours: null, bias_hours: null, spread_hours: null });
  });

  it("leaves out shipments that have not arrived", () => {
    expect(forecastSamples({ ...history, shipment: { ...history.shipment, pod_ata_at: null } })).toEqual([]);
  });
});
