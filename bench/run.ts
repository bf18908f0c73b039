import { existsSync, mkdirSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { formatResults, type BenchResult } from "./measure.js";

/** Every benchmark by name; `pnpm bench NAME…` runs a subset. */
const BENCHES: Record<string, () => Promise<BenchResult[]>> = {
  "storage-insert": async () => (await import("./storage-insert-bench.js")).run(),
  "storage-read": async () => (await import("./storage-read-bench.js")).run(),
  "http-read": async () => (await import("./http-read-bench.js")).run(),
  "list-read": async () => (await import("./list-read-bench.js")).run(),
  "postgres-read": async () => (await import("./postgres-read-bench.js")).run(),
  "postgres-cache": async () => (await import("./postgres-cache-bench.js")).run(),
  refresh: async () => (await import("./refresh-bench.js")).run(),
  "refresh-webhooks": async () => (await import("./refresh-webhooks-bench.js")).run(),
  map: async () => (await import("./map-bench.js")).run(),
  "webhook-delivery": async () => (await import("./webhook-delivery-bench.js")).run(),
  dashboard: async () => (await import("./dashboard-bench.js")).run(),
  scale: async () => (await import("./scale-bench.js")).run(),
  mixed: async () => (await import("./mixed-bench.js")).run(),
  "mixed-costs": async () => (await import("./mixed-costs-bench.js")).run(),
  "dcsa-events": async () => (await import("./dcsa-events-bench.js")).run(),
  "webhook-replay": async () => (await import("./webhook-replay-bench.js")).run(),
  ais: async () => (await import("./ais-bench.js")).run(),
  demurrage: async () => (await import("./demurrage-bench.js")).run(),
  eta: async () => (await import("./eta-bench.js")).run(),
  exceptions: async () => (await import("./exceptions-bench.js")).run(),
  bulk: async () => (await import("./bulk-bench.js")).run(),
};

/** Options that size a benchmark, by flag: `pnpm bench scale --shipments 5000`. */
const SIZE_FLAGS: Record<string, string> = { "--shipments": "BENCH_SCALE_SHIPMENTS" };
/** Options that name a directory: `pnpm bench mixed --baseline ../baseline` (a worktree of an older commit, installed). */
const PATH_FLAGS: Record<string, string> = { "--baseline": "BENCH_BASELINE" };

const selected: string[] = [];
const args = process.argv.slice(2);
for (let i = 0; i < args.length; i++) {
  const [flag, inline] = args[i]!.split("=", 2) as [string, string | undefined];
  const pathVariable = PATH_FLAGS[flag];
  if (pathVariable) {
    const value = inline ?? args[++i];
    if (!value || !existsSync(join(value, "packages/cli/src/bin.ts"))) {
      console.error(`${flag} takes a Bollard checkout with its dependencies installed (no packages/cli/src/bin.ts in "${value ?? ""}")`);
      process.exit(1);
    }
    process.env[pathVariable] = resolve(value);
    continue;
  }
  const variable = SIZE_FLAGS[flag];
  if (variable) {
    const value = inline ?? args[++i];
    if (!value || !/^[1-9]\d*$/.test(value)) {
      console.error(`${flag} takes a positive whole number`);
      process.exit(1);
    }
    process.env[variable] = value;
  } else if (!flag.startsWith("-")) selected.push(flag);
}
// `scale` builds 100,000 shipments twice (tens of minutes), `ais` feeds for ten minutes and `mixed` wants a baseline: they run only when named.
const names = selected.length > 0 ? selected : Object.keys(BENCHES).filter((name) => name !== "scale" && name !== "mixed" && name !== "ais");
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
