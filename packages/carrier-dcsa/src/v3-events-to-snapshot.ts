import type { CarrierSnapshotInput } from "@bollard/core";
import { isContainerNumber, isUnLocode } from "@bollard/core/schemas";
import type { DcsaEvent } from "./dcsa-types.js";
import type { DcsaV3Event } from "./dcsa-v3-types.js";
import { dcsaSnapshot, documentReference, equipmentAttributes, type SnapshotReference } from "./events-to-snapshot.js";
import { sensorSourceCodes, sensorWording } from "./sensor-codes.js";
import { isDateTime, V3_CODE_FIELDS, V3_EVENT_TYPES } from "./v3-codes.js";
import { documentReferences, v2EventOf, type EventProblem } from "./v3-event-to-v2.js";

type RawEventInput = NonNullable<CarrierSnapshotInput["containers"][number]["raw_events"]>[number];

/** A pushed 3.0 event as Bollard reads it. */
export interface PushedEvent {
  /** Its place in the body's `events`. */
  index: number;
  /** The transport document, booking and container it names. */
  references: { trd: string | null; bkg: string | null; equipment: string | null };
  /** A shipment, transport or equipment event: the 2.2 event it is, which `dcsaSnapshot` maps. */
  event: DcsaEvent | null;
  /** An IoT or reefer event: the raw event it is kept as, and the container's ISO 6346 code. */
  sensor: { raw: RawEventInput; isoCode: string | undefined } | null;
  /** Readings of an IoT or reefer event left out (see `sensorSourceCodes`). */
  readingsLeft: number;
}

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === "object" && value !== null && !Array.isArray(value);

/** The classification, times and equipment every event needs, checked; the problem when one is missing. */
function problemOf(input: unknown): EventProblem | null {
  if (!isObject(input)) return { path: "", message: "An event must be a JSON object" };
  const event = input as DcsaV3Event;
  if (event.isRetracted === true) return { path: ".isRetracted", message: "Retracted events are not applied: Bollard keeps no producer eventID to retract" };
  const classification = event.eventClassification;
  const type = classification?.eventTypeCode as (typeof V3_EVENT_TYPES)[number] | undefined;
  if (!isObject(classification) || !type || !V3_EVENT_TYPES.includes(type)) return { path: ".eventClassification.eventTypeCode", message: `eventTypeCode must be one of ${V3_EVENT_TYPES.join(", ")}` };
  const code = classification[V3_CODE_FIELDS[type]];
  if (typeof code !== "string" || !/^[A-Z]{3,4}$/.test(code)) return { path: `.eventClassification.${V3_CODE_FIELDS[type]}`, message: `A ${type} event needs its ${V3_CODE_FIELDS[type]}` };
  const classifier = classification.eventClassifierCode;
  if (classifier !== "ACT" && classifier !== "EST" && classifier !== "PLN") return { path: ".eventClassification.eventClassifierCode", message: "eventClassifierCode must be ACT, EST or PLN" };
  if (!isDateTime(event.eventDateTime)) return { path: ".eventDateTime", message: "eventDateTime must be an RFC 3339 date-time, such as 2026-01-20T14:15:00Z" };
  if (event.eventUpdatedDateTime !== undefined && !isDateTime(event.eventUpdatedDateTime)) return { path: ".eventUpdatedDateTime", message: "eventUpdatedDateTime must be an RFC 3339 date-time" };
  const box = event.equipmentDetails?.equipmentReference;
  if ((type === "EQUIPMENT" || type === "IOT" || type === "REEFER") && (typeof box !== "string" || !isContainerNumber(box))) {
    return { path: ".equipmentDetails.equipmentReference", message: `A ${type} event needs the ISO 6346 number of its container` };
  }
  return null;
}

/** The raw event an IoT or reefer event is kept as. */
function sensorRawEvent(event: DcsaV3Event, updatedAt: string): { raw: RawEventInput; left: number } {
  const { codes, left } = sensorSourceCodes(event);
  const locode = event.eventLocation?.UNLocationCode;
  const raw: RawEventInput = {
    event: null, original_event: sensorWording({ eventType: codes.eventType as "IOT" | "REEFER", code: codes[V3_CODE_FIELDS[codes.eventType as "IOT"]]!, iotEventCode: codes.iotEventCode ?? null }, event.eventDateTime!),
    timestamp: new Date(event.eventDateTime!).toISOString(), estimated: codes.eventClassifierCode !== "ACT", source_codes: codes, reported_at: new Date(updatedAt).toISOString(),
    location_locode: typeof locode === "string" && isUnLocode(locode) ? locode : null,
    location_name: typeof event.eventLocation?.locationName === "string" ? event.eventLocation.locationName.slice(0, 200) : null,
  };
  return { raw, left };
}

/**
 * Reads one pushed 3.0 event, or says why it cannot be read: SHIPMENT, TRANSPORT and EQUIPMENT
 * events become the 2.2 events they are, IOT and REEFER events the raw events they are kept as.
 * An event without `eventUpdatedDateTime` counts as issued when it was received (`receivedAt`).
 */
export function readPushedEvent(input: unknown, index: number, receivedAt: string): PushedEvent | EventProblem {
  const problem = problemOf(input);
  if (problem) return problem;
  const event = input as DcsaV3Event;
  const updatedAt = event.eventUpdatedDateTime ?? receivedAt;
  const equipment = event.equipmentDetails?.equipmentReference ?? null;
  const type = event.eventClassification!.eventTypeCode;
  if (type === "IOT" || type === "REEFER") {
    const { raw, left } = sensorRawEvent(event, updatedAt);
    const documents = documentReferences(event);
    const named = (kind: string) => documents.find((ref) => ref.documentReferenceType === kind)?.documentReferenceValue ?? null;
    const references = { trd: named("TRD"), bkg: named("BKG"), equipment };
    return { index, references, event: null, sensor: { raw, isoCode: event.equipmentDetails?.ISOEquipmentCode }, readingsLeft: left };
  }
  const v2 = v2EventOf(event, updatedAt);
  if ("path" in v2) return v2;
  return { index, references: { trd: documentReference(v2, "TRD"), bkg: documentReference(v2, "BKG"), equipment: type === "EQUIPMENT" ? equipment : null }, event: v2, sensor: null, readingsLeft: 0 };
}

/** The reference pushed events are grouped (and applied) by: their transport document, else booking, else container. */
export const groupKeyOf = (event: PushedEvent): string | null => event.references.trd ?? event.references.bkg ?? event.references.equipment;

/**
 * One shipment's pushed 3.0 events as a partial carrier snapshot: the shipment, transport and
 * equipment events through `dcsaSnapshot` (the 2.2 mapping, see docs/dcsa.md), the IoT and reefer
 * events as raw events on their containers. Null when there is nothing to apply.
 */
export function v3Snapshot(events: readonly PushedEvent[], reference: SnapshotReference & { push: NonNullable<SnapshotReference["push"]> }): CarrierSnapshotInput | null {
  const classic = events.flatMap((e) => (e.event ? [e.event] : []));
  const sensors = events.flatMap((e) => (e.sensor ? [{ ...e.sensor, number: e.references.equipment! }] : []));
  const billOfLading = events.map((e) => e.references.trd).find((trd) => trd !== null) ?? reference.requestNumber;
  const snapshot = dcsaSnapshot(classic, reference) ?? (sensors.length > 0 ? { shipment: { bill_of_lading_number: billOfLading }, containers: [], partial: true } : null);
  if (!snapshot) return null;
  for (const { raw, isoCode, number } of sensors) {
    let container = snapshot.containers.find((c) => c.number === number);
    if (!container) snapshot.containers.push((container = { number, ...equipmentAttributes(isoCode), raw_events: [] }));
    (container.raw_events ??= []).push(raw);
  }
  return snapshot;
}
