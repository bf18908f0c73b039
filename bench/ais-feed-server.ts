import { readFileSync } from "node:fs";
import { createInterface } from "node:readline";
import { createTracker, type PositionReportInput } from "@bollard/core";
import { cachedAnswersOf, createHttpApp, startServer } from "@bollard/http";
import { sqliteStorage } from "@bollard/storage-sqlite";
import { percentile } from "./measure.js";

/**
 * The process `pnpm bench ais` measures: Bollard's API on a SQLite file, and an AIS feed ingested in
 * the same process through `tracker.ingest.positions`, as an embedder with a feed runs them.
 *
 * `ais-feed-server.ts FILE FLEET_FILE` (FLEET_FILE holds the fleet's IMO numbers, comma-separated) prints `listening on http://127.0.0.1:PORT`, then waits for a line on stdin:
 * `go RATE SECONDS BATCHES_PER_SECOND`. It then ingests RATE positions a second for SECONDS, in
 * BATCHES_PER_SECOND batches a second, the vessels in turn, each moving along its own course with a
 * turn now and then; and prints one JSON line: what it stored and how long its batches took.
 */
const [filename, fleetFile] = process.argv.slice(2);
if (!filename || !fleetFile) throw new Error("usage: ais-feed-server.ts FILE FLEET_FILE");
const fleet = readFileSync(fleetFile, "utf8").trim().split(",");

const tracker = await createTracker({ storage: sqliteStorage({ filename }) });
const api = createHttpApp(tracker, { responseCache: { maxBytes: 64 * 1024 * 1024 } });
const server = await startServer(api, { port: 0, answerFirst: cachedAnswersOf(api), turns: tracker.turns });
console.log(`listening on http://127.0.0.1:${server.port}`);

/** A vessel's track: where it is, its course (degrees) and speed (knots). */
interface Track {
  latitude: number;
  longitude: number;
  course: number;
  speed: number;
}

let seed = 42;
const random = () => ((seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31);
const tracks: Track[] = fleet.map(() => ({ latitude: random() * 100 - 50, longitude: random() * 340 - 170, course: random() * 360, speed: 12 + random() * 8 }));
const lastReport: number[] = fleet.map(() => 0);

/** The next report of vessel `i` at `at`: it has sailed on since its last one, and now and then turns. */
function report(i: number, at: number): PositionReportInput {
  const track = tracks[i]!;
  const hours = lastReport[i] === 0 ? 0 : (at - lastReport[i]!) / 3_600_000;
  lastReport[i] = at;
  if (random() < 0.002) track.course = (track.course + 30 + random() * 60) % 360;
  const miles = track.speed * hours;
  const radians = (track.course * Math.PI) / 180;
  track.latitude = Math.max(-80, Math.min(80, track.latitude + (miles * Math.cos(radians)) / 60));
  track.longitude = ((track.longitude + (miles * Math.sin(radians)) / (60 * Math.cos((track.latitude * Math.PI) / 180)) + 540) % 360) - 180;
  return {
    imo: fleet[i]!,
    latitude: Number(track.latitude.toFixed(5)),
    longitude: Number(track.longitude.toFixed(5)),
    speed_knots: Number(track.speed.toFixed(1)),
    heading: Math.round(track.course) % 360,
    timestamp: new Date(at).toISOString(),
  };
}

async function feed(rate: number, seconds: number, batchesPerSecond: number) {
  const perBatch = Math.round(rate / batchesPerSecond);
  const intervalMs = 1000 / batchesPerSecond;
  const batchMs: number[] = [];
  let received = 0;
  let stored = 0;
  let next = 0;
  const started = performance.now();
  const end = started + seconds * 1000;
  let due = started;
  // The run lasts until the last batch is stored (not through the pause after it).
  let stopped = started;
  while (performance.now() < end) {
    const at = Date.now();
    const reports = Array.from({ length: perBatch }, () => report((next = (next + 1) % fleet.length), at));
    const batchStarted = performance.now();
    const result = await tracker.ingest.positions(reports);
    stopped = performance.now();
    batchMs.push(stopped - batchStarted);
    received += result.received;
    stored += result.stored;
    due += intervalMs;
    const wait = due - performance.now();
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
  }
  const elapsed = (stopped - started) / 1000;
  return { received, stored, seconds: elapsed, perSecond: stored / elapsed, batches: batchMs.length, batchP50: percentile(batchMs, 50), batchP99: percentile(batchMs, 99), batchMax: Math.max(...batchMs) };
}

for await (const line of createInterface({ input: process.stdin })) {
  const [command, ...args] = line.trim().split(/\s+/);
  if (command === "go") {
    const [rate, seconds, batches] = args.map(Number) as [number, number, number];
    console.log(JSON.stringify(await feed(rate, seconds, batches)));
  } else if (command === "stop") break;
}
await server.close({ timeoutMs: 1_000 });
await tracker.close();
process.exit(0);
