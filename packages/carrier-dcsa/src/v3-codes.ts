import type { DcsaV3EventType } from "./dcsa-v3-types.js";

/** The event types of DCSA T&T 3.0. */
export const V3_EVENT_TYPES: readonly DcsaV3EventType[] = ["SHIPMENT", "TRANSPORT", "EQUIPMENT", "IOT", "REEFER"];

/** The classification field holding each event type's code. */
export const V3_CODE_FIELDS = {
  SHIPMENT: "shipmentEventTypeCode",
  TRANSPORT: "transportEventTypeCode",
  EQUIPMENT: "equipmentEventTypeCode",
  IOT: "iotEventTypeCode",
  REEFER: "reeferEventTypeCode",
} as const satisfies Record<DcsaV3EventType, string>;

/**
 * The shipment event codes served over 3.0: the standard's list as DCSA's conformance kit accepts
 * it, which leaves out `SURR`, `VOID` and the `UP…` update codes (2.2's `SURR` and `VOID` events
 * are served over 2.2 only).
 */
export const V3_SHIPMENT_CODES: ReadonlySet<string> = new Set([
  "AMCF", "AMCN", "AMDC", "AMPR", "AMRE", "APPR", "CACF", "CADC", "CANC", "CARE", "CMPL", "CONF", "DECL", "DRFT",
  "HOLD", "ISSU", "PENA", "PENM", "PENU", "PSAM", "PSDL", "RECE", "REJE", "RELS", "REQS", "SUAM", "SUBM", "SUDL",
]);

/**
 * The 2.2 document types 3.0 names otherwise: customs (`CUS`) is 3.0's customs clearance (`CUC`),
 * the shipment release message (`SRM`) its container release order (`CRO`). Bollard keeps the 2.2
 * code (so `RELS` of either stays `customs_release` / `carrier_release`) and serves each version's.
 */
const V3_DOCUMENT_TYPES: Readonly<Record<string, string>> = { CUS: "CUC", SRM: "CRO" };
const V2_DOCUMENT_TYPES: Readonly<Record<string, string>> = Object.fromEntries(Object.entries(V3_DOCUMENT_TYPES).map(([v2, v3]) => [v3, v2]));

/** A stored (2.2) document type as 3.0 writes it. */
export const v3DocumentType = (code: string): string => V3_DOCUMENT_TYPES[code] ?? code;
/** A 3.0 document type as Bollard keeps it (2.2's code where 2.2 has one). */
export const v2DocumentType = (code: string): string => V2_DOCUMENT_TYPES[code] ?? code;

/** An instant as DCSA 3.0 writes it here: UTC, whole seconds (`2026-01-20T14:15:00Z`). */
export const wireTime = (timestamp: string): string => new Date(timestamp).toISOString().replace(/\.\d{3}Z$/, "Z");

/** Whether text is an RFC 3339 date-time with a zone (`Z` or an offset), as 3.0 sends them. */
export function isDateTime(value: unknown): value is string {
  return typeof value === "string" && /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/i.test(value) && Number.isFinite(Date.parse(value));
}
