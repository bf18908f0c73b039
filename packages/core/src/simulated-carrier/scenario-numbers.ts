import type { CarrierResult } from "../tracking/carrier-source.js";
import { DAY } from "../demo/zoned-time.js";

/** The sandbox carrier whose numbers pick a scenario. */
export const TEST_SCAC = "TEST";

/** How a found journey of a scenario differs from an ordinary one. */
export type JourneyScenario = "normal" | "rollover" | "customs_hold" | "rail" | "awaiting_manifest" | "feeder" | "delivered" | "date_changes" | "rail_date_changes" | "terminal_change";

/** What one scenario number does, for the code and for the documentation table. */
export interface ScenarioNumber {
  readonly number: string;
  readonly summary: string;
  /** The journey shape once found. */
  readonly journey: JourneyScenario;
}

/** The documented scenario numbers of scac `TEST` (any request type). */
export const SCENARIO_NUMBERS: readonly ScenarioNumber[] = [
  { number: "TEST-TR-SUCCEEDED", summary: "found: a normal journey", journey: "normal" },
  { number: "TEST-TR-FAILED", summary: "not_found (reason not_found)", journey: "normal" },
  {
    number: "TEST-TR-AWAITING-MANIFEST",
    summary: "not_found (reason awaiting_manifest) until 2 days after requested_at, then found",
    journey: "awaiting_manifest",
  },
  {
    number: "TEST-TR-ROLLOVER",
    summary: "found: the boxes miss the first vessel; the estimated vessel and voyage change and the ETAs move 7 days later",
    journey: "rollover",
  },
  { number: "TEST-TR-CUSTOMS-HOLD", summary: "found: a customs hold at the POD terminal for 3 days after discharge", journey: "customs_hold" },
  { number: "TEST-TR-RAIL", summary: "found: rail from the POD to an inland destination", journey: "rail" },
  { number: "TEST-TR-RETRIES-EXHAUSTED", summary: "always transient (shipping_line_unreachable)", journey: "normal" },
  { number: "TEST-TR-FLAKY", summary: "transient for attempts 0 and 1, then found", journey: "normal" },
  { number: "TEST-TR-CANCELLED", summary: "not_found (reason booking_cancelled)", journey: "normal" },
  { number: "TEST-TR-FEEDER", summary: "found: the boxes reach the transshipment hub on a feeder vessel (feeder loaded, departed, arrived, discharged)", journey: "feeder" },
  { number: "TEST-TR-DELIVERED", summary: "found: the line reports each box delivered to the consignee after it leaves the terminal", journey: "delivered" },
  {
    number: "TEST-TR-LFD-CHANGES",
    summary: "found: the line and the terminal each extend their last free day, the pickup appointment is booked then rescheduled, and the ETA is revised twice",
    journey: "date_changes",
  },
  {
    number: "TEST-TR-POD-TERMINAL-CHANGE",
    summary: "found: the line first names another terminal of the port of discharge, and moves the boxes to the one they arrive at halfway through the last leg",
    journey: "terminal_change",
  },
  {
    number: "TEST-TR-RAIL-LFD-CHANGES",
    summary: "found: rail to an inland destination; the ramp extends the rail last free day and the ETAs (port and inland) are revised twice",
    journey: "rail_date_changes",
  },
];

/** How long TEST-TR-AWAITING-MANIFEST stays unknown after the request. */
export const MANIFEST_DELAY = 2 * DAY;

/** A tracking request reduced to what decides its outcome. */
export interface ScenarioInput {
  scac: string;
  /** Upper-cased and trimmed. */
  number: string;
  attempt: number;
  requestedAt: number;
  now: number;
}

/**
 * The answer fixed by the scenario alone (a failure, or not found), or the journey to simulate.
 * Any other TEST number is a normal journey; other carriers' numbers containing `NOTFOUND` are not found.
 */
export function scenarioOutcome(input: ScenarioInput): { result: Exclude<CarrierResult, { status: "found" }> } | { journey: JourneyScenario } {
  if (input.scac !== TEST_SCAC) {
    return input.number.includes("NOTFOUND") ? { result: { status: "not_found", reason: "not_found" } } : { journey: "normal" };
  }
  const unreachable = { status: "transient", reason: "shipping_line_unreachable", detail: "simulated: the carrier did not answer" } as const;
  switch (input.number) {
    case "TEST-TR-FAILED":
      return { result: { status: "not_found", reason: "not_found" } };
    case "TEST-TR-CANCELLED":
      return { result: { status: "not_found", reason: "booking_cancelled" } };
    case "TEST-TR-RETRIES-EXHAUSTED":
      return { result: unreachable };
    case "TEST-TR-FLAKY":
      return input.attempt < 2 ? { result: unreachable } : { journey: "normal" };
    case "TEST-TR-AWAITING-MANIFEST":
      return input.now < input.requestedAt + MANIFEST_DELAY ? { result: { status: "not_found", reason: "awaiting_manifest" } } : { journey: "awaiting_manifest" };
    default:
      return { journey: SCENARIO_NUMBERS.find((scenario) => scenario.number === input.number)?.journey ?? "normal" };
  }
}
