import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { DEMO_SHIPMENTS, openDemoDatabase, openDemoDatabaseIn } from "./demo-bench-db.js";
import { median, type BenchResult } from "./measure.js";
import { BOLLARD_READY, bollardCommand, requireWrk, startServer, stopServers, wrk, type WrkRun } from "./wrk.js";

/** `--baseline DIR`: an older checkout served beside today's, on its own copy of the demo database, each read measured against it too. */
const BASELINE = process.env.BENCH_BASELINE;
/** The share of the baseline's throughput today must keep on every read. */
const OF_BASELINE = 0.95;

const RUNS = 3;
const SECONDS = Number(process.env.BENCH_HTTP_SECONDS ?? 10);
const CONNECTIONS = 32;
const WARM_UP_SECONDS = Math.min(5, SECONDS);

/** One benchmarked request: how wrk builds it, and the share of each baseline it should reach. */
interface ReadCase {
  /** The file the sample bytes are kept in (see bytes-server.mjs). */
  kind: string;
  label: string;
  /** A Lua expression for the request path; `pick(ids)` chooses a random id. */
  path: string;
  ids?: "shipments" | "containersWithEvents";
  targetOfBytes?: number;
  targetOfFloor?: number;
}

const CASES: ReadCase[] = [
  { kind: "shipment", label: "GET /v2/shipments/{id}?include=containers", path: `"/v2/shipments/" .. pick() .. "?include=containers"`, ids: "shipments", targetOfBytes: 0.35 },
  { kind: "shipments", label: "GET /v2/shipments?include=containers", path: `"/v2/shipments?include=containers"`, targetOfBytes: 0.1, targetOfFloor: 0.5 },
  { kind: "containers", label: "GET /v2/containers", path: `"/v2/containers"`, targetOfFloor: 0.5 },
  { kind: "transport_events", label: "GET /v2/containers/{id}/transport_events", path: `"/v2/containers/" .. pick() .. "/transport_events"`, ids: "containersWithEvents", targetOfFloor: 0.5 },
  { kind: "tracking_requests", label: "GET /v2/tracking_requests", path: `"/v2/tracking_requests"`, targetOfFloor: 0.5 },
];

/** `BENCH_LIST_CASES=shipment,containers` measures only those kinds (all of them by default). */
const ONLY = process.env.BENCH_LIST_CASES?.split(",").map((kind) => kind.trim());
if (ONLY) for (const kind of ONLY) if (!CASES.some((c) => c.kind === kind)) throw new Error(`BENCH_LIST_CASES: no case "${kind}"; known: ${CASES.map((c) => c.kind).join(", ")}`);

/**
 * The reads users make most, over a socket with authentication, against the demo database
 * (`DEMO_SHIPMENTS` shipments): each next to (a) node:http writing the same bytes and (b) the
 * data floor, node:http reading the same rows with raw better-sqlite3 and writing the stored JSON
 * (data-floor-server.mjs), and (with `--baseline DIR`) (c) an older checkout's server on its own
 * copy of the database. All servers run on core 0 and wrk on core 1, 32 connections, a warm-up run
 * of each, then the median of 3 runs, interleaved.
 */
export async function run(): Promise<BenchResult[]> {
  requireWrk();
  const db = await openDemoDatabase();
  const dir = mkdtempSync(join(tmpdir(), "bollard-bench-lists-"));
  const bollard = await startServer(bollardCommand(db.filename), BOLLARD_READY);
  const servers = [bollard];
  try {
    const ids = { shipments: db.shipmentIds, containersWithEvents: db.containersWithEvents };
    const sizes = new Map<string, number>();
    for (const c of CASES) {
      const sample = c.kind === "shipment" ? `/v2/shipments/${ids.shipments[0]}?include=containers` : c.kind === "transport_events" ? `/v2/containers/${ids.containersWithEvents[0]}/transport_events` : JSON.parse(c.path) as string;
      const response = await fetch(`http://127.0.0.1:${bollard.port}${sample}`, { headers: { authorization: `Token ${db.apiKey}` } });
      const bytes = Buffer.from(await response.arrayBuffer());
      if (response.status !== 200) throw new Error(`${sample} answered ${response.status}: ${bytes.toString()}`);
      writeFileSync(join(dir, `${c.kind}.json`), bytes);
      sizes.set(c.kind, bytes.length);
      writeFileSync(join(dir, `${c.kind}.lua`), wrkScript(c, c.ids ? ids[c.ids].slice(0, 20_000) : [], db.apiKey));
    }
    const bytesServer = await startServer(["taskset", "-c", "0", process.execPath, "bench/bytes-server.mjs", dir], /port (\d+)/);
    const floor = await startServer(["taskset", "-c", "0", process.execPath, "bench/data-floor-server.mjs", db.filename], /port (\d+)/);
    servers.push(bytesServer, floor);
    // The baseline's database has its own ids and key, so its requests come from scripts of their own.
    const baseline = BASELINE === undefined ? undefined : openDemoDatabaseIn(BASELINE, join(dir, "baseline.sqlite"));
    const baselineServer = baseline && (await startServer(bollardCommand(baseline.filename, [], BASELINE), BOLLARD_READY));
    if (baselineServer) servers.push(baselineServer);
    if (baseline) for (const c of CASES) writeFileSync(join(dir, `${c.kind}.baseline.lua`), wrkScript(c, c.ids ? { shipments: baseline.shipmentIds, containersWithEvents: baseline.containersWithEvents }[c.ids].slice(0, 20_000) : [], baseline.apiKey));

    const results: BenchResult[] = [];
    for (const c of CASES.filter((c) => !ONLY || ONLY.includes(c.kind))) {
      const script = join(dir, `${c.kind}.lua`);
      const baselineScript = join(dir, `${c.kind}.baseline.lua`);
      const runs: Record<"ours" | "bytes" | "floor" | "baseline", WrkRun[]> = { ours: [], bytes: [], floor: [], baseline: [] };
      // One unmeasured run of each server first: the first requests after a start pay for the JIT
      // and, for ids, the response cache's first fill (a shipment renders once, then answers from it).
      for (const server of [bytesServer, floor, bollard]) wrk(server.port, script, { connections: CONNECTIONS, seconds: WARM_UP_SECONDS });
      if (baselineServer) wrk(baselineServer.port, baselineScript, { connections: CONNECTIONS, seconds: WARM_UP_SECONDS });
      for (let i = 0; i < RUNS; i++) {
        runs.bytes.push(wrk(bytesServer.port, script, { connections: CONNECTIONS, seconds: SECONDS }));
        runs.floor.push(wrk(floor.port, script, { connections: CONNECTIONS, seconds: SECONDS }));
        if (baselineServer) runs.baseline.push(wrk(baselineServer.port, baselineScript, { connections: CONNECTIONS, seconds: SECONDS }));
        runs.ours.push(wrk(bollard.port, script, { connections: CONNECTIONS, seconds: SECONDS }));
      }
      const rps = (list: WrkRun[]) => median(list.map((r) => r.rps));
      const p99 = (list: WrkRun[]) => median(list.map((r) => r.p99)).toFixed(1);
      const name = `${c.label} (${(sizes.get(c.kind)! / 1024).toFixed(1)} KiB)`;
      results.push({
        name,
        value: rps(runs.ours),
        unit: "req/s",
        baseline: { name: "node:http, same bytes", value: rps(runs.bytes) },
        ...(c.targetOfBytes && { target: { value: c.targetOfBytes * rps(runs.bytes) } }),
        notes: `p99 ${p99(runs.ours)} ms (same bytes ${p99(runs.bytes)} ms)${c.targetOfBytes ? `; target ${c.targetOfBytes * 100}% of same bytes` : ""}`,
      });
      results.push({
        name: "  the same, against the data floor",
        value: rps(runs.ours),
        unit: "req/s",
        baseline: { name: "data floor", value: rps(runs.floor) },
        ...(c.targetOfFloor && { target: { value: c.targetOfFloor * rps(runs.floor) } }),
        notes: `floor p99 ${p99(runs.floor)} ms${c.targetOfFloor ? `; target ${c.targetOfFloor * 100}% of the floor` : ""}`,
      });
      if (baselineServer) {
        results.push({
          name: "  the same, against the baseline",
          value: rps(runs.ours),
          unit: "req/s",
          baseline: { name: `baseline ${BASELINE}`, value: rps(runs.baseline) },
          target: { value: OF_BASELINE * rps(runs.baseline) },
          notes: `baseline p99 ${p99(runs.baseline)} ms; target ${OF_BASELINE * 100}% of the baseline`,
        });
      }
    }
    results.unshift({ name: `database: ${DEMO_SHIPMENTS.toLocaleString("en-US")} demo shipments (SQLite), ${CONNECTIONS} connections, ${SECONDS} s × ${RUNS}`, value: DEMO_SHIPMENTS, unit: "shipments" });
    return results;
  } finally {
    await stopServers(servers);
    rmSync(dir, { recursive: true, force: true });
  }
}

function wrkScript(c: ReadCase, ids: readonly string[], apiKey: string): string {
  return `local ids = {${ids.map((id) => `"${id}"`).join(",")}}
local function pick() return ids[math.random(#ids)] end
wrk.headers["Authorization"] = "Token ${apiKey}"
request = function()
  return wrk.format("GET", ${c.path})
end
`;
}
