import { isBollardError, type Storage } from "@bollard/core";
import { COPY_CHECKPOINT_PREFIX, COPY_NOUNS, type CopyNoun } from "@bollard/core/storage";
import { CliError } from "../cli-error.js";

/** What a copy did to one kind of record. */
export interface TableSummary {
  /** The kind of record (a repository noun, e.g. `transportEvents`). */
  table: CopyNoun;
  /** Records in the source. */
  source: number;
  /** Records this run stored. */
  copied: number;
  /** Records this run found already in the target (only possible when the target was not empty). */
  skipped: number;
  /** Records in the target after the copy. */
  target: number;
}

/** Options of {@link copyDatabase}. */
export interface CopyOptions {
  /** Records read and written per transaction. */
  batchSize: number;
  /** Called after every batch with the records done so far (across all nouns) and the noun at work. */
  onProgress?: (done: number, total: number, table: CopyNoun) => void;
  /** Stops with an error after this many batches: how tests interrupt a copy. */
  interruptAfterBatches?: number;
}

/** Where a copy stands in one noun, as kept in the target's `meta`. */
type Checkpoint = { done: true } | { done: false; after: string | null };

const checkpointKey = (noun: CopyNoun) => `${COPY_CHECKPOINT_PREFIX}${noun}`;

async function checkpointOf(target: Storage, noun: CopyNoun): Promise<Checkpoint> {
  const stored = await target.meta.get(checkpointKey(noun));
  if (stored === null) return { done: false, after: null };
  const parsed = JSON.parse(stored) as { done?: true; after?: string | null };
  return parsed.done ? { done: true } : { done: false, after: parsed.after ?? null };
}

/**
 * Whether `target` may receive a copy: `empty` (no account, no copy started), `copying` (an earlier
 * copy left checkpoints and may resume) or `occupied` (holds data no copy wrote).
 */
export async function targetState(target: Storage): Promise<"empty" | "copying" | "occupied"> {
  for (const noun of COPY_NOUNS) if ((await target.meta.get(checkpointKey(noun))) !== null) return "copying";
  return (await target.accounts.list({ number: 1, size: 1 })).total > 0 ? "occupied" : "empty";
}

/** The id (or key) of a record, for messages. */
function recordKey(record: unknown): string {
  const r = record as { id?: unknown; key?: unknown; vessel_id?: unknown; timestamp?: unknown };
  if (typeof r.id === "string") return r.id;
  if (typeof r.key === "string") return r.key;
  return `${String(r.vessel_id)} at ${String(r.timestamp)}`;
}

/**
 * Stores a batch; when it fails, finds the record that fails on its own (one by one, nothing
 * committed but the records that succeed) so the error names the kind of record and its id.
 */
async function importOrName(target: Storage, noun: CopyNoun, records: readonly unknown[], after: string): Promise<number> {
  try {
    return await target.copy.importBatch(noun, records, { key: checkpointKey(noun), value: JSON.stringify({ after }) });
  } catch (error) {
    for (const record of records) {
      try {
        await target.copy.importBatch(noun, [record]);
      } catch (single) {
        const reason = isBollardError(single) ? single.detail : single instanceof Error ? single.message : String(single);
        throw new CliError(`Cannot copy ${noun} record ${recordKey(record)}: ${reason}`);
      }
    }
    throw error;
  }
}

/**
 * Copies every record of `source` into `target` through their `copy` ports, parents first
 * ({@link COPY_NOUNS}), each noun in key order and in batches: each batch and the noun's new
 * checkpoint commit together, so a copy that is interrupted (killed, a lost connection) and run
 * again continues after the last committed batch, and records already there are skipped.
 */
export async function copyDatabase(source: Storage, target: Storage, options: CopyOptions): Promise<TableSummary[]> {
  const totals = new Map<CopyNoun, number>();
  for (const noun of COPY_NOUNS) totals.set(noun, await source.copy.count(noun));
  const total = [...totals.values()].reduce((sum, n) => sum + n, 0);
  // Records an earlier run already copied count as done from the start.
  let done = 0;
  for (const noun of COPY_NOUNS) done += Math.min(totals.get(noun) ?? 0, await target.copy.count(noun));
  let batches = 0;
  const summaries: TableSummary[] = [];
  for (const noun of COPY_NOUNS) {
    const summary: TableSummary = { table: noun, source: totals.get(noun) ?? 0, copied: 0, skipped: 0, target: 0 };
    const checkpoint = await checkpointOf(target, noun);
    if (!checkpoint.done) {
      for (let after = checkpoint.after; ; ) {
        const batch = await source.copy.exportBatch(noun, after, options.batchSize);
        if (!batch) break;
        const stored = await importOrName(target, noun, batch.records, batch.after);
        summary.copied += stored;
        summary.skipped += batch.records.length - stored;
        done += stored;
        after = batch.after;
        options.onProgress?.(done, total, noun);
        if (options.interruptAfterBatches !== undefined && ++batches >= options.interruptAfterBatches) {
          throw new Error(`the copy was interrupted after ${batches} batches`);
        }
      }
      await target.meta.set(checkpointKey(noun), JSON.stringify({ done: true }));
    }
    summary.target = await target.copy.count(noun);
    summaries.push(summary);
  }
  return summaries;
}

/** The per-noun summary as an aligned text table, with a total line. */
export function formatSummary(summaries: readonly TableSummary[]): string[] {
  const sum = (key: "source" | "copied" | "skipped" | "target") => summaries.reduce((n, s) => n + s[key], 0);
  const rows = [
    ["records", "source", "copied", "skipped", "in target"],
    ...summaries.map((s) => [s.table, s.source, s.copied, s.skipped, s.target].map(String)),
    ["total", sum("source"), sum("copied"), sum("skipped"), sum("target")].map(String),
  ];
  const widths = rows[0]!.map((_, column) => Math.max(...rows.map((row) => row[column]!.length)));
  return rows.map((row) => row.map((cell, column) => (column === 0 ? cell.padEnd(widths[column]!) : cell.padStart(widths[column]!))).join("  "));
}
