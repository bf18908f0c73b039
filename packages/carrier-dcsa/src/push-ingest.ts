import { isBollardError, type CarrierSnapshotInput, type Tracker } from "@bollard/core";
import { CarrierSnapshotSchema } from "@bollard/core/schemas";
import type { DcsaSubscription } from "./dcsa-subscription.js";
import type { DcsaEvent } from "./dcsa-types.js";
import { dcsaSnapshot, documentReference } from "./events-to-snapshot.js";
import { groupByReference, pushedNumbers, type PushRefusal } from "./push-events.js";

/** Whose data pushed events change: an account, and the pushing carrier's SCAC when it is known. */
export interface PushOwner {
  /** The account whose shipments the events update. */
  accountId: string;
  /**
   * The SCAC of the carrier pushing (a subscription's): only that line's tracking requests and
   * shipments are updated, and a transport document nobody tracks yet gets a tracking request.
   * Null for a push made with an API key: the account's shipments of any line, and no new ones.
   */
  scac: string | null;
}

/** The tracked shipment pushed events go to, and what completes their partial snapshot. */
export interface PushTarget {
  /** The tracking request the events are ingested through. */
  trackingRequestId: string;
  /** The numbers of the shipment's stored containers, and its stored ports of lading and discharge (see `SnapshotReference.push`). */
  push: { containers: string[]; ports: { pol: string | null; pod: string | null } };
  /** The shipment's tracking is stopped: its events are left out, as a refresh leaves them. */
  stopped: boolean;
}

/** A push's snapshot reference when no shipment is stored yet. */
export const NO_STORED_SHIPMENT: PushTarget["push"] = { containers: [], ports: { pol: null, pod: null } };

/** The numbers pushed events name: their transport documents and bookings, and their containers. */
export interface PushedNumbers {
  /** Transport document and booking numbers. */
  documents: readonly string[];
  /** Container numbers. */
  containers: readonly string[];
}

/**
 * The tracked shipment pushed events belong to in the owner's account (see `IngestService.locate`:
 * by their documents first, by their containers only when they name no document), of the owner's
 * SCAC when it has one. Null when none.
 */
export async function pushTarget(tracker: Tracker, owner: PushOwner, numbers: PushedNumbers): Promise<PushTarget | null> {
  const found = await tracker.ingest.locate({ accountId: owner.accountId, scac: owner.scac, documents: numbers.documents, containers: numbers.containers });
  if (!found) return null;
  const { trackingRequestId, shipment, containerNumbers } = found;
  if (!shipment) return { trackingRequestId, push: NO_STORED_SHIPMENT, stopped: false };
  return { trackingRequestId, push: { containers: containerNumbers, ports: { pol: shipment.port_of_lading_locode, pod: shipment.port_of_discharge_locode } }, stopped: shipment.line_tracking_stopped_at !== null };
}

/**
 * Ingests one shipment's pushed events (as a partial snapshot) through `tracker.ingest`: through
 * the target's tracking request, else, for an owner with a SCAC and events naming a transport
 * document, through a tracking request made for it. Returns false when the events had nowhere to
 * go. Core's errors (a 422 for a stopped shipment or a snapshot it refuses) are thrown.
 */
export async function ingestPush(tracker: Tracker, owner: PushOwner, target: PushTarget | null, snapshot: CarrierSnapshotInput, namesTransportDocument: boolean): Promise<boolean> {
  if (target) {
    await tracker.ingest.snapshot({ accountId: owner.accountId, trackingRequestId: target.trackingRequestId, snapshot });
    return true;
  }
  if (owner.scac === null || !namesTransportDocument) return false;
  await tracker.ingest.snapshot({ accountId: owner.accountId, scac: owner.scac, snapshot });
  return true;
}

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
  const owner: PushOwner = { accountId: subscription.accountId, scac: subscription.scac };
  const found: { reference: string; events: DcsaEvent[]; target: PushTarget | null }[] = [];
  let newReferences = 0;
  for (const [reference, group] of groupByReference(events)) {
    const target = await pushTarget(tracker, owner, pushedNumbers(group));
    if (!target && !group.some((e) => documentReference(e, "TRD") !== null)) continue;
    if (!target) newReferences++;
    found.push({ reference, events: group, target });
  }
  if (newReferences > maxNewReferences) {
    const message = `The notification names ${newReferences} transport documents Bollard does not track yet; one notification may add at most ${maxNewReferences}. Nothing was applied`;
    return { refusal: { reason: "tooManyReferences", message } };
  }
  const plan: PlannedPush[] = [];
  for (const { reference, events: group, target } of found) {
    if (target?.stopped) continue;
    // A push is some of the carrier's events: the shipment's stored containers and ports complete it.
    const snapshot = dcsaSnapshot(group, { requestNumber: reference, push: target?.push ?? NO_STORED_SHIPMENT });
    if (!snapshot) continue;
    const parsed = CarrierSnapshotSchema.safeParse(snapshot);
    if (!parsed.success) {
      const issue = parsed.error.issues[0]!;
      return { refusal: { reason: "invalidEvents", message: `The events of ${reference} do not make a valid snapshot (${["snapshot", ...issue.path].join(".")}: ${issue.message}). Nothing was applied` } };
    }
    plan.push({ reference, trackingRequestId: target?.trackingRequestId ?? null, snapshot });
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
