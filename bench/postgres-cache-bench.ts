import { spawnSync } from "node:child_process";
import { copyFileSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { startLocalPostgres } from "@bollard/storage-postgres/testing";
import { DEMO_SHIPMENTS, openDemoDatabase } from "./demo-bench-db.js";
import { median, type BenchResult } from "./measure.js";
import { BOLLARD_READY, bollardCommand, requireWrk, ROOT, startServer, stopServers, wrk, type BenchServer, type WrkRun } from "./wrk.js";

const RUNS = 3;
const SECONDS = Number(process.env.BENCH_HTTP_SECONDS ?? 10);
const CONNECTIONS = 32;
const WARM_UP_SECONDS = Math.min(5, SECONDS);
const BIN = ["--conditions=bollard-source", "--import", "tsx", "packages/cli/src/bin.ts"];

/** The five reads of list-read: a Lua expression for the path, `pick()` choosing a random id of `ids`. */
const CASES = [
  { kind: "shipment", label: "GET /v2/shipments/{id}?include=containers (random ids)", path: `"/v2/shipments/" .. pick() .. "?include=containers"`, ids: "shipmentIds" },
  { kind: "shipments", label: "GET /v2/shipments?include=containers", path: `"/v2/shipments?include=containers"` },
  { kind: "containers", label: "GET /v2/containers", path: `"/v2/containers"` },
  { kind: "transport_events", label: "GET /v2/containers/{id}/transport_events (random ids)", path: `"/v2/containers/" .. pick() .. "/transport_events"`, ids: "containersWithEvents" },
  { kind: "tracking_requests", label: "GET /v2/tracking_requests", path: `"/v2/tracking_requests"` },
] as const satisfies readonly { kind: string; label: string; path: string; ids?: "shipmentIds" | "containersWithEvents" }[];

/** The four servers: each database with the response cache on (the default) and off. */
const SETUPS = ["postgres, cache on", "postgres, cache off", "sqlite, cache on", "sqlite, cache off"] as const;
type Setup = (typeof SETUPS)[number];

/**
 * The five reads of list-read on PostgreSQL: the demo database (`DEMO_SHIPMENTS` shipments) copied into a
 * local PostgreSQL with `bollard migrate-db`, served with the cache on and off, next to the same
 * data on SQLite with the cache on and off. Each server on core 0 (PostgreSQL itself is not
 * pinned: it shares the machine with wrk on core 1), 32 connections, a warm-up run of each, then
 * the median of 3 runs, interleaved. The cache on PostgreSQL costs a read of the account's change
 * versions per request; the figures say what that leaves of the SQLite cache's throughput.
 */
export async function run(): Promise<BenchResult[]> {
  requireWrk();
  const dir = mkdtempSync(join(tmpdir(), "bollard-bench-pg-cache-"));
  const db = await openDemoDatabase(join(dir, "demo.sqlite"));
  const cluster = await startLocalPostgres();
  const servers: BenchServer[] = [];
  try {
    const url = await cluster.createDatabase();
    const copy = spawnSync(process.execPath, [...BIN, "migrate-db", "--from", db.filename, "--to", url, "--batch", "2000"], { cwd: ROOT, encoding: "utf8" });
    if (copy.status !== 0) throw new Error(`migrate-db failed: ${copy.stderr}`);
    const off = ["--response-cache-mb", "0"];
    // A second copy for the second SQLite server (a server holds its file's lease).
    const sqliteOff = join(dir, "demo-off.sqlite");
    copyFileSync(db.filename, sqliteOff);
    const commands: Record<Setup, string[]> = {
      "postgres, cache on": bollardCommand(url),
      "postgres, cache off": bollardCommand(url, off),
      "sqlite, cache on": bollardCommand(db.filename),
      "sqlite, cache off": bollardCommand(sqliteOff, off),
    };
    const ports = {} as Record<Setup, number>;
    for (const setup of SETUPS) {
      const server = await startServer(commands[setup], BOLLARD_READY);
      servers.push(server);
      ports[setup] = server.port;
    }

    const results: BenchResult[] = [];
    for (const c of CASES) {
      const script = join(dir, `${c.kind}.lua`);
      writeFileSync(script, wrkScript(c.path, "ids" in c ? db[c.ids].slice(0, 20_000) : [], db.apiKey));
      const runs = Object.fromEntries(SETUPS.map((setup) => [setup, [] as WrkRun[]])) as Record<Setup, WrkRun[]>;
      for (const setup of SETUPS) wrk(ports[setup], script, { connections: CONNECTIONS, seconds: WARM_UP_SECONDS });
      for (let i = 0; i < RUNS; i++) for (const setup of SETUPS) runs[setup].push(wrk(ports[setup], script, { connections: CONNECTIONS, seconds: SECONDS }));
      const rps = (setup: Setup) => median(runs[setup].map((r) => r.rps));
      const p99 = (setup: Setup) => `p99 ${median(runs[setup].map((r) => r.p99)).toFixed(1)} ms`;
      results.push(
        { name: `${c.label}: postgres, cache on`, value: rps("postgres, cache on"), unit: "req/s", baseline: { name: "cache off", value: rps("postgres, cache off") }, notes: `${p99("postgres, cache on")} (off: ${p99("postgres, cache off")})` },
        { name: "  postgres, cache on, against sqlite", value: rps("postgres, cache on"), unit: "req/s", baseline: { name: "sqlite, cache on", value: rps("sqlite, cache on") }, notes: p99("sqlite, cache on") },
        { name: "  postgres, cache off, against sqlite", value: rps("postgres, cache off"), unit: "req/s", baseline: { name: "sqlite, cache off", value: rps("sqlite, cache off") }, notes: p99("sqlite, cache off") },
      );
    }
    results.unshift({ name: `database: ${DEMO_SHIPMENTS.toLocaleString("en-US")} demo shipments, PostgreSQL (copied) and SQLite, ${CONNECTIONS} connections, ${SECONDS} s × ${RUNS}`, value: DEMO_SHIPMENTS, unit: "shipments" });
    return results;
  } finally {
    await stopServers(servers);
    await cluster.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}

function wrkScript(path: string, ids: readonly string[], apiKey: string): string {
  return `local ids = {${ids.map((id) => `"${id}"`).join(",")}}
local function pick() return ids[math.random(#ids)] end
wrk.headers["Authorization"] = "Token ${apiKey}"
request = function()
  return wrk.format("GET", ${path})
end
`;
}
