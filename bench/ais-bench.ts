import { spawn } from "node:child_process";
import { randomUUID } from "node:crypto";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createInterface } from "node:readline";
import { createPositionRetention, createTracker, manualClock, type PositionRetentionSummary, type Vessel } from "@bollard/core";
import { trackerStorage } from "@bollard/core/storage";
import { sqliteStorage } from "@bollard/storage-sqlite";
import Database from "better-sqlite3";
import { openDemoDatabase } from "./demo-bench-db.js";
import type { BenchResult } from "./measure.js";
import { BOLLARD_READY, ROOT, SERVER_CORES, requireWrk, wrk, wrkInBackground } from "./wrk.js";

/** The container fleet: about 6,600 ships. */
const FLEET = 6_600;
/** Positions a second the issue asks for, sustained for ten minutes (`BENCH_AIS_SECONDS` shortens it for a check). */
const RATE = Number(process.env.BENCH_AIS_RATE ?? 2_000);
const SECONDS = Number(process.env.BENCH_AIS_SECONDS ?? 600);
/** How often the feed hands its reports over: ten batches a second, as a feed reader buffering 100 ms would. */
const BATCHES_PER_SECOND = 10;
const CONNECTIONS = 16;

/** A valid IMO number from six digits (the seventh is the check digit). */
function imoOf(n: number): string {
  const digits = String(9_000_000 + n).slice(1, 7).padStart(6, "0");
  let sum = 0;
  for (let i = 0; i < 6; i++) sum += Number(digits[i]) * (7 - i);
  return `${digits}${sum % 10}`;
}

/** Adds the fleet's vessels (no positions yet) to the database; returns their IMO numbers. */
async function addFleet(filename: string): Promise<string[]> {
  const tracker = await createTracker({ storage: sqliteStorage({ filename }) });
  try {
    const now = new Date().toISOString();
    const vessels: Vessel[] = Array.from({ length: FLEET }, (_, i) => ({
      id: randomUUID(), name: `BENCH VESSEL ${i}`, imo: imoOf(100_000 + i), mmsi: String(200_000_000 + i),
      latitude: null, longitude: null, nautical_speed_knots: null, navigational_heading_degrees: null, position_timestamp: null,
      created_at: now, updated_at: now,
    }));
    await trackerStorage(tracker).vessels.upsertMany(vessels);
    return vessels.map((vessel) => vessel.imo!);
  } finally {
    await tracker.close();
  }
}

/** Bytes of the positions table with its indexes, and its rows. */
function positionBytes(filename: string): { bytes: number; rows: number } {
  const db = new Database(filename, { readonly: true });
  try {
    const bytes = db.prepare("select sum(s.pgsize) from dbstat s join sqlite_schema m on m.name = s.name where m.tbl_name = 'vessel_positions'").pluck().get() as number;
    return { bytes, rows: db.prepare("select count(*) from vessel_positions").pluck().get() as number };
  } finally {
    db.close();
  }
}

/** Thins every stored track as the retention pass does once reports leave the full-resolution window (here: at once). */
async function thinAll(filename: string): Promise<PositionRetentionSummary & { seconds: number }> {
  const tracker = await createTracker({ storage: sqliteStorage({ filename }) });
  try {
    const retention = createPositionRetention({ storage: trackerStorage(tracker), clock: manualClock(new Date(Date.now() + 60_000)), options: { fullResolutionMs: 0 } });
    const started = performance.now();
    const summary = await retention.runDue();
    return { ...summary, seconds: (performance.now() - started) / 1000 };
  } finally {
    await tracker.close();
  }
}

/** What the feed process printed after its run. */
interface FeedRun {
  received: number;
  stored: number;
  seconds: number;
  perSecond: number;
  batches: number;
  batchP50: number;
  batchP99: number;
  batchMax: number;
}

/**
 * `pnpm bench ais`: an AIS feed of 2,000 positions a second for ten minutes into SQLite, through
 * `tracker.ingest.positions` in the process that serves the API (pinned to one core), while wrk
 * reads at 16 connections: shipments with their containers, containers, the shipment list and
 * vessels with their recent track. Reports the rate sustained, the reads' p99 with the feed
 * running and without it, the bytes a stored position takes, and how fast the retention pass thins
 * the tracks once they leave the full-resolution window.
 */
export async function run(): Promise<BenchResult[]> {
  requireWrk();
  const dir = mkdtempSync(join(tmpdir(), "bollard-bench-ais-"));
  const filename = join(dir, "ais.sqlite");
  const child = { process: undefined as ReturnType<typeof spawn> | undefined };
  try {
    const demo = await openDemoDatabase(filename);
    const fleet = await addFleet(filename);
    writeFileSync(join(dir, "fleet.txt"), fleet.join(","));
    const paths = [
      ...demo.shipmentIds.slice(0, 2_000).map((id) => `/v2/shipments/${id}?include=containers`),
      ...demo.containerIds.slice(0, 1_000).map((id) => `/v2/containers/${id}`),
      ...Array.from({ length: 100 }, () => "/v2/shipments"),
      ...fleet.slice(0, 400).map((imo) => `/v2/vessels/${imo}`),
    ];
    writeFileSync(join(dir, "reads.lua"), `local paths = {${paths.map((path) => `"${path}"`).join(",")}}
wrk.headers["Authorization"] = "Token ${demo.apiKey}"
request = function() return wrk.format("GET", paths[math.random(#paths)]) end
`);
    const server = spawn("taskset", ["-c", SERVER_CORES, process.execPath, "--conditions=bollard-source", "--import", "tsx", join(ROOT, "bench/ais-feed-server.ts"), filename, join(dir, "fleet.txt")], { cwd: ROOT, stdio: ["pipe", "pipe", "inherit"] });
    child.process = server;
    const lines = createInterface({ input: server.stdout! })[Symbol.asyncIterator]();
    const next = async () => {
      const { value, done } = await lines.next();
      if (done) throw new Error("the AIS feed server ended early");
      return value as string;
    };
    const port = Number(BOLLARD_READY.exec(await next())?.[1]);
    // A first feed second so every vessel of the read mix has a track, then the reads alone.
    server.stdin!.write(`go ${FLEET} 1 1\n`);
    await next();
    const alone = wrk(port, join(dir, "reads.lua"), { connections: CONNECTIONS, seconds: Math.min(30, SECONDS) });
    const before = positionBytes(filename);
    console.error(`ais: feeding ${RATE} positions a second for ${SECONDS} s while wrk reads…`);
    server.stdin!.write(`go ${RATE} ${SECONDS} ${BATCHES_PER_SECOND}\n`);
    const [reads, feedLine] = await Promise.all([wrkInBackground(port, join(dir, "reads.lua"), { connections: CONNECTIONS, seconds: SECONDS }), next()]);
    const feed = JSON.parse(feedLine) as FeedRun;
    server.stdin!.end("stop\n");
    await new Promise((resolve) => server.once("exit", resolve));
    child.process = undefined;
    const after = positionBytes(filename);
    const perPosition = after.bytes / after.rows;
    const thinning = await thinAll(filename);
    return [
      { name: `AIS feed: positions stored a second, sustained ${Math.round(feed.seconds)} s (${BATCHES_PER_SECOND} batches a second, ${FLEET.toLocaleString("en-US")} vessels)`, value: feed.perSecond, unit: "/s", target: { value: 2_000 }, notes: `${feed.stored.toLocaleString("en-US")} of ${feed.received.toLocaleString("en-US")} stored; a batch took p50 ${feed.batchP50.toFixed(1)} ms, p99 ${feed.batchP99.toFixed(1)} ms, max ${feed.batchMax.toFixed(0)} ms` },
      { name: `AIS feed: GET p99 at ${CONNECTIONS} connections while it runs`, value: reads.p99, unit: "ms", baseline: { name: "the reads alone", value: alone.p99 }, target: { value: 100, lowerIsBetter: true }, notes: `${Math.round(reads.rps)} req/s (alone ${Math.round(alone.rps)}); shipments with containers, containers, the shipment list, vessels with their track` },
      { name: "AIS feed: bytes per stored position (table and indexes)", value: perPosition, unit: "B", notes: `${after.rows.toLocaleString("en-US")} positions in ${(after.bytes / 1e6).toFixed(0)} MB; ${(((after.bytes - before.bytes) / Math.max(1, after.rows - before.rows))).toFixed(0)} B each for those of the run` },
      { name: "AIS feed: positions thinned a second (one per 10 minutes, turns kept)", value: thinning.examined / thinning.seconds, unit: "/s", target: { value: 660 }, notes: `${thinning.examined.toLocaleString("en-US")} examined and ${thinning.deleted.toLocaleString("en-US")} deleted over ${thinning.vessels.toLocaleString("en-US")} vessels in ${thinning.seconds.toFixed(1)} s; the target is the whole fleet's full AIS cadence (57 M a day)` },
    ];
  } finally {
    child.process?.kill("SIGTERM");
    rmSync(dir, { recursive: true, force: true });
  }
}
