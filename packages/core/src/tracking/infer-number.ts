import { isContainerNumber, normalizeContainerNumber } from "../domain/validators.js";
import { shippingLineByScac } from "../reference/index.js";

/** What kind of number a tracking number is (the published `number_type` enum). */
export type InferredNumberType = "container" | "bill_of_lading" | "booking";

/** A carrier an inferred number may belong to, with how sure the inference is (0 to 1). */
export interface InferredCarrier {
  /** The shipping line's SCAC. */
  scac: string;
  /** The shipping line's name. */
  name: string;
  /** How sure the inference is, from 0 to 1. */
  confidence: number;
}

/** The answer of `POST /v2/tracking_requests/infer_number`, as the live service shapes it. */
export interface InferredNumber {
  /** The number as given, trimmed and upper-cased. */
  number: string;
  /** The kind of number; null only when the number is not well formed (the API answers that with a 422). */
  number_type: InferredNumberType | null;
  /** Whether the number is well formed, and (for a container number) whether its ISO 6346 check digit holds. */
  validation: InferredValidation;
  /** The carrier: `auto_select` when one candidate is sure enough, `needs_confirmation` when it is not, `no_prediction` without any. */
  shipping_line: InferredShippingLine;
}

/** Whether an inferred number is well formed. */
export interface InferredValidation {
  /** Whether the number is well formed. */
  is_valid: boolean;
  /** What the number names, in the published `validation.type` enum: a `container`, or a `shipment` (a bill of lading or booking); null when it is not well formed. */
  type: "container" | "shipment" | null;
  /** For a container number, whether its ISO 6346 check digit holds; null otherwise. */
  check_digit_passed: boolean | null;
  /** The number as read. */
  parsed_number: string;
  /** Why it is not valid; null when it is. */
  reason: string | null;
}

/** The carrier of an inferred number. */
export interface InferredShippingLine {
  /** `auto_select` when one candidate is sure enough, `needs_confirmation` when it is not, `no_prediction` without any (the published enum). */
  decision: "auto_select" | "needs_confirmation" | "no_prediction";
  /** The best candidate, or null. */
  selected: InferredCarrier | null;
  /** Every candidate, best first. */
  candidates: InferredCarrier[];
}

/**
 * ISO 6346 owner codes (the first four letters of a container number) of the lines' own boxes,
 * by the SCAC of the line that owns them. Leased boxes (TGHU, TCNU, …) name no carrier.
 */
const OWNER_CODES: Readonly<Record<string, readonly string[]>> = {
  MAEU: ["MAEU", "MSKU", "MRKU", "MRSU", "MSFU", "MCAU", "MCHU", "MIEU", "MNBU", "MWCU", "MWMU", "PONU"],
  MSCU: ["MSCU", "MEDU", "MSDU", "MSMU", "MSNU", "MSVU", "MSBU", "MSOU", "MSPU"],
  CMDU: ["CMAU", "CGMU", "CGHU", "ECMU", "APZU", "APHU", "ANNU"],
  COSU: ["COSU", "CBHU", "CSNU", "CCLU", "CSLU", "FCIU"],
  HLCU: ["HLCU", "HLXU", "HLBU", "HAMU", "UACU", "UASU"],
  ONEY: ["ONEU", "ONEY", "NYKU", "MOLU", "KKFU", "KKLU"],
  EGLV: ["EGLV", "EGHU", "EISU", "EMCU", "HMCU", "IMTU"],
  OOLU: ["OOLU", "OOCU"],
  YMLU: ["YMLU", "YMMU"],
  HDMU: ["HDMU", "HMMU"],
  ZIMU: ["ZIMU", "ZCSU", "ZWFU"],
  PCIU: ["PCIU", "PILU"],
  MATS: ["MATU"],
  SMLM: ["SMCU"],
  ACLU: ["ACLU"],
  ARKU: ["ARKU"],
  CULU: ["CULU"],
  SEAU: ["SEAU"],
  WHLC: ["WHLU", "WHSU"],
};

const OWNER_TO_SCAC = new Map(Object.entries(OWNER_CODES).flatMap(([scac, owners]) => owners.map((owner) => [owner, scac] as const)));

/** Bill of lading prefixes that are not the line's SCAC. */
const BOL_PREFIXES: Readonly<Record<string, string>> = { MEDU: "MSCU", ANLC: "ANNU", HLXU: "HLCU", ONEU: "ONEY", EGLV: "EGLV", OOCU: "OOLU", SMLU: "SMLU" };

const carrier = (scac: string, confidence: number): InferredCarrier | null => {
  const line = shippingLineByScac(scac);
  return line ? { scac: line.scac, name: line.name, confidence } : null;
};

/**
 * Booking number formats of lines whose bookings do not start with their SCAC, with how sure the
 * format alone makes the carrier: MSC's `EBKG` bookings, Maersk's nine digits, Hapag-Lloyd's eight.
 */
const BOOKING_FORMATS: readonly { pattern: RegExp; scac: string; confidence: number }[] = [
  { pattern: /^EBKG\d{8}$/, scac: "MSCU", confidence: 0.9 },
  { pattern: /^\d{9}$/, scac: "MAEU", confidence: 0.6 },
  { pattern: /^\d{8}$/, scac: "HLCU", confidence: 0.5 },
];

/**
 * Infers the kind of a tracking number and its carrier (pure): a container number through its
 * ISO 6346 owner code, a bill of lading number through a SCAC or known prefix it starts with, a
 * booking number through a line's booking format (else a booking of no predicted carrier). Every
 * value is one of the published enums (`number_type`, `validation.type`, `decision`).
 */
export function inferNumber(input: string): InferredNumber {
  const number = input.trim().toUpperCase().replace(/\s+/g, "");
  const container = normalizeContainerNumber(number);
  if (/^[A-Z]{3}U\d{7}$/.test(container)) {
    const passed = isContainerNumber(container);
    const scac = OWNER_TO_SCAC.get(container.slice(0, 4));
    const found = scac ? carrier(scac, passed ? 0.95 : 0.6) : null;
    return {
      number,
      number_type: "container",
      validation: { is_valid: passed, type: "container", check_digit_passed: passed, parsed_number: container, reason: passed ? null : "check_digit_failed" },
      shipping_line: decide(found ? [found] : []),
    };
  }
  const valid = /^[A-Z0-9]{6,30}$/.test(number);
  const prefix = number.slice(0, 4);
  const scac = shippingLineByScac(prefix) ? prefix : BOL_PREFIXES[prefix];
  const found = valid && scac ? carrier(scac, 0.9) : null;
  const booking = valid && !found ? BOOKING_FORMATS.find((format) => format.pattern.test(number)) : undefined;
  const bookingLine = booking ? carrier(booking.scac, booking.confidence) : null;
  const type: InferredNumberType | null = !valid ? null : found ? "bill_of_lading" : "booking";
  return {
    number,
    number_type: type,
    validation: { is_valid: valid, type: valid ? "shipment" : null, check_digit_passed: null, parsed_number: number, reason: valid ? null : "invalid_format" },
    shipping_line: decide(found ? [found] : bookingLine ? [bookingLine] : []),
  };
}

function decide(candidates: InferredCarrier[]): InferredShippingLine {
  const best = candidates[0] ?? null;
  if (!best) return { decision: "no_prediction", selected: null, candidates };
  return { decision: best.confidence >= 0.8 ? "auto_select" : "needs_confirmation", selected: best, candidates };
}
