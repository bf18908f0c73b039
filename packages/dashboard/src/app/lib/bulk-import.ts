import { ApiError } from "../api/api-client.js";
import type { BulkJobAttributes, BulkRowError, BulkRowStatus } from "../api/api-types.js";
import { humanize } from "./time-format.js";

/** The media type of each file the import view takes, by extension (what `POST /v2/tracking_requests/bulk` reads). */
const MEDIA_TYPES: Readonly<Record<string, string>> = {
  csv: "text/csv",
  xlsx: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
  json: "application/json",
};

/** The file input's `accept`: the extensions of {@link MEDIA_TYPES}. */
export const IMPORT_ACCEPT = Object.keys(MEDIA_TYPES)
  .map((extension) => `.${extension}`)
  .join(",");

/** Rows per page of a job's results (the most `GET /v2/bulk_jobs/{id}/rows` gives). */
export const ROWS_PAGE_SIZE = 100;

/** The media type to send a file as, from its name's extension; null for a file of another kind. */
export function mediaTypeOf(fileName: string): string | null {
  const extension = /\.([a-z0-9]+)$/i.exec(fileName.trim())?.[1]?.toLowerCase() ?? "";
  return MEDIA_TYPES[extension] ?? null;
}

/** `/tracking_requests/bulk?dry_run=true&file_name=…`: where a file is sent, checked only or for real. */
export function uploadPath(fileName: string, dryRun: boolean): string {
  return `/tracking_requests/bulk?${new URLSearchParams({ ...(dryRun && { dry_run: "true" }), file_name: fileName })}`;
}

/** A page of a job's rows, all of them or those of one result. */
export function rowsPath(jobId: string, page: number, status: BulkRowStatus | null): string {
  const filter = status ? `&filter%5Bstatus%5D=${status}` : "";
  return `/bulk_jobs/${jobId}/rows?page%5Bsize%5D=${ROWS_PAGE_SIZE}&page%5Bnumber%5D=${page}${filter}`;
}

/** Each row result as the view names it (`duplicate` is a number already tracked). */
const ROW_STATUS_LABELS: Readonly<Record<BulkRowStatus, string>> = {
  pending: "Pending",
  valid: "Valid",
  created: "Created",
  duplicate: "Already tracked",
  invalid: "Invalid",
};

/** A row result's name (`duplicate` → Already tracked); one the view does not know, humanized. */
export function rowStatusLabel(status: string): string {
  return ROW_STATUS_LABELS[status as BulkRowStatus] ?? humanize(status);
}

/** What each kind of bulk job is called in the list of recent ones. */
const KIND_LABELS: Readonly<Record<string, string>> = { tracking_requests: "Import" };

/** `Import`, `Import (dry run)`; another kind of bulk job (an update) by its humanized name. */
export function jobKindLabel(job: BulkJobAttributes): string {
  return `${KIND_LABELS[job.kind] ?? humanize(job.kind)}${job.dry_run ? " (dry run)" : ""}`;
}

/** `Container #: Request number 'X' is not valid…`: an error with the file's column it is about. */
export function rowErrorText(error: BulkRowError): string {
  return error.column ? `${error.column}: ${error.detail}` : error.detail;
}

/** How many of a job's rows are worked (created, duplicate, invalid or valid). */
export function rowsDone(job: BulkJobAttributes): number {
  return job.row_count - job.counts.pending;
}

/** What to show when an upload is refused: a viewer key's 403 as such, the server's details otherwise. */
export function uploadErrorText(error: unknown): string {
  if (!(error instanceof ApiError)) return `Could not send the file: ${(error as Error).message}`;
  if (error.status === 403) return "This API key can only read (viewer role): importing needs an editor key.";
  const details = error.errors.length > 0 ? error.errors.map((item) => item.detail) : [error.detail];
  return `The file was not accepted (${error.status} ${error.title}): ${details.join(" ")}`;
}

/**
 * `2 created, 0 already tracked, 1 invalid` (a dry run's: `2 valid, …`), and the rows still
 * pending; for another kind of bulk job (an update), each result it has rows of.
 */
export function countsText(job: BulkJobAttributes): string {
  const counts: Readonly<Record<string, number>> = { ...job.counts };
  const shown = job.kind === "tracking_requests" ? [job.dry_run ? "valid" : "created", "duplicate", "invalid"] : Object.keys(counts).filter((status) => status !== "pending" && counts[status]! > 0);
  if (counts.pending! > 0) shown.push("pending");
  return shown.map((status) => `${counts[status] ?? 0} ${rowStatusLabel(status).toLowerCase()}`).join(", ");
}
