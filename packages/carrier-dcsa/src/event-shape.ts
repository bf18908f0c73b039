import { z } from "zod";
import type { DcsaEvent } from "./dcsa-types.js";

// What the mapping to a snapshot (events-to-snapshot.ts) reads of a DCSA 2.2 event, checked before
// it reads it. Types follow the standard; lengths are what a snapshot can hold (so an event that
// passes maps to a valid snapshot), which is looser than the standard in places (a vessel name of
// 40 characters is kept). Codes may be any short text: an unknown one is kept as a raw event with
// its code, as a carrier ahead of 2.2 sends it. An optional field sent as null counts as absent, and
// so does an empty reference or facility code (the standard sets no minimum length): every event
// valid against the standard's schema is readable.

/** The first thing wrong with an event: where (`""` for the event itself, else `.field[0].field`) and what it must be. */
export interface EventProblem {
  /** The path inside the event, written as in JavaScript (`.documentReferences[0]`); empty for the event itself. */
  at: string;
  /** What the value there must be, e.g. `must be a list`. */
  message: string;
}

type Check = (value: unknown, at: string) => EventProblem | null;
type Fields = Readonly<Record<string, Check>>;

const RFC3339 = z.iso.datetime({ offset: true });
const CODE_FIELD = { TRANSPORT: "transportEventTypeCode", EQUIPMENT: "equipmentEventTypeCode", SHIPMENT: "shipmentEventTypeCode" } as const;

const problem = (at: string, message: string): EventProblem => ({ at, message });
const isObject = (value: unknown): value is Record<string, unknown> => typeof value === "object" && value !== null && !Array.isArray(value);

/** Text of `min` to `max` characters (`min` counted without surrounding blanks). */
const text = (min: number, max: number): Check => (value, at) =>
  typeof value === "string" && value.length <= max && value.trim().length >= min ? null : problem(at, min > 0 ? `must be text of ${min} to ${max} characters` : `must be text of at most ${max} characters`);
const oneOf = (values: readonly string[]): Check => (value, at) => (typeof value === "string" && values.includes(value) ? null : problem(at, `must be one of ${values.join(", ")}`));
const dateTime: Check = (value, at) => (typeof value === "string" && RFC3339.safeParse(value).success ? null : problem(at, "must be an RFC 3339 date-time with a time zone (2026-05-10T06:00:00Z)"));
const optional = (check: Check): Check => (value, at) => (value === undefined || value === null ? null : check(value, at));
const object = (fields: Fields): Check => (value, at) => (isObject(value) ? fieldsProblem(value, fields, at) : problem(at, "must be an object"));
const list = (item: Check): Check => (value, at) => {
  if (!Array.isArray(value)) return problem(at, "must be a list");
  for (const [i, entry] of value.entries()) {
    const found = item(entry, `${at}[${i}]`);
    if (found) return found;
  }
  return null;
};

function fieldsProblem(value: Record<string, unknown>, fields: Fields, at: string): EventProblem | null {
  for (const [name, check] of Object.entries(fields)) {
    const found = check(Object.hasOwn(value, name) ? value[name] : undefined, `${at}.${name}`);
    if (found) return found;
  }
  return null;
}

/** A reference (a blank one names nothing): at most what a snapshot's `bill_of_lading_number` holds. */
const reference = text(0, 100);
const code = text(1, 50);
const location: Check = object({ locationName: optional(text(0, 200)), UNLocationCode: optional(text(0, 100)), facilityCode: optional(text(0, 100)) });
const transportCall: Check = object({
  transportCallID: optional(text(0, 100)),
  modeOfTransport: optional(oneOf(["VESSEL", "RAIL", "TRUCK", "BARGE"])),
  UNLocationCode: optional(text(0, 100)),
  facilityCode: optional(text(0, 100)),
  facilityCodeListProvider: optional(text(0, 100)),
  carrierVoyageNumber: optional(text(0, 50)),
  exportVoyageNumber: optional(text(0, 50)),
  importVoyageNumber: optional(text(0, 50)),
  location: optional(location),
  vessel: optional(object({ vesselIMONumber: optional(text(0, 100)), vesselName: optional(text(0, 200)) })),
});

const COMMON: Fields = {
  eventClassifierCode: oneOf(["ACT", "EST", "PLN"]),
  eventDateTime: dateTime,
  eventCreatedDateTime: dateTime,
  documentReferences: optional(list(object({ documentReferenceType: optional(text(0, 100)), documentReferenceValue: optional(reference) }))),
};

const BY_TYPE: Readonly<Record<DcsaEvent["eventType"], Fields>> = {
  TRANSPORT: { transportEventTypeCode: code, transportCall },
  EQUIPMENT: {
    equipmentEventTypeCode: code,
    emptyIndicatorCode: oneOf(["EMPTY", "LADEN"]),
    equipmentReference: optional(reference),
    ISOEquipmentCode: optional(text(0, 100)),
    eventLocation: optional(location),
    transportCall: optional(transportCall),
  },
  SHIPMENT: { shipmentEventTypeCode: code, documentID: reference, documentTypeCode: code },
};

/**
 * The first field of a DCSA 2.2 event that Bollard's mapping cannot read, or null when it can map
 * the event: the kind and its code, classifier, both date-times, the document references (a list of
 * `{documentReferenceType, documentReferenceValue}` texts), the container, the transport call, the
 * places and the vessel. Never throws, whatever the value.
 */
export function eventProblem(value: unknown): EventProblem | null {
  if (!isObject(value)) return problem("", "must be an object");
  const type = value.eventType;
  if (typeof type !== "string" || !Object.hasOwn(CODE_FIELD, type)) return problem(".eventType", `must be one of ${Object.keys(CODE_FIELD).join(", ")}`);
  return fieldsProblem(value, BY_TYPE[type as DcsaEvent["eventType"]], "") ?? fieldsProblem(value, COMMON, "");
}

/** Whether a value is a DCSA event the mapping can read (see {@link eventProblem}). */
export function isReadableEvent(value: unknown): value is DcsaEvent {
  return eventProblem(value) === null;
}
