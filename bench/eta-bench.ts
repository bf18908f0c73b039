import { createTracker, type EtaAccuracyReport } from "@bollard/core";
import { memoryStorage } from "@bollard/storage-memory";
import type { BenchResult } from "./measure.js";

/** How many bills of lading the fleet tracks, and on which lines. */
const SHIPMENTS = Number(process.env.BENCH_ETA_SHIPMENTS ?? 120);
const CARRIERS = ["MAEU", "MSCU", "CMDU", "HLCU", "ONEY", "COSU", "EGLV", "ZIMU"] as const;
const START = "2026-01-05T00:00:00.000Z";
/** Requests are spread over this many days, so the later ones arrive after the carriers' bias is learned. */
const SPREAD_DAYS = 40;
const RUN_DAYS = 110;
const DAY_S = 86_400;

/**
 * Tracks a fleet of simulated bills of lading (the simulated line's noisy, early-biased ETAs and
 * vessel positions, nothing of its plan) from booking to arrival on the sandbox clock, then asks
 * `session.eta.accuracy()`: the carrier's and the predicted ETAs' mean absolute error per horizon.
 */
export async function trackFleetToArrival(shipments = SHIPMENTS, onProgress?: (day: number) => void): Promise<{ report: EtaAccuracyReport; refreshed: number; seconds: number }> {
  const started = performance.now();
  const tracker = await createTracker({ storage: memoryStorage(), sandbox: { start: START, paused: true }, refresh: { refreshIntervalMs: 6 * 3_600_000 }, positions: { retention: false } });
  try {
    const account = await tracker.accounts.create("ETA fleet");
    const session = tracker.session(await tracker.accounts.authenticate((await tracker.accounts.issueKey(account.id, { role: "editor" })).apiKey));
    const perDay = shipments / SPREAD_DAYS;
    let created = 0;
    let refreshed = 0;
    for (let day = 0; day < RUN_DAYS; day++) {
      for (; created < Math.min(shipments, Math.round((day + 1) * perDay)); created++) {
        const scac = CARRIERS[created % CARRIERS.length]!;
        await session.trackingRequests.create({ request_type: "bill_of_lading", request_number: `${scac}ETA${String(100_000 + created)}`, scac });
      }
      const { advance } = await session.sandbox.clock.update({ advance_by_seconds: DAY_S });
      refreshed += advance?.refreshed ?? 0;
      onProgress?.(day);
    }
    return { report: await session.eta.accuracy(), refreshed, seconds: (performance.now() - started) / 1000 };
  } finally {
    await tracker.close();
  }
}

/** `pnpm bench eta`: the predicted source's MAE at 3–7 and 7–14 days must be at least 30% below the carrier's. */
export async function run(): Promise<BenchResult[]> {
  const { report, refreshed, seconds } = await trackFleetToArrival(SHIPMENTS, (day) => {
    if (process.stderr.isTTY) process.stderr.write(`\r  eta: day ${day + 1}/${RUN_DAYS}`);
  });
  if (process.stderr.isTTY) process.stderr.write("\n");
  console.log(`  ${report.shipments} arrived shipments, ${refreshed.toLocaleString("en-US")} refreshes in ${seconds.toFixed(0)} s`);
  console.log("  source     horizon    samples  shipments  MAE h   bias h");
  for (const row of report.rows) {
    console.log(`  ${row.source.padEnd(10)} ${row.horizon.padEnd(10)} ${String(row.samples).padStart(7)}  ${String(row.shipments).padStart(9)}  ${String(row.mae_hours ?? "—").padStart(6)}  ${String(row.bias_hours ?? "—").padStart(6)}`);
  }
  const mae = (source: string, horizon: string) => report.rows.find((row) => row.source === source && row.horizon === horizon)?.mae_hours ?? null;
  return (["7_14d", "3_7d"] as const).map((horizon): BenchResult => {
    const carrier = mae("carrier", horizon);
    const predicted = mae("predicted", horizon);
    const ratio = carrier && predicted !== null ? predicted / carrier : Number.NaN;
    return {
      name: `predicted ETA MAE / carrier ETA MAE, ${horizon.replace("_", "–").replace("d", " days")}`,
      value: Number(ratio.toFixed(3)),
      unit: "ratio",
      target: { value: 0.7, lowerIsBetter: true },
      notes: `predicted ${predicted} h, carrier ${carrier} h, over ${report.shipments} arrived shipments`,
    };
  });
}
