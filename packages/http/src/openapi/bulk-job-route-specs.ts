import { BulkRowStatusSchema } from "@bollard/core/schemas";
import { z } from "zod";
import "zod-openapi";
import { collectionDocument, singleDocument } from "./resource-schemas.js";
import type { RouteSpec } from "./route-spec.js";

const page = {
  "page[number]": z.string().optional(),
  "page[size]": z.string().optional().meta({ description: "Page size, capped at 100" }),
};
const Row = z.record(z.string(), z.unknown()).meta({ description: 'A row: cells by column name, e.g. {"Container #": "MSCU1234565", "Carrier": "MSCU"}' });
const JsonBody = z.union([
  z.array(Row),
  z.object({
    data: z.object({
      type: z.literal("bulk_job").optional(),
      attributes: z.object({
        rows: z.array(Row),
        dry_run: z.boolean().optional().meta({ description: "Check every row and report, creating nothing" }),
        file_name: z.string().optional(),
      }),
    }),
  }),
]);
const File = z.string().meta({ format: "binary" });
const UploadQuery = z.object({
  dry_run: z.enum(["true", "false"]).optional().meta({ description: "Check every row and report, writing nothing" }),
  file_name: z.string().optional().meta({ description: "The file's name, kept on the job (its extension names the format of an application/octet-stream body)" }),
});
const FILE_BODIES = {
  "text/csv": File,
  "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet": File,
  "application/x-ndjson": File,
  "multipart/form-data": z.object({ file: File, dry_run: z.enum(["true", "false"]).optional() }),
};

/** What every upload route takes and answers: a file (or JSON rows), and 202 with the job. */
const UPLOAD = { query: UploadQuery, body: JsonBody, bodyContent: FILE_BODIES, status: 202, response: singleDocument("bulk_job"), errors: [400, 403, 413, 415, 422] };

/** Bulk imports and updates: Bollard extensions (docs/bulk.md). */
export const BULK_JOB_ROUTE_SPECS: RouteSpec[] = [
  {
    method: "post",
    path: "/tracking_requests/bulk",
    summary:
      "Import tracking requests from a CSV, XLSX or JSON file (up to 100,000 rows, 64 MiB): 202 with a bulk_job worked in the background. Columns are matched forgivingly (Container #, B/L, Booking, Carrier, Reference, Tags, Customer, custom field names); each row is created, duplicate (the existing request) or invalid (errors by column). dry_run checks without creating",
    ...UPLOAD,
  },
  ...(["shipments", "containers"] as const).map((resource) => ({
    method: "post" as const,
    path: `/${resource}/bulk_update`,
    summary: `Update ${resource} from a CSV, XLSX or JSON file: 202 with a bulk_job. A row names its ${resource === "shipments" ? "shipment by id or bill of lading number" : "container by id or number"} and sets ref_numbers${resource === "shipments" ? ", tags, customer_name" : ""} and custom field values (columns by api_slug or display name); blank cells leave values as they are and other columns are ignored, so an export sent back changes nothing. Each row is updated, unchanged or invalid`,
    ...UPLOAD,
  })),
  { method: "get", path: "/bulk_jobs", summary: "List the account's bulk jobs, newest first", query: z.object(page), status: 200, response: collectionDocument("bulk_job"), errors: [400] },
  { method: "get", path: "/bulk_jobs/{id}", summary: "Get a bulk job (an import or an update): status (queued, running, completed), row counts by result and the column mapping", status: 200, response: singleDocument("bulk_job"), errors: [400, 404] },
  {
    method: "get",
    path: "/bulk_jobs/{id}/rows",
    summary: "List a bulk job's rows in file order, each with its result (pending, created, duplicate, invalid, valid, updated, unchanged), errors by column, the input it was worked with and the tracking request it created or duplicates",
    query: z.object({ "filter[status]": BulkRowStatusSchema.optional().meta({ description: "Only rows with this result" }), ...page }),
    status: 200,
    response: collectionDocument("bulk_job_row"),
    errors: [400, 404],
  },
].map((spec): RouteSpec => ({ ...(spec as RouteSpec), extension: true }));
