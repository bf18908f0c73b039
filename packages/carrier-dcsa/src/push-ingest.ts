import { isBollardError, type CarrierSnapshotInput, type TrackingRequest, type Tracker } from "@bollard/core";
import { CarrierSnapshotSchema } from "@bollard/core/schemas";
import type { DcsaEvent } from "./dcsa-types.js";
import { documentReference, dcsaSnapshot } from "./events-to-snapshot.js";
import type { DcsaSubscription } from "./dcsa-subscription.js";
import { groupByReference, referencesOf, type PushRefusal } from "./push-events.js";

/** One reference's events as they will be applied: the snapshot, and the tracking request it goes to (null: one is made). */
export interface PlannedPush {
  /** The reference the events were grouped under. */
  reference: string;
  /** The tracking request whose shipment the snapshot updates; null when it is a new transport document. */
  trackingRequestId: string | null;
  /** The snapshot, already valid against core's `CarrierSnapshotSchema`. */
  snapshot: CarrierSnapshotInput;
}

/**
 * Plans a notification's events, reading only: groups them by reference, finds each group's tracking
 * request, counts the transport documents Bollard does not track yet (refused with
 * `tooManyReferences` past `maxNewReferences`), and builds and validates every group's snapshot, so
 * a notification that cannot be applied whole is refused before anything is written. Groups with no
 * tracking request and no transport document, and shipments whose tracking is stopped, are left out
 * (as a refresh leaves them).
 */
export async function planPush(tracker: Tracker, subscription: DcsaSubscription, events: readonly DcsaEvent[], maxNewReferences: number): Promise<{ plan: PlannedPush[] } | { refusal: PushRefusal }> {
  const found: { reference: string; events: DcsaEvent[]; request: TrackingRequest | null }[] = [];
  let newReferences = 0;
  for (const [reference, group] of groupByReference(events)) {
    const request = await trackingRequestOf(tracker, subscription, new Set([reference, ...referencesOf(group)]));
    if (!request && !group.some((e) => documentReference(e, "TRD") !== null)) continue;
    if (!request) newReferences++;
    found.push({ reference, events: group, request });
  }
  if (newReferences > maxNewReferences) {
    const message = `The notification names ${newReferences} transport documents Bollard does not track yet; one notification may add at most ${maxNewReferences}. Nothing was applied`;
    return { refusal: { reason: "tooManyReferences", message } };
  }
  const { storage } = tracker;
  const plan: PlannedPush[] = [];
  for (const { reference, events: group, request } of found) {
    // A push is some of the carrier's events: the shipment's stored containers and ports complete it.
    const shipment = request?.tracked_object_id ? await storage.shipments.get(subscription.accountId, request.tracked_object_id) : null;
    if (shipment?.line_tracking_stopped_at) continue;
    const containers = shipment ? (await storage.containers.listByShipments(subscription.accountId, [shipment.id])).map((c) => c.number) : [];
    const ports = { pol: shipment?.port_of_lading_locode ?? null, pod: shipment?.port_of_discharge_locode ?? null };
    const snapshot = dcsaSnapshot(group, { requestNumber: reference, push: { containers, ports } });
    if (!snapshot) continue;
    const parsed = CarrierSnapshotSchema.safeParse(snapshot);
    if (!parsed.success) {
      const issue = parsed.error.issues[0]!;
      return { refusal: { reason: "invalidEvents", message: `The events of ${reference} do not make a valid snapshot (${["snapshot", ...issue.path].join(".")}: ${issue.message}). Nothing was applied` } };
    }
    plan.push({ reference, trackingRequestId: request?.id ?? null, snapshot });
  }
  return { plan };
}

/**
 * Applies a planned notification, one reference at a time through `tracker.ingest` (each its own
 * transaction). A tracking request deleted or stopped since planning is skipped. Null when done; a
 * refusal when core still refuses a snapshot, which planning makes unexpected: the references
 * before it stay applied, and the message says how many.
 */
export async function applyPush(tracker: Tracker, subscription: DcsaSubscription, plan: readonly PlannedPush[]): Promise<PushRefusal | null> {
  let applied = 0;
  for (const { reference, trackingRequestId, snapshot } of plan) {
    try {
      if (trackingRequestId) await tracker.ingest.snapshot({ accountId: subscription.accountId, trackingRequestId, snapshot });
      else await tracker.ingest.snapshot({ accountId: subscription.accountId, scac: subscription.scac, snapshot });
      applied++;
    } catch (error) {
      if (isBollardError(error) && (error.status === 404 || error.code === "tracking_stopped")) continue;
      if (isBollardError(error) && error.status === 422) return { reason: "invalidEvents", message: `Events of ${reference}: ${error.message} (the events of ${applied} references before it were applied)` };
      throw error;
    }
  }
  return null;
}

/** The account's live tracking request (any state but failed) for one of these numbers at the subscription's SCAC, if any. */
async function trackingRequestOf(tracker: Tracker, subscription: DcsaSubscription, numbers: ReadonlySet<string>): Promise<TrackingRequest | null> {
  for (const number of numbers) {
    const found = await tracker.storage.trackingRequests.list(subscription.accountId, { page: { number: 1, size: 100 }, requestNumber: number, scac: subscription.scac });
    const request = found.items.find((r) => r.status !== "failed");
    if (request) return request;
  }
  return null;
}
