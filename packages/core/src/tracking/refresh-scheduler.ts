import type { EtaForecasting } from "../eta/eta-forecasting.js";
import { periodicPass, writePaced, type PassControl, type StopOptions } from "../background/index.js";
import type { Clock } from "../clock/index.js";
import type { TrackingRequest } from "../domain/index.js";
import type { Storage, StorageRepositories } from "../storage/index.js";
import type { CarrierResult, CarrierSource } from "./carrier-source.js";
import type { RefreshPolicy } from "./refresh-policy.js";
import { detectedScac } from "./auto-detect.js";
import { checkCarrierResult, prepareCarrierResult, recordCarrierResult, type CheckedCarrierResult, type RefreshOutcome } from "./refresh-request.js";
import type { PreparedSnapshot } from "./apply-snapshot.js";
import { readSnapshotMemos, type SnapshotMemo } from "./snapshot-memo.js";

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
  /** Predicts arrivals with each account's learned carrier bias; without it, refreshes keep the stored predictions. */
  forecasting?: EtaForecasting;
  /** Called with errors a pass could not handle (the loop keeps going). */
  onError?: (error: unknown) => void;
  /** Called after every pass with what it did and how long it took (metrics). */
  onPass?: (summary: RefreshSummary, durationMs: number) => void;
}

/** Requests claimed and fetched together; small, so a lease covers refreshing a whole claim. */
const BATCH = 200;
const DEFAULT_LEASE_MS = 5 * 60_000;

function emptySummary(): RefreshSummary {
  return { total: 0, updated: 0, unchanged: 0, created: 0, awaiting_manifest: 0, failed: 0, retrying: 0, stopped: 0, skipped: 0 };
}

/** Creates the refresh scheduler of a tracker. */
export function createRefreshScheduler(options: RefreshSchedulerOptions): RefreshScheduler {
  const { storage, clock, carrier, policy } = options;
  const concurrency = options.concurrency ?? 8;
  const leaseMs = options.leaseMs ?? DEFAULT_LEASE_MS;

  async function fetchFrom(request: TrackingRequest, scac: string | null, now: Date, signal: AbortSignal): Promise<CarrierResult> {
    // An auto-detect request whose carrier is not found fails when recorded: nothing to ask.
    if (scac === null) return { status: "not_found", reason: "not_found" };
    try {
      return await carrier.fetch(
        { tracking_request_id: request.id, account_id: request.account_id, request_type: request.request_type, request_number: request.request_number, scac, requested_at: request.created_at, attempt: request.retry_count ?? 0 },
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

  /**
   * The snapshot memos of the shipments these requests track: one read per account. Without them
   * (a read that failed) every answer is simply applied in full.
   */
  async function memosOf(requests: readonly TrackingRequest[]): Promise<Map<string, SnapshotMemo>> {
    const byAccount = new Map<string, string[]>();
    for (const { account_id, tracked_object_id } of requests) {
      if (!tracked_object_id) continue;
      const ids = byAccount.get(account_id);
      if (ids) ids.push(tracked_object_id);
      else byAccount.set(account_id, [tracked_object_id]);
    }
    const memos = new Map<string, SnapshotMemo>();
    try {
      for (const [accountId, shipmentIds] of byAccount) {
        for (const [shipmentId, memo] of await readSnapshotMemos(storage, accountId, shipmentIds)) memos.set(shipmentId, memo);
      }
    } catch (error) {
      options.onError?.(error);
    }
    return memos;
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
      const memos = await memosOf(due);
      const { forecasting } = options;
      await forecasting?.prepare(due.map((request) => request.account_id));
      const forecastOf = (i: number) => (forecasting ? { forecast: { predictor: forecasting.predictor, bias: forecasting.biasTable(due[i]!.account_id) } } : {});
      // Requests created to auto-detect their carrier (no scac yet) are given one here, their first refresh.
      const scacs = due.map((request) => request.scac ?? detectedScac(request.request_number, (scac) => carrier.supports(scac)));
      // Ask the carrier for the whole batch (bounded concurrency), then write it in a few short
      // transactions: a commit is a disk sync, and one per shipment dominated a refresh cycle.
      const results = new Array<CheckedCarrierResult>(due.length);
      let cursor = 0;
      const worker = async () => {
        while (cursor < due.length) {
          const index = cursor++;
          seen.add(due[index]!.id);
          // Checked here, outside the write transaction that records it.
          const request = due[index]!;
          const known = { requestId: request.id, memo: request.tracked_object_id ? memos.get(request.tracked_object_id) : undefined };
          results[index] = checkCarrierResult(await fetchFrom(request, scacs[index]!, now, control.signal), options.onError, known);
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
        // A request taking its detected carrier now is planned inside the transaction, with that carrier.
        prepared[i] = due[i]!.scac === null ? null : await prepareCarrierResult(storage, due[i]!, results[i]!, nowMs, forecastOf(i).forecast);
      };
      // Each slice is one transaction, whose repositories object is its own: the positions it wrote
      // are kept by that object (a slice rolled back takes them with it).
      const positionsWritten = new WeakMap<StorageRepositories, Set<string>>();
      const record = (tx: StorageRepositories, i: number) => {
        let written = positionsWritten.get(tx);
        if (!written) positionsWritten.set(tx, (written = new Set()));
        return recordCarrierResult(tx, due[i]!, results[i]!, nowMs, policy, { prepared: prepared[i], positionsWritten: written, ...forecastOf(i), ...(due[i]!.scac === null && { detectedScac: scacs[i] ?? null }) });
      };
      const outcomes = await writePaced<RefreshOutcome>(storage, { count: due.length, prepare, record, failed: "skipped", ...(options.onError && { onError: options.onError }) });
      for (const outcome of outcomes) {
        summary[outcome] += 1;
        summary.total += 1;
      }
    }
  }

  const scheduler = periodicPass(pass, emptySummary, options.onError, options.onPass);
  return { ...scheduler, start: (everyMs = 1_000) => scheduler.start(everyMs) };
}
