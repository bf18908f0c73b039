import { execFileSync } from "node:child_process";
import { copyFileSync, existsSync, mkdirSync, rmSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import * as core from "@bollard/core";
import { createTracker, generateDemoDataset, type DemoDataset, type Storage, type Tracker } from "@bollard/core";
import * as coreStorage from "@bollard/core/storage";
import { sqliteStorage } from "@bollard/storage-sqlite";

// This file also runs in a baseline worktree (see openDemoDatabaseIn), whose tracker may be older:
// the storage and the demo loader are found by what that tree has, not imported by name.
type OlderCore = { loadDemoDataset?: (storage: Storage, dataset: DemoDataset) => Promise<void> };
const trackerStorage = (tracker: Tracker): Storage =>
  (coreStorage as { trackerStorage?: (tracker: Tracker) => Storage }).trackerStorage?.(tracker) ?? (tracker as unknown as { storage: Storage }).storage;
const loadDemo = (tracker: Tracker, dataset: DemoDataset): Promise<void> =>
  "loadDemo" in tracker.accounts ? tracker.accounts.loadDemo(dataset) : (core as OlderCore).loadDemoDataset!(trackerStorage(tracker), dataset);

/** How many demo shipments the list and mixed benchmarks' database holds (the issue's 3,100). */
export const DEMO_SHIPMENTS = Number(process.env.BENCH_DEMO_SHIPMENTS ?? 3_100);
/** Where it is kept between runs (rebuilt when missing). */
export const DEMO_DB = new URL(`../.bench/demo-${DEMO_SHIPMENTS}.sqlite`, import.meta.url).pathname;

/** What a benchmark needs to call the demo database's server. */
export interface DemoBenchDatabase {
  /** An editor key of the Bench account. */
  apiKey: string;
  /** Shipment ids, container ids, the containers that have transport events, and tracking request ids. */
  shipmentIds: string[];
  trackingRequestIds: string[];
  containerIds: string[];
  containersWithEvents: string[];
}

/**
 * Opens (building once) a SQLite database holding `DEMO_SHIPMENTS` demo shipments (every journey
 * stage, with containers, transport and raw events, tracking requests, vessels) in account "Bench",
 * issues a key and returns the ids the benchmarks request. With `copyTo`, the database is copied
 * there first and the copy is used (a benchmark that writes leaves the built one as it was).
 */
export async function openDemoDatabase(copyTo?: string, options: { everyRequestDue?: boolean } = {}): Promise<DemoBenchDatabase & { filename: string }> {
  mkdirSync(new URL("../.bench/", import.meta.url), { recursive: true });
  if (!existsSync(DEMO_DB)) {
    const started = performance.now();
    const tracker = await createTracker({ storage: sqliteStorage({ filename: `${DEMO_DB}.building` }) });
    const { account } = await tracker.accounts.ensure("Bench");
    const dataset = generateDemoDataset({ seed: 7, accountId: account.id, now: new Date("2026-11-01T00:00:00Z"), shipments: DEMO_SHIPMENTS });
    await loadDemo(tracker, dataset);
    await tracker.close();
    copyFileSync(`${DEMO_DB}.building`, DEMO_DB);
    rmSync(`${DEMO_DB}.building`, { force: true });
    console.error(`built ${DEMO_DB}: ${dataset.shipments.length} shipments, ${dataset.containers.length} containers, ${dataset.transportEvents.length} transport events in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  }
  const filename = copyTo ?? DEMO_DB;
  if (copyTo) {
    for (const suffix of ["", "-wal", "-shm"]) rmSync(`${copyTo}${suffix}`, { force: true });
    copyFileSync(DEMO_DB, copyTo);
  }
  const tracker = await createTracker({ storage: sqliteStorage({ filename }) });
  try {
    const account = await tracker.accounts.findByName("Bench");
    if (!account) throw new Error(`${filename} has no Bench account: delete it to rebuild`);
    if (options.everyRequestDue) await makeEveryRequestDue(tracker);
    const { apiKey } = await tracker.accounts.issueKey(account.id, { role: "editor" });
    const shipmentIds = (await trackerStorage(tracker).shipments.list(account.id, { page: { number: 1, size: 100_000 } })).items.map((s) => s.id);
    const containers = (await trackerStorage(tracker).containers.list(account.id, { page: { number: 1, size: 100_000 } })).items;
    const containerIds = containers.map((c) => c.id);
    const events = await trackerStorage(tracker).transportEvents.listByContainers(account.id, containerIds, { number: 1, size: 1_000_000 });
    const containersWithEvents = [...new Set(events.items.map((e) => e.container_id).filter((id): id is string => id !== null))];
    const trackingRequestIds = (await trackerStorage(tracker).trackingRequests.list(account.id, { page: { number: 1, size: 100_000 } })).items.map((r) => r.id);
    return { filename, apiKey, shipmentIds, trackingRequestIds, containerIds, containersWithEvents };
  } finally {
    await tracker.close();
  }
}

/** Makes every tracking request still being tracked due now, so the refresh loop works through all of them. */
async function makeEveryRequestDue(tracker: Tracker): Promise<void> {
  const now = new Date().toISOString();
  await trackerStorage(tracker).transaction(async (tx) => {
    for (const account of (await tx.accounts.list({ number: 1, size: 100 })).items) {
      const { items } = await tx.trackingRequests.list(account.id, { page: { number: 1, size: 100_000 } });
      for (const request of items) if (request.status === "created") await tx.trackingRequests.update({ ...request, next_attempt_at: now });
    }
  });
}

/**
 * {@link openDemoDatabase} with the code of another checkout (`tree`, e.g. a baseline worktree),
 * whose migrations may differ from today's: this file is copied into the tree's bench folder and
 * run there, so the tree builds its own demo database (in its `.bench/`) and copies it.
 */
export function openDemoDatabaseIn(tree: string, copyTo: string, options: { everyRequestDue?: boolean } = {}): DemoBenchDatabase & { filename: string } {
  const script = join(tree, "bench", ".demo-bench-db.ts");
  copyFileSync(fileURLToPath(import.meta.url), script);
  try {
    const args = [copyTo, ...(options.everyRequestDue ? ["--every-request-due"] : [])];
    const out = execFileSync(process.execPath, ["--conditions=bollard-source", "--import", "tsx", script, ...args], { cwd: join(tree, "bench"), stdio: ["ignore", "pipe", "inherit"], encoding: "utf8" });
    return JSON.parse(out) as DemoBenchDatabase & { filename: string };
  } finally {
    rmSync(script, { force: true });
  }
}

// Run as a script (by openDemoDatabaseIn): `demo-bench-db.ts COPY_TO [--every-request-due]` prints the database's ids as JSON.
if (process.argv[1] !== undefined && fileURLToPath(import.meta.url) === process.argv[1]) {
  const [copyTo, ...flags] = process.argv.slice(2);
  const db = await openDemoDatabase(copyTo, { everyRequestDue: flags.includes("--every-request-due") });
  process.stdout.write(JSON.stringify(db));
}
