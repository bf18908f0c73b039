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
  // Own keys only: a code such as `constructor` is worded as itself, not as an inherited member.
  return `${Object.hasOwn(CODE_LABELS, code) ? CODE_LABELS[code] : code} (${codes.join(" ")})`;
}

/** The DCSA codes of an event as Bollard keeps them with its raw event (`source_codes`), read back. */
export interface DcsaSourceCodes {
  /** TRANSPORT, EQUIPMENT or SHIPMENT. */
  eventType: DcsaEvent["eventType"];
  /** ACT, EST or PLN. */
  eventClassifierCode: DcsaEvent["eventClassifierCode"];
  /** The event's type code (`transportEventTypeCode`, `equipmentEventTypeCode` or `shipmentEventTypeCode`). */
  code: string;
  /** EMPTY or LADEN (equipment events). */
  emptyIndicator: "EMPTY" | "LADEN" | null;
  /** The document type (shipment events). */
  documentTypeCode: string | null;
  /** The mode of transport, when the event had a transport call. */
  mode: "VESSEL" | "RAIL" | "TRUCK" | "BARGE" | null;
}

const CODE_FIELDS = { TRANSPORT: "transportEventTypeCode", EQUIPMENT: "equipmentEventTypeCode", SHIPMENT: "shipmentEventTypeCode" } as const;

/**
 * The codes of a DCSA event as structured data, kept with the raw event Bollard stores for it
 * (`source_codes`): its type, classifier, type code and, where they apply, empty indicator,
 * document type and mode of transport. The DCSA events APIs write events from them again.
 */
export function sourceCodes(event: DcsaEvent): Record<string, string> {
  const codes: Record<string, string> = { eventType: event.eventType, eventClassifierCode: event.eventClassifierCode, [CODE_FIELDS[event.eventType]]: eventCode(event) };
  if (event.eventType === "EQUIPMENT" && event.emptyIndicatorCode) codes.emptyIndicatorCode = event.emptyIndicatorCode;
  if (event.eventType === "SHIPMENT" && event.documentTypeCode) codes.documentTypeCode = event.documentTypeCode;
  const mode = event.eventType === "SHIPMENT" ? undefined : event.transportCall?.modeOfTransport;
  if (mode) codes.modeOfTransport = mode;
  return codes;
}

/** The DCSA codes kept by {@link sourceCodes}, or null when a raw event has none (it came from another source). */
export function readSourceCodes(codes: Readonly<Record<string, string>> | null): DcsaSourceCodes | null {
  const eventType = codes?.eventType;
  if (eventType !== "TRANSPORT" && eventType !== "EQUIPMENT" && eventType !== "SHIPMENT") return null;
  const code = codes![CODE_FIELDS[eventType]];
  const classifier = codes!.eventClassifierCode;
  if (code === undefined || (classifier !== "ACT" && classifier !== "EST" && classifier !== "PLN")) return null;
  const empty = codes!.emptyIndicatorCode;
  const mode = codes!.modeOfTransport;
  return {
    eventType,
    eventClassifierCode: classifier,
    code,
    emptyIndicator: empty === "EMPTY" || empty === "LADEN" ? empty : null,
    documentTypeCode: codes!.documentTypeCode ?? null,
    mode: mode === "VESSEL" || mode === "RAIL" || mode === "TRUCK" || mode === "BARGE" ? mode : null,
  };
}
