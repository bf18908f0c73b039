import { z } from "zod";
import type { BulkJobRunner } from "../bulk/bulk-job-runner.js";
import { rowError } from "../bulk/bulk-row-errors.js";
import { tableOfObjects } from "../bulk/table-files.js";
import { planTrackingRequestColumns, type BulkCustomFieldDefinition, type BulkRowPlan } from "../bulk/tracking-request-columns.js";
import { planUpdateColumns, type BulkUpdateTarget } from "../bulk/update-columns.js";
import { BulkFormatSchema, BulkRowStatusSchema, type BulkFormat, type BulkJob, type BulkJobRow, type BulkRowCounts } from "../domain/index.js";
import { BollardError, NotFoundError, ValidationError } from "../errors/index.js";
import { uuidv7 } from "../ids/index.js";
import { checkTrackingRequestCreate } from "../tracking/tracking-request-create.js";
import { definedOnly, parseOptions } from "../validation/input-validation.js";
import { resolvePage } from "./pagination-defaults.js";
import type { ListOptions, ListResult } from "./read-options.js";
import type { SessionContext } from "./session-context.js";

/** The most rows one bulk job takes. */
export const MAX_BULK_ROWS = 100_000;

/**
 * The rows of a bulk import: a table read from a file (`readTable` keeps the file's column order and
 * line numbers), or plain objects keyed by column name, e.g. `[{ "Container #": "MSCU1234565", Carrier: "MSCU" }]`.
 */
export type BulkRows =
  | {
      /** The headers, in the file's order. */
      readonly columns: readonly string[];
      /** The rows: each cell by its header, and the line it is on. */
      readonly rows: readonly {
        /** The row's line in the file (the header is line 1). */
        readonly line: number;
        /** Its cells by header. */
        readonly values: Readonly<Record<string, string>>;
      }[];
    }
  | readonly Readonly<Record<string, unknown>>[];

/** Options of {@link BulkTrackingRequests.bulk}. */
export interface BulkOptions {
  /** Check every row (shapes, carriers, duplicates) and report what would happen, writing nothing but the job. @default false */
  dryRun?: boolean;
  /** The file's name, kept on the job. @default null */
  fileName?: string | null;
  /** The file's format, kept on the job. @default "rows" */
  format?: BulkFormat;
}

/** Bulk imports of tracking requests (a Bollard extension: `POST /v2/tracking_requests/bulk`). */
export interface BulkTrackingRequests {
  /**
   * Starts a bulk job making a tracking request of every row (editor only) and returns it `queued`:
   * the rows are worked in the background (`session.bulkJobs.get(id)` shows the progress, `rows(id)`
   * each row's result). Columns are matched forgivingly ("Container #", "B/L", "Carrier", custom
   * field names; the job's `columns` reports how); a blank carrier is detected from the number. A row
   * the API would refuse is `invalid` with its errors by column, a number already tracked is
   * `duplicate` with the existing request — so the same rows sent twice create nothing new. A file
   * with no rows, no column of numbers or more than {@link MAX_BULK_ROWS} rows is a 422.
   */
  bulk(rows: BulkRows, options?: BulkOptions): Promise<BulkJob>;
}

/** Filters and paging of {@link BulkJobService.rows}. */
export interface BulkJobRowListOptions extends ListOptions {
  /** Only rows with this result. */
  status?: z.input<typeof BulkRowStatusSchema>;
}

/** The session account's bulk jobs: progress and per-row results. */
export interface BulkJobService {
  /** The job with this id; 404 when absent. */
  get(id: string): Promise<BulkJob>;
  /** Jobs newest first; default page size 30. */
  list(options?: ListOptions): Promise<ListResult<BulkJob>>;
  /** The job's rows in file order, optionally only those with one result; default page size 100. 404 for an unknown job. */
  rows(id: string, options?: BulkJobRowListOptions): Promise<ListResult<BulkJobRow>>;
}

const RowFiltersSchema = z.object({ status: BulkRowStatusSchema.optional() });
const OptionsSchema = z.strictObject({ dryRun: z.boolean().optional(), fileName: z.string().max(255).nullish(), format: BulkFormatSchema.optional() });

/** Bulk updates of shipments or containers (a Bollard extension: `POST /v2/shipments/bulk_update`, `/v2/containers/bulk_update`). */
export interface BulkUpdates {
  /**
   * Starts a bulk job updating a record of every row (editor only) and returns it `queued`. A row
   * names its record by `id` (as an export writes it) or by its number (a shipment's bill of
   * lading, a container's number) and sets `ref_numbers`, a shipment's `tags` and `customer_name`, and custom field values
   * (columns named by `api_slug` or display name); a blank cell leaves the value as it is, and other
   * columns are ignored, so an export sent back changes nothing. Each row comes out `updated`,
   * `unchanged` or `invalid` (an unknown record, a value that does not type) with its errors by column.
   */
  bulkUpdate(rows: BulkRows, options?: BulkOptions): Promise<BulkJob>;
}

/** Creates the {@link BulkTrackingRequests} of a session: jobs are worked by `runner`. */
export function createBulkTrackingRequests(context: SessionContext, runner: Pick<BulkJobRunner, "kick">): BulkTrackingRequests {
  return {
    bulk: (source, options = {}) =>
      startBulkJob(context, runner, "tracking_requests", source, options, planTrackingRequestColumns, (input, dryRun, seen) => {
        const checked = checkTrackingRequestCreate(context, input);
        // A dry run writes nothing, so a number met twice in the file is a duplicate now; a real
        // run finds the request its first row created.
        const key = `${checked.number}|${checked.scac}`;
        const repeated = seen.has(key);
        seen.add(key);
        return dryRun && repeated ? "duplicate" : "pending";
      }),
  };
}

/** Creates the {@link BulkUpdates} of a session's shipments or containers: jobs are worked by `runner`. */
export function createBulkUpdates(context: SessionContext, runner: Pick<BulkJobRunner, "kick">, target: BulkUpdateTarget): BulkUpdates {
  const kind = target === "shipment" ? "shipment_updates" : "container_updates";
  return { bulkUpdate: (source, options = {}) => startBulkJob(context, runner, kind, source, options, (headers, definitions) => planUpdateColumns(target, headers, definitions), () => "pending") };
}

/**
 * Reads the rows with the plan, checks each one as far as it can without stored data (`check`
 * throws the row's errors, or says it is already done), stores the job with every row in one call
 * and starts the runner. A file with no rows, too many or no key column is a 422.
 */
async function startBulkJob(
  context: SessionContext,
  runner: Pick<BulkJobRunner, "kick">,
  kind: BulkJob["kind"],
  source: BulkRows,
  options: BulkOptions,
  planOf: (headers: readonly string[], definitions: readonly BulkCustomFieldDefinition[]) => BulkRowPlan,
  check: (input: Record<string, unknown>, dryRun: boolean, seen: Set<string>) => "pending" | "duplicate",
): Promise<BulkJob> {
  const { storage, accountId } = context;
  context.requireEditor();
  const settings = parseOptions(OptionsSchema, options);
  const table = tableOf(source);
  if (table.rows.length === 0) throw new ValidationError([new BollardError("blank", "The file has no rows below its header", { path: ["rows"] })]);
  if (table.rows.length > MAX_BULK_ROWS) throw new ValidationError([new BollardError("out_of_range", `The file has ${table.rows.length} rows; a bulk job takes at most ${MAX_BULK_ROWS}`, { path: ["rows"], meta: { max_rows: MAX_BULK_ROWS } })]);
  const definitions = (await storage.customFieldDefinitions.list(accountId, { page: { number: 1, size: 1_000 } })).items;
  const plan = planOf(table.columns, definitions);
  if (!plan.hasKeyColumn) {
    throw new ValidationError([new BollardError("blank", `${plan.missingKeyDetail} (the columns are ${table.columns.map((column) => JSON.stringify(column)).join(", ")})`, { path: ["columns"] })]);
  }
  const dryRun = settings.dryRun ?? false;
  const now = context.clock.now().toISOString();
  const jobId = uuidv7();
  const counts: BulkRowCounts = { pending: 0, created: 0, duplicate: 0, invalid: 0, valid: 0, updated: 0, unchanged: 0 };
  const seen = new Set<string>();
  const rows: BulkJobRow[] = table.rows.map((tableRow, i) => {
    // A NUL character is no text any storage keeps: the cell is refused, the rest of the row read.
    const nul = Object.keys(tableRow.values).filter((column) => tableRow.values[column]!.includes("\u0000"));
    const values = nul.length === 0 ? tableRow.values : Object.fromEntries(Object.entries(tableRow.values).map(([column, value]) => [column, value.replaceAll("\u0000", "")]));
    const read = plan.read(values);
    const nulErrors = nul.map((column) => ({ code: "invalid", detail: "The cell holds a NUL character (\\u0000)", column, attribute: null }));
    const row: BulkJobRow = { account_id: accountId, job_id: jobId, index: i + 1, line: tableRow.line, input: read.input, status: "pending", tracking_request_id: null, errors: [...nulErrors, ...read.errors] };
    if (row.errors.length === 0) {
      try {
        row.status = check(read.input, dryRun, seen);
      } catch (error) {
        if (!(error instanceof BollardError)) throw error;
        row.errors = (error instanceof ValidationError ? error.issues : [error]).map((issue) => rowError(issue, read.columnOf(issue.path ?? [])));
      }
    }
    if (row.errors.length > 0) row.status = "invalid";
    counts[row.status]++;
    return row;
  });
  const job: BulkJob = {
    id: jobId, account_id: accountId, user_id: context.principal.user.id, kind, status: "queued", dry_run: dryRun,
    format: settings.format ?? "rows", file_name: settings.fileName ?? null, columns: plan.columns, row_count: rows.length, counts,
    created_at: now, updated_at: now, completed_at: null, lease_until: null,
  };
  await storage.bulkJobs.insert(job, rows);
  runner.kick();
  return job;
}

/** Creates the {@link BulkJobService} of a session. */
export function createBulkJobService(context: SessionContext): BulkJobService {
  const { storage, accountId } = context;
  const job = async (id: string) => {
    const found = await storage.bulkJobs.get(accountId, id);
    if (!found) throw new NotFoundError(`No bulk job ${id}`);
    return found;
  };
  return {
    get: job,
    async list(options = {}) {
      const page = resolvePage(options.page, 30);
      const result = await storage.bulkJobs.list(accountId, page);
      return { data: result.items, total: result.total, page };
    },
    async rows(id, options = {}) {
      const filters = parseOptions(RowFiltersSchema, definedOnly({ status: options.status }));
      const page = resolvePage(options.page, 100);
      await job(id);
      const result = await storage.bulkJobs.listRows(accountId, id, { page, ...definedOnly({ status: filters.status }) });
      return { data: result.items, total: result.total, page };
    },
  };
}

/** The rows as a table: a table as it is, objects read as a JSON file's rows are ({@link tableOfObjects}). */
function tableOf(source: BulkRows): { columns: readonly string[]; rows: readonly { line: number; values: Readonly<Record<string, string>> }[] } {
  if (Array.isArray(source)) return tableOfObjects(source, { maxRows: MAX_BULK_ROWS });
  const table = source as Exclude<BulkRows, readonly unknown[]>;
  if (!table || !Array.isArray(table.columns) || !Array.isArray(table.rows)) throw new ValidationError([new BollardError("invalid", "Bulk rows are an array of objects or a table ({ columns, rows })", { path: ["rows"] })]);
  return table;
}
