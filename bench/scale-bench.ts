import { mkdtempSync, readFileSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createTracker, manualClock, simulatedCarrier, type CarrierSource, type Storage } from "@bollard/core";
import { postgresStorage } from "@bollard/storage-postgres";
import { postgresAvailability, startLocalPostgres, type LocalPostgres } from "@bollard/storage-postgres/testing";
import { sqliteStorage } from "@bollard/storage-sqlite";
import Database from "better-sqlite3";
import pg from "pg";
import { pendingBillOfLading } from "./bench-data.js";
import type { BenchResult } from "./measure.js";
import { trackerStorage } from "@bollard/core/storage";

/** Shipments built (`pnpm bench scale --shipments N`, or env `BENCH_SCALE_SHIPMENTS`, for a quicker check). */
const SHIPMENTS = Number(process.env.BENCH_SCALE_SHIPMENTS ?? 100_000);
/** Tracking requests inserted, then refreshed into shipments, per step of the build (the progress bar's step). */
const BUILD_STEP = 2_000;

/** Bytes per table (with its indexes) on disk, and rows per table. */
interface TableBytes {
  bytes: Record<string, number>;
  rows: Record<string, number>;
}

const COUNTED = ["shipments", "containers", "transport_events", "vessels", "vessel_positions"];

/** Where the bytes of a SQLite file go, per table with its indexes (the `dbstat` virtual table). */
function sqliteTableBytes(filename: string): TableBytes {
  const db = new Database(filename, { readonly: true });
  try {
    const sizes = db.prepare("select coalesce(m.tbl_name, s.name) as tbl, sum(s.pgsize) as bytes from dbstat s left join sqlite_schema m on m.name = s.name group by tbl").all() as { tbl: string; bytes: number }[];
    const rows = Object.fromEntries(COUNTED.map((table) => [table, db.prepare(`select count(*) from ${table}`).pluck().get() as number]));
    return { bytes: Object.fromEntries(sizes.map((row) => [row.tbl, row.bytes])), rows };
  } finally {
    db.close();
  }
}

/** Bytes per table with its indexes and TOAST, in PostgreSQL. */
async function postgresTableBytes(url: string): Promise<TableBytes> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const sizes = await client.query<{ tbl: string; bytes: string }>("select relname as tbl, pg_total_relation_size(c.oid) as bytes from pg_class c join pg_namespace n on n.oid = c.relnamespace where n.nspname = 'public' and c.relkind = 'r'");
    const rows: Record<string, number> = {};
    for (const table of COUNTED) rows[table] = Number((await client.query<{ n: string }>(`select count(*) as n from ${table}`)).rows[0]!.n);
    return { bytes: Object.fromEntries(sizes.rows.map((row) => [row.tbl, Number(row.bytes)])), rows };
  } finally {
    await client.end();
  }
}

/**
 * The process's anonymous resident memory (heap, native allocations): its RSS without the pages of
 * files it maps, which SQLite's memory-mapped reads count in the RSS though they are the OS's page
 * cache, shared and given back under pressure. 0 where `/proc` does not tell.
 */
function anonymousRss(): number {
  try {
    const kib = /RssAnon:\s+(\d+)\s+kB/.exec(readFileSync("/proc/self/status", "utf8"))?.[1];
    return kib ? Number(kib) * 1024 : 0;
  } catch {
    return 0;
  }
}

/** Samples the process's resident memory while `fn` runs; returns its result and the peak RSS, in all and anonymous. */
async function withPeakRss<T>(fn: () => Promise<T>): Promise<{ result: T; peakRss: number; peakAnon: number }> {
  let peakRss = process.memoryUsage.rss();
  let peakAnon = anonymousRss();
  const sample = () => {
    peakRss = Math.max(peakRss, process.memoryUsage.rss());
    peakAnon = Math.max(peakAnon, anonymousRss());
  };
  const timer = setInterval(sample, 100);
  try {
    const result = await fn();
    sample();
    return { result, peakRss, peakAnon };
  } finally {
    clearInterval(timer);
  }
}

/** A progress line on stderr: redrawn in place on a terminal, else a line per tenth of the work. */
function progress(label: string, total: number): { update(done: number): void; finish(): void } {
  const started = performance.now();
  let lastTenth = -1;
  const line = (done: number) => {
    const ratio = total === 0 ? 1 : done / total;
    const filled = Math.round(ratio * 30);
    const seconds = (performance.now() - started) / 1000;
    const eta = done > 0 && done < total ? `, about ${Math.round((seconds / done) * (total - done))} s to go` : "";
    return `${label} [${"#".repeat(filled)}${".".repeat(30 - filled)}] ${String(Math.floor(ratio * 100)).padStart(3)}%  ${done.toLocaleString("en-US")}/${total.toLocaleString("en-US")} shipments  ${seconds.toFixed(0)} s${eta}`;
  };
  return {
    update(done) {
      if (process.stderr.isTTY) return void process.stderr.write(`\r${line(done)}\u001b[K`);
      const tenth = Math.floor((done / total) * 10);
      if (tenth > lastTenth) (lastTenth = tenth), process.stderr.write(`${line(done)}\n`);
    },
    finish() {
      if (process.stderr.isTTY) process.stderr.write(`\r${line(total)}\u001b[K\n`);
      else if (lastTenth < 10) process.stderr.write(`${line(total)}\n`);
    },
  };
}

/**
 * Builds `SHIPMENTS` tracked shipments through the refresh path (the simulated carrier creates the
 * shipments, containers, transport events and vessels with positions), then times a refresh cycle
 * over all of them an hour later, and measures bytes on disk and the process's memory. The SQLite
 * cycle's target is the 60 s for 100,000 shipments, scaled to the shipments built. (The
 * size target is the read bench's: `pnpm bench storage-read` reports its database's bytes.)
 */
async function measure(label: string, storage: Storage, tableBytes: () => Promise<TableBytes>): Promise<BenchResult[]> {
  const clock = manualClock("2026-06-01T00:00:00Z");
  // The simulated line keeps every journey, as a real line keeps its data: otherwise past 20,000
  // shipments (its default) it would build each journey again on every refresh (about 190 µs each)
  // and the cycle would time the simulation. Its time in the cycle is reported apart.
  const line = simulatedCarrier({ cacheSize: SHIPMENTS });
  let carrierMs = 0;
  const carrier: CarrierSource = {
    ...line,
    fetch(request, context) {
      // Without a latency the simulated line answers within the call: its time is the call's.
      const started = performance.now();
      const answer = line.fetch(request, context);
      carrierMs += performance.now() - started;
      return answer;
    },
  };
  const tracker = await createTracker({ storage, clock, carrier });
  const { account } = await tracker.accounts.ensure("Scale");
  const now = clock.now().toISOString();
  // In steps: insert a step's tracking requests, then refresh what is due (only they are: the clock
  // stands still, so the shipments built before are not due again until it moves).
  const bar = progress(`${label}: building`, SHIPMENTS);
  let created = 0;
  const buildStarted = performance.now();
  const build = await withPeakRss(async () => {
    for (let start = 0; start < SHIPMENTS; start += BUILD_STEP) {
      const requests = Array.from({ length: Math.min(BUILD_STEP, SHIPMENTS - start) }, (_, j) => pendingBillOfLading(account.id, start + j, now));
      await trackerStorage(tracker).transaction(async (tx) => {
        for (const request of requests) await tx.trackingRequests.insert(request);
      });
      created += (await tracker.refresh.runDue()).created;
      bar.update(start + requests.length);
    }
  });
  bar.finish();
  const buildSeconds = (performance.now() - buildStarted) / 1000;
  clock.advance(3_600_000);
  carrierMs = 0;
  const cycleStarted = performance.now();
  const cycle = await withPeakRss(() => tracker.refresh.runDue());
  const cycleSeconds = (performance.now() - cycleStarted) / 1000;

  await tracker.close();
  const { bytes, rows } = await tableBytes();
  const counts = { shipments: rows.shipments ?? 0, containers: rows.containers ?? 0, events: rows.transport_events ?? 0, vessels: rows.vessels ?? 0, positions: rows.vessel_positions ?? 0 };
  const total = Object.values(bytes).reduce((sum, n) => sum + n, 0);
  const perShipment = ((bytes.shipments ?? 0) + (bytes.containers ?? 0)) / counts.shipments;
  const perEvent = (bytes.transport_events ?? 0) / counts.events;
  const mb = (n: number) => `${(n / 1e6).toFixed(0)} MB`;
  const notes = `${counts.shipments} shipments, ${counts.containers} containers, ${counts.events} events, ${counts.vessels} vessels, ${counts.positions} positions; ${mb(total)} in all`;
  const largest = Object.entries(bytes).sort((a, b) => b[1] - a[1]).slice(0, 8).map(([table, n]) => `${table} ${mb(n)}`).join(", ");
  // Domain events are kept 7 days by default (the outbox retention): a database built over weeks holds only the last week's.
  const domainEvents = bytes.domain_events ?? 0;
  const results: BenchResult[] = [
    { name: `${label}: bytes per shipment (shipments + containers, with indexes)`, value: Math.round(perShipment), unit: "B", notes },
    { name: `${label}: bytes per transport event (with indexes)`, value: Math.round(perEvent), unit: "B", target: { value: 250, lowerIsBetter: true } },
    { name: `${label}: bytes in all (tables with their indexes)`, value: Math.round(total / 1e6), unit: "MB", ...(SHIPMENTS === 100_000 && { target: { value: 2_000, lowerIsBetter: true } }), notes: `largest: ${largest}; without domain events (pruned after 7 days): ${mb(total - domainEvents)}` },
    { name: `${label}: building ${SHIPMENTS.toLocaleString("en-US")} shipments through the refresh path`, value: buildSeconds, unit: "s", notes: `${created} created; peak RSS ${mb(build.peakRss)}` },
    { name: `${label}: refresh cycle over ${counts.shipments.toLocaleString("en-US")} active shipments, an hour later`, value: cycleSeconds, unit: "s", ...(label === "SQLite" && { target: { value: (60 * SHIPMENTS) / 100_000, lowerIsBetter: true } }), notes: `${cycle.result.total} refreshed, ${cycle.result.updated} updated, ${cycle.result.unchanged} unchanged; the simulated line's answers took ${(carrierMs / 1000).toFixed(1)} s of it; peak RSS ${mb(cycle.peakRss)} (anonymous ${mb(cycle.peakAnon)})` },
    { name: `${label}: peak RSS`, value: Math.round(Math.max(build.peakRss, cycle.peakRss) / 1e6), unit: "MB", notes: `anonymous (without mapped file pages) ${mb(Math.max(build.peakAnon, cycle.peakAnon))}, of which the simulated line's journeys are part` },
  ];
  return results;
}

/** `pnpm bench scale`: the storage at 100,000 shipments on SQLite and on PostgreSQL. */
export async function run(): Promise<BenchResult[]> {
  const dir = mkdtempSync(join(tmpdir(), "bollard-bench-scale-"));
  let cluster: LocalPostgres | undefined;
  try {
    const filename = join(dir, "scale.sqlite");
    const results = await measure("SQLite", sqliteStorage({ filename }), async () => sqliteTableBytes(filename));
    results.push({ name: "SQLite: file size", value: Math.round(statSync(filename).size / 1e6), unit: "MB" });
    rmSync(filename, { force: true });
    if (process.env.BENCH_SCALE_BACKENDS === "sqlite") return results;
    if (!postgresAvailability().available) {
      console.error("scale: PostgreSQL skipped (no server binaries)");
      return results;
    }
    cluster = await startLocalPostgres();
    const url = await cluster.createDatabase();
    results.push(...(await measure("PostgreSQL", postgresStorage({ connectionString: url }), () => postgresTableBytes(url))));
    return results;
  } finally {
    await cluster?.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}
