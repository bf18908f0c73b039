import { postgresImportTarget } from "@bollard/storage-postgres";
import { CliError, usageError } from "../cli-error.js";
import type { CliIo } from "../cli-io.js";
import { checkDatabase, isPostgresUrl } from "../open-storage.js";
import { copyDatabase, type CopyOptions, formatSummary } from "./copy-database.js";
import { createProgressBar } from "./progress-bar.js";
import { openSqliteSource } from "./sqlite-source.js";

const DEFAULT_BATCH = 500;

/**
 * `bollard migrate-db --from FILE --to postgres://…`: copies a SQLite database into PostgreSQL,
 * with a progress bar on stderr and a per-table summary on stdout. The target must be empty when
 * a copy starts; an interrupted copy is resumed by running the same command again. Exits 1 when
 * the row counts of source and target differ at the end.
 */
export async function migrateDbCommand(args: Record<string, string | undefined>, io: CliIo, testing: Pick<CopyOptions, "interruptAfterBatches"> = {}): Promise<number> {
  const from = args.from;
  const to = args.to;
  if (!from) throw usageError("migrate-db needs --from PATH (the SQLite database)");
  if (!to || !isPostgresUrl(to)) throw usageError("migrate-db needs --to postgres://… (the PostgreSQL database)");
  checkDatabase(from, { option: "--from", allowMemory: false, mustExist: true });
  const batchSize = args.batch === undefined ? DEFAULT_BATCH : Number(args.batch);
  if (!Number.isSafeInteger(batchSize) || batchSize < 10 || batchSize > 10_000) throw usageError(`--batch must be an integer from 10 to 10000, not "${args.batch}"`);

  const source = await openSqliteSource(from);
  const target = postgresImportTarget({ connectionString: to });
  try {
    await target.open();
    const state = await target.state();
    if (state === "occupied") throw new CliError("The target database already holds Bollard data that no copy wrote; migrate-db copies into an empty database");
    io.err(state === "empty" ? `Copying ${from} into the PostgreSQL database…` : `Resuming the copy of ${from} where it stopped…`);
    let bar: ReturnType<typeof createProgressBar> | undefined;
    const summaries = await copyDatabase(source, target, {
      batchSize,
      ...testing,
      onProgress: (done, total, table) => {
        bar ??= createProgressBar(total, { line: io.err, ...(io.progress && { redraw: io.progress }) });
        bar.update(done, table);
      },
    });
    bar?.finish("done");
    for (const line of formatSummary(summaries)) io.out(line);
    const mismatched = summaries.filter((s) => s.source !== s.target).map((s) => `${s.table} (${s.source} in the source, ${s.target} in the target)`);
    if (mismatched.length > 0) throw new CliError(`Row counts differ after the copy: ${mismatched.join(", ")}`);
    io.err("Copy complete. Serve it with: bollard serve --db <the postgres URL>");
    return 0;
  } finally {
    await target.close();
    await source.close();
  }
}

