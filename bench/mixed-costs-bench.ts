import { execFileSync, spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { DEMO_SHIPMENTS, openDemoDatabase } from "./demo-bench-db.js";
import { median, type BenchResult } from "./measure.js";
import { prepareMix } from "./mixed-bench.js";
import { BOLLARD_READY, bollardCommand, ROOT, startServer, stopServers } from "./wrk.js";

const SECONDS = Number(process.env.BENCH_COSTS_SECONDS ?? 8);
const RUNS = 3;
const CONNECTIONS = 16;
/** Clock ticks per second of /proc/PID/stat's CPU times. */
const CLOCK_TICKS = Number(execFileSync("getconf", ["CLK_TCK"], { encoding: "utf8" }).trim());
/**
 * The mixed benchmark's 64 connections wait, on average, 64 / throughput seconds per request
 * (Little's law). A p99 under 100 ms needs a mean well under it; a mean of 50 ms needs 1,280
 * requests/s, so the mix may cost at most 1000 / 1280 ms of one core per request.
 */
const BUDGET_MS = 1000 / (64 / 0.05);

/**
 * What each kind of request of the mixed workload costs the server, in milliseconds of CPU per
 * request, and what the mix costs on average: the one-core budget behind the mixed benchmark's
 * throughput and latency. Each kind runs alone (mixed-load.mjs with `only`) for a few seconds at 16
 * connections on a fresh copy of the demo database, served by one process (`--processes 0`) with
 * the background loops off and the response cache off, as under the mixed workload, where a commit
 * several times a second empties the cache. The figure is the server's CPU time (user and system,
 * every thread, from /proc) over the run, divided by the requests answered; median of 3 runs.
 * Linux only.
 */
export async function run(): Promise<BenchResult[]> {
  const kinds = JSON.parse(execFileSync(process.execPath, ["bench/mixed-load.mjs", "--kinds"], { cwd: ROOT, encoding: "utf8" })) as [string, number][];
  await openDemoDatabase(); // build once, outside the timed part
  const dir = mkdtempSync(join(tmpdir(), "bollard-bench-costs-"));
  const results: BenchResult[] = [];
  let mixMs = 0;
  try {
    for (const [kind, share] of kinds) {
      const costs: number[] = [];
      for (let i = 0; i < RUNS; i++) costs.push(await cpuPerRequest(kind, join(dir, `costs-${i}.sqlite`), dir));
      const ms = median(costs);
      mixMs += (share / 100) * ms;
      console.error(`  ${kind}: ${costs.map((c) => c.toFixed(2)).join(", ")} ms`);
      results.push({ name: `  ${kind} (${share}% of the mix)`, value: ms, unit: "ms CPU/request", notes: `${((share / 100) * ms).toFixed(2)} ms of the mix's average` });
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  results.unshift({
    name: `mixed workload's requests, ${DEMO_SHIPMENTS.toLocaleString("en-US")} shipments (SQLite), each kind alone, uncached, ${CONNECTIONS} conns, ${SECONDS} s × ${RUNS}: average cost`,
    value: mixMs,
    unit: "ms CPU/request",
    target: { value: BUDGET_MS, lowerIsBetter: true },
    notes: `one core serves ${Math.round(1000 / mixMs)} req/s of the mix at this cost; the target is what 1,280 req/s (a 50 ms mean at 64 connections) allows`,
  });
  return results;
}

/** One run of one kind: the server's CPU milliseconds per answered request. */
async function cpuPerRequest(kind: string, filename: string, dir: string): Promise<number> {
  const db = await openDemoDatabase(filename);
  const server = await startServer(bollardCommand(filename, ["--background", "off", "--processes", "0", "--response-cache-mb", "0"]), BOLLARD_READY);
  try {
    await prepareMix(server.port, db.apiKey);
    const config = { port: server.port, connections: CONNECTIONS, seconds: SECONDS, apiKey: db.apiKey, runId: `c${Date.now()}`, shipmentIds: db.shipmentIds, containerIds: db.containersWithEvents, trackingRequestIds: db.trackingRequestIds, only: kind };
    const file = join(dir, "costs.json");
    writeFileSync(file, JSON.stringify(config));
    const before = cpuMs(server.child.pid!);
    const load = spawnSync("taskset", ["-c", "1", process.execPath, "bench/mixed-load.mjs", file], { cwd: ROOT, encoding: "utf8" });
    const used = cpuMs(server.child.pid!) - before;
    const line = load.stdout.trim().split("\n").pop() ?? "";
    if (load.status !== 0 || !line.startsWith("{")) throw new Error(`the load generator failed: ${load.stdout}${load.stderr}`);
    const { count, errors } = JSON.parse(line) as { count: number; errors: number };
    if (errors > 0) throw new Error(`${kind}: ${errors} of ${count} requests failed`);
    return used / count;
  } finally {
    await stopServers([server]);
    for (const suffix of ["", "-wal", "-shm"]) rmSync(`${filename}${suffix}`, { force: true });
  }
}

/** A process's CPU time so far (user and system, every thread), in milliseconds. */
function cpuMs(pid: number): number {
  // The command name (field 2) may hold spaces; the fields after its closing parenthesis are fixed.
  const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ").pop()!.split(" ");
  return ((Number(fields[11]) + Number(fields[12])) / CLOCK_TICKS) * 1000;
}
