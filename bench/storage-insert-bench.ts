import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import Database from "better-sqlite3";
import { createTracker, generateDemoDataset } from "@bollard/core";
import { sqliteStorage } from "@bollard/storage-sqlite";
import { makeTransportEvents } from "./bench-data.js";
import type { BenchResult } from "./measure.js";
import { trackerStorage } from "@bollard/core/storage";

const EVENTS = Number(process.env.BENCH_EVENTS ?? 1_000_000);
const BATCH = 100_000;

/**
 * Bulk insert of transport events into SQLite through the storage contract, next to the same rows
 * written with one raw better-sqlite3 prepared statement per row into the same kind of table.
 */
export async function run(): Promise<BenchResult[]> {
  const dir = mkdtempSync(join(tmpdir(), "bollard-bench-insert-"));
  try {
    const tracker = await createTracker({ storage: sqliteStorage({ filename: join(dir, "bollard.sqlite") }) });
    const { account } = await tracker.accounts.ensure("Bench");
    const demo = generateDemoDataset({ seed: 3, accountId: account.id, now: new Date("2026-11-01T00:00:00Z"), shipments: 24 });
    await tracker.accounts.loadDemo(demo);
    const events = makeTransportEvents(demo.transportEvents[0]!, demo.containers, EVENTS);

    const start = performance.now();
    for (let i = 0; i < events.length; i += BATCH) await trackerStorage(tracker).transportEvents.insertMany(events.slice(i, i + BATCH));
    const ours = EVENTS / ((performance.now() - start) / 1000);
    await tracker.close();

    const raw = new Database(join(dir, "baseline.sqlite"));
    raw.pragma("journal_mode = WAL");
    raw.pragma("synchronous = FULL");
    raw.exec(`create table transport_events (id text primary key, account_id text not null, container_id text not null, sort_ts text not null, created_at text not null, doc text not null);
      create index transport_events_by_container on transport_events (container_id, sort_ts, created_at, id);`);
    const insert = raw.prepare("insert into transport_events values (?, ?, ?, ?, ?, ?)");
    const rows = events.map((e) => [e.id, e.account_id, e.container_id, e.timestamp ?? "9999", e.created_at, JSON.stringify(e)] as const);
    const writeBatch = raw.transaction((batch: (typeof rows)[number][]) => {
      for (const row of batch) insert.run(...row);
    });
    const rawStart = performance.now();
    for (let i = 0; i < rows.length; i += BATCH) writeBatch(rows.slice(i, i + BATCH));
    const baseline = EVENTS / ((performance.now() - rawStart) / 1000);
    raw.close();
    return [
      {
        name: `insert ${EVENTS.toLocaleString("en-US")} transport events (SQLite, batches of ${BATCH.toLocaleString("en-US")})`,
        value: ours,
        unit: "rows/s",
        baseline: { name: "raw better-sqlite3, one prepared insert per row, doc serialized beforehand", value: baseline },
        target: { value: 100_000 },
      },
    ];
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
