import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { startLocalPostgres } from "@bollard/storage-postgres/testing";
import { BENCH_DB, openBenchDatabase, SHIPMENTS } from "./build-bench-db.js";
import { median, type BenchResult } from "./measure.js";
import { requireWrk, ROOT, startServer } from "./wrk.js";

const RUNS = 3;
const SECONDS = Number(process.env.BENCH_HTTP_SECONDS ?? 10);
/** Connections per wrk; two wrk processes always run, so the client side is the same in both set-ups. */
const CONNECTIONS = 16;
const BIN = ["--conditions=bollard-source", "--import", "tsx", "packages/cli/src/bin.ts"];

/**
 * `GET /v2/shipments/{id}?include=containers` (random ids, auth) against PostgreSQL holding the
 * 100,000-shipment benchmark database (copied from the SQLite one with `bollard migrate-db`),
 * served by one `bollard serve` process and then by two on the same database. Two wrk processes
 * drive it either way (both at the one server, or one at each), median of 3 runs; the figure is
 * the two-process throughput and its ratio to the one-process throughput is the scaling.
 */
export async function run(): Promise<BenchResult[]> {
  requireWrk();
  const { tracker, apiKey, ids } = await openBenchDatabase();
  await tracker.close();
  const cluster = await startLocalPostgres();
  const dir = mkdtempSync(join(tmpdir(), "bollard-bench-pg-"));
  const servers: ChildProcess[] = [];
  try {
    const url = await cluster.createDatabase();
    const started = performance.now();
    const copy = spawnSync(process.execPath, [...BIN, "migrate-db", "--from", BENCH_DB, "--to", url, "--batch", "2000"], { cwd: ROOT, encoding: "utf8" });
    if (copy.status !== 0) throw new Error(`migrate-db failed: ${copy.stderr}`);
    const copySeconds = (performance.now() - started) / 1000;
    writeFileSync(join(dir, "ids.lua"), wrkScript(ids.slice(0, 20_000), apiKey));
    const serve = async () => {
      const server = await startServer([process.execPath, ...BIN, "serve", "--db", url, "--port", "0"], /listening on http:\/\/[^:]+:(\d+)/);
      servers.push(server.child);
      return server.port;
    };
    const first = await serve();
    const second = await serve();
    const script = join(dir, "ids.lua");
    const one: number[] = [];
    const two: number[] = [];
    for (let i = 0; i < RUNS; i++) {
      one.push(sum(await Promise.all([wrk(first, script), wrk(first, script)])));
      two.push(sum(await Promise.all([wrk(first, script), wrk(second, script)])));
    }
    const oneRps = median(one);
    const twoRps = median(two);
    return [
      {
        name: `PostgreSQL: GET /v2/shipments/{id}?include=containers, 2 server processes (${SHIPMENTS.toLocaleString("en-US")} shipments, random ids, auth, ${2 * CONNECTIONS} conns)`,
        value: twoRps,
        unit: "req/s",
        baseline: { name: "1 server process", value: oneRps },
        target: { value: oneRps },
        notes: `scaling ×${(twoRps / oneRps).toFixed(2)} on ${navigatorCores()} cores shared by PostgreSQL, the servers and wrk; copy from SQLite took ${copySeconds.toFixed(1)} s`,
      },
    ];
  } finally {
    for (const child of servers) child.kill("SIGTERM");
    await cluster.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}

const sum = (values: number[]) => values.reduce((total, value) => total + value, 0);
const navigatorCores = () => (spawnSync("nproc", { encoding: "utf8" }).stdout.trim() || "?");

function wrk(port: number, script: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const child = spawn("wrk", ["-t1", `-c${CONNECTIONS}`, `-d${SECONDS}s`, "-s", script, `http://127.0.0.1:${port}`]);
    let out = "";
    child.stdout.on("data", (chunk: Buffer) => (out += chunk.toString()));
    child.stderr.on("data", (chunk: Buffer) => (out += chunk.toString()));
    child.on("exit", () => {
      const rps = Number(/Requests\/sec:\s+([\d.]+)/.exec(out)?.[1]);
      const non2xx = /Non-2xx or 3xx responses: (\d+)/.exec(out);
      if (!rps) reject(new Error(`wrk failed: ${out}`));
      else if (non2xx) reject(new Error(`wrk saw ${non2xx[1]} error responses`));
      else resolve(rps);
    });
  });
}

function wrkScript(ids: string[], apiKey: string): string {
  return `local ids = {${ids.map((id) => `"${id}"`).join(",")}}
wrk.headers["Authorization"] = "Token ${apiKey}"
request = function()
  return wrk.format("GET", "/v2/shipments/" .. ids[math.random(#ids)] .. "?include=containers")
end
`;
}

