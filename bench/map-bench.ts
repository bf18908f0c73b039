import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createTracker, generateDemoDataset, manualClock, type ContainerMap, type Session, type Storage, type Tracker, type VesselPositionRecord } from "@bollard/core";
import { normalizeLongitude, readContainerMapInput, buildContainerMap, portByLocode, seaRouter, walkRoute } from "@bollard/core/geo";
import { memoryStorage } from "@bollard/storage-memory";
import { sqliteStorage } from "@bollard/storage-sqlite";
import { percentile, type BenchResult } from "./measure.js";
import { trackerStorage } from "@bollard/core/storage";

const POSITIONS = 100_000;
const CALLS = Number(process.env.BENCH_MAP_CALLS ?? 200);
const NOW = "2026-11-01T12:00:00.000Z";
const MINUTE = 60_000;
const DIR = mkdtempSync(join(tmpdir(), "bollard-bench-map-"));
const STORAGES: [name: string, make: () => Storage][] = [
  ["memory", () => memoryStorage()],
  ["SQLite", () => sqliteStorage({ filename: join(DIR, `map-${Date.now()}-${Math.random().toString(36).slice(2)}.sqlite`) })],
];

interface Fixture {
  tracker: Tracker;
  session: Session;
  accountId: string;
  containerId: string;
  vesselId: string;
  legFrom: string;
}

/**
 * A tracker with the demo data set, and the first container at sea on a direct
 * voyage whose vessel gets 100,000 stored positions `spacing(time since departure)` ms apart,
 * ending now, along its lane.
 */
async function fixture(storage: Storage, spacing: (legMs: number) => number, withPositions = true): Promise<Fixture> {
  const clock = manualClock(NOW);
  const tracker = await createTracker({ storage, clock });
  const { account } = await tracker.accounts.ensure("Map bench");
  const data = generateDemoDataset({ seed: 1, accountId: account.id, now: clock.now(), shipments: 12 });
  await tracker.accounts.loadDemo(data);
  const session = tracker.session(await tracker.accounts.authenticate((await tracker.accounts.issueKey(account.id, { role: "viewer" })).apiKey));
  for (const shipment of data.shipments.filter((s) => s.pol_atd_at && !s.pod_ata_at && s.pod_vessel_id)) {
    const container = data.containers.find((c) => c.shipment_id === shipment.id)!;
    const map = await session.maps.container(container.id);
    if (!map.features.some((f) => f.properties.feature_type === "current_vessel") || map.features.filter((f) => f.properties.feature_type === "port").length !== 2) continue;
    const [pol, pod] = [portByLocode(shipment.port_of_lading_locode!)!, portByLocode(shipment.port_of_discharge_locode!)!];
    const lane = walkRoute(seaRouter().route([pol.longitude, pol.latitude], [pod.longitude, pod.latitude]).coordinates);
    // The vessel shuttles on the lane at 16 knots, leaving the POL at its departure, with a little
    // GPS-like noise (up to ~1 nm) so the simplification has work to do.
    const now = Date.parse(NOW);
    const departed = Date.parse(shipment.pol_atd_at!);
    const everyMs = spacing(now - departed);
    const positions: VesselPositionRecord[] = [];
    for (let k = POSITIONS - 1; k >= 0; k -= 1) {
      const at = now - k * everyMs;
      const lap = ((((at - departed) / 3_600_000) * 16) % (2 * lane.lengthNm) + 2 * lane.lengthNm) % (2 * lane.lengthNm);
      const { point, heading } = lane.at(lap <= lane.lengthNm ? lap : 2 * lane.lengthNm - lap);
      const [noiseLat, noiseLon] = [0.015 * Math.sin(k * 12.9898), 0.015 * Math.cos(k * 78.233)];
      positions.push({ vessel_id: shipment.pod_vessel_id!, latitude: point[1] + noiseLat, longitude: normalizeLongitude(point[0] + noiseLon), heading, speed_knots: 16, timestamp: new Date(at).toISOString(), source: "bench" });
    }
    if (withPositions) await trackerStorage(tracker).vesselPositions.insertMany(positions);
    return { tracker, session, accountId: account.id, containerId: container.id, vesselId: shipment.pod_vessel_id!, legFrom: shipment.pol_atd_at! };
  }
  throw new Error("the demo data set has no container at sea on a direct voyage");
}

/** Milliseconds per call of `fn`, after a warm-up. */
async function timings(fn: () => Promise<unknown>, calls = CALLS): Promise<number[]> {
  for (let i = 0; i < 20; i += 1) await fn();
  const times: number[] = [];
  for (let i = 0; i < calls; i += 1) {
    const started = performance.now();
    await fn();
    times.push(performance.now() - started);
  }
  return times;
}

async function mapFigures(label: string, spacing: (legMs: number) => number, [storageName, storage]: (typeof STORAGES)[number]): Promise<BenchResult[]> {
  const f = await fixture(storage(), spacing);
  let map: ContainerMap | undefined;
  const times = await timings(async () => JSON.stringify((map = await f.session.maps.container(f.containerId))));
  const read = await timings(() => readContainerMapInput(trackerStorage(f.tracker), f.accountId, f.containerId, NOW));
  const input = (await readContainerMapInput(trackerStorage(f.tracker), f.accountId, f.containerId, NOW))!;
  const assembly = await timings(async () => JSON.stringify(buildContainerMap(input)));
  const inLeg = input.positions.get(f.vesselId)?.length ?? 0;
  const past = map!.features.find((x) => x.properties.feature_type === "past_vessel_locations");
  const notes = `${inLeg.toLocaleString("en-US")} of them on the leg, drawn with ${past && "point_count" in past.properties ? past.properties.point_count : 0} points`;
  await f.tracker.close();
  const baseline = { name: "reading its records from storage alone, p99", value: percentile(read, 99) };
  const name = `container map (${storageName}), vessel with ${POSITIONS.toLocaleString("en-US")} positions ${label}`;
  return [
    { name: `${name}, p50`, value: percentile(times, 50), unit: "ms", notes },
    { name: `${name}, p99`, value: percentile(times, 99), unit: "ms", baseline, target: { value: 50, lowerIsBetter: true } },
    { name: `${name}: assembly and JSON from the loaded records, p99`, value: percentile(assembly, 99), unit: "ms", target: { value: 50, lowerIsBetter: true } },
  ];
}

async function futureFigures(): Promise<BenchResult[]> {
  const f = await fixture(memoryStorage(), () => 15 * MINUTE, false);
  const [cnsha, uslax] = [portByLocode("CNSHA")!, portByLocode("USLAX")!];
  const query = { port_id: uslax.id, previous_port_id: cnsha.id };
  await f.session.vessels.futurePositions(f.vesselId, query);
  let i = 0;
  // A fresh start every call (a new route search, not a cache hit): off Shanghai, moved a little each time.
  const jittered = () => ({ ...query, latitude: 31 + (i % 50) * 0.01, longitude: 123 + (Math.floor(i++ / 50) % 50) * 0.01 });
  let positions = 0;
  const fresh = await timings(async () => (positions = (await f.session.vessels.futurePositionsWithCoordinates(f.vesselId, jittered())).positions.length));
  const routeOnly = await timings(async () => seaRouter().route([123 + (i++ % 97) * 0.013, 31.5], [uslax.longitude, uslax.latitude]));
  await f.tracker.close();
  const baseline = { name: "the sea route search alone, p99", value: percentile(routeOnly, 99) };
  return [
    { name: "future positions Shanghai → Los Angeles (uncached route), p50", value: percentile(fresh, 50), unit: "ms", notes: `${positions} hourly positions` },
    { name: "future positions Shanghai → Los Angeles (uncached route), p99", value: percentile(fresh, 99), unit: "ms", baseline, target: { value: 20, lowerIsBetter: true } },
  ];
}

/**
 * The container map (`session.maps.container`, stringified as the HTTP route sends it) of a
 * container at sea whose vessel has 100,000 stored positions: 15 minutes apart over ~2.9 years
 * (AIS-like; the leg holds a few hundred), and all inside the leg (seconds apart), on memory and
 * SQLite storage; and a forecast across the Pacific with the sea network loaded. In-process.
 */
export async function run(): Promise<BenchResult[]> {
  const started = performance.now();
  seaRouter().route([121.49, 31.23], [-118.26, 33.73]);
  const load: BenchResult = { name: "sea network load and first route", value: performance.now() - started, unit: "ms", target: { value: 1000, lowerIsBetter: true } };
  const maps: BenchResult[] = [];
  try {
    for (const storage of STORAGES) {
      maps.push(...(await mapFigures("15 min apart over ~2.9 years", () => 15 * MINUTE, storage)));
      maps.push(...(await mapFigures("all on the current leg", (legMs) => Math.floor(legMs / POSITIONS), storage)));
    }
  } finally {
    rmSync(DIR, { recursive: true, force: true });
  }
  return [load, ...maps, ...(await futureFigures())];
}
