import type { Storage } from "@bollard/core";
import { CliError, usageError } from "../cli-error.js";
import type { CliIo } from "../cli-io.js";
import { checkDatabase, displayDb, openFailure, openStorage } from "../open-storage.js";
import { copyDatabase, type CopyOptions, formatSummary, targetState } from "./copy-database.js";
import { createProgressBar } from "../progress-bar.js";

const DEFAULT_BATCH = 500;

/** Opens one end of a checked copy: a SQLite file or a `postgres://` URL. */
async function openEnd(db: string): Promise<Storage> {
  const storage = openStorage(db);
  await storage.open().catch((error: unknown) => {
    throw openFailure(db, error);
  });
  return storage;
}

/**
 * `bollard migrate-db --from A --to B`: copies a Bollard database into another, each a SQLite file
 * or a `postgres://` URL (SQLite → PostgreSQL, PostgreSQL → SQLite, SQLite → SQLite, …), through
 * the storages' export/import port, with a progress bar on stderr and a per-kind summary on
 * stdout. The target must be empty when a copy starts; an interrupted copy is resumed by running
 * the same command again. Exits 1 when the counts of source and target differ at the end.
 */
export async function migrateDbCommand(args: Record<string, string | undefined>, io: CliIo, testing: Pick<CopyOptions, "interruptAfterBatches"> = {}): Promise<number> {
  const from = args.from;
  const to = args.to;
  if (!from) throw usageError("migrate-db needs --from (a SQLite file or a postgres:// URL)");
  if (!to) throw usageError("migrate-db needs --to (a SQLite file or a postgres:// URL)");
  if (from === to) throw usageError("migrate-db needs two different databases");
  checkDatabase(from, { option: "--from", allowMemory: false, mustExist: true });
  // The target is made when it is a new SQLite file (in a folder that exists): that is the point of the copy.
  checkDatabase(to, { option: "--to", allowMemory: false, mustExist: false });
  const batchSize = args.batch === undefined ? DEFAULT_BATCH : Number(args.batch);
  if (!Number.isSafeInteger(batchSize) || batchSize < 10 || batchSize > 10_000) throw usageError(`--batch must be an integer from 10 to 10000, not "${args.batch}"`);

  const source = await openEnd(from);
  let target: Storage | undefined;
  try {
    target = await openEnd(to);
    const state = await targetState(target);
    if (state === "occupied") throw new CliError("The target database already holds Bollard data that no copy wrote; migrate-db copies into an empty database");
    io.err(state === "empty" ? `Copying ${displayDb(from)} into ${displayDb(to)}…` : `Resuming the copy of ${displayDb(from)} where it stopped…`);
    let bar: ReturnType<typeof createProgressBar> | undefined;
    const summaries = await copyDatabase(source, target, {
      batchSize,
      ...testing,
      onProgress: (done, total, noun) => {
        bar ??= createProgressBar(total, { line: io.err, ...(io.progress && { redraw: io.progress }) });
        bar.update(done, noun);
      },
    });
    bar?.finish("done");
    for (const line of formatSummary(summaries)) io.out(line);
    const mismatched = summaries.filter((s) => s.source !== s.target).map((s) => `${s.table} (${s.source} in the source, ${s.target} in the target)`);
    if (mismatched.length > 0) throw new CliError(`Record counts differ after the copy: ${mismatched.join(", ")}`);
    io.err(`Copy complete. Serve it with: bollard serve --db ${displayDb(to)}`);
    return 0;
  } finally {
    await target?.close();
    await source.close();
  }
}
