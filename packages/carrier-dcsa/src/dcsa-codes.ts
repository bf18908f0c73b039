import type { DcsaEvent } from "./dcsa-types.js";

/** The standard's words for each event code, used in the wording of the raw events Bollard keeps. */
export const CODE_LABELS: Readonly<Record<string, string>> = {
  ARRI: "Arrived", DEPA: "Departed",
  LOAD: "Loaded", DISC: "Discharged", GTIN: "Gated in", GTOT: "Gated out", STUF: "Stuffed", STRP: "Stripped",
  PICK: "Picked up", DROP: "Dropped off", INSP: "Inspected", RSEA: "Resealed", RMVD: "Removed",
  RECE: "Received", DRFT: "Drafted", PENA: "Pending approval", PENU: "Pending update", REJE: "Rejected", APPR: "Approved",
  ISSU: "Issued", SURR: "Surrendered", SUBM: "Submitted", VOID: "Void", CONF: "Confirmed", REQS: "Requested",
  CMPL: "Completed", HOLD: "On hold", RELS: "Released",
};

/** The event's type code, whatever its kind. */
export function eventCode(event: DcsaEvent): string {
  if (event.eventType === "TRANSPORT") return event.transportEventTypeCode;
  if (event.eventType === "EQUIPMENT") return event.equipmentEventTypeCode;
  return event.shipmentEventTypeCode;
}

/**
 * The wording of the raw event Bollard keeps for a DCSA event: the standard's label, then the
 * codes, e.g. `Loaded (EQUIPMENT LOAD LADEN VESSEL)` or `Issued (SHIPMENT ISSU TRD)`. The
 * classifier is left out, so an estimate that becomes actual is the same raw event, updated.
 */
export function eventWording(event: DcsaEvent): string {
  const code = eventCode(event);
  const codes: string[] = [event.eventType, code];
  if (event.eventType === "EQUIPMENT") codes.push(event.emptyIndicatorCode);
  if (event.eventType === "SHIPMENT") codes.push(event.documentTypeCode);
  const mode = event.eventType === "SHIPMENT" ? undefined : event.transportCall?.modeOfTransport;
  if (mode) codes.push(mode);
  return `${CODE_LABELS[code] ?? code} (${codes.join(" ")})`;
}

/** The codes of a wording made by {@link eventWording}, or null for any other wording. */
export interface ParsedWording {
  /** TRANSPORT, EQUIPMENT or SHIPMENT. */
  eventType: DcsaEvent["eventType"];
  /** The event's type code. */
  code: string;
  /** EMPTY or LADEN (equipment events). */
  emptyIndicator: "EMPTY" | "LADEN" | null;
  /** The document type (shipment events). */
  documentTypeCode: string | null;
  /** The mode of transport, when the event had a transport call. */
  mode: "VESSEL" | "RAIL" | "TRUCK" | "BARGE" | null;
}

const WORDING = /\((TRANSPORT|EQUIPMENT|SHIPMENT) ([A-Z]{4})(?: (EMPTY|LADEN))?(?: ([A-Z]{3}))?(?: (VESSEL|RAIL|TRUCK|BARGE))?\)$/;

/** Reads back the codes of a raw event's wording made by {@link eventWording}. */
export function parseWording(wording: string): ParsedWording | null {
  const match = WORDING.exec(wording);
  if (!match) return null;
  const [, eventType, code, empty, document, mode] = match;
  return {
    eventType: eventType as ParsedWording["eventType"],
    code: code!,
    emptyIndicator: (empty as ParsedWording["emptyIndicator"]) ?? null,
    documentTypeCode: document ?? null,
    mode: (mode as ParsedWording["mode"]) ?? null,
  };
}
