import type { RequestType } from "../domain/index.js";
import type { CarrierSnapshotInput } from "./snapshot-schema.js";

/** What a carrier source is asked: one tracking request's number. */
export interface CarrierRequest {
  tracking_request_id: string;
  request_type: RequestType;
  request_number: string;
  scac: string;
  /** When the tracking request was created (simulations anchor journeys on it). */
  requested_at: string;
  /** 0 for the first attempt, then 1, 2, … while retrying transient failures. */
  attempt: number;
}

/** A carrier source's answer. */
export type CarrierResult =
  /** The carrier knows the number; here is everything it reports now. */
  | { status: "found"; snapshot: CarrierSnapshotInput }
  /**
   * The carrier does not know the number (yet). For bills of lading and bookings this usually means
   * the manifest is not filed yet (`awaiting_manifest`); container numbers fail at once.
   */
  | { status: "not_found"; reason?: "not_found" | "awaiting_manifest" | "booking_cancelled" | "invalid_number" }
  /** A temporary problem: Bollard retries with exponential backoff. */
  | { status: "transient"; reason: "shipping_line_unreachable" | "unrecognized_response" | "internal_processing_error"; detail?: string };

/**
 * Where tracking data comes from. Bollard's embedded default is the simulated carrier; plug in your
 * own to reach real carriers. `fetch` must not throw for carrier-side problems: answer `transient`
 * (a thrown error is treated as `internal_processing_error` and retried).
 */
export interface CarrierSource {
  /** A short name for logs. */
  readonly name: string;
  /** Whether the source can track this SCAC; when false, requests for it are refused as unsupported. */
  supports(scac: string): boolean;
  fetch(request: CarrierRequest, context: { now: Date }): Promise<CarrierResult>;
}
