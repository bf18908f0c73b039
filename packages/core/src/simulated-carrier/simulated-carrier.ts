import { hashSeed } from "../demo/random.js";
import { isContainerNumber, normalizeContainerNumber } from "../domain/validators.js";
import { shippingLineByScac } from "../reference/index.js";
import type { CarrierRequest, CarrierResult, CarrierSource } from "../tracking/carrier-source.js";
import { LruCache } from "../routing/lru-cache.js";
import { DEFAULT_ETA_NOISE, type EtaNoise, type EtaNoiseOptions } from "./eta-noise.js";
import { TEST_SCAC, scenarioOutcome } from "./scenario-numbers.js";
import { buildJourney, journeyKey, type SimulatedJourney } from "./simulated-journey.js";
import { snapshotAt } from "./snapshot-at.js";

/** Options of {@link simulatedCarrier}. */
export interface SimulatedCarrierOptions {
  /**
   * Milliseconds every fetch waits before answering, to feel like a remote carrier in demos.
   * @default 0
   */
  latencyMs?: number;
  /**
   * The fraction of attempts (0 to 1) that fail as `transient` (`shipping_line_unreachable`), to
   * show retries in demos. Decided per request, attempt and instant, so a retry draws afresh.
   * @default 0
   */
  failureRate?: number;
  /**
   * How many journey plans are kept (least recently used are dropped first); a dropped plan is
   * rebuilt identically when its number comes back.
   * @default 20000
   */
  cacheSize?: number;
  /**
   * How wrong the line's ETAs are on normal journeys (scenario numbers keep their scripted dates):
   * issued every few days, biased early, scattered, better as the arrival nears; `false` gives the
   * plain planned arrivals with the occasional revision. See `EtaNoiseOptions`.
   * @default {} (DEFAULT_ETA_NOISE)
   */
  etaNoise?: EtaNoiseOptions | false;
}

const UNIT = 2 ** 32;
// A plain timer rather than node:timers, so core stays runnable outside Node.
const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * The simulated shipping line, Bollard's embedded default carrier source. Every number of every
 * shipping line in the reference data gets a realistic, deterministic journey on real ports,
 * vessels and trade lanes, anchored on the tracking request's `requested_at`; a fetch reveals
 * what has happened by `now`, plus the line's current estimates.
 *
 * Numbers with scac `TEST` (any request type) pick a scenario; any other TEST number is a
 * normal journey of its own. For other lines, a number containing `NOTFOUND` is not found.
 *
 * | Number | Answer |
 * | --- | --- |
 * | `TEST-TR-SUCCEEDED` | found: a normal journey |
 * | `TEST-TR-FAILED` | `not_found` (reason `not_found`) |
 * | `TEST-TR-AWAITING-MANIFEST` | `not_found` (reason `awaiting_manifest`) until 2 days after `requested_at`, then found |
 * | `TEST-TR-ROLLOVER` | found: the boxes miss the first vessel; the estimated vessel and voyage change, ETAs move 7 days later |
 * | `TEST-TR-CUSTOMS-HOLD` | found: a customs hold at the POD terminal for 3 days after discharge, then released |
 * | `TEST-TR-RAIL` | found: rail from the POD to an inland destination |
 * | `TEST-TR-RETRIES-EXHAUSTED` | always `transient` (`shipping_line_unreachable`) |
 * | `TEST-TR-FLAKY` | `transient` for attempts 0 and 1, then found |
 * | `TEST-TR-CANCELLED` | `not_found` (reason `booking_cancelled`) |
 * | `TEST-TR-FEEDER` | found: the boxes reach the transshipment hub on a feeder vessel (`feeder_*` milestones) |
 * | `TEST-TR-DELIVERED` | found: the line reports each box `delivered` to the consignee after it leaves the terminal |
 * | `TEST-TR-LFD-CHANGES` | found: line and terminal last free days extended, the pickup appointment booked then rescheduled, the ETA revised twice |
 * | `TEST-TR-POD-TERMINAL-CHANGE` | found: the line first names another terminal of the POD, then (halfway through the last leg) the one the boxes arrive at |
 * | `TEST-TR-RAIL-LFD-CHANGES` | found: rail inland; the rail last free day extended, the port and inland ETAs revised twice |
 *
 * Snapshots are monotonic: a transport event or actual raw event reported once is reported
 * identically ever after; only estimates (ETAs, estimated raw events) and terminal attributes
 * (availability, holds, fees, yard position, last free days, appointments) change. The first departure falls between 10 days
 * before and 5 days after `requested_at`, so some numbers are already at sea when first tracked.
 * Container requests track the requested box alone.
 *
 * @example
 * const carrier = simulatedCarrier();
 * const result = await carrier.fetch(
 *   { tracking_request_id: "…", request_type: "bill_of_lading", request_number: "TEST-TR-SUCCEEDED",
 *     scac: "TEST", requested_at: "2025-03-01T00:00:00.000Z", attempt: 0 },
 *   { now: new Date("2025-03-20T00:00:00.000Z") },
 * );
 * if (result.status === "found") console.log(result.snapshot.containers[0]?.transport_events);
 */
export function simulatedCarrier(options: SimulatedCarrierOptions = {}): CarrierSource {
  const { latencyMs = 0, failureRate = 0, cacheSize = 20_000 } = options;
  if (!(latencyMs >= 0)) throw new RangeError(`latencyMs must be 0 or more, got ${latencyMs}`);
  if (!(failureRate >= 0 && failureRate <= 1)) throw new RangeError(`failureRate must be between 0 and 1, got ${failureRate}`);
  const cache = new LruCache<SimulatedJourney>(cacheSize);
  const etaNoise: EtaNoise | null = options.etaNoise === false ? null : { ...DEFAULT_ETA_NOISE, ...options.etaNoise };

  function answer(request: CarrierRequest, now: number): CarrierResult {
    const scac = shippingLineByScac(request.scac)?.scac;
    if (!scac) return { status: "not_found", reason: "not_found" };
    const number = request.request_number.trim().toUpperCase();
    const requestedAt = Date.parse(request.requested_at);
    if (Number.isNaN(requestedAt)) return { status: "transient", reason: "internal_processing_error", detail: `unreadable requested_at ${request.requested_at}` };
    const outcome = scenarioOutcome({ scac, number, attempt: request.attempt, requestedAt, now });
    if ("result" in outcome) return outcome.result;
    const key = journeyKey({ scac, requestType: request.request_type, number, requestedAt });
    if (failureRate > 0 && hashSeed(`${key}|${request.attempt}|${now}`) / UNIT < failureRate) {
      return { status: "transient", reason: "shipping_line_unreachable", detail: "simulated: the carrier did not answer" };
    }
    let container: string | null = null;
    if (request.request_type === "container") {
      const normalized = normalizeContainerNumber(number);
      if (isContainerNumber(normalized)) container = normalized;
      else if (scac !== TEST_SCAC) return { status: "not_found", reason: "invalid_number" };
    }
    const journey = cache.getOrBuild(key, () =>
      buildJourney({ scac, requestType: request.request_type, number, requestedAt, scenario: outcome.journey, container, etaNoise }),
    );
    return { status: "found", snapshot: snapshotAt(journey, now) };
  }

  return {
    name: "simulated",
    supports: (scac) => shippingLineByScac(scac) !== undefined,
    async fetch(request, { now }) {
      if (latencyMs > 0) await sleep(latencyMs);
      return answer(request, now.getTime());
    },
  };
}
