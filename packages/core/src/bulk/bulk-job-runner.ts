import { periodicPass, type PassControl, type PeriodicPass, type StopOptions } from "../background/index.js";
import type { Clock } from "../clock/index.js";
import type { BulkJob, BulkJobRow, BulkRowCounts, BulkRowStatus } from "../domain/index.js";
import { BollardError, ValidationError } from "../errors/index.js";
import type { Storage, StorageRepositories } from "../storage/index.js";
import type { CarrierSource } from "../tracking/carrier-source.js";
import { activeRequests, checkTrackingRequestCreate, insertTrackingRequest } from "../tracking/tracking-request-create.js";
import { updateRecord } from "./bulk-updates.js";
import { errorsOfRow } from "./bulk-row-errors.js";

/** What one pass of the bulk job runner did. */
export interface BulkRunSummary {
  /** Jobs it worked on (claimed). */
  jobs: number;
  /** Rows it worked. */
  rows: number;
  /** Jobs it completed. */
  completed: number;
}

/**
 * Works through bulk jobs in the background: claims the oldest unfinished job (a lease, so two
 * processes on one database never work the same job), then its pending rows batch by batch, each
 * batch in one transaction that writes the tracking requests **and** the rows' results and the
 * job's counts — a crash loses no row and works none twice. A job another runner stopped holding (a
 * crash, a stop) is claimed again once its lease ends.
 */
export interface BulkJobRunner extends PeriodicPass<BulkRunSummary> {
  /** Runs a pass soon, without waiting for it: what a new job calls. Does nothing once {@link BulkJobRunner.close} was called. */
  kick(): void;
  /** Stops for good (the tracker's close): a pass in progress gives its job back, later kicks do nothing. */
  close(options?: StopOptions): Promise<void>;
}

/** What {@link createBulkJobRunner} needs. */
export interface BulkJobRunnerOptions {
  /** The tracker's storage. */
  storage: Storage;
  /** The tracker's clock, for the records' timestamps. */
  clock: Clock;
  /** The carrier source, asked which SCACs it supports. */
  carrier: CarrierSource;
  /** Rows per transaction. @default 250 */
  batchSize?: number;
  /** How long a claim holds a job without news from its runner, in wall-clock milliseconds. @default 60_000 */
  leaseMs?: number;
  /** Wall-clock time for leases (a manual clock would never end one). @default () => new Date() */
  wallClock?: () => Date;
  /** Hears of passes that failed. */
  onError?: (error: unknown) => void;
}

const EMPTY = (): BulkRunSummary => ({ jobs: 0, rows: 0, completed: 0 });

/** Creates the {@link BulkJobRunner} of a tracker. */
export function createBulkJobRunner(options: BulkJobRunnerOptions): BulkJobRunner {
  const { storage, clock, carrier, batchSize = 250, leaseMs = 60_000, wallClock = () => new Date(), onError } = options;
  let closing = false;
  const lease = () => ({ now: wallClock().toISOString(), until: new Date(wallClock().getTime() + leaseMs).toISOString() });

  async function work(job: BulkJob, control: PassControl, summary: BulkRunSummary): Promise<void> {
    let current = job;
    for (;;) {
      if (control.stopping) {
        // Given back: the next claim (here or in another process) takes it on at once.
        await storage.bulkJobs.update({ ...current, lease_until: null, updated_at: clock.now().toISOString() });
        return;
      }
      const rows = await storage.bulkJobs.pendingRows(current.account_id, current.id, batchSize);
      const now = clock.now().toISOString();
      if (rows.length === 0) {
        await storage.bulkJobs.update({ ...current, status: "completed", completed_at: now, updated_at: now, lease_until: null });
        summary.completed++;
        return;
      }
      current = await (current.dry_run ? checkBatch(current, rows, now) : writeBatch(current, rows, now));
      summary.rows += rows.length;
    }
  }

  /** Creates the batch's tracking requests and records each row's result, in one transaction. */
  function writeBatch(job: BulkJob, rows: readonly BulkJobRow[], now: string): Promise<BulkJob> {
    return storage.transaction(async (tx) => record(tx, job, await workRows(tx, job, rows, now), now));
  }

  /**
   * A dry run: the rows are worked as they would be, in a transaction rolled back at its end (nothing
   * but the results is written), then the results are recorded.
   */
  async function checkBatch(job: BulkJob, rows: readonly BulkJobRow[], now: string): Promise<BulkJob> {
    let results: BulkJobRow[] = [];
    await storage
      .transaction(async (tx) => {
        // What a dry run reports: a row that would create or change something is `valid`.
        results = (await workRows(tx, job, rows, now)).map((result) => (result.status === "created" || result.status === "updated" ? { ...result, status: "valid", tracking_request_id: null } : result));
        throw ROLLBACK;
      })
      .catch((error: unknown) => {
        if (error !== ROLLBACK) throw error;
      });
    return storage.transaction((tx) => record(tx, job, results, now));
  }

  /** Each row's result, worked through `tx`. */
  async function workRows(tx: StorageRepositories, job: BulkJob, rows: readonly BulkJobRow[], now: string): Promise<BulkJobRow[]> {
    const author = { accountId: job.account_id, userId: job.user_id, now };
    const results: BulkJobRow[] = [];
    if (job.kind !== "tracking_requests") {
      const target = job.kind === "shipment_updates" ? "shipment" : "container";
      for (const row of rows) {
        results.push(
          await outcomeOf(job, row, async () => {
            const outcome = await updateRecord(tx, author, target, row.input);
            return { ...row, input: { ...row.input, id: outcome.id }, status: outcome.changed ? "updated" : "unchanged" };
          }),
        );
      }
      return results;
    }
    // The checks that need no stored data first, then one read of the requests the batch could duplicate.
    const checked = rows.map((row) => {
      try {
        return checkTrackingRequestCreate({ carrier }, row.input);
      } catch (error) {
        return invalidRow(job, row, error);
      }
    });
    const numbers = checked.flatMap((check) => ("number" in check ? [check.number] : []));
    const active = await activeRequests(tx, job.account_id, numbers);
    for (const [i, row] of rows.entries()) {
      const check = checked[i]!;
      if (!("number" in check)) {
        results.push(check);
        continue;
      }
      results.push(
        await outcomeOf(job, row, async () => {
          const outcome = await insertTrackingRequest(tx, author, check, active);
          if (outcome.duplicateOf) return { ...row, status: "duplicate", tracking_request_id: outcome.duplicateOf.id };
          return { ...row, status: "created", tracking_request_id: outcome.created.id };
        }),
      );
    }
    return results;
  }

  async function record(tx: StorageRepositories, job: BulkJob, results: readonly BulkJobRow[], now: string): Promise<BulkJob> {
    await tx.bulkJobs.updateRows(results);
    const counts: BulkRowCounts = { ...job.counts };
    for (const row of results) {
      counts.pending--;
      counts[row.status as Exclude<BulkRowStatus, "pending">]++;
    }
    const next: BulkJob = { ...job, counts, updated_at: now, lease_until: lease().until };
    await tx.bulkJobs.update(next);
    return next;
  }

  const pass = periodicPass<BulkRunSummary>(
    async (control) => {
      const summary = EMPTY();
      while (!control.stopping) {
        const { now, until } = lease();
        const job = await storage.bulkJobs.claimNext(now, until);
        if (!job) break;
        summary.jobs++;
        await work(job, control, summary);
      }
      return summary;
    },
    EMPTY,
    onError,
  );
  return {
    ...pass,
    kick() {
      if (closing) return;
      pass.runDue().catch((error: unknown) => onError?.(error));
    },
    async close(stopOptions) {
      closing = true;
      await pass.stop(stopOptions);
    },
  };
}

/** A row's result: what `work` makes of it, or `invalid` with the errors it threw. */
async function outcomeOf(job: BulkJob, row: BulkJobRow, work: () => Promise<BulkJobRow>): Promise<BulkJobRow> {
  try {
    return await work();
  } catch (error) {
    return invalidRow(job, row, error);
  }
}

/** The row `invalid` with the errors of `error`, a {@link BollardError} (any other error is thrown on). */
function invalidRow(job: BulkJob, row: BulkJobRow, error: unknown): BulkJobRow {
  if (!(error instanceof BollardError)) throw error;
  const issues = error instanceof ValidationError ? error.issues : [error];
  return { ...row, status: "invalid", errors: errorsOfRow(issues, row.input, job.columns) };
}

/** Thrown to roll a dry run's transaction back. */
const ROLLBACK = Symbol("bulk dry run");
