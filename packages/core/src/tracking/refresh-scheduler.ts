import { periodicPass, type Clock, type PassControl, type StopOptions } from "../clock/index.js";
import type { TrackingRequest } from "../domain/index.js";
import { EVERY_WRITE_KEY, type Storage, type StorageRepositories } from "../storage/index.js";
import type { CarrierResult, CarrierSource } from "./carrier-source.js";
import type { RefreshPolicy } from "./refresh-policy.js";
import { checkCarrierResult, prepareCarrierResult, recordCarrierResult, type CheckedCarrierResult, type RefreshOutcome } from "./refresh-request.js";
import type { PreparedSnapshot } from "./apply-snapshot.js";

/** What one pass of the scheduler did, by outcome. */
export type RefreshSummary = Record<RefreshOutcome, number> & {
  /** Tracking requests refreshed (the sum of the outcomes). */
  total: number;
};

/**
 * Refreshes due tracking requests from the carrier source, driven by the tracker's clock. Requests
 * are claimed from storage with leases, so schedulers in several processes share one queue.
 */
export interface RefreshScheduler {
  /**
   * Refreshes every tracking request due at the clock's current time (in batches, until none is
   * due) and resolves with what happened. Tests on a manual clock call this after advancing it.
   */
  runDue(): Promise<RefreshSummary>;
  /** Runs {@link RefreshScheduler.runDue} every `everyMs` of real time until {@link RefreshScheduler.stop}. */
  start(everyMs?: number): void;
  /**
   * Stops the loop: a pass in progress claims no new batch and finishes the one in hand; after
   * `timeoutMs` the carrier's answers are abandoned and the batch given back (due at once).
   */
  stop(options?: StopOptions): Promise<void>;
}

/** Options of {@link createRefreshScheduler}. */
export interface RefreshSchedulerOptions {
  /** The storage holding the tracking requests. */
  storage: Storage;
  /** Decides what is due and stamps the changes. */
  clock: Clock;
  /** Where snapshots come from. */
  carrier: CarrierSource;
  /** Refresh intervals, retries and automatic stops. */
  policy: RefreshPolicy;
  /**
   * Carrier calls in flight at once.
   * @default 8
   */
  concurrency?: number;
  /**
   * How long, in the clock's time, a claimed request stays reserved for this process. Requests are
   * claimed in small batches with a lease (`trackingRequests.claimDue`), so several processes on
   * one storage never refresh the same request at once; if this process dies, its claims are due
   * again when their lease ends and another process refreshes them.
   * @default 300000 (5 minutes)
   */
  leaseMs?: number;
  /** Called with errors a pass could not handle (the loop keeps going). */
  onError?: (error: unknown) => void;
  /** Called after every pass with what it did and how long it took (metrics). */
  onPass?: (summary: RefreshSummary, durationMs: number) => void;
}

/** Requests claimed and fetched together; small, so a lease covers refreshing a whole claim. */
const BATCH = 200;
/** How long, in real milliseconds, one transaction of a batch's writes may run before it commits. */
const WRITE_SLICE_MS = 25;
/** The same while other writers want the lock (see {@link CONTENDED_FOR_MS}): shorter waits for them. */
const CONTENDED_SLICE_MS = 10;
/**
 * The pause between two slices, longer than the pause between two tries of a writer waiting for
 * SQLite's lock (4 ms): the lock is not handed over fairly, so a refresh that began its next slice
 * at once would keep it for the whole batch while the requests' writes waited (seconds, measured).
 */
const SLICE_GAP_MS = 5;
/**
 * While other writers want the lock, the pause after a slice is this many times as long as the
 * slice held it, so the refresh holds the lock at most a quarter of the time. Without it the
 * refresh held SQLite's lock about half the time under the mixed benchmark's requests, whatever
 * a record cost (the slices are measured in time), and a slice of the background thread lasts
 * longer than its work: the thread runs at a lower priority than the requests, on the same core.
 */
const CONTENDED_YIELD = 3;
/**
 * How long the refresh yields as above once it saw another writer: someone committed between the
 * end of its last slice and the start of its next (a request's write, another process, the webhook
 * worker), told by the version every write raises (`EVERY_WRITE_KEY`); a storage that cannot
 * read it now is taken as idle.
 */
const CONTENDED_FOR_MS = 1_000;
const DEFAULT_LEASE_MS = 5 * 60_000;

function emptySummary(): RefreshSummary {
  return { total: 0, updated: 0, unchanged: 0, created: 0, awaiting_manifest: 0, failed: 0, retrying: 0, stopped: 0, skipped: 0 };
}

/** Creates the refresh scheduler of a tracker. */
export function createRefreshScheduler(options: RefreshSchedulerOptions): RefreshScheduler {
  const { storage, clock, carrier, policy } = options;
  const concurrency = options.concurrency ?? 8;
  const leaseMs = options.leaseMs ?? DEFAULT_LEASE_MS;

  async function fetchFrom(request: TrackingRequest, now: Date, signal: AbortSignal): Promise<CarrierResult> {
    try {
      return await carrier.fetch(
        { tracking_request_id: request.id, account_id: request.account_id, request_type: request.request_type, request_number: request.request_number, scac: request.scac ?? "", requested_at: request.created_at, attempt: request.retry_count ?? 0 },
        { now, signal },
      );
    } catch (error) {
      return { status: "transient", reason: "internal_processing_error", detail: error instanceof Error ? error.message : String(error) };
    }
  }

  /** Gives claims back: each request still under this claim's lease is due at `dueAt` again. */
  async function release(requests: readonly TrackingRequest[], lease: string, dueAt: string): Promise<void> {
    if (requests.length === 0) return;
    await storage.transaction(async (tx) => {
      for (const { account_id, id } of requests) {
        const current = await tx.trackingRequests.get(account_id, id);
        if (current?.next_attempt_at === lease) await tx.trackingRequests.update({ ...current, next_attempt_at: dueAt });
      }
    });
  }

  async function pass(control: PassControl): Promise<RefreshSummary> {
    const summary = emptySummary();
    const nowMs = clock.now().getTime();
    const now = new Date(nowMs);
    const seen = new Set<string>();
    const lease = new Date(nowMs + leaseMs).toISOString();
    for (;;) {
      // A stop takes no new batch; the one in hand is finished (or given back when aborted, below).
      if (control.stopping) return summary;
      // Claimed requests move to the lease's end, so each claim returns requests not yet taken by anyone.
      const claimed = await storage.trackingRequests.claimDue(now.toISOString(), lease, BATCH);
      if (claimed.length === 0) return summary;
      const due = claimed.filter((r) => !seen.has(r.id));
      // Refreshed in this pass already and due again at once (a zero delay): due for the next pass instead.
      await release(claimed.filter((r) => seen.has(r.id)), lease, now.toISOString());
      if (due.length === 0) return summary;
      // Ask the carrier for the whole batch (bounded concurrency), then write it in a few short
      // transactions: a commit is a disk sync, and one per shipment dominated a refresh cycle.
      const results = new Array<CheckedCarrierResult>(due.length);
      let cursor = 0;
      const worker = async () => {
        while (cursor < due.length) {
          const index = cursor++;
          seen.add(due[index]!.id);
          // Checked here, outside the write transaction that records it.
          results[index] = checkCarrierResult(await fetchFrom(due[index]!, now, control.signal), options.onError);
        }
      };
      await Promise.all(Array.from({ length: Math.min(concurrency, due.length) }, worker));
      if (control.signal.aborted) {
        // Answers cut short by a shutdown are not the carrier's: ask again on the next start.
        await release(due, lease, now.toISOString());
        return summary;
      }
      const prepared = new Array<PreparedSnapshot | null>(due.length);
      const prepare = async (i: number) => {
        prepared[i] = await prepareCarrierResult(storage, due[i]!, results[i]!, nowMs);
      };
      const record = (tx: StorageRepositories, i: number) => recordCarrierResult(tx, due[i]!, results[i]!, nowMs, policy, prepared[i]);
      const outcomes = await writeInSlices(due.length, prepare, record);
      for (const outcome of outcomes) {
        summary[outcome] += 1;
        summary.total += 1;
      }
    }
  }

  /** The version every write raises (see `EVERY_WRITE_KEY`), or undefined when the storage cannot tell now. */
  const dataVersion = (): Promise<number | undefined> =>
    storage.changeVersions.get([EVERY_WRITE_KEY]).then(
      ([version]) => version,
      () => undefined,
    );

  /**
   * Writes a batch's results in transactions of at most about {@link WRITE_SLICE_MS} each: few
   * enough commits (each is a disk sync), and the write lock is never held so long that a request
   * writing next to the refresh (another thread or process) waits long. Before each slice, the
   * results it may write are prepared (planned) outside the transaction, for about as long again.
   * A slice that fails is rolled back; its first request is then written on its own (or reported
   * and skipped), so one bad request cannot hold back the others. Slices are {@link SLICE_GAP_MS}
   * apart, so writers waiting for the lock get it in between, and so does the thread's other work
   * (the webhook worker shares its event loop). While other writers want the lock (one committed
   * between two slices in the last second), slices are shorter ({@link CONTENDED_SLICE_MS}) and the
   * pause after each is {@link CONTENDED_YIELD} times as long as it held the lock: the requests'
   * writes come first, and an idle server refreshes at full speed.
   */
  async function writeInSlices(count: number, prepare: (i: number) => Promise<void>, record: (tx: StorageRepositories, i: number) => Promise<RefreshOutcome>): Promise<RefreshOutcome[]> {
    const outcomes: RefreshOutcome[] = [];
    let planned = 0;
    let contendedUntil = -Infinity;
    let held = 0;
    // The data's version right after the refresh's last commit: changed by the next slice, someone else wrote.
    let committed: number | undefined;
    while (outcomes.length < count) {
      const from = outcomes.length;
      const contended = performance.now() < contendedUntil;
      if (from > 0) await new Promise((resolve) => setTimeout(resolve, contended ? Math.max(SLICE_GAP_MS, held * CONTENDED_YIELD) : SLICE_GAP_MS));
      const sliceMs = contended ? CONTENDED_SLICE_MS : WRITE_SLICE_MS;
      const planning = performance.now();
      while (planned < count && (planned === from || performance.now() - planning < sliceMs)) await prepare(planned++);
      const until = planned;
      if (committed !== undefined && (await dataVersion()) !== committed) contendedUntil = performance.now() + CONTENDED_FOR_MS;
      let started = performance.now();
      try {
        outcomes.push(
          ...(await storage.transaction(async (tx) => {
            started = performance.now();
            const done: RefreshOutcome[] = [];
            do done.push(await record(tx, from + done.length));
            while (from + done.length < until && performance.now() - started < sliceMs);
            return done;
          })),
        );
        held = performance.now() - started;
        committed = await dataVersion();
      } catch (sliceError) {
        options.onError?.(sliceError);
        outcomes.push(await storage.transaction((tx) => record(tx, from)).catch((error: unknown) => (options.onError?.(error), "skipped" as const)));
      }
    }
    return outcomes;
  }

  const scheduler = periodicPass(pass, emptySummary, options.onError, options.onPass);
  return { ...scheduler, start: (everyMs = 1_000) => scheduler.start(everyMs) };
}
