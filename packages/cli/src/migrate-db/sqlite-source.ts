import { existsSync } from "node:fs";
import type { TransportEvent } from "@bollard/core";
import type { ImportTable } from "@bollard/storage-postgres";
import { sqliteStorage } from "@bollard/storage-sqlite";
import Database from "better-sqlite3";
import { CliError } from "../cli-error.js";

/** Rows read from the source, in key order, and the key of the last one (the checkpoint). */
export interface SourceBatch {
  records: unknown[];
  /** Rows of the source table this batch covers (transport events: the events of its containers). */
  rows: number;
  after: string;
}

/** A SQLite database read table by table in key order, for a resumable copy. */
export interface SqliteSource {
  count(table: ImportTable): number;
  /** The next `size` rows (containers, for transport events) after the checkpoint `after`, or null at the end. */
  batch(table: ImportTable, after: string | null, size: number): Promise<SourceBatch | null>;
  close(): Promise<void>;
}

/** The key columns a table is copied in the order of. */
function keyColumns(table: ImportTable): string[] {
  if (table === "meta") return ["key"];
  if (table === "vessel_positions") return ["vessel_id", "timestamp"];
  return ["id"];
}

/**
 * Opens a Bollard SQLite file as the source of a copy. Every table's `doc` column is the whole
 * record as JSON, so rows are read directly (read-only); transport events are stored in a compact
 * form only the SQLite adapter decodes, so they are read through it, container by container.
 */
export async function openSqliteSource(filename: string): Promise<SqliteSource> {
  if (!existsSync(filename)) throw new CliError(`No SQLite database at ${filename}`);
  // Opening through the adapter first brings an older file's schema up to date.
  const storage = sqliteStorage({ filename });
  await storage.open();
  const db = new Database(filename, { readonly: true, fileMustExist: true });
  const count = (table: ImportTable) => (db.prepare(`select count(*) as n from ${table}`).get() as { n: number }).n;

  function rowsAfter(table: ImportTable, columns: string[], select: string, after: string | null, size: number): Record<string, unknown>[] {
    const keys = columns.join(", ");
    const where = after === null ? "" : `where (${keys}) > (${columns.map(() => "?").join(", ")})`;
    const values = after === null ? [] : (JSON.parse(after) as unknown[]);
    return db.prepare(`select ${keys}, ${select} from ${table} ${where} order by ${keys} limit ?`).all(...values, size) as Record<string, unknown>[];
  }

  async function transportEvents(after: string | null, size: number): Promise<SourceBatch | null> {
    const containers = rowsAfter("containers", ["id"], "account_id", after, size) as { id: string; account_id: string }[];
    const last = containers.at(-1);
    if (!last) return null;
    const records: TransportEvent[] = [];
    for (const container of containers) records.push(...(await storage.transportEvents.listByContainers(container.account_id, [container.id])).items);
    return { records, rows: records.length, after: JSON.stringify([last.id]) };
  }

  return {
    count,
    async batch(table, after, size) {
      if (table === "transport_events") return transportEvents(after, Math.max(1, Math.floor(size / 10)));
      const columns = keyColumns(table);
      const found = rowsAfter(table, columns, table === "meta" ? "value" : "doc", after, size);
      const last = found.at(-1);
      if (!last) return null;
      const records = table === "meta" ? found.map((row) => ({ key: row.key, value: row.value })) : found.map((row) => JSON.parse(row.doc as string) as unknown);
      return { records, rows: found.length, after: JSON.stringify(columns.map((column) => last[column])) };
    },
    async close() {
      db.close();
      await storage.close();
    },
  };
}
