import { readFile } from "node:fs/promises";
import { basename } from "node:path";
import { readTable, tableFormatOf, ValidationError, type BulkJob, type BulkJobRow, type BulkOptions, type Session, type TableFormat } from "@bollard/core";
import { CliError, usageError } from "./cli-error.js";
import type { CliIo } from "./cli-io.js";
import type { ParsedOptions } from "./command-spec.js";
import { existingDatabase, withTracker } from "./keys-command.js";
import { createProgressBar } from "./progress-bar.js";

/** The media type each format is uploaded as. */
const MEDIA_TYPES: Record<TableFormat, string> = {
  csv: "text/csv",
  xlsx: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
  json: "application/json",
};

/** Where a job is read from while it runs: the SDK in-process, or a server over HTTP. */
interface JobSource {
  /** The job as it stands. */
  job(): Promise<BulkJob>;
  /** Every row with a result other than `created` and `valid`, in file order. */
  problems(): Promise<BulkJobRow[]>;
}

/**
 * `bollard import FILE`: imports tracking requests (or, with `--update`, updates shipments or
 * containers) from a CSV, XLSX or JSON file, into a database
 * (`--db`, `--account`) or through a running server (`--url`, `--key`), with a progress bar on
 * stderr and a line per row that was not created on stdout. Exit code 1 when any row was invalid.
 */
export async function importCommand(options: ParsedOptions, io: CliIo): Promise<number> {
  const file = options.file as string;
  const format = (options.format as string | undefined) ?? tableFormatOf(file);
  if (format !== "csv" && format !== "xlsx" && format !== "json") throw usageError(`--format must be csv, xlsx or json (the file's extension does not say): not "${String(format ?? "")}"`);
  const dryRun = options["dry-run"] === true;
  const update = options.update as string | undefined;
  if (update !== undefined && update !== "shipments" && update !== "containers") throw usageError(`--update must be shipments or containers, not "${update}"`);
  const url = options.url as string | undefined;
  const accountName = (options.account as string | undefined)?.trim();
  if (url === undefined && !accountName) throw usageError("import needs --account NAME with --db (or --url and --key for a running server)");
  const read = () =>
    readFile(file).catch((error: NodeJS.ErrnoException) => {
      throw new CliError(error.code === "ENOENT" ? `There is no file ${file}` : `Cannot read ${file}: ${error.message}`);
    });
  if (url !== undefined) {
    if (options.db !== undefined || options.account !== undefined) throw usageError("Give --url and --key for a server, or --db and --account for a database, not both");
    const key = (options.key as string | undefined) ?? io.env.BOLLARD_API_KEY;
    if (!key) throw usageError("import --url needs --key KEY (or BOLLARD_API_KEY): an editor's API key of the server");
    const bytes = await read();
    const path = update === undefined ? "tracking_requests/bulk" : `${update}/bulk_update`;
    return report(await overHttp(url, key, path, bytes, format, basename(file), dryRun), io, options.json === true);
  }
  const db = existingDatabase("import", options, io);
  const bytes = await read();
  return withTracker(db, async (tracker) => {
    const account = await tracker.accounts.findByName(accountName!);
    if (!account) throw new CliError(`There is no account named "${accountName!}" (bollard accounts list shows them)`);
    const editors = (await tracker.accounts.listKeys({ accountId: account.id, page: { number: 1, size: 100 } })).data.filter((key) => key.role === "editor" && key.revoked_at === null);
    if (editors.length === 0) throw new CliError(`The account ${accountName} has no editor to import as: create one with bollard keys create --account "${accountName}"`);
    const session = tracker.session(await tracker.accounts.principal(account.id, editors[0]!.user_id));
    const table = await readTable(bytes, format).catch((error: unknown) => {
      throw new CliError(`${file}: ${error instanceof Error ? error.message : String(error)}`);
    });
    const bulkOptions: BulkOptions = { format, fileName: basename(file), dryRun };
    const job = await (update === undefined ? session.trackingRequests.bulk(table, bulkOptions) : session[update].bulkUpdate(table, bulkOptions)).catch((error: unknown) => {
      // The API's 422s, as one line: "No column holds the numbers to track: …".
      if (error instanceof ValidationError) throw new CliError(`${file}: ${error.issues.map((issue) => issue.detail).join("; ")}`);
      throw error;
    });
    return report(inProcess(session, job.id), io, options.json === true);
  });
}

/** A job of this process's tracker: worked by its runner while the command watches. */
function inProcess(session: Session, id: string): JobSource {
  return {
    job: () => session.bulkJobs.get(id),
    problems: () => allRows((page) => session.bulkJobs.rows(id, { page: { number: page, size: 100 } }).then((result) => ({ rows: result.data, total: result.total }))),
  };
}

/** Uploads the file to a server and follows its job over HTTP. */
async function overHttp(base: string, key: string, path: string, bytes: Uint8Array, format: TableFormat, fileName: string, dryRun: boolean): Promise<JobSource> {
  const api = new URL("/v2/", base);
  const call = async (path: string, init: RequestInit = {}) => {
    const response = await fetch(new URL(path, api), { ...init, headers: { authorization: `Token ${key}`, ...init.headers } }).catch((error: unknown) => {
      throw new CliError(`Cannot reach ${base}: ${error instanceof Error ? error.message : String(error)}`);
    });
    const body = (await response.json().catch(() => null)) as { data?: unknown; meta?: { total?: number }; errors?: { detail?: string; source?: unknown }[] } | null;
    if (!response.ok) throw new CliError(`${response.status} from ${base}: ${body?.errors?.map((error) => error.detail).join("; ") ?? response.statusText}`);
    return body!;
  };
  const query = new URLSearchParams({ file_name: fileName, ...(dryRun && { dry_run: "true" }) });
  const created = await call(`${path}?${query}`, { method: "POST", headers: { "content-type": MEDIA_TYPES[format] }, body: bytes });
  const id = (created.data as { id: string }).id;
  const asJob = (data: unknown): BulkJob => {
    const resource = data as { id: string; attributes: Omit<BulkJob, "id"> };
    return { ...resource.attributes, id: resource.id } as BulkJob;
  };
  return {
    job: async () => asJob((await call(`bulk_jobs/${id}`)).data),
    problems: () =>
      allRows(async (page) => {
        const body = await call(`bulk_jobs/${id}/rows?page[size]=100&page[number]=${page}`);
        const rows = (body.data as { attributes: BulkJobRow; relationships: { tracking_request: { data: { id: string } | null } } }[]).map((row) => ({ ...row.attributes, tracking_request_id: row.relationships.tracking_request.data?.id ?? null }));
        return { rows: rows as BulkJobRow[], total: body.meta?.total ?? rows.length };
      }),
  };
}

/** The rows that were not created, reading every page. */
async function allRows(page: (number: number) => Promise<{ rows: BulkJobRow[]; total: number }>): Promise<BulkJobRow[]> {
  const problems: BulkJobRow[] = [];
  for (let number = 1; ; number++) {
    const { rows, total } = await page(number);
    problems.push(...rows.filter((row) => row.status === "duplicate" || row.status === "invalid"));
    if (number * 100 >= total) return problems;
  }
}

/** Follows the job to its end with a progress bar, then reports each row not created and the counts. */
async function report(source: JobSource, io: CliIo, json: boolean): Promise<number> {
  let job = await source.job();
  const bar = createProgressBar(job.row_count, { line: io.err, ...(io.progress && { redraw: io.progress }) });
  while (job.status !== "completed") {
    bar.update(job.row_count - job.counts.pending, job.dry_run ? "checked" : "imported");
    await new Promise((resolve) => setTimeout(resolve, 200));
    job = await source.job();
  }
  bar.finish(job.dry_run ? "checked" : "imported");
  const problems = await source.problems();
  if (json) io.out(JSON.stringify({ job, rows: problems }));
  else {
    for (const row of problems) {
      const why = row.status === "duplicate" ? `already tracked${row.tracking_request_id ? ` (tracking request ${row.tracking_request_id})` : " (earlier in the file)"}` : row.errors.map((error) => `${error.column ?? error.attribute ?? "row"}: ${error.detail}`).join("; ");
      io.out(`line ${row.line}\t${row.status}\t${why}`);
    }
  }
  const { counts } = job;
  const outcome =
    job.kind === "tracking_requests"
      ? `${job.dry_run ? `${counts.valid} would be created` : `${counts.created} created`}, ${counts.duplicate} already tracked`
      : job.dry_run
        ? `${counts.valid} would change`
        : `${counts.updated} updated, ${counts.unchanged} unchanged`;
  io.err(`${job.file_name ?? "rows"}: ${job.row_count} rows, ${outcome}, ${counts.invalid} invalid (bulk job ${job.id})`);
  return counts.invalid > 0 ? 1 : 0;
}
