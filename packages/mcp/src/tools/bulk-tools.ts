import { setTimeout as sleep } from "node:timers/promises";
import { z } from "zod";
import { defineTool } from "../tool-kit.js";

const MAX_ROWS = 500;
const MAX_LISTED = 100;

/** `bulk_import_dry_run`: checks rows of a tracking request import and says what would happen, creating nothing. */
export const bulkImportDryRun = defineTool({
  name: "bulk_import_dry_run",
  title: "Bulk Import (Dry Run)",
  access: "write",
  description:
    "Check up to 500 rows of a tracking request import without creating anything: columns are matched forgivingly (\"Container #\", \"B/L\", " +
    "\"Booking\", \"Carrier\" or \"SCAC\", \"Reference\", \"Tags\", \"Customer\", custom field names). Says how each column was read and, per row, " +
    "valid, duplicate (already tracked) or invalid with the reason. Needs an editor key (the check is kept as a bulk job).",
  input: {
    rows: z.array(z.record(z.string(), z.union([z.string(), z.number(), z.null()]))).min(1).max(MAX_ROWS).describe("The rows, each keyed by column name, e.g. [{\"Container #\": \"MSCU1234566\", \"Carrier\": \"MSCU\"}]"),
  },
  output: {
    job_id: z.string(),
    status: z.string(),
    row_count: z.number().int(),
    counts: z.record(z.string(), z.number().int()),
    columns: z.array(z.object({ column: z.string(), attribute: z.string().nullable() })),
    rows: z.array(z.object({ line: z.number().int(), status: z.string(), input: z.record(z.string(), z.unknown()), errors: z.array(z.object({ column: z.string().nullable(), detail: z.string() })), tracking_request_id: z.string().nullable() })),
    note: z.string(),
  },
  async run({ rows }, { session, tracker }) {
    let job = await session.trackingRequests.bulk(rows, { dryRun: true, format: "json" });
    // The runner works the job in the background (it started at once); a dry run of 500 rows is quick.
    for (let waited = 0; job.status !== "completed" && waited < 120_000; waited += 100) {
      await tracker.bulkJobs.runDue();
      job = await session.bulkJobs.get(job.id);
      if (job.status !== "completed") await sleep(100);
    }
    const listed = (await session.bulkJobs.rows(job.id, { page: { number: 1, size: MAX_LISTED } })).data;
    return {
      job_id: job.id,
      status: job.status,
      row_count: job.row_count,
      counts: { ...job.counts },
      columns: job.columns.map((column) => ({ column: column.column, attribute: column.attribute })),
      rows: listed.map((row) => ({ line: row.line, status: row.status, input: row.input, errors: row.errors.map((error) => ({ column: error.column, detail: error.detail })), tracking_request_id: row.tracking_request_id })),
      note: `${job.status === "completed" ? "Checked" : "Still checking"}: nothing was created.${job.row_count > MAX_LISTED ? ` The first ${MAX_LISTED} rows are listed.` : ""}`,
    };
  },
});
