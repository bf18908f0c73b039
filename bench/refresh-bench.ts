import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { BenchResult } from "./measure.js";
import { refreshTracker } from "./refresh-tracker.js";

const SHIPMENTS = Number(process.env.BENCH_REFRESH_SHIPMENTS ?? 10_000);

/**
 * A refresh cycle over 10,000 active shipments on SQLite with the simulated carrier: the first cycle
 * creates every shipment, container and event; the next, an hour later, is the steady state.
 */
export async function run(): Promise<BenchResult[]> {
  const dir = mkdtempSync(join(tmpdir(), "bollard-bench-refresh-"));
  try {
    const { tracker, clock } = await refreshTracker(dir, SHIPMENTS);
    const time = async () => {
      const started = performance.now();
      const summary = await tracker.refresh.runDue();
      return { seconds: (performance.now() - started) / 1000, summary };
    };
    const first = await time();
    clock.advance(3_600_000);
    const steady = await time();
    clock.advance(3_600_000);
    const third = await time();
    await tracker.close();
    const describe = (s: typeof first.summary) => `${s.total} refreshed: ${s.created} created, ${s.updated} updated, ${s.unchanged} unchanged, ${s.stopped} stopped`;
    return [
      { name: `refresh cycle creating ${SHIPMENTS.toLocaleString("en-US")} shipments (SQLite, simulated carrier)`, value: first.seconds, unit: "s", target: { value: 10, lowerIsBetter: true }, notes: describe(first.summary) },
      { name: `refresh cycle over ${SHIPMENTS.toLocaleString("en-US")} active shipments, one hour later`, value: steady.seconds, unit: "s", target: { value: 10, lowerIsBetter: true }, notes: describe(steady.summary) },
      { name: `refresh cycle over ${SHIPMENTS.toLocaleString("en-US")} active shipments, two hours later`, value: third.seconds, unit: "s", target: { value: 10, lowerIsBetter: true }, notes: describe(third.summary) },
    ];
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
