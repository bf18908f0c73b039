import { mkdirSync, writeFileSync } from "node:fs";
import { formatResults, type BenchResult } from "./measure.js";

/** Every benchmark by name; `pnpm bench NAME…` runs a subset. */
const BENCHES: Record<string, () => Promise<BenchResult[]>> = {
  "storage-insert": async () => (await import("./storage-insert-bench.js")).run(),
  "storage-read": async () => (await import("./storage-read-bench.js")).run(),
  "http-read": async () => (await import("./http-read-bench.js")).run(),
  "postgres-read": async () => (await import("./postgres-read-bench.js")).run(),
  refresh: async () => (await import("./refresh-bench.js")).run(),
  map: async () => (await import("./map-bench.js")).run(),
  "webhook-delivery": async () => (await import("./webhook-delivery-bench.js")).run(),
  dashboard: async () => (await import("./dashboard-bench.js")).run(),
};

const selected = process.argv.slice(2).filter((arg) => !arg.startsWith("-"));
const names = selected.length > 0 ? selected : Object.keys(BENCHES);
const results: BenchResult[] = [];
for (const name of names) {
  const bench = BENCHES[name];
  if (!bench) {
    console.error(`unknown benchmark "${name}"; known: ${Object.keys(BENCHES).join(", ")}`);
    process.exit(1);
  }
  console.error(`running ${name}…`);
  const figures = await bench();
  console.log(formatResults(figures));
  results.push(...figures);
}
mkdirSync(new URL("../.bench/", import.meta.url), { recursive: true });
writeFileSync(new URL("../.bench/results.json", import.meta.url), `${JSON.stringify({ at: new Date().toISOString(), results }, null, 2)}\n`);
console.log("\nAll results:\n" + formatResults(results));
