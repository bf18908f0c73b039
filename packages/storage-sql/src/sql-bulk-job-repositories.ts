import { BollardError, type BulkJob, type BulkJobRow } from "@bollard/core";
import { type BulkJobRepository, toTimestamp } from "@bollard/core/storage";
import { sql, type SqlBool } from "kysely";
import { idEquals, inAccount, pageOfRows, type SqlScope } from "./sql-rows.js";
import { rowsOf } from "./sql-records.js";
import type { BulkJobRowsTable, BulkJobsTable } from "./sql-schema.js";
import { atomically, insertRows } from "./sql-writes.js";

/** The columns a bulk job is read from: every one of its table. */
export const BULK_JOB_COLUMNS = ["id", "account_id", "user_id", "kind", "status", "dry_run", "format", "file_name", "columns", "row_count", "counts", "created_at", "updated_at", "completed_at", "lease_until"] as const;

/** The columns a bulk job row is read from: every one of its table. */
export const BULK_JOB_ROW_COLUMNS = ["job_id", "idx", "account_id", "line", "input", "status", "tracking_request_id", "errors"] as const;

/** The jobs the rows hold (SQLite's flags are 0 or 1). */
export function decodeBulkJobs(rows: readonly BulkJobsTable[]): BulkJob[] {
  return rows.map((row) => ({
    id: row.id,
    account_id: row.account_id,
    user_id: row.user_id,
    kind: row.kind as BulkJob["kind"],
    status: row.status as BulkJob["status"],
    dry_run: Boolean(row.dry_run),
    format: row.format as BulkJob["format"],
    file_name: row.file_name,
    columns: JSON.parse(row.columns) as BulkJob["columns"],
    row_count: Number(row.row_count),
    counts: JSON.parse(row.counts) as BulkJob["counts"],
    created_at: row.created_at,
    updated_at: row.updated_at,
    completed_at: row.completed_at,
    lease_until: row.lease_until,
  }));
}

/** The job rows the rows hold. */
export function decodeBulkJobRows(rows: readonly BulkJobRowsTable[]): BulkJobRow[] {
  return rows.map((row) => ({
    account_id: row.account_id,
    job_id: row.job_id,
    index: Number(row.idx),
    line: Number(row.line),
    input: JSON.parse(row.input) as BulkJobRow["input"],
    status: row.status as BulkJobRow["status"],
    tracking_request_id: row.tracking_request_id,
    errors: JSON.parse(row.errors) as BulkJobRow["errors"],
  }));
}

/**
 * Bulk jobs (`bulk_jobs`) and their rows (`bulk_job_rows`), a column per field. A job and its rows
 * are inserted in one transaction (or under a savepoint of the caller's); a claim is one UPDATE of
 * the job its locked subquery picks.
 */
export function sqlBulkJobRepository(scope: SqlScope): BulkJobRepository {
  const { read, dialect } = scope;
  const rowsOfJob = (accountId: string, jobId: string) => read.selectFrom("bulk_job_rows").where(idEquals(dialect, "job_id", jobId)).where(inAccount(dialect, accountId));
  return {
    async insert(job, rows) {
      await atomically(scope.write, async (tx) => {
        const inTx: SqlScope = { read: tx, write: tx, dialect };
        await insertRows(inTx, "bulk_jobs", [rowsOf.bulk_jobs(job, dialect)], { kind: "fail", noun: "bulk job" });
        await insertRows(inTx, "bulk_job_rows", rows.map(rowsOf.bulk_job_rows), { kind: "fail", noun: "bulk job row" });
      });
    },
    async update(job) {
      const missing = () => new BollardError("not_found", `No bulk job with id ${job.id} in this account`);
      if (!dialect.isId(job.id) || !dialect.isId(job.account_id)) throw missing();
      // The stored created_at stays, as every update keeps it.
      const { id: _id, account_id: _account, created_at: _created, ...columns } = rowsOf.bulk_jobs(job, dialect);
      const result = await scope.write.updateTable("bulk_jobs").set(columns).where("id", "=", job.id).where("account_id", "=", job.account_id).executeTakeFirst();
      if (Number(result.numUpdatedRows) === 0) throw missing();
    },
    async get(accountId, id) {
      const row = await read.selectFrom("bulk_jobs").select(BULK_JOB_COLUMNS).where(idEquals(dialect, "id", id)).where(idEquals(dialect, "account_id", accountId)).executeTakeFirst();
      return row ? decodeBulkJobs([row])[0]! : null;
    },
    list(accountId, page) {
      const query = read.selectFrom("bulk_jobs").where(idEquals(dialect, "account_id", accountId));
      return pageOfRows<BulkJob, BulkJobsTable>(query, (q) => q.select(BULK_JOB_COLUMNS), (q) => q.orderBy("created_at", "desc").orderBy("id", "desc"), page, decodeBulkJobs);
    },
    async claimNext(now, until) {
      // The record keeps the canonical form, as every other timestamp it holds.
      const [at, lease] = [toTimestamp(now) ?? now, toTimestamp(until) ?? until];
      const unleased = sql<SqlBool>`(${sql.ref("lease_until")} is null or ${sql.ref("lease_until")} < ${at})`;
      // One statement: the subquery, locked as the dialect locks claims (PostgreSQL: FOR UPDATE SKIP
      // LOCKED), picks the oldest job no other claim holds; the UPDATE tests the lease again on the
      // row as it finds it, so a job another claim took meanwhile is never returned twice.
      const oldest = dialect.lockForClaim(scope.write.selectFrom("bulk_jobs").select("id").where("status", "in", ["queued", "running"]).where(unleased).orderBy("created_at").orderBy("id").limit(1));
      const row = await scope.write.updateTable("bulk_jobs").set({ status: "running", lease_until: lease }).where("id", "=", oldest).where(unleased).returning(BULK_JOB_COLUMNS).executeTakeFirst();
      return row ? decodeBulkJobs([row])[0]! : null;
    },
    listRows(accountId, jobId, { page, status }) {
      let query = rowsOfJob(accountId, jobId);
      if (status !== undefined) query = query.where("status", "=", status);
      return pageOfRows<BulkJobRow, BulkJobRowsTable>(query, (q) => q.select(BULK_JOB_ROW_COLUMNS), (q) => q.orderBy("idx"), page, decodeBulkJobRows);
    },
    async pendingRows(accountId, jobId, limit) {
      const rows = await rowsOfJob(accountId, jobId).select(BULK_JOB_ROW_COLUMNS).where("status", "=", "pending").orderBy("idx").limit(Math.max(0, Math.floor(limit))).execute();
      return decodeBulkJobRows(rows);
    },
    async updateRows(rows) {
      if (rows.length === 0) return;
      // All or nothing: a missing row undoes the ones updated before it.
      await atomically(scope.write, async (tx) => {
        for (const row of rows) {
          const missing = () => new BollardError("not_found", `No bulk job row ${row.index} of job ${row.job_id} in this account`);
          if (!dialect.isId(row.job_id) || !dialect.isId(row.account_id)) throw missing();
          const { job_id: _job, idx: _idx, account_id: _account, ...columns } = rowsOf.bulk_job_rows(row);
          const result = await tx.updateTable("bulk_job_rows").set(columns).where("job_id", "=", row.job_id).where("idx", "=", row.index).where("account_id", "=", row.account_id).executeTakeFirst();
          if (Number(result.numUpdatedRows) === 0) throw missing();
        }
      });
    },
  };
}
