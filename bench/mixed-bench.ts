import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { WEBHOOK_EVENT_CATEGORIES } from "@bollard/core";
import { DEMO_SHIPMENTS, openDemoDatabase, openDemoDatabaseIn, type DemoBenchDatabase } from "./demo-bench-db.js";
import { median, type BenchResult } from "./measure.js";
import { BOLLARD_READY, bollardCommand, requireWrk, ROOT, SERVER_CORES, startServer, stopServers, wrk, type WrkRun } from "./wrk.js";

const RUNS = 3;
const SECONDS = Number(process.env.BENCH_MIXED_SECONDS ?? 20);
const CONNECTIONS = 64;
/** API processes of today's server (`bollard serve --processes N`; the baseline has one). */
const PROCESSES = Number(process.env.BENCH_PROCESSES ?? 0);
const EVERY_EVENT = WEBHOOK_EVENT_CATEGORIES.flatMap((category) => category.events.map((event) => event.name));

/**
 * The mixed workload of issue 21 at 64 connections on a copy of the demo database, with both
 * background loops busy (every tracking request due when the server starts, a webhook on every
 * event to a local receiver): 25% shipment lists with containers, 20% shipments by id with
 * containers, 15% container transport events, 10% tracking request lists, 10% shipment tag edits,
 * 10% custom field upserts, 5% tracking request edits, 5% new tracking requests (TEST carrier).
 * Today's code runs next to a baseline worktree (`--baseline DIR`, e.g. `git worktree add
 * ../baseline <commit>` then `pnpm install` there), each on a fresh copy per run, interleaved,
 * median of 3 runs. The server runs on core 0 (`BENCH_SERVER_CORES` to change); wrk and the receiver on core 1.
 * `BENCH_PROCESSES=N` serves today's API from N processes (`--processes N`, the first process accepting for them).
 */
export async function run(): Promise<BenchResult[]> {
  requireWrk();
  const baseline = process.env.BENCH_BASELINE;
  const trees: [string, string][] = [["today", ROOT], ...(baseline ? [["baseline", baseline] as [string, string]] : [])];
  await openDemoDatabase(); // build once, outside the timed part (a baseline tree builds its own on its first run)
  const dir = mkdtempSync(join(tmpdir(), "bollard-bench-mixed-"));
  const runs = new Map<string, WrkRun[]>(trees.map(([name]) => [name, []]));
  try {
    for (let i = 0; i < RUNS; i++) {
      for (const [name, tree] of trees) {
        const result = await oneRun(tree, join(dir, `${name}-${i}.sqlite`), dir, `${name}${i}${Date.now()}`);
        runs.get(name)!.push(result);
        console.error(`  ${name} run ${i + 1}: ${result.rps.toFixed(0)} req/s, p99 ${result.p99.toFixed(1)} ms, ${result.errors} errors`);
      }
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  const today = runs.get("today")!;
  const base = runs.get("baseline");
  const figure = (key: keyof WrkRun, list: WrkRun[]) => median(list.map((r) => r[key]));
  const results: BenchResult[] = [
    {
      name: `mixed workload, ${DEMO_SHIPMENTS.toLocaleString("en-US")} shipments (SQLite), ${CONNECTIONS} conns, server on core ${SERVER_CORES}${PROCESSES > 0 ? `, ${PROCESSES} API process${PROCESSES === 1 ? "" : "es"}` : ""}, ${SECONDS} s × ${RUNS}: throughput`,
      value: figure("rps", today),
      unit: "req/s",
      ...(base && { baseline: { name: `baseline ${baseline}`, value: figure("rps", base) }, target: { value: 5 * figure("rps", base) } }),
      notes: base ? "target 5× the baseline" : "run with --baseline DIR for the comparison",
    },
  ];
  for (const key of ["p50", "p90", "p99", "max"] as const) {
    results.push({
      name: `  latency ${key}`,
      value: figure(key, today),
      unit: "ms",
      ...(base && { baseline: { name: "baseline", value: figure(key, base) } }),
      ...(key === "p99" && { target: { value: 100, lowerIsBetter: true } }),
    });
  }
  results.push({ name: "  errors (non-2xx and socket errors, all runs)", value: today.reduce((n, r) => n + r.errors, 0), unit: "", ...(base && { baseline: { name: "baseline", value: base.reduce((n, r) => n + r.errors, 0) } }), target: { value: 0, lowerIsBetter: true } });
  return results;
}

/** One run: a fresh copy of the database with every tracking request due, a server from `tree`, a webhook, then wrk. */
async function oneRun(tree: string, filename: string, dir: string, runId: string): Promise<WrkRun> {
  const db = tree === ROOT ? await openDemoDatabase(filename, { everyRequestDue: true }) : openDemoDatabaseIn(tree, filename, { everyRequestDue: true });
  const receiver = await startServer(["taskset", "-c", "1", process.execPath, "bench/webhook-receiver.mjs"], /port (\d+)/);
  const processes = tree === ROOT && PROCESSES > 0 ? ["--processes", String(PROCESSES)] : [];
  const server = await startServer(bollardCommand(filename, ["--allow-private-webhooks", ...processes], tree), BOLLARD_READY);
  try {
    const call = async (method: string, path: string, body: unknown) => {
      const response = await fetch(`http://127.0.0.1:${server.port}${path}`, { method, headers: { authorization: `Token ${db.apiKey}`, "content-type": "application/vnd.api+json" }, body: JSON.stringify(body) });
      if (!response.ok) throw new Error(`${method} ${path} answered ${response.status}: ${await response.text()}`);
    };
    await call("POST", "/v2/webhooks", { data: { type: "webhook", attributes: { url: `http://127.0.0.1:${receiver.port}/hooks`, events: EVERY_EVENT } } });
    await call("POST", "/v2/custom_field_definitions", { data: { type: "custom_field_definition", attributes: { entity_type: "Shipment", api_slug: "declared_value", display_name: "Declared value", data_type: "number" } } });
    const script = join(dir, `${runId}.lua`);
    writeFileSync(script, mixedScript(db, runId));
    return wrk(server.port, script, { connections: CONNECTIONS, seconds: SECONDS, allowErrors: true });
  } finally {
    await stopServers([server, receiver]);
    for (const suffix of ["", "-wal", "-shm"]) rmSync(`${filename}${suffix}`, { force: true });
  }
}

function mixedScript(db: DemoBenchDatabase, runId: string): string {
  const list = (ids: readonly string[]) => `{${ids.slice(0, 5_000).map((id) => `"${id}"`).join(",")}}`;
  return `local shipments = ${list(db.shipmentIds)}
local containers = ${list(db.containersWithEvents)}
local requests = ${list(db.trackingRequestIds)}
local function pick(ids) return ids[math.random(#ids)] end
local created = 0
wrk.headers["Authorization"] = "Token ${db.apiKey}"
wrk.headers["Content-Type"] = "application/vnd.api+json"
request = function()
  local r = math.random(100)
  if r <= 25 then return wrk.format("GET", "/v2/shipments?include=containers")
  elseif r <= 45 then return wrk.format("GET", "/v2/shipments/" .. pick(shipments) .. "?include=containers")
  elseif r <= 60 then return wrk.format("GET", "/v2/containers/" .. pick(containers) .. "/transport_events")
  elseif r <= 70 then return wrk.format("GET", "/v2/tracking_requests")
  elseif r <= 80 then return wrk.format("PATCH", "/v2/shipments/" .. pick(shipments), nil, '{"data":{"type":"shipment","attributes":{"tags":["t' .. math.random(9) .. '"]}}}')
  elseif r <= 90 then return wrk.format("POST", "/v2/shipments/" .. pick(shipments) .. "/custom_fields", nil, '{"data":{"type":"custom_field","attributes":{"api_slug":"declared_value","value":"' .. math.random(100000) .. '"}}}')
  elseif r <= 95 then return wrk.format("PATCH", "/v2/tracking_requests/" .. pick(requests), nil, '{"data":{"type":"tracking_request","attributes":{"shipment_tags":["t' .. math.random(9) .. '"]}}}')
  else
    created = created + 1
    return wrk.format("POST", "/v2/tracking_requests", nil, '{"data":{"type":"tracking_request","attributes":{"request_type":"bill_of_lading","request_number":"TEST-MIX-${runId}-' .. created .. '","scac":"TEST"}}}')
  end
end
`;
}
