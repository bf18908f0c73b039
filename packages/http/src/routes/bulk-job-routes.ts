import { BollardError, readTable, tableFormatOf, ValidationError, type BulkOptions, type BulkRows, type TableFormat } from "@bollard/core";
import { joinChunks, readRequestBody } from "@bollard/core/http";
import { listDocument, resourceDocument } from "@bollard/core/jsonapi";
import { BulkRowStatusSchema, servedBulkJobRow } from "@bollard/core/schemas";
import { Hono, type Context } from "hono";
import { z } from "zod";
import type { AppEnv } from "../app-env.js";
import { filterQuery, pageQuery, uuidParam } from "../request/query-params.js";
import { jsonApiText } from "../respond.js";

/** The largest bulk upload accepted: 64 MiB (a 100,000-row CSV of tracking requests is about 6 MiB; a full export of 100,000 containers sent back as updates, about 23 MiB). */
export const MAX_BULK_BODY_BYTES = 64 * 1024 * 1024;

const JSON_TYPES = new Set(["application/json", "application/vnd.api+json"]);
const jobSelf = (c: Context, id: string) => new URL(`/v2/bulk_jobs/${id}`, c.req.url).href;
const ROW_FILTERS = { status: "filter[status]" };
const RowFiltersSchema = z.object({ status: BulkRowStatusSchema.optional() });

/**
 * Bulk imports and updates (Bollard extensions, docs/bulk.md): `POST /v2/tracking_requests/bulk`,
 * `/v2/shipments/bulk_update` and `/v2/containers/bulk_update` take a CSV, XLSX or JSON file (the
 * body itself, or the `file` field of a form upload) and answer 202 with a `bulk_job`; `/v2/bulk_jobs` lists jobs, `/v2/bulk_jobs/{id}` shows one's progress and
 * `/v2/bulk_jobs/{id}/rows` each row's result.
 */
export function bulkJobRoutes(): Hono<AppEnv> {
  const routes = new Hono<AppEnv>();
  routes.post("/tracking_requests/bulk", async (c) => {
    const { rows, options } = await readBulkUpload(c);
    const job = await c.get("session").trackingRequests.bulk(rows, options);
    c.header("location", jobSelf(c, job.id));
    return jsonApiText(c, 202, resourceDocument("bulk_job", job, { self: jobSelf(c, job.id) }));
  });
  for (const [path, service] of [["/shipments/bulk_update", "shipments"], ["/containers/bulk_update", "containers"]] as const) {
    routes.post(path, async (c) => {
      const { rows, options } = await readBulkUpload(c);
      const job = await c.get("session")[service].bulkUpdate(rows, options);
      c.header("location", jobSelf(c, job.id));
      return jsonApiText(c, 202, resourceDocument("bulk_job", job, { self: jobSelf(c, job.id) }));
    });
  }
  routes.get("/bulk_jobs", async (c) => {
    const result = await c.get("session").bulkJobs.list({ page: pageQuery(c) });
    return jsonApiText(c, 200, listDocument("bulk_job", result, { requestUrl: c.req.url }));
  });
  routes.get("/bulk_jobs/:id", async (c) => {
    const id = uuidParam(c);
    return jsonApiText(c, 200, resourceDocument("bulk_job", await c.get("session").bulkJobs.get(id), { self: jobSelf(c, id) }));
  });
  routes.get("/bulk_jobs/:id/rows", async (c) => {
    const id = uuidParam(c);
    const filters = filterQuery(c, RowFiltersSchema, ROW_FILTERS);
    const result = await c.get("session").bulkJobs.rows(id, { ...filters, page: pageQuery(c) });
    return jsonApiText(c, 200, listDocument("bulk_job_row", { ...result, data: result.data.map(servedBulkJobRow) }, { requestUrl: c.req.url }));
  });
  return routes;
}

/**
 * The rows and options of a bulk upload, whatever form it came in:
 * - a file as the body (`text/csv`, the XLSX type, `application/x-ndjson`, or
 *   `application/octet-stream` with a `file_name` whose extension names the format), options in the
 *   query (`dry_run`, `file_name`) or the file name in `Content-Disposition`;
 * - `multipart/form-data` (a browser's form): the `file` field, and `dry_run` as a field or in the query;
 * - JSON: an array of row objects, or a JSON:API document whose `data.attributes` has `rows` and `dry_run`.
 */
async function readBulkUpload(c: Context<AppEnv>): Promise<{ rows: BulkRows; options: BulkOptions }> {
  const chunks = await readRequestBody(c.req.raw, { maxBytes: MAX_BULK_BODY_BYTES, incoming: (c.env as { incoming?: unknown } | undefined)?.incoming }).catch((error: unknown) => {
    if (error instanceof BollardError && error.code === "payload_too_large") c.header("connection", "close");
    throw error;
  });
  if (chunks.length === 0) throw new ValidationError([new BollardError("blank", "Send the file as the request body: CSV, XLSX or JSON rows", { pointer: "/data" })]);
  const body = joinChunks(chunks);
  const contentType = c.req.header("content-type") ?? "";
  const mediaType = contentType.split(";")[0]!.trim().toLowerCase();
  const queryDryRun = flag(c, c.req.query("dry_run"), "dry_run");
  let fileName = c.req.query("file_name") ?? dispositionFileName(c.req.header("content-disposition"));

  if (mediaType === "multipart/form-data") {
    const form = await new Request("http://upload/", { method: "POST", headers: { "content-type": contentType }, body }).formData().catch(() => {
      throw new BollardError("bad_request", "The form upload could not be read");
    });
    const file = form.get("file");
    if (!(file instanceof Blob)) throw new ValidationError([new BollardError("blank", "The form has no file field", { parameter: "file" })]);
    fileName = (file as File).name || fileName;
    const format = tableFormatOf(file.type) ?? (fileName ? tableFormatOf(fileName) : null);
    if (!format) throw unsupported(file.type || fileName || "");
    const field = form.get("dry_run");
    const dryRun = queryDryRun ?? flag(c, typeof field === "string" ? field : undefined, "dry_run");
    return { rows: await readTable(new Uint8Array(await file.arrayBuffer()), format), options: options(format, fileName, dryRun) };
  }

  if (JSON_TYPES.has(mediaType)) {
    let document: unknown;
    try {
      document = JSON.parse(new TextDecoder("utf-8", { fatal: true }).decode(body));
    } catch {
      throw new BollardError("malformed_json", "The request body is not valid JSON");
    }
    if (Array.isArray(document)) return { rows: document as BulkRows, options: options("json", fileName, queryDryRun) };
    const attributes = (document as { data?: { attributes?: Record<string, unknown> } } | null)?.data?.attributes;
    if (!attributes || typeof attributes !== "object") throw new ValidationError([new BollardError("validation_failed", "Send an array of rows, or data.attributes with rows", { pointer: "/data/attributes" })]);
    const dryRun = attributes.dry_run;
    if (dryRun !== undefined && typeof dryRun !== "boolean") throw new ValidationError([new BollardError("invalid", "dry_run must be true or false", { pointer: "/data/attributes/dry_run" })]);
    if (!Array.isArray(attributes.rows)) throw new ValidationError([new BollardError("blank", "rows must be an array of row objects", { pointer: "/data/attributes/rows" })]);
    const name = typeof attributes.file_name === "string" ? attributes.file_name : fileName;
    return { rows: attributes.rows as BulkRows, options: options("json", name, queryDryRun ?? (dryRun as boolean | undefined)) };
  }

  const format = tableFormatOf(mediaType) ?? (mediaType === "application/octet-stream" && fileName ? tableFormatOf(fileName) : null);
  if (!format) throw unsupported(mediaType);
  return { rows: await readTable(body, format), options: options(format, fileName, queryDryRun) };
}

function options(format: TableFormat, fileName: string | undefined | null, dryRun: boolean | undefined): BulkOptions {
  return { format, fileName: fileName ?? null, ...(dryRun !== undefined && { dryRun }) };
}

/** `true`/`false` (also `1`/`0`) of a query parameter or form field; undefined when absent; 400 otherwise. */
function flag(_c: Context, value: string | undefined, name: string): boolean | undefined {
  if (value === undefined || value === "") return undefined;
  if (value === "true" || value === "1") return true;
  if (value === "false" || value === "0") return false;
  throw new BollardError("invalid_parameter", `${name} must be true or false`, { parameter: name });
}

/** The `filename` of a `Content-Disposition` header, if any. */
function dispositionFileName(header: string | undefined): string | undefined {
  const match = header?.match(/filename\*?=(?:UTF-8'')?"?([^";]+)"?/i);
  return match ? decodeURIComponent(match[1]!) : undefined;
}

function unsupported(type: string): BollardError {
  return new BollardError("unsupported_media_type", `Send the file as text/csv, an XLSX workbook (application/vnd.openxmlformats-officedocument.spreadsheetml.sheet) or JSON${type ? `; ${type.slice(0, 80)} is not one of them` : ""}`);
}
