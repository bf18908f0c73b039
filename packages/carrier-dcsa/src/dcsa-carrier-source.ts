import type { CarrierRequest, CarrierResult, CarrierSource } from "@bollard/core";
import { DcsaCarrierConfigSchema, type DcsaCarrierConfig, type DcsaCarrierConfigInput } from "./carrier-config.js";
import { createDcsaClient, DcsaRequestError, type DcsaClient, type EventQuery } from "./dcsa-client.js";
import { dcsaSnapshot } from "./events-to-snapshot.js";

/** Options of {@link dcsaCarrierSource}. */
export interface DcsaCarrierSourceOptions {
  /** The carriers: which SCACs go to which DCSA endpoint, with which credentials. */
  carriers: readonly DcsaCarrierConfigInput[];
  /**
   * The source for every other SCAC (the simulated carrier for `TEST`, say).
   * @default none: other SCACs are not supported
   */
  fallback?: CarrierSource;
  /**
   * The `fetch` used to reach carriers.
   * @default globalThis.fetch
   */
  fetch?: typeof fetch;
}

/** Which DCSA filter a tracking request's number is. */
function queryOf(request: CarrierRequest): EventQuery {
  if (request.request_type === "bill_of_lading") return { transportDocumentReference: request.request_number };
  if (request.request_type === "booking_number") return { carrierBookingReference: request.request_number };
  return { equipmentReference: request.request_number };
}

/**
 * A carrier source over carriers' DCSA Track & Trace 2.2 APIs: each fetch reads every event of
 * the tracked number (`GET /events` by transport document, booking or equipment reference,
 * following `Next-Page`) and maps them into a snapshot. Authenticates with an API key header or
 * OAuth2 client credentials (the token renewed when it expires or is refused), retries 5xx, 429
 * (honouring `Retry-After`) and network errors, and answers `not_found` for a reference the
 * carrier does not know. Credentials never appear in its answers.
 * @example
 * const carrier = dcsaCarrierSource({
 *   carriers: [{ scacs: ["ACLU"], baseUrl: "https://tnt.example-line.com/v2", auth: { type: "api_key", header: "API-Key", key: process.env.ACLU_KEY! } }],
 *   fallback: simulatedCarrier(),
 * });
 * const tracker = await createTracker({ storage: memoryStorage(), carrier });
 */
export function dcsaCarrierSource(options: DcsaCarrierSourceOptions): CarrierSource {
  const bySCAC = new Map<string, { config: DcsaCarrierConfig; client: DcsaClient }>();
  for (const input of options.carriers) {
    const config = DcsaCarrierConfigSchema.parse(input);
    const client = createDcsaClient(config, options.fetch);
    for (const scac of config.scacs) {
      if (bySCAC.has(scac)) throw new Error(`SCAC ${scac} is configured for two DCSA carriers`);
      bySCAC.set(scac, { config, client });
    }
  }
  const fallback = options.fallback;
  return {
    name: fallback ? `dcsa(${[...bySCAC.keys()].join(",")})+${fallback.name}` : `dcsa(${[...bySCAC.keys()].join(",")})`,
    supports: (scac) => bySCAC.has(scac) || (fallback?.supports(scac) ?? false),
    async fetch(request, context): Promise<CarrierResult> {
      const carrier = bySCAC.get(request.scac);
      if (!carrier) {
        if (fallback) return fallback.fetch(request, context);
        return { status: "not_found", reason: "not_found" };
      }
      try {
        const events = await carrier.client.events(queryOf(request), context.signal);
        const snapshot = dcsaSnapshot(events, { requestNumber: request.request_number });
        // No events yet: for a bill or booking the carrier may not have them yet (asked again daily).
        if (!snapshot) return { status: "not_found", reason: request.request_type === "container" ? "not_found" : "awaiting_manifest" };
        return { status: "found", snapshot };
      } catch (error) {
        if (!(error instanceof DcsaRequestError)) throw error;
        if (error.kind === "not_found") return { status: "not_found", reason: "not_found" };
        if (error.kind === "bad_reference") return { status: "not_found", reason: "invalid_number" };
        return { status: "transient", reason: error.kind === "unrecognized" ? "unrecognized_response" : "shipping_line_unreachable", detail: error.message };
      }
    },
  };
}
