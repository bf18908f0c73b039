import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import Database from "better-sqlite3";
import { openBenchDatabase, BENCH_DB, SHIPMENTS } from "./build-bench-db.js";
import { median, type BenchResult } from "./measure.js";
import { BOLLARD_READY, bollardCommand, requireWrk, startServer, stopServers, wrk as runWrk } from "./wrk.js";

const RUNS = 3;
const SECONDS = Number(process.env.BENCH_HTTP_SECONDS ?? 10);
const CONNECTIONS = 32;
const wrk = (port: number, script: string) => runWrk(port, script, { connections: CONNECTIONS, seconds: SECONDS });

/**
 * Reads without the response cache (`--response-cache-mb 0`) on the 100,000-shipment SQLite
 * database, each next to a plain node:http server returning the same document bytes: `GET
 * /v2/shipments/{id}?include=containers` over a socket with random ids and authentication (target
 * 25% of the floor), and the default shipment list with its containers, `GET
 * /v2/shipments?include=containers` (target 10%: its `meta.total` is exact). wrk drives both
 * (server pinned to core 0, wrk to core 1), median of 3 runs each. Two more figures show where the
 * time goes: Hono alone writing the same bytes, and the storage reads of one request measured
 * in-process.
 */
export async function run(): Promise<BenchResult[]> {
  requireWrk();
  const { tracker, apiKey, ids } = await openBenchDatabase();
  await tracker.close();
  const dir = mkdtempSync(join(tmpdir(), "bollard-bench-http-"));
  try {
    const bollard = await startServer(bollardCommand(BENCH_DB, ["--response-cache-mb", "0"]), BOLLARD_READY);
    const sample = await fetch(`http://127.0.0.1:${bollard.port}/v2/shipments/${ids[0]}?include=containers`, { headers: { authorization: `Token ${apiKey}` } });
    const documentBytes = Buffer.from(await sample.arrayBuffer());
    writeFileSync(join(dir, "doc.json"), documentBytes);
    writeFileSync(join(dir, "floor.mjs"), FLOOR_SERVER);
    const floor = await startServer(["taskset", "-c", "0", process.execPath, join(dir, "floor.mjs"), join(dir, "doc.json")], /port (\d+)/);
    const hono = await startServer(["taskset", "-c", "0", process.execPath, "bench/hono-floor-server.mjs", join(dir, "doc.json")], /port (\d+)/);
    writeFileSync(join(dir, "ids.lua"), wrkScript(ids.slice(0, 20_000), apiKey));
    const list = await fetch(`http://127.0.0.1:${bollard.port}/v2/shipments?include=containers`, { headers: { authorization: `Token ${apiKey}` } });
    const listBytes = Buffer.from(await list.arrayBuffer());
    writeFileSync(join(dir, "list.json"), listBytes);
    const listFloor = await startServer(["taskset", "-c", "0", process.execPath, join(dir, "floor.mjs"), join(dir, "list.json")], /port (\d+)/);
    writeFileSync(join(dir, "list.lua"), `wrk.headers["Authorization"] = "Token ${apiKey}"\nrequest = function() return wrk.format("GET", "/v2/shipments?include=containers") end\n`);

    const ours: { rps: number; p99: number }[] = [];
    const base: { rps: number; p99: number }[] = [];
    const bare: { rps: number; p99: number }[] = [];
    const listOurs: { rps: number; p99: number }[] = [];
    const listBase: { rps: number; p99: number }[] = [];
    for (let i = 0; i < RUNS; i++) {
      base.push(wrk(floor.port, join(dir, "ids.lua")));
      bare.push(wrk(hono.port, join(dir, "ids.lua")));
      ours.push(wrk(bollard.port, join(dir, "ids.lua")));
      listBase.push(wrk(listFloor.port, join(dir, "list.lua")));
      listOurs.push(wrk(bollard.port, join(dir, "list.lua")));
    }
    await stopServers([bollard, floor, hono, listFloor]);
    const rps = median(ours.map((r) => r.rps));
    const floorRps = median(base.map((r) => r.rps));
    const honoRps = median(bare.map((r) => r.rps));
    const readsPerSecond = storageReadsPerSecond(ids);
    return [
      {
        name: `GET /v2/shipments/{id}?include=containers (${SHIPMENTS.toLocaleString("en-US")} shipments, random ids, auth, ${CONNECTIONS} conns, ${documentBytes.length} B)`,
        value: rps,
        unit: "req/s",
        baseline: { name: "node:http writing the same bytes", value: floorRps },
        target: { value: 0.25 * floorRps },
        notes: `no response cache; p99 ${median(ours.map((r) => r.p99)).toFixed(2)} ms (floor p99 ${median(base.map((r) => r.p99)).toFixed(2)} ms); target is 25% of the floor`,
      },
      {
        name: `GET /v2/shipments?include=containers (the default page of ${SHIPMENTS.toLocaleString("en-US")} shipments, exact meta.total, auth, ${CONNECTIONS} conns, ${listBytes.length} B)`,
        value: median(listOurs.map((r) => r.rps)),
        unit: "req/s",
        baseline: { name: "node:http writing the same bytes", value: median(listBase.map((r) => r.rps)) },
        target: { value: 0.1 * median(listBase.map((r) => r.rps)) },
        notes: `no response cache; p99 ${median(listOurs.map((r) => r.p99)).toFixed(2)} ms; target is 10% of the floor`,
      },
      {
        name: "  where the time goes: Hono on @hono/node-server writing the same bytes (no auth, no storage)",
        value: honoRps,
        unit: "req/s",
        baseline: { name: "node:http writing the same bytes", value: floorRps },
      },
      {
        name: "  where the time goes: the two reads alone, in-process (rendered shipment + its containers, prepared statements)",
        value: readsPerSecond,
        unit: "reads/s",
        notes: `${(1e6 / readsPerSecond).toFixed(1)} µs per request before any HTTP work; the floor spends ${(1e6 / floorRps).toFixed(1)} µs per request in all`,
      },
    ];
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * The storage work of one request measured alone: the read model's lookups of a shipment with its
 * containers (the shipment's text and its containers' ids, then the containers' texts and event
 * linkage), on a read-only connection set up as the storage's reader (mapped file, 64 MiB cache),
 * random ids.
 */
function storageReadsPerSecond(ids: readonly string[]): number {
  const db = new Database(BENCH_DB, { readonly: true });
  try {
    db.pragma("cache_size = -65536");
    db.pragma("mmap_size = 2147418112");
    const accountId = db.prepare("select account_id from shipments where id = ?").pluck().get(ids[0]) as string;
    const texts = db.prepare("select key, text from kept_texts where account_id = ? and key in (select value from json_each(?))").raw();
    const read = () => {
      const id = ids[Math.floor(Math.random() * ids.length)]!;
      const first = texts.all(accountId, JSON.stringify([`shipment:${id}`, `shipment-containers:${id}`])) as [string, string][];
      const containerIds = JSON.parse(first.find(([key]) => key.startsWith("shipment-containers:"))?.[1] ?? "[]") as string[];
      texts.all(accountId, JSON.stringify(containerIds.flatMap((c) => [`container:${c}`, `container-events:${c}`])));
    };
    const runs: number[] = [];
    for (let i = 0; i < RUNS; i++) {
      for (let n = 0; n < 20_000; n++) read();
      const started = performance.now();
      for (let n = 0; n < 100_000; n++) read();
      runs.push(100_000 / ((performance.now() - started) / 1000));
    }
    return median(runs);
  } finally {
    db.close();
  }
}

function wrkScript(ids: string[], apiKey: string): string {
  return `local ids = {${ids.map((id) => `"${id}"`).join(",")}}
wrk.headers["Authorization"] = "Token ${apiKey}"
request = function()
  return wrk.format("GET", "/v2/shipments/" .. ids[math.random(#ids)] .. "?include=containers")
end
`;
}

const FLOOR_SERVER = `import { createServer } from "node:http";
import { readFileSync } from "node:fs";
const body = readFileSync(process.argv[2]);
const server = createServer((req, res) => { res.writeHead(200, { "content-type": "application/vnd.api+json", "content-length": body.length }); res.end(body); });
server.listen(0, "127.0.0.1", () => console.log("port " + server.address().port));
process.on("SIGTERM", () => server.close(() => process.exit(0)));
`;
