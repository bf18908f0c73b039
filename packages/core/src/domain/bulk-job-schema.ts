import { z } from "zod";
import { NullableTimestampSchema, TimestampSchema, UuidSchema } from "./common-schema.js";

/**
 * What a bulk job does with its rows: create tracking requests (`POST /v2/tracking_requests/bulk`),
 * or update shipments or containers (`POST /v2/shipments/bulk_update`, `/v2/containers/bulk_update`).
 */
export const BulkJobKindSchema = z.enum(["tracking_requests", "shipment_updates", "container_updates"]);
/**
 * What a bulk job does with its rows.
 * @useDeclaredType
 */
export type BulkJobKind = z.infer<typeof BulkJobKindSchema>;

/** Where a bulk job is: waiting for the runner, being worked through, or done with every row. */
export const BulkJobStatusSchema = z.enum(["queued", "running", "completed"]);
/**
 * Where a bulk job is.
 * @useDeclaredType
 */
export type BulkJobStatus = z.infer<typeof BulkJobStatusSchema>;

/**
 * What became of one row: `pending` (not yet worked), `created` (a new tracking request),
 * `duplicate` (the number was already tracked: the row points at that request), `invalid` (its
 * errors say why, by column), `valid` (a dry run's row that would be created or change something),
 * `updated` (an update changed the record), `unchanged` (an update found every value as it was).
 */
export const BulkRowStatusSchema = z.enum(["pending", "created", "duplicate", "invalid", "valid", "updated", "unchanged"]);
/**
 * What became of one row of a bulk job.
 * @useDeclaredType
 */
export type BulkRowStatus = z.infer<typeof BulkRowStatusSchema>;

/** The file formats a bulk job reads (`rows`: objects handed to the SDK, no file). */
export const BulkFormatSchema = z.enum(["csv", "xlsx", "json", "rows"]);
/**
 * The file formats a bulk job reads.
 * @useDeclaredType
 */
export type BulkFormat = z.infer<typeof BulkFormatSchema>;

/** How one column of the file was read: the attribute it fills, or `null` when it was ignored. */
export const BulkColumnSchema = z.object({
  /** The column's header as written in the file. */
  column: z.string(),
  /** The attribute it fills (e.g. `request_number`, `scac`, `custom_fields.po_number`), or null when it is ignored. */
  attribute: z.string().nullable(),
});
/** How one column of a bulk file was read. */
export type BulkColumn = z.infer<typeof BulkColumnSchema>;

/** The rows of a job by what became of them. */
export const BulkRowCountsSchema = z.object({
  /** Not yet worked. */
  pending: z.number().int().min(0),
  /** Created a tracking request. */
  created: z.number().int().min(0),
  /** Already tracked: the row points at the existing request. */
  duplicate: z.number().int().min(0),
  /** Refused, with errors by column. */
  invalid: z.number().int().min(0),
  /** A dry run's rows that would be created (imports) or change something (updates). */
  valid: z.number().int().min(0),
  /** Updates that changed their record. */
  updated: z.number().int().min(0),
  /** Updates that found every value as it was. */
  unchanged: z.number().int().min(0),
});
/** The rows of a bulk job by what became of them. */
export type BulkRowCounts = z.infer<typeof BulkRowCountsSchema>;

/** A bulk job: a file (or rows) worked through in the background, with a result per row. */
export const BulkJobSchema = z.object({
  /** The job's id. */
  id: UuidSchema,
  /** The account it belongs to. */
  account_id: UuidSchema,
  /** The user who sent it. */
  user_id: UuidSchema,
  /** What it does with its rows. */
  kind: BulkJobKindSchema,
  /** Queued, running or completed. */
  status: BulkJobStatusSchema,
  /** Validated and checked for duplicates, but nothing written but the job itself. */
  dry_run: z.boolean(),
  /** The format of the file its rows came from. */
  format: BulkFormatSchema,
  /** The file's name when the sender gave one. */
  file_name: z.string().nullable(),
  /** How each column was read, in the file's order. */
  columns: z.array(BulkColumnSchema),
  /** How many rows the file had (header and blank rows left out). */
  row_count: z.number().int().min(0),
  /** Its rows by result. */
  counts: BulkRowCountsSchema,
  /** When it was sent. */
  created_at: TimestampSchema,
  /** When a batch of its rows was last worked (or its lease moved). */
  updated_at: TimestampSchema,
  /** When the last row was worked; null until then. */
  completed_at: NullableTimestampSchema,
  /**
   * Until when (wall-clock time) the runner that claimed the job holds it; null when no runner
   * does. A runner that stops holding it (a crash) leaves it to the next claim.
   */
  lease_until: NullableTimestampSchema,
});
/** A bulk job: a file (or rows) worked through in the background, with a result per row. */
export type BulkJob = z.infer<typeof BulkJobSchema>;

/** Why a row was refused: the error, and the column (and attribute) it is about. */
export const BulkRowErrorSchema = z.object({
  /** The error's code, as the single call answers it (`blank`, `invalid`, `not_recognized`, …). */
  code: z.string(),
  /** What is wrong, in words. */
  detail: z.string(),
  /** The file's column the error is about, or null when none is (a row with no number column at all). */
  column: z.string().nullable(),
  /** The attribute the error is about, or null. */
  attribute: z.string().nullable(),
});
/** Why a row of a bulk job was refused. */
export type BulkRowError = z.infer<typeof BulkRowErrorSchema>;

/** One row of a bulk job: what it asked for and what became of it. */
export const BulkJobRowSchema = z.object({
  /** The account of its job. */
  account_id: UuidSchema,
  /** Its job. */
  job_id: UuidSchema,
  /** The row's position in the job, from 1. */
  index: z.number().int().min(1),
  /** Where it is in the file: the CSV line or worksheet row (the header is line 1); for rows given as objects, the index. */
  line: z.number().int().min(1),
  /** The attributes the row's cells filled (what the create or update is called with; an update's `id` is the record it found). */
  input: z.record(z.string(), z.unknown()),
  /** What became of it. */
  status: BulkRowStatusSchema,
  /** The tracking request it created, or the one it duplicates; null otherwise. */
  tracking_request_id: UuidSchema.nullable(),
  /** Why it was refused (empty unless `invalid`). */
  errors: z.array(BulkRowErrorSchema),
});
/** One row of a bulk job: what it asked for and what became of it. */
export type BulkJobRow = z.infer<typeof BulkJobRowSchema>;

/** The attributes of the `bulk_job` resource (`GET /v2/bulk_jobs/{id}`), in output order. */
export const BulkJobAttributesSchema = BulkJobSchema.pick({
  kind: true,
  status: true,
  dry_run: true,
  format: true,
  file_name: true,
  row_count: true,
  counts: true,
  columns: true,
  created_at: true,
  updated_at: true,
  completed_at: true,
});

/** The attributes of the `bulk_job_row` resource (`GET /v2/bulk_jobs/{id}/rows`), in output order. */
export const BulkJobRowAttributesSchema = BulkJobRowSchema.pick({ index: true, line: true, status: true, errors: true, input: true });

/** A row of a bulk job as the API serves it: its id is the job's id and the row's index (`<job id>-<index>`). */
export type ServedBulkJobRow = BulkJobRow & {
  /** `<job id>-<index>`. */
  id: string;
};

/** The row with the id the API serves it under. */
export function servedBulkJobRow(row: BulkJobRow): ServedBulkJobRow {
  return { ...row, id: `${row.job_id}-${row.index}` };
}
