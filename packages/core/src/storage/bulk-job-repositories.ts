import type { BulkJob, BulkJobRow, BulkRowStatus } from "../domain/index.js";
import type { Page, PageResult } from "./pagination.js";

/** Filters of {@link BulkJobRepository.listRows}. */
export interface BulkJobRowQuery {
  /** Which page to return. */
  page: Page;
  /** Only rows with this status. */
  status?: BulkRowStatus;
}

/**
 * Bulk jobs and their rows (`POST /v2/tracking_requests/bulk`): a job is stored with every row in
 * one call, then worked through batch by batch by whichever runner holds its lease.
 */
export interface BulkJobRepository {
  /** Stores a new job and all its rows; `conflict` when the job's id is taken. All or nothing. */
  insert(job: BulkJob, rows: readonly BulkJobRow[]): Promise<void>;
  /** Replaces the stored job (status, counts, lease); `not_found` when there is none. */
  update(job: BulkJob): Promise<void>;
  /** The account's job with this id, or null. */
  get(accountId: string, id: string): Promise<BulkJob | null>;
  /** The account's jobs, newest first (`created_at` descending, then `id` descending). */
  list(accountId: string, page: Page): Promise<PageResult<BulkJob>>;
  /**
   * Claims the oldest unfinished job of any account (status `queued` or `running`, by `created_at`
   * then `id`) whose `lease_until` is null or before `now`: sets its `lease_until` to `until` and its
   * status to `running`, and returns it as stored after the claim; null when there is none. Two
   * claims at once (two processes on one database) never return the same job.
   */
  claimNext(now: string, until: string): Promise<BulkJob | null>;
  /** The job's rows, ordered by `index`. */
  listRows(accountId: string, jobId: string, query: BulkJobRowQuery): Promise<PageResult<BulkJobRow>>;
  /** Up to `limit` of the job's `pending` rows, by `index`. */
  pendingRows(accountId: string, jobId: string, limit: number): Promise<BulkJobRow[]>;
  /** Replaces these stored rows (each by account, job and index); `not_found` when one is missing. */
  updateRows(rows: readonly BulkJobRow[]): Promise<void>;
}
