import Database from "better-sqlite3";
import { openBenchDatabase, BENCH_DB, SHIPMENTS } from "./build-bench-db.js";
import { median, opsPerSecond, type BenchResult } from "./measure.js";
import { trackerStorage } from "@bollard/core/storage";

const RUNS = 3;
/** main a730691's file for this database (100,000 shipments, 300,000 containers): the issue's 1.79 GB. */
const FILE_BYTES_BEFORE = 1_792_163_840;

/** Bytes of the shipments and containers tables with their indexes (`dbstat`). */
function shipmentBytes(raw: Database.Database): number {
  const sql = "select sum(s.pgsize) from dbstat s join sqlite_schema m on m.name = s.name where m.tbl_name in ('shipments', 'containers')";
  return raw.prepare(sql).pluck().get() as number;
}

/**
 * In-process reads of one random shipment with its containers from the 100,000-shipment database:
 * through the storage contract and through the SDK session, next to raw better-sqlite3 prepared
 * statements reading the same rows of the same file (median of 3 runs each, interleaved).
 */
export async function run(): Promise<BenchResult[]> {
  const { tracker, accountId, apiKey, ids } = await openBenchDatabase();
  const session = tracker.session(await tracker.accounts.authenticate(apiKey));
  const raw = new Database(BENCH_DB, { readonly: true });
  const shipmentStmt = raw.prepare("select doc from shipments where id = ?");
  const containerStmt = raw.prepare("select doc from containers where account_id = ? and shipment_id = ? order by created_at, id");
  let i = 0;
  const next = () => ids[(i = (i * 1103515245 + 12345) % 2147483648) % ids.length]!;

  const figures = { storage: [] as number[], session: [] as number[], raw: [] as number[] };
  for (let run = 0; run < RUNS; run++) {
    figures.raw.push(
      await opsPerSecond(() => {
        const id = next();
        const shipment = JSON.parse((shipmentStmt.get(id) as { doc: string }).doc);
        const containers = (containerStmt.all(accountId, id) as { doc: string }[]).map((row) => JSON.parse(row.doc));
        return [shipment, containers];
      }),
    );
    figures.storage.push(
      await opsPerSecond(async () => {
        const id = next();
        return [await trackerStorage(tracker).shipments.get(accountId, id), await trackerStorage(tracker).containers.listByShipments(accountId, [id])];
      }),
    );
    figures.session.push(await opsPerSecond(() => session.shipments.get(next(), { include: ["containers"] })));
  }
  const bytes = shipmentBytes(raw);
  raw.close();
  await tracker.close();
  const baseline = { name: "raw better-sqlite3 prepared statements on the same file", value: median(figures.raw) };
  const label = `${SHIPMENTS.toLocaleString("en-US")}-shipment SQLite db, random ids`;
  return [
    { name: `read shipment + containers via storage (${label})`, value: median(figures.storage), unit: "reads/s", baseline, target: { value: 20_000 } },
    { name: `read shipment + containers via SDK session with include (${label})`, value: median(figures.session), unit: "reads/s", baseline },
    {
      name: `shipments + containers on disk, with indexes (${label})`, value: bytes / 1e6, unit: "MB",
      target: { value: ((FILE_BYTES_BEFORE / 1e6) * SHIPMENTS) / 100_000 / 2, lowerIsBetter: true },
      notes: `${Math.round(bytes / SHIPMENTS).toLocaleString("en-US")} B per shipment; the target is half of main's file (1.79 GB at 100,000)`,
    },
  ];
}
