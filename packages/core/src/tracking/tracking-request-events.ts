import type { DomainEvent, TrackingRequest } from "../domain/index.js";
import { uuidv7 } from "../ids/index.js";

/** The domain event of a tracking request outcome (`tracking_request.succeeded`, `.failed`, …). */
export function trackingRequestEvent(
  request: TrackingRequest,
  event: "tracking_request.succeeded" | "tracking_request.failed" | "tracking_request.awaiting_manifest" | "tracking_request.tracking_stopped",
  now: string,
): DomainEvent {
  return {
    id: uuidv7(),
    account_id: request.account_id,
    event,
    tracking_request_id: request.id,
    shipment_id: request.tracked_object_id,
    container_id: null,
    reference_object_type: "tracking_request",
    reference_object_id: request.id,
    data: { status: request.status, failed_reason: request.failed_reason },
    occurred_at: now,
    created_at: now,
  };
}
