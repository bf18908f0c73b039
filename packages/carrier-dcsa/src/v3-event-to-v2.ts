import type { DcsaDocumentReference, DcsaEvent, DcsaEventBase, DcsaLocation, DcsaTransportCall, DcsaTransportEventTypeCode, DcsaEquipmentEventTypeCode, DcsaShipmentEventTypeCode } from "./dcsa-types.js";
import type { DcsaV3Event, DcsaV3Location, DcsaV3TransportCall } from "./dcsa-v3-types.js";
import { v2DocumentType } from "./v3-codes.js";

// A pushed 3.0 shipment, transport or equipment event is read as the 2.2 event it is (the two
// versions' classifications are the same), so `dcsaSnapshot` maps both versions one way.

/** Why a pushed event cannot be read: what is wrong, and where in the event. */
export interface EventProblem {
  /** The path below the event (`.eventClassification`), empty for the event as a whole. */
  path: string;
  /** What is wrong. */
  message: string;
}

type Mode = DcsaTransportCall["modeOfTransport"];
const MODES = new Set(["VESSEL", "RAIL", "TRUCK", "BARGE", "MULTIMODAL"]);
const short = (value: unknown, max: number): string | undefined => (typeof value === "string" && value !== "" ? value.slice(0, max) : undefined);

/** The mode of a call: as it says, else by the transport it names; a vessel when it names none. */
function modeOf(call: DcsaV3TransportCall | undefined): Mode {
  if (call?.modeOfTransport && MODES.has(call.modeOfTransport)) return call.modeOfTransport as Mode;
  return call?.railTransport ? "RAIL" : call?.truckTransport ? "TRUCK" : "VESSEL";
}

/** A 3.0 location as 2.2 names it. */
function v2Location(location: DcsaV3Location | undefined): DcsaLocation | undefined {
  if (!location) return undefined;
  const provider = location.facility?.facilityCodeListProvider;
  const v2: DcsaLocation = {
    locationName: short(location.locationName, 100),
    UNLocationCode: short(location.UNLocationCode, 5),
    facilityCode: short(location.facility?.facilityCode, 6),
    facilityCodeListProvider: provider === "SMDG" || provider === "BIC" ? provider : undefined,
    latitude: short(location.geoCoordinate?.latitude, 20),
    longitude: short(location.geoCoordinate?.longitude, 20),
  };
  return Object.values(v2).some((value) => value !== undefined) ? v2 : undefined;
}

/** A 3.0 transport call, at the event's location, as a 2.2 transport call. */
function v2Call(call: DcsaV3TransportCall | undefined, location: DcsaV3Location | undefined): DcsaTransportCall {
  const place = v2Location(location);
  const exportVoyage = call?.exportVoyageNumberOrReference?.carrierVoyageNumber ?? call?.exportVoyageNumberOrReference?.universalVoyageReference;
  const importVoyage = call?.importVoyageNumberOrReference?.carrierVoyageNumber ?? call?.importVoyageNumberOrReference?.universalVoyageReference;
  const vessel = call?.vesselTransport;
  return {
    transportCallID: short(call?.transportCallReference, 100) ?? `${place?.UNLocationCode ?? "ZZZZZ"}-${exportVoyage ?? importVoyage ?? "NOVOY"}`.slice(0, 100),
    carrierServiceCode: short(call?.serviceCodeOrReference?.carrierServiceCode, 11),
    exportVoyageNumber: short(exportVoyage, 50),
    importVoyageNumber: short(importVoyage, 50),
    transportCallSequenceNumber: Number.isInteger(call?.transportCallSequenceNumber) ? call!.transportCallSequenceNumber : undefined,
    UNLocationCode: place?.UNLocationCode,
    facilityCode: place?.facilityCode,
    facilityCodeListProvider: place?.facilityCodeListProvider,
    facilityTypeCode: short(location?.facilityTypeCode, 4),
    modeOfTransport: modeOf(call),
    location: place,
    vessel: vessel && (vessel.vesselIMONumber || vessel.vesselName)
      ? { vesselIMONumber: short(vessel.vesselIMONumber, 8) ?? "", vesselName: short(vessel.vesselName, 35), vesselFlag: short(vessel.vesselFlag, 2), vesselCallSignNumber: short(vessel.vesselCallSign, 10), vesselOperatorCarrierCode: short(vessel.operatorCarrierCode, 10) }
      : undefined,
  };
}

/** The booking and transport document a 3.0 event names (its primary and additional document references), as 2.2 writes them. */
export function documentReferences(event: DcsaV3Event): DcsaDocumentReference[] {
  const details = event.shipmentDetails;
  const all = [details?.documentReference, ...(Array.isArray(details?.additionalDocumentReferences) ? details.additionalDocumentReferences : [])];
  return all.flatMap((ref) => (ref && (ref.typeCode === "BKG" || ref.typeCode === "TRD") && short(ref.reference, 100) ? [{ documentReferenceType: ref.typeCode, documentReferenceValue: ref.reference!.slice(0, 100) }] : []));
}

/**
 * A pushed 3.0 shipment, transport or equipment event (its classification, `eventDateTime` and
 * classifier already checked) as the 2.2 event it is, or the problem that keeps it from being
 * read. `eventCreatedDateTime` is the event's `eventUpdatedDateTime` (`updatedAt`): the time the
 * producer issued this version, which decides between two versions of an estimate.
 */
export function v2EventOf(event: DcsaV3Event, updatedAt: string): DcsaEvent | EventProblem {
  const classification = event.eventClassification!;
  const base: DcsaEventBase = {
    eventCreatedDateTime: updatedAt,
    eventDateTime: event.eventDateTime!,
    eventClassifierCode: classification.eventClassifierCode as DcsaEventBase["eventClassifierCode"],
    documentReferences: documentReferences(event),
  };
  const call = event.transportDetails?.transportCall;
  if (classification.eventTypeCode === "SHIPMENT") {
    const document = event.shipmentDetails?.documentReference;
    if (!/^[A-Z]{3}$/.test(document?.typeCode ?? "") || !short(document?.reference, 100)) return { path: ".shipmentDetails.documentReference", message: "A shipment event needs the document it is about: documentReference with a typeCode (such as BKG or TRD) and a reference" };
    return { ...base, eventType: "SHIPMENT", shipmentEventTypeCode: classification.shipmentEventTypeCode as DcsaShipmentEventTypeCode, documentTypeCode: v2DocumentType(document!.typeCode!), documentID: document!.reference!.slice(0, 100), reason: short(event.shipmentDetails?.reason, 250) };
  }
  if (classification.eventTypeCode === "TRANSPORT") {
    const code = classification.transportEventTypeCode;
    if (code !== "ARRI" && code !== "DEPA") return { path: ".eventClassification.transportEventTypeCode", message: "transportEventTypeCode must be ARRI or DEPA" };
    const delay = event.transportDetails?.delayReasonCodes;
    return { ...base, eventType: "TRANSPORT", transportEventTypeCode: code as DcsaTransportEventTypeCode, transportCall: v2Call(call, event.eventLocation), delayReasonCode: Array.isArray(delay) ? short(delay[0], 3) : undefined, changeRemark: short(event.transportDetails?.changeRemark, 250) };
  }
  const code = classification.equipmentEventTypeCode!;
  const details = event.equipmentDetails;
  const empty = details?.emptyIndicatorCode === "EMPTY" || details?.emptyIndicatorCode === "LADEN" ? details.emptyIndicatorCode : null;
  // Gate moves are milestones by whether the container is empty: Bollard does not guess it.
  if (empty === null && (code === "GTIN" || code === "GTOT")) return { path: ".equipmentDetails.emptyIndicatorCode", message: "A gate move needs emptyIndicatorCode EMPTY or LADEN" };
  return {
    ...base, eventType: "EQUIPMENT", equipmentEventTypeCode: code as DcsaEquipmentEventTypeCode, emptyIndicatorCode: empty ?? "LADEN",
    equipmentReference: details!.equipmentReference!, ISOEquipmentCode: short(details?.ISOEquipmentCode, 4),
    ...(call ? { transportCall: v2Call(call, event.eventLocation) } : { eventLocation: v2Location(event.eventLocation) }),
  };
}
