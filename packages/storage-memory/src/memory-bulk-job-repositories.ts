import { NotFoundError, type BulkJob, type BulkJobRow } from "@bollard/core";
import { type StorageRepositories, slicePage, toTimestamp } from "@bollard/core/storage";
import { cmp, conflict, copy, getScoped, listWhere, newestFirst, oldestFirst, updateIn, type Access } from "./memory-records.js";
import { valuesOf, type MemoryTables, type Table } from "./memory-table.js";

/** The table key of a bulk job row: its job and index. */
export function bulkJobRowKey(row: Pick<BulkJobRow, "job_id" | "index">): string {
  return `${row.job_id}|${row.index}`;
}

/** The job's rows of the account matching `match`, by index. */
function rowsOf(rows: Table<BulkJobRow>, accountId: string, jobId: string, match: (row: BulkJobRow) => boolean): BulkJobRow[] {
  return valuesOf(rows)
    .filter((row) => row.job_id === jobId && row.account_id === accountId && match(row))
    .sort((a, b) => cmp(a.index, b.index));
}

/** Bulk jobs and their rows (`bulkJobRows`, keyed by job and index). */
export function bulkJobRepositories(tables: MemoryTables, access: Access): Pick<StorageRepositories, "bulkJobs"> {
  const { bulkJobs, bulkJobRows } = tables;
  return {
    bulkJobs: {
      insert: (job, rows) =>
        access.write(() => {
          if (bulkJobs.get(job.id) !== undefined) throw conflict(`A bulk job with id ${job.id} already exists`);
          const keys = new Set<string>();
          for (const row of rows) {
            const key = bulkJobRowKey(row);
            if (keys.has(key) || bulkJobRows.get(key) !== undefined) throw conflict(`A bulk job row ${row.index} of job ${row.job_id} already exists`);
            keys.add(key);
          }
          bulkJobs.set(job.id, copy(job));
          for (const row of rows) bulkJobRows.set(bulkJobRowKey(row), copy(row));
        }),
      update: (job) => access.write(() => updateIn(bulkJobs, job, "bulk job")),
      get: (accountId, id) => access.read(() => getScoped(bulkJobs, accountId, id)),
      list: (accountId, page) => access.read(() => listWhere(bulkJobs, (j: BulkJob) => j.account_id === accountId, newestFirst, page)),
      claimNext: (now, until) =>
        access.write(() => {
          const [at, lease] = [toTimestamp(now) ?? now, toTimestamp(until) ?? until];
          const next = valuesOf(bulkJobs)
            .filter((j) => j.status !== "completed" && (j.lease_until === null || j.lease_until < at))
            .sort(oldestFirst)[0];
          if (!next) return null;
          const claimed: BulkJob = { ...next, status: "running", lease_until: lease };
          bulkJobs.set(claimed.id, copy(claimed));
          return copy(claimed);
        }),
      listRows: (accountId, jobId, query) =>
        access.read(() => {
          const result = slicePage(rowsOf(bulkJobRows, accountId, jobId, (row) => query.status === undefined || row.status === query.status), query.page);
          return { items: result.items.map(copy), total: result.total };
        }),
      pendingRows: (accountId, jobId, limit) =>
        access.read(() => rowsOf(bulkJobRows, accountId, jobId, (row) => row.status === "pending").slice(0, Math.max(0, Math.floor(limit))).map(copy)),
      updateRows: (rows) =>
        access.write(() => {
          // Every row is checked before any is written: a missing one changes nothing.
          for (const row of rows) {
            if (bulkJobRows.get(bulkJobRowKey(row))?.account_id !== row.account_id) throw new NotFoundError(`No bulk job row ${row.index} of job ${row.job_id}`);
          }
          for (const row of rows) bulkJobRows.set(bulkJobRowKey(row), copy(row));
        }),
    },
  };
}
