import type { EtaForecasting } from "../eta/eta-forecasting.js";
import { z } from "zod";
import { applyInitialCustomFields } from "../custom-fields/initial-custom-fields.js";
import type { Clock } from "../clock/index.js";
import { ScacSchema, type TrackingRequest } from "../domain/index.js";
import { BollardError, NotFoundError } from "../errors/index.js";
import { uuidv7 } from "../ids/index.js";
import { parseInput } from "../validation/input-validation.js";
import { recordingChanges } from "../history/recording-changes.js";
import type { Storage } from "../storage/index.js";
import { applySnapshot, assertTracking, parseSnapshot } from "./apply-snapshot.js";
import { locateIngestTarget, type IngestReference, type IngestTarget } from "./ingest-target.js";
import { ingestPositions, type PositionIngestResult, type PositionReportInput } from "./position-ingest.js";
import { SnapshotTransportEventSchema, type CarrierSnapshotInput } from "./snapshot-schema.js";

/** What an ingest call changed. */
export interface IngestResult {
  /** The shipment written. */
  shipmentId: string;
  /** The tracking request the data went through. */
  trackingRequestId: string;
  /** The shipment was created by this call. */
  created: boolean;
  /** Containers created. */
  containersAdded: number;
  /** Containers whose fields changed. */
  containersUpdated: number;
  /** Transport events added. */
  transportEventsAdded: number;
  /** Raw events added or changed. */
  rawEventsWritten: number;
  /** Domain events recorded (what webhooks will announce). */
  domainEvents: number;
}

/** What {@link IngestService.snapshot} takes: the account, where the data goes, and the snapshot. */
export interface SnapshotIngest {
  /** The account the shipment belongs to. */
  accountId: string;
  /** The tracking request whose shipment the snapshot describes; or give `scac`. */
  trackingRequestId?: string;
  /** The shipping line, when there is no tracking request yet (one is made on first use). */
  scac?: string;
  /** The carrier's view of the shipment (see `CarrierSnapshotSchema`). */
  snapshot: CarrierSnapshotInput;
}

/** What {@link IngestService.events} takes: one container of a tracked shipment, and its new events. */
export interface EventsIngest {
  /** The account the shipment belongs to. */
  accountId: string;
  /** The shipment. */
  shipmentId: string;
  /** The container's number (ISO 6346). */
  containerNumber: string;
  /** The events (see `SnapshotTransportEventSchema`); 1 to 500. */
  events: readonly z.input<typeof SnapshotTransportEventSchema>[];
}

/**
 * Pushes data from your own feeds through the same path the refresh scheduler uses: validated,
 * diffed against what is stored, written with its domain events in one transaction, refused for
 * shipments whose tracking is stopped.
 */
export interface IngestService {
  /**
   * Applies a carrier snapshot (see `CarrierSnapshotSchema`) to the shipment a tracking request
   * tracks, or, given a `scac` instead, to the account's shipment with that bill of lading (a
   * tracking request in status `created` is made for it on first use).
   */
  snapshot(input: SnapshotIngest): Promise<IngestResult>;
  /** Adds transport events (see `SnapshotTransportEventSchema`) to one container of a tracked shipment. */
  events(input: EventsIngest): Promise<IngestResult>;
  /**
   * Adds AIS-like vessel position reports (see `PositionReportSchema`; vessels are global, so no
   * account): all or nothing, duplicates skipped, and each vessel's current position follows its
   * newest report. An unknown vessel or an impossible coordinate is a 422 on `[<index>, <field>]`.
   */
  positions(reports: readonly PositionReportInput[]): Promise<PositionIngestResult>;
  /**
   * The tracked shipment data from your own feed belongs to, by the numbers it names (see
   * `locateIngestTarget`): the tracking request to ingest it through, or null when none.
   */
  locate(reference: IngestReference): Promise<IngestTarget | null>;
}

const EventsSchema = z.array(SnapshotTransportEventSchema).min(1).max(500);

/** Creates the {@link IngestService} of a tracker. */
export function createIngestService(storage: Storage, clock: Clock, forecasting?: EtaForecasting): IngestService {
  async function apply(accountId: string, find: (tx: Parameters<Parameters<Storage["transaction"]>[0]>[0]) => Promise<TrackingRequest>, snapshotInput: unknown): Promise<IngestResult> {
    const snapshot = parseSnapshot(snapshotInput);
    const now = clock.now().toISOString();
    await forecasting?.prepare([accountId]);
    const forecast = forecasting && { predictor: forecasting.predictor, bias: forecasting.biasTable(accountId) };
    return storage.transaction(async (outer) => {
      const tx = recordingChanges(outer, { source: "ingest", learnedAt: now });
      const request = await find(tx);
      const plan = await applySnapshot(tx, request, snapshot, now, forecast ? { forecast } : {});
      if (request.status !== "created") await applyInitialCustomFields(tx, request, plan.shipment.id, now);
      if (plan.shipmentIsNew || request.tracked_object_id !== plan.shipment.id) {
        await tx.trackingRequests.update({ ...request, status: "created", tracked_object_id: plan.shipment.id, tracked_object_type: "shipment", updated_at: now });
      }
      return {
        shipmentId: plan.shipment.id,
        trackingRequestId: request.id,
        created: plan.shipmentIsNew,
        containersAdded: plan.containersToInsert.length,
        containersUpdated: plan.containersToUpdate.length,
        transportEventsAdded: plan.transportEvents.length,
        rawEventsWritten: plan.rawEventsToInsert.length + plan.rawEventsToUpdate.length,
        domainEvents: plan.domainEvents.length,
      };
    });
  }

  return {
    positions: (reports) => ingestPositions(storage, clock, reports),
    locate: (reference) => locateIngestTarget(storage, reference),
    snapshot({ accountId, trackingRequestId, scac, snapshot }) {
      return apply(accountId, async (tx) => {
        if (trackingRequestId) {
          const request = await tx.trackingRequests.get(accountId, trackingRequestId);
          if (!request) throw new NotFoundError(`No tracking request ${trackingRequestId}`);
          return request;
        }
        const line = parseInput(ScacSchema, scac ?? "", ["scac"]);
        const number = parseSnapshot(snapshot).shipment.bill_of_lading_number;
        const existing = (await tx.trackingRequests.list(accountId, { page: { number: 1, size: 100 }, requestNumber: number, scac: line })).items.find((r) => r.status !== "failed");
        if (existing) return existing;
        if (!(await tx.accounts.get(accountId))) throw new NotFoundError(`No account ${accountId}`);
        const now = clock.now().toISOString();
        const request: TrackingRequest = {
          id: uuidv7(), account_id: accountId, request_number: number, request_type: "bill_of_lading", scac: line, status: "created", failed_reason: null,
          created_at: now, updated_at: now, ref_numbers: [], shipment_tags: [], tags: [], is_retrying: false, retry_count: null,
          tracked_object_id: null, tracked_object_type: null, customer_id: null, user_id: null, next_attempt_at: null, customer_name: null,
        };
        await tx.trackingRequests.insert(request);
        return request;
      }, snapshot);
    },
    async events({ accountId, shipmentId, containerNumber, events }) {
      const parsed = parseInput(EventsSchema, events, ["events"]);
      const shipment = await storage.shipments.get(accountId, shipmentId);
      if (!shipment) throw new NotFoundError(`No shipment ${shipmentId}`);
      assertTracking(shipment);
      if (!shipment.tracking_request_id) throw new BollardError("invalid", `Shipment ${shipmentId} has no tracking request to ingest through`);
      const snapshot = { shipment: { bill_of_lading_number: shipment.bill_of_lading_number }, containers: [{ number: containerNumber, transport_events: parsed }] };
      const requestId = shipment.tracking_request_id;
      return apply(accountId, async (tx) => {
        const request = await tx.trackingRequests.get(accountId, requestId);
        if (!request) throw new NotFoundError(`No tracking request ${requestId}`);
        return request;
      }, snapshot);
    },
  };
}
