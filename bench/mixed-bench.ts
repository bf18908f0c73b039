import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createTracker, WEBHOOK_EVENT_CATEGORIES } from "@bollard/core";
import { sqliteStorage } from "@bollard/storage-sqlite";
import { DEMO_SHIPMENTS, openDemoDatabase, openDemoDatabaseIn } from "./demo-bench-db.js";
import { median, type BenchResult } from "./measure.js";
import { BOLLARD_READY, bollardCommand, ROOT, SERVER_CORES, startServer, stopServers } from "./wrk.js";
import { trackerStorage } from "@bollard/core/storage";

const RUNS = 3;
const SECONDS = Number(process.env.BENCH_MIXED_SECONDS ?? 20);
/** Seconds of load before the measured ones: the first requests meet a cold server (modules loading, code not yet optimized). */
const WARMUP_SECONDS = Number(process.env.BENCH_MIXED_WARMUP_SECONDS ?? 3);
const CONNECTIONS = 64;
/** API processes of today's server (`bollard serve --processes N`; its default when unset; the baseline gets no flag). */
const PROCESSES = process.env.BENCH_PROCESSES === undefined ? undefined : Number(process.env.BENCH_PROCESSES);
const EVERY_EVENT = WEBHOOK_EVENT_CATEGORIES.flatMap((category) => category.events.map((event) => event.name));

/** Latency figures of some requests, in milliseconds. */
interface Latencies {
  count: number;
  p50: number;
  p90: number;
  p99: number;
  max: number;
}

/** What mixed-load.mjs measured in one run: all requests, then the reads (GET) and the writes apart. */
interface LoadRun extends Latencies {
  rps: number;
  /** Responses with a status of 400 or more, socket errors and timeouts (the warm-up's included). */
  errors: number;
  reads: Latencies;
  writes: Latencies;
  /** The requests of the warm-up, not in the figures above. */
  warmup: Latencies;
}

/** A run's load figures, and what the background loops got done meanwhile (per second of the run). */
interface MixedRun extends LoadRun {
  refreshesPerSecond: number;
  deliveriesPerSecond: number;
}

/**
 * The mixed workload of issue 21 at 64 connections on a copy of the demo database, with both
 * background loops busy (every tracking request due when the server starts, a webhook on every
 * event to a local receiver): 25% shipment lists with containers, 20% shipments by id with
 * containers, 15% container transport events, 10% tracking request lists, 10% shipment tag edits,
 * 10% custom field upserts, 5% tracking request edits, 5% new tracking requests (TEST carrier).
 * Today's code runs next to a baseline worktree (`--baseline DIR`, e.g. `git worktree add
 * ../baseline <commit>` then `pnpm install` there), each on a fresh copy per run, interleaved,
 * median of 3 runs. The server runs on core 0 (`BENCH_SERVER_CORES` to change); the load generator
 * (mixed-load.mjs: a closed loop of 64 kept-alive connections that records every request's latency
 * as measured, where wrk adds synthetic samples) and the webhook receiver on core 1. The load
 * starts with a warm-up (3 s, `BENCH_MIXED_WARMUP_SECONDS`) whose requests are not in the figures:
 * a server just started answers its first requests while still loading modules and optimizing code
 * (up to 3 s each, measured), which is not the steady state the figures describe; the warm-up's p99
 * and max are printed apart, and its errors count.
 * `BENCH_PROCESSES=N` runs today's server with `--processes N` (N API processes, the first process
 * accepting for them; 0: the first process serves the API itself). Besides the requests' figures it
 * prints what the background loops got done meanwhile (shipments refreshed, webhook notifications
 * delivered, per second): the requests must not be made fast by starving them unseen.
 */
export async function run(): Promise<BenchResult[]> {
  const baseline = process.env.BENCH_BASELINE;
  const trees: [string, string][] = [["today", ROOT], ...(baseline ? [["baseline", baseline] as [string, string]] : [])];
  await openDemoDatabase(); // build once, outside the timed part (a baseline tree builds its own on its first run)
  const dir = mkdtempSync(join(tmpdir(), "bollard-bench-mixed-"));
  const runs = new Map<string, MixedRun[]>(trees.map(([name]) => [name, []]));
  try {
    for (let i = 0; i < RUNS; i++) {
      for (const [name, tree] of trees) {
        const result = await oneRun(tree, join(dir, `${name}-${i}.sqlite`), dir, `${name}${i}${Date.now()}`);
        runs.get(name)!.push(result);
        console.error(`  ${name} run ${i + 1}: ${result.rps.toFixed(0)} req/s, p99 ${result.p99.toFixed(1)} ms, ${result.errors} errors; ${result.refreshesPerSecond.toFixed(1)} refreshes/s, ${result.deliveriesPerSecond.toFixed(1)} webhook deliveries/s`);
      }
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  const today = runs.get("today")!;
  const base = runs.get("baseline");
  const figure = (key: "rps" | keyof Latencies, list: MixedRun[], of: (run: MixedRun) => Latencies = (run) => run) => median(list.map((r) => (key === "rps" ? r.rps : of(r)[key])));
  const results: BenchResult[] = [
    {
      name: `mixed workload, ${DEMO_SHIPMENTS.toLocaleString("en-US")} shipments (SQLite), ${CONNECTIONS} conns, server on core ${SERVER_CORES}${PROCESSES === undefined ? "" : `, --processes ${PROCESSES}`}, ${SECONDS} s (after ${WARMUP_SECONDS} s of warm-up) × ${RUNS}: throughput`,
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
  for (const [label, of] of [["reads (GET)", (run: MixedRun) => run.reads], ["writes", (run: MixedRun) => run.writes]] as const) {
    results.push({ name: `  p99 of ${label}`, value: figure("p99", today, of), unit: "ms", ...(base && { baseline: { name: "baseline", value: figure("p99", base, of) } }) });
  }
  for (const key of ["p99", "max"] as const) {
    results.push({ name: `  cold start: ${key} of the ${WARMUP_SECONDS} s warm-up (not counted above)`, value: figure(key, today, (run) => run.warmup), unit: "ms", ...(base && { baseline: { name: "baseline", value: figure(key, base, (run) => run.warmup) } }) });
  }
  for (const [label, key] of [["shipments refreshed", "refreshesPerSecond"], ["webhook notifications delivered", "deliveriesPerSecond"]] as const) {
    const of = (list: MixedRun[]) => median(list.map((r) => r[key]));
    results.push({ name: `  background: ${label}`, value: of(today), unit: "/s", ...(base && { baseline: { name: "baseline", value: of(base) } }) });
  }
  results.push({ name: "  errors (status ≥ 400, socket errors, no answer in 10 s; all runs)", value: today.reduce((n, r) => n + r.errors, 0), unit: "", ...(base && { baseline: { name: "baseline", value: base.reduce((n, r) => n + r.errors, 0) } }), target: { value: 0, lowerIsBetter: true } });
  return results;
}

/** One run: a fresh copy of the database with every tracking request due, a server from `tree`, a webhook, then the load. */
async function oneRun(tree: string, filename: string, dir: string, runId: string): Promise<MixedRun> {
  const db = tree === ROOT ? await openDemoDatabase(filename, { everyRequestDue: true }) : openDemoDatabaseIn(tree, filename, { everyRequestDue: true });
  const receiver = await startServer(["taskset", "-c", "1", process.execPath, "bench/webhook-receiver.mjs"], /port (\d+)/);
  // The background starts with the server: what it does counts from here, until the server stops.
  const started = new Date();
  const processes = tree === ROOT && PROCESSES !== undefined ? ["--processes", String(PROCESSES)] : [];
  const server = await startServer(bollardCommand(filename, ["--allow-private-webhooks", ...processes], tree), BOLLARD_READY).catch(async (error: unknown) => {
    await stopServers([receiver]);
    throw error;
  });
  let result: LoadRun;
  let stopped: Date;
  try {
    await callApi(server.port, db.apiKey, "POST", "/v2/webhooks", { data: { type: "webhook", attributes: { url: `http://127.0.0.1:${receiver.port}/hooks`, events: EVERY_EVENT } } });
    await prepareMix(server.port, db.apiKey);
    result = load({ port: server.port, connections: CONNECTIONS, seconds: SECONDS, warmupSeconds: WARMUP_SECONDS, apiKey: db.apiKey, runId, shipmentIds: db.shipmentIds.slice(0, 5_000), containerIds: db.containersWithEvents.slice(0, 5_000), trackingRequestIds: db.trackingRequestIds.slice(0, 5_000) }, join(dir, `${runId}.json`));
  } finally {
    await stopServers([server, receiver]);
    stopped = new Date();
  }
  try {
    return { ...result, ...(await backgroundDone(filename, started, stopped)) };
  } finally {
    for (const suffix of ["", "-wal", "-shm"]) rmSync(`${filename}${suffix}`, { force: true });
  }
}

/** Calls a benchmark server's API with the bench key; throws unless it answers 2xx. */
export async function callApi(port: number, apiKey: string, method: string, path: string, body: unknown): Promise<void> {
  const response = await fetch(`http://127.0.0.1:${port}${path}`, { method, headers: { authorization: `Token ${apiKey}`, "content-type": "application/vnd.api+json" }, body: JSON.stringify(body) });
  if (!response.ok) throw new Error(`${method} ${path} answered ${response.status}: ${await response.text()}`);
}

/** What the mix's requests need besides the demo data: the shipment custom field they upsert (`declared_value`). */
export function prepareMix(port: number, apiKey: string): Promise<void> {
  return callApi(port, apiKey, "POST", "/v2/custom_field_definitions", { data: { type: "custom_field_definition", attributes: { entity_type: "Shipment", api_slug: "declared_value", display_name: "Declared value", data_type: "number" } } });
}

/**
 * What the background loops got done in a run, per second of the server's life (`started` to
 * `stopped`), read from the database once the server stopped: shipments whose refresh was attempted
 * since `started` (a refresh pass stamps every shipment it writes with the time the pass began, so
 * the count starts before the server does), and webhook notifications delivered (the run's
 * database had none). Read with today's storage, which migrates a baseline's copy first.
 */
async function backgroundDone(filename: string, started: Date, stopped: Date): Promise<{ refreshesPerSecond: number; deliveriesPerSecond: number }> {
  const since = started.toISOString();
  const tracker = await createTracker({ storage: sqliteStorage({ filename }) });
  try {
    const account = (await tracker.accounts.findByName("Bench"))!;
    const shipments = (await trackerStorage(tracker).shipments.list(account.id, { page: { number: 1, size: 100_000 } })).items;
    const refreshed = shipments.filter((s) => s.line_tracking_last_attempted_at !== null && s.line_tracking_last_attempted_at >= since).length;
    const { total: delivered } = await trackerStorage(tracker).webhookNotifications.list(account.id, { page: { number: 1, size: 1 }, deliveryStatus: "succeeded" });
    const seconds = (stopped.getTime() - started.getTime()) / 1000;
    return { refreshesPerSecond: refreshed / seconds, deliveriesPerSecond: delivered / seconds };
  } finally {
    await tracker.close();
  }
}

/** Runs mixed-load.mjs on core 1 with `config` (written to `file`) and returns what it measured. */
function load(config: Record<string, unknown>, file: string): LoadRun {
  writeFileSync(file, JSON.stringify(config));
  const result = spawnSync("taskset", ["-c", "1", process.execPath, "bench/mixed-load.mjs", file], { cwd: ROOT, encoding: "utf8" });
  const line = result.stdout.trim().split("\n").pop() ?? "";
  if (result.status !== 0 || !line.startsWith("{")) throw new Error(`the load generator failed: ${result.stdout}${result.stderr}`);
  return JSON.parse(line) as LoadRun;
}
