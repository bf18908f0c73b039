import { IMPORT_TABLES, type ImportTable, type PostgresImportTarget } from "@bollard/storage-postgres";
import type { SqliteSource } from "./sqlite-source.js";

/** What a copy did to one table. */
export interface TableSummary {
  table: ImportTable;
  /** Rows in the source table. */
  source: number;
  /** Rows this run inserted. */
  copied: number;
  /** Rows this run found already in the target (only possible when the target was not empty). */
  skipped: number;
  /** Rows in the target table after the copy. */
  target: number;
}

/** Options of {@link copyDatabase}. */
export interface CopyOptions {
  /** Rows read and written per transaction (containers per batch for transport events: a tenth of it). */
  batchSize: number;
  /** Called after every batch with the rows done so far (across all tables) and the table at work. */
  onProgress?: (done: number, total: number, table: ImportTable) => void;
  /** Stops with an error after this many batches: how tests interrupt a copy. */
  interruptAfterBatches?: number;
}

/**
 * Copies every table of `source` into `target`, parents first, each in key order and in batches:
 * each batch's rows and the table's new checkpoint commit together, so a copy that is interrupted
 * (killed, a lost connection) and run again continues after the last committed batch, and rows
 * already there are skipped rather than duplicated.
 */
export async function copyDatabase(source: SqliteSource, target: PostgresImportTarget, options: CopyOptions): Promise<TableSummary[]> {
  const totals = new Map(IMPORT_TABLES.map((table) => [table, source.count(table)]));
  const total = [...totals.values()].reduce((sum, n) => sum + n, 0);
  // Rows an earlier run already copied count as done from the start.
  let done = 0;
  for (const table of IMPORT_TABLES) done += Math.min(totals.get(table) ?? 0, await target.count(table));
  let batches = 0;
  const summaries: TableSummary[] = [];
  for (const table of IMPORT_TABLES) {
    const summary: TableSummary = { table, source: totals.get(table) ?? 0, copied: 0, skipped: 0, target: 0 };
    const checkpoint = await target.checkpoint(table);
    if (!checkpoint.done) {
      for (let after = checkpoint.after; ; ) {
        const batch = await source.batch(table, after, options.batchSize);
        if (!batch) break;
        const inserted = await target.write(table, batch.records, batch.after);
        summary.copied += inserted;
        summary.skipped += batch.records.length - inserted;
        done += inserted;
        after = batch.after;
        options.onProgress?.(done, total, table);
        if (options.interruptAfterBatches !== undefined && ++batches >= options.interruptAfterBatches) {
          throw new Error(`the copy was interrupted after ${batches} batches`);
        }
      }
      await target.finish(table);
    }
    summary.target = await target.count(table);
    summaries.push(summary);
  }
  return summaries;
}

/** The per-table summary as an aligned text table, with a total line. */
export function formatSummary(summaries: readonly TableSummary[]): string[] {
  const sum = (key: "source" | "copied" | "skipped" | "target") => summaries.reduce((n, s) => n + s[key], 0);
  const rows = [
    ["table", "source", "copied", "skipped", "in target"],
    ...summaries.map((s) => [s.table, s.source, s.copied, s.skipped, s.target].map(String)),
    ["total", sum("source"), sum("copied"), sum("skipped"), sum("target")].map(String),
  ];
  const widths = rows[0]!.map((_, column) => Math.max(...rows.map((row) => row[column]!.length)));
  return rows.map((row) => row.map((cell, column) => (column === 0 ? cell.padEnd(widths[column]!) : cell.padStart(widths[column]!))).join("  "));
}
