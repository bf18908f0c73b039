import type { DcsaV3EventType } from "../dcsa-v3-types.js";

// The content checks DCSA's conformance kit (Conformance-Gateway 283bf7a1,
// v300/checks/TntChecks.getJsonContentChecks) makes on every 3.0 GET answer and push, rewritten
// from their description in /work/notes/dcsa-conformance-checks.md §3.5. "Empty" is the kit's
// isMissingOrEmpty: missing, null, a blank string, {} and [] all count as empty.

type Json = Record<string, unknown>;

const SHIPMENT_CODES = ["AMCF", "AMCN", "AMDC", "AMPR", "AMRE", "APPR", "CACF", "CADC", "CANC", "CARE", "CMPL", "CONF", "DECL", "DRFT", "HOLD", "ISSU", "PENA", "PENM", "PENU", "PSAM", "PSDL", "RECE", "REJE", "RELS", "REQS", "SUAM", "SUBM", "SUDL"];
const DOCUMENT_TYPES = ["AMF", "ARN", "BKG", "CAS", "CBR", "CEA", "CEO", "CQU", "CRO", "CUC", "DEI", "DEO", "DGD", "FCE", "HCE", "ICE", "INV", "OOG", "PCE", "PFD", "SHI", "TRD", "TRO", "VCE", "VGM"];
const EQUIPMENT_CODES = ["AVDO", "AVPU", "CROS", "CUSI", "CUSR", "CUSS", "DISC", "DROP", "GTIN", "GTOT", "INSP", "LOAD", "PICK", "RMVD", "RSEA", "STRP", "STUF"];

const at = (value: unknown, path: string): unknown => path.split(".").reduce<unknown>((node, key) => (typeof node === "object" && node !== null ? (node as Json)[key] : undefined), value);
const isEmpty = (value: unknown): boolean =>
  value === undefined || value === null || (typeof value === "string" && value.trim() === "") || (Array.isArray(value) && value.length === 0) || (typeof value === "object" && !Array.isArray(value) && Object.keys(value).length === 0);

/** The equipment trio EQUIPMENT, IOT and REEFER events need. */
function equipmentProblems(event: unknown): string[] {
  const problems: string[] = [];
  if (isEmpty(at(event, "equipmentDetails"))) problems.push("equipmentDetails is empty");
  if (isEmpty(at(event, "equipmentDetails.equipmentReference"))) problems.push("equipmentDetails.equipmentReference is empty");
  if (isEmpty(at(event, "equipmentDetails.ISOEquipmentCode"))) problems.push("equipmentDetails.ISOEquipmentCode is empty");
  return problems;
}

const TYPE_CHECKS: Readonly<Record<DcsaV3EventType, (event: unknown) => string[]>> = {
  SHIPMENT(event) {
    const problems: string[] = [];
    if (!SHIPMENT_CODES.includes(at(event, "eventClassification.shipmentEventTypeCode") as string)) problems.push(`shipmentEventTypeCode ${String(at(event, "eventClassification.shipmentEventTypeCode"))} is not one the kit accepts`);
    if (isEmpty(at(event, "shipmentDetails"))) problems.push("shipmentDetails is empty");
    if (isEmpty(at(event, "shipmentDetails.documentReference"))) problems.push("shipmentDetails.documentReference is empty");
    if (!DOCUMENT_TYPES.includes(at(event, "shipmentDetails.documentReference.typeCode") as string)) problems.push("documentReference.typeCode is not one the kit accepts");
    if (isEmpty(at(event, "shipmentDetails.documentReference.reference"))) problems.push("documentReference.reference is blank");
    return problems;
  },
  TRANSPORT(event) {
    const problems: string[] = [];
    if (!["ARRI", "DEPA"].includes(at(event, "eventClassification.transportEventTypeCode") as string)) problems.push("transportEventTypeCode is not ARRI or DEPA");
    if (isEmpty(at(event, "eventLocation"))) problems.push("eventLocation is empty");
    if (isEmpty(at(event, "transportDetails"))) problems.push("transportDetails is empty");
    const call = at(event, "transportDetails.transportCall");
    if (isEmpty(call)) problems.push("transportDetails.transportCall is empty");
    else if (["vesselTransport", "railTransport", "truckTransport"].every((kind) => isEmpty(at(call, kind)))) problems.push("the transport call has no vessel, rail or truck transport");
    const vessel = at(call, "vesselTransport");
    if (vessel !== undefined && !/^\d{7,8}$/.test(String(at(vessel, "vesselIMONumber") ?? "")) && isEmpty(at(vessel, "vesselName"))) problems.push("vesselTransport has neither a 7-8 digit IMO number nor a name");
    return problems;
  },
  EQUIPMENT(event) {
    const problems = equipmentProblems(event);
    if (!EQUIPMENT_CODES.includes(at(event, "eventClassification.equipmentEventTypeCode") as string)) problems.push("equipmentEventTypeCode is not one the kit accepts");
    return problems;
  },
  IOT(event) {
    const problems = equipmentProblems(event);
    if (at(event, "eventClassification.iotEventTypeCode") !== "DETC") problems.push("iotEventTypeCode is not DETC");
    if (isEmpty(at(event, "iotDetails"))) problems.push("iotDetails is empty");
    if (!["DRC", "DRO", "LOC"].includes(at(event, "iotDetails.iotEventCode") as string)) problems.push("iotDetails.iotEventCode is not DRC, DRO or LOC");
    return problems;
  },
  REEFER(event) {
    const problems = equipmentProblems(event);
    if (!["MEAS", "ADJU"].includes(at(event, "eventClassification.reeferEventTypeCode") as string)) problems.push("reeferEventTypeCode is not MEAS or ADJU");
    if (isEmpty(at(event, "reeferDetails"))) problems.push("reeferDetails is empty");
    return problems;
  },
};

/**
 * The kit's content checks of a 3.0 message (`{"events":[…]}`), as the list of what fails (empty
 * when it passes). With `type` (a GET by type, or a push of that type): some event must be of that
 * type, and that type's rules apply to its events; without, every type's rules apply to its own
 * events. Stricter than the kit in one way: `eventID`, `eventDateTime` and `eventUpdatedDateTime`
 * are required of every event, not of at least one.
 */
export function kitContentProblems(body: unknown, type?: DcsaV3EventType): string[] {
  const events = at(body, "events");
  if (!Array.isArray(events) || events.length === 0) return ["events is not a non-empty array"];
  const problems: string[] = [];
  events.forEach((event, i) => {
    for (const field of ["eventID", "eventDateTime", "eventUpdatedDateTime"]) if (isEmpty(at(event, field))) problems.push(`events[${i}]: ${field} is empty`);
  });
  if (type && !events.some((event) => at(event, "eventClassification.eventTypeCode") === type)) problems.push(`no event is of type ${type}`);
  events.forEach((event, i) => {
    const eventType = at(event, "eventClassification.eventTypeCode") as DcsaV3EventType;
    if ((type === undefined || eventType === type) && TYPE_CHECKS[eventType]) problems.push(...TYPE_CHECKS[eventType](event).map((problem) => `events[${i}] (${eventType}): ${problem}`));
  });
  return problems;
}
