import { existsSync } from "node:fs";
import type { Storage } from "@bollard/core";
import { CliError } from "../cli-error.js";
import type { CliIo } from "../cli-io.js";
import { displayDb, isPostgresUrl, openStorage } from "../open-storage.js";
import { copyDatabase, type CopyOptions, formatSummary, targetState } from "./copy-database.js";
import { createProgressBar } from "./progress-bar.js";

const DEFAULT_BATCH = 500;

/** Opens one end of a copy: a SQLite file (which must exist for the source) or a `postgres://` URL. */
async function openEnd(db: string, role: "source" | "target"): Promise<Storage> {
  if (db === ":memory:") throw new CliError(`migrate-db copies between databases that persist; --${role === "source" ? "from" : "to"} cannot be :memory:`);
  if (role === "source" && !isPostgresUrl(db) && !existsSync(db)) throw new CliError(`No SQLite database at ${db}`);
  const storage = openStorage(db);
  await storage.open();
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
  if (!from) throw new CliError("migrate-db needs --from (a SQLite file or a postgres:// URL)");
  if (!to) throw new CliError("migrate-db needs --to (a SQLite file or a postgres:// URL)");
  if (from === to) throw new CliError("migrate-db needs two different databases");
  const batchSize = args.batch === undefined ? DEFAULT_BATCH : Number(args.batch);
  if (!Number.isSafeInteger(batchSize) || batchSize < 10 || batchSize > 10_000) throw new CliError(`--batch must be an integer from 10 to 10000, not "${args.batch}"`);

  const source = await openEnd(from, "source");
  let target: Storage | undefined;
  try {
    target = await openEnd(to, "target");
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
