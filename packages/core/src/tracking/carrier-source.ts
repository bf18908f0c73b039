import type { RequestType } from "../domain/index.js";
import type { CarrierSnapshotInput } from "./snapshot-schema.js";

/** What a carrier source is asked: one tracking request's number. */
export interface CarrierRequest {
  /** The tracking request's id. */
  tracking_request_id: string;
  /** The account the tracking request belongs to (absent when a caller outside the refresh path asks). */
  account_id?: string;
  /** What kind of number it is. */
  request_type: RequestType;
  /** The number to look up. */
  request_number: string;
  /** The shipping line's SCAC. */
  scac: string;
  /** When the tracking request was created (simulations anchor journeys on it). */
  requested_at: string;
  /** 0 for the first attempt, then 1, 2, … while retrying transient failures. */
  attempt: number;
}

/** A carrier source's answer. */
export type CarrierResult =
  /** The carrier knows the number; here is everything it reports now. */
  | {
      /** The number was found. */
      status: "found";
      /** Everything the carrier reports about the shipment now. */
      snapshot: CarrierSnapshotInput;
    }
  /**
   * The carrier does not know the number (yet). For bills of lading and bookings this usually means
   * the manifest is not filed yet (`awaiting_manifest`); container numbers fail at once.
   */
  | {
      /** The number is unknown to the carrier. */
      status: "not_found";
      /** Why, when the carrier says; becomes the request's status or `failed_reason`. */
      reason?: "not_found" | "awaiting_manifest" | "booking_cancelled" | "invalid_number";
    }
  /** A temporary problem: Bollard retries with exponential backoff. */
  | {
      /** A temporary problem. */
      status: "transient";
      /** What went wrong; set as the request's `failed_reason` while it is retried. */
      reason: "shipping_line_unreachable" | "unrecognized_response" | "internal_processing_error";
      /** Free text about the problem (Bollard does not store it). */
      detail?: string;
    };

/** What {@link CarrierSource.fetch} is told besides the request. */
export interface CarrierFetchContext {
  /** The tracker's clock time. */
  now: Date;
  /** Aborts when the tracker stops and cannot wait for the answer. */
  signal?: AbortSignal;
}

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
  /**
   * Asks the carrier about one tracking request's number; `context.now` is the tracker's clock
   * time. `context.signal`, when given, aborts at a shutdown that cannot wait: a source making
   * network calls should pass it on (its result is then discarded and the request asked again later).
   */
  fetch(request: CarrierRequest, context: CarrierFetchContext): Promise<CarrierResult>;
}
