import type { Container, DomainEvent, Shipment, TrackingRequest } from "../domain/index.js";
import { isBollardError } from "../errors/index.js";
import type { StorageRepositories } from "../storage/index.js";
import { recordDomainEvents } from "./record-domain-events.js";
import { applySnapshot, parseSnapshot, prepareSnapshot, resolveVessels, type ApplyOptions, type PreparedSnapshot, type SnapshotForecast } from "./apply-snapshot.js";
import { withNewPositions } from "./arrival-prediction.js";
import { autoStopReason } from "./auto-stop.js";
import type { CarrierResult } from "./carrier-source.js";
import { CarrierSnapshotSchema, type CarrierSnapshot, type CarrierSnapshotInput, type SnapshotVessel } from "./snapshot-schema.js";
import { memoMatches, readSnapshotMemos, snapshotHash, type SnapshotMemo } from "./snapshot-memo.js";
import { parseInput } from "../validation/input-validation.js";
import { retryDelay, type RefreshPolicy } from "./refresh-policy.js";
import { trackingRequestEvent } from "./tracking-request-events.js";
import { applyInitialCustomFields } from "../custom-fields/initial-custom-fields.js";
import { recordingChanges } from "../history/recording-changes.js";

/** Options of {@link recordCarrierResult}. */
export interface RecordOptions extends ApplyOptions {
  /** For a request created to auto-detect its carrier (`scac` null): the SCAC detected (`detectedScac`), null when none was. */
  detectedScac?: string | null;
}

/** What one refresh of one tracking request did. */
export type RefreshOutcome = "updated" | "unchanged" | "created" | "awaiting_manifest" | "failed" | "retrying" | "stopped" | "skipped";

const at = (ms: number) => new Date(ms).toISOString();

/**
 * A carrier's answer once checked by {@link checkCarrierResult}: a found snapshot is validated, with
 * the hash of its content; one the shipment's snapshot memo says was the last applied in full is
 * `unchanged`, and only its vessel reports are validated (their positions are stored).
 */
export type CheckedCarrierResult =
  | Exclude<CarrierResult, { status: "found" }>
  | { status: "found"; snapshot: CarrierSnapshot; hash: string }
  | { status: "unchanged"; input: CarrierSnapshotInput; vessels: SnapshotVessel[]; hash: string };

/**
 * Validates a found snapshot, before the write transaction: validation needs nothing stored, so the
 * write lock is not held for it. A snapshot that `memo` (the tracked shipment's, read before) says
 * this request's last answer was already is `unchanged`. A snapshot that does not validate is a
 * transient `unrecognized_response` (retried). Any other error of the check (a bug, not the
 * carrier's data) is a transient `internal_processing_error`, and goes to `onError` too.
 */
export function checkCarrierResult(result: CarrierResult, onError?: (error: unknown) => void, known?: { requestId: string; memo: SnapshotMemo | undefined }): CheckedCarrierResult {
  if (result.status !== "found") return result;
  try {
    const hash = snapshotHash(result.snapshot);
    if (known && memoMatches(known.memo, known.requestId, hash)) {
      return { status: "unchanged", input: result.snapshot, vessels: parseInput(CarrierSnapshotSchema.shape.vessels, result.snapshot.vessels, ["snapshot", "vessels"]), hash };
    }
    return { status: "found", snapshot: parseSnapshot(result.snapshot), hash };
  } catch (error) {
    const detail = error instanceof Error ? error.message : String(error);
    if (isBollardError(error)) return { status: "transient", reason: "unrecognized_response", detail };
    onError?.(error);
    return { status: "transient", reason: "internal_processing_error", detail };
  }
}

/** Whether a refresh records anything for a tracking request in this state (else it is skipped). */
const refreshable = (request: TrackingRequest | null): request is TrackingRequest =>
  request !== null && request.next_attempt_at !== null && ["pending", "awaiting_manifest", "created"].includes(request.status);

/**
 * Plans a found snapshot before the write transaction, from what `reader` reads (see
 * `prepareSnapshot`), for {@link recordCarrierResult} to write. Null when there is nothing to plan
 * ahead, or when reading or planning fails: the transaction then plans on its own, and reports what
 * fails there.
 */
export async function prepareCarrierResult(reader: StorageRepositories, requestId: { account_id: string; id: string }, result: CheckedCarrierResult, nowMs: number, forecast?: SnapshotForecast): Promise<PreparedSnapshot | null> {
  if (result.status !== "found") return null;
  try {
    const request = await reader.trackingRequests.get(requestId.account_id, requestId.id);
    return refreshable(request) ? await prepareSnapshot(reader, request, result.snapshot, at(nowMs), forecast) : null;
  } catch {
    return null;
  }
}

/**
 * Records a carrier's answer (checked) for one tracking request inside the transaction `outer`: applies a found snapshot (and
 * creates the shipment the first time), moves the request through its statuses, schedules the next
 * attempt, stops tracking automatically when a stop rule applies, and records the domain events
 * and the changes of the shipment and its containers (source `carrier`, or `terminal`).
 * `options.prepared` (from {@link prepareCarrierResult}) is written instead of planning again while
 * it is current; `options.positionsWritten` are the vessel positions `outer`'s transaction wrote already.
 */
export async function recordCarrierResult(outer: StorageRepositories, requestId: { account_id: string; id: string }, result: CheckedCarrierResult, nowMs: number, policy: RefreshPolicy, options: RecordOptions = {}): Promise<RefreshOutcome> {
  const now = at(nowMs);
  // What the carrier changed goes into the history (terminal attributes as `terminal`).
  const tx = recordingChanges(outer, { source: "carrier", learnedAt: now });
  const stored = await tx.trackingRequests.get(requestId.account_id, requestId.id);
  if (!refreshable(stored)) return "skipped";
  // An auto-detect request (no scac yet) takes the detected carrier now, or fails without one.
  if (stored.scac === null && !options.detectedScac) {
    const failed: TrackingRequest = { ...stored, status: "failed", failed_reason: "scac_auto_detect_failed", is_retrying: false, retry_count: null, next_attempt_at: null, updated_at: now };
    await tx.trackingRequests.update(failed);
    await recordDomainEvents(tx, [trackingRequestEvent(failed, "tracking_request.failed", now)]);
    return "failed";
  }
  const request: TrackingRequest = stored.scac === null ? { ...stored, scac: options.detectedScac! } : stored;
  const events: DomainEvent[] = [];
  let next: TrackingRequest = { ...request, updated_at: now };
  let outcome: RefreshOutcome;

  if (result.status === "found" || result.status === "unchanged") {
    // The same answer as last time, still standing: nothing to plan. No container changed since it was
    // applied, when the containers' stop rule was checked already; the time rules need only the shipment.
    const same = result.status === "unchanged" ? await sameAsLastTime(tx, request, result, now, options) : null;
    let tracked: Shipment;
    let containers: readonly Container[] = [];
    if (same) {
      tracked = same;
      outcome = "unchanged";
    } else {
      let snapshot: CarrierSnapshot;
      try {
        // An `unchanged` answer that no longer is: checked in full now (as it was when first applied).
        snapshot = result.status === "found" ? result.snapshot : parseSnapshot(result.input);
      } catch (error) {
        if (!isBollardError(error)) throw error;
        return retry(tx, next, "unrecognized_response", nowMs, policy);
      }
      const plan = await applySnapshot(tx, request, snapshot, now, { ...options, memo: { requestId: request.id, hash: result.hash } });
      tracked = plan.shipment;
      outcome = request.status !== "created" ? "created" : plan.domainEvents.length > 0 || plan.containersToUpdate.length > 0 ? "updated" : "unchanged";
      containers = await tx.containers.listByShipments(request.account_id, [plan.shipment.id]);
    }
    const first = request.status !== "created";
    if (first) await applyInitialCustomFields(tx, request, tracked.id, now);
    next = { ...next, status: "created", tracked_object_id: tracked.id, tracked_object_type: "shipment", failed_reason: null, is_retrying: false, retry_count: null, next_attempt_at: at(nowMs + policy.refreshIntervalMs) };
    if (first) events.push(trackingRequestEvent(next, "tracking_request.succeeded", now));
    const shipment: Shipment = { ...tracked, line_tracking_last_attempted_at: now, line_tracking_last_succeeded_at: now };
    const reason = autoStopReason(shipment, containers, nowMs, policy);
    if (reason) {
      Object.assign(shipment, { line_tracking_stopped_at: now, line_tracking_stopped_reason: reason, line_tracking_stopped_by_user_id: null });
      next = { ...next, status: "tracking_stopped", next_attempt_at: null };
      events.push(trackingRequestEvent(next, "tracking_request.tracking_stopped", now));
      outcome = "stopped";
    }
    await tx.shipments.update(shipment);
  } else if (result.status === "not_found") {
    const waits = request.request_type !== "container" && (result.reason === undefined || result.reason === "awaiting_manifest");
    if (request.status === "created") {
      return retry(tx, next, "shipping_line_unreachable", nowMs, policy);
    } else if (waits && nowMs - Date.parse(request.created_at) < policy.awaitingManifestWindowMs) {
      next = { ...next, status: "awaiting_manifest", failed_reason: null, is_retrying: false, next_attempt_at: at(nowMs + policy.awaitingManifestIntervalMs) };
      if (request.status !== "awaiting_manifest") events.push(trackingRequestEvent(next, "tracking_request.awaiting_manifest", now));
      outcome = "awaiting_manifest";
    } else {
      const failedReason = waits ? "expired" : result.reason === "booking_cancelled" || result.reason === "invalid_number" ? result.reason : "not_found";
      next = { ...next, status: "failed", failed_reason: failedReason, is_retrying: false, next_attempt_at: null };
      events.push(trackingRequestEvent(next, "tracking_request.failed", now));
      outcome = "failed";
    }
  } else {
    return retry(tx, next, result.reason, nowMs, policy);
  }
  await tx.trackingRequests.update(next);
  await recordDomainEvents(tx, events);
  return outcome;
}

/**
 * The tracked shipment when an `unchanged` answer still changes nothing: the shipment's memo still
 * says this request's answer with this hash was applied last, and every vessel it mentions resolves
 * as it did then (its vessel reports are written, as for any answer). Null when anything differs:
 * the answer is then applied in full.
 */
async function sameAsLastTime(tx: StorageRepositories, request: TrackingRequest, result: Extract<CheckedCarrierResult, { status: "unchanged" }>, now: string, options: ApplyOptions): Promise<Shipment | null> {
  if (request.status !== "created" || !request.tracked_object_id) return null;
  const memo = (await readSnapshotMemos(tx, request.account_id, [request.tracked_object_id])).get(request.tracked_object_id);
  if (!memoMatches(memo, request.id, result.hash)) return null;
  const shipment = await tx.shipments.get(request.account_id, request.tracked_object_id);
  if (!shipment || shipment.line_tracking_stopped_at) return null;
  const vessels = await resolveVessels(tx, Object.keys(memo.vesselIds), result.vessels, now, options.positionsWritten);
  if (!Object.entries(memo.vesselIds).every(([imo, id]) => (vessels.get(imo)?.id ?? null) === id)) return null;
  // New positions move the prediction, though nothing else changed.
  return options.forecast ? withNewPositions(shipment, result.vessels, { ...options.forecast, vesselByImo: (imo) => vessels.get(imo) ?? null }, now) : shipment;
}

async function retry(tx: StorageRepositories, request: TrackingRequest, reason: "shipping_line_unreachable" | "unrecognized_response" | "internal_processing_error", nowMs: number, policy: RefreshPolicy): Promise<RefreshOutcome> {
  const now = at(nowMs);
  const retryCount = (request.retry_count ?? 0) + 1;
  if (retryCount <= policy.maxRetries) {
    await tx.trackingRequests.update({ ...request, is_retrying: true, retry_count: retryCount, failed_reason: reason, next_attempt_at: at(nowMs + retryDelay(policy, retryCount)) });
    return "retrying";
  }
  if (request.status === "created") {
    // A tracked shipment keeps its data; the line is simply polled again at the normal pace.
    await tx.trackingRequests.update({ ...request, is_retrying: false, retry_count: null, failed_reason: null, next_attempt_at: at(nowMs + policy.refreshIntervalMs) });
    return "unchanged";
  }
  const failed: TrackingRequest = { ...request, status: "failed", failed_reason: "retries_exhausted", is_retrying: false, retry_count: retryCount - 1, next_attempt_at: null };
  await tx.trackingRequests.update(failed);
  await recordDomainEvents(tx, [trackingRequestEvent(failed, "tracking_request.failed", now)]);
  return "failed";
}
