import type { DcsaEvent, DcsaTransportCall } from "../dcsa-types.js";

// A journey Rotterdam → Norfolk (VIG) built from the values of the standard's own examples
// (vessel 9321483 "King of the Seas", booking ABC709951, equipment APZU4812090, voyage 2103S/2103N).

/** What {@link dcsaJourney} makes events for. */
export interface JourneyOptions {
  transportDocumentReference?: string;
  carrierBookingReference?: string;
  containers?: string[];
  /** Event ids start with this prefix (a UUID's first 8 hex digits). */
  idPrefix?: string;
}

let counter = 0;
const eventId = (prefix: string) => `${prefix}-0000-4000-8000-${(++counter).toString(16).padStart(12, "0")}`;

export const VESSEL = { vesselIMONumber: "9321483", vesselName: "King of the Seas", vesselFlag: "DE", vesselCallSignNumber: "NCVV", vesselOperatorCarrierCode: "MAEU", vesselOperatorCarrierCodeListProvider: "NMFTA" } as const;

export const POL_CALL: DcsaTransportCall = {
  transportCallID: "NLRTM-2103S-1", carrierServiceCode: "FE1", exportVoyageNumber: "2103S", importVoyageNumber: "2103N", transportCallSequenceNumber: 1,
  UNLocationCode: "NLRTM", facilityCode: "ECTDE", facilityCodeListProvider: "SMDG", facilityTypeCode: "POTE", modeOfTransport: "VESSEL", vessel: { ...VESSEL },
};
export const POD_CALL: DcsaTransportCall = {
  transportCallID: "USORF-2103N-2", carrierServiceCode: "FE1", exportVoyageNumber: "2103S", importVoyageNumber: "2103N", transportCallSequenceNumber: 2,
  UNLocationCode: "USORF", facilityCode: "VIG", facilityCodeListProvider: "SMDG", facilityTypeCode: "POTE", modeOfTransport: "VESSEL", vessel: { ...VESSEL },
};

/** Every event of one shipment's journey, in the order they were created. */
export function dcsaJourney(options: JourneyOptions = {}): DcsaEvent[] {
  const trd = options.transportDocumentReference ?? "TRD2103S0001";
  const bkg = options.carrierBookingReference ?? "ABC709951";
  const containers = options.containers ?? ["APZU4812090"];
  const prefix = options.idPrefix ?? "3cecb101";
  // The standard's schema spells the types "BKG (Booking)" and "TRD (Transport Document)"; most carriers send "BKG", "TRD".
  const refs = [{ documentReferenceType: "BKG (Booking)", documentReferenceValue: bkg }, { documentReferenceType: "TRD (Transport Document)", documentReferenceValue: trd }];
  const base = (created: string, at: string, classifier: "ACT" | "EST" | "PLN") => ({ eventID: eventId(prefix), eventCreatedDateTime: created, eventDateTime: at, eventClassifierCode: classifier, documentReferences: refs });
  const events: DcsaEvent[] = [
    { ...base("2026-05-01T08:00:00Z", "2026-05-01T08:00:00Z", "ACT"), eventType: "SHIPMENT", shipmentEventTypeCode: "CONF", documentID: bkg, documentTypeCode: "BKG" },
    { ...base("2026-05-01T09:00:00Z", "2026-05-10T06:00:00+02:00", "PLN"), eventType: "TRANSPORT", transportEventTypeCode: "DEPA", transportCall: POL_CALL },
    { ...base("2026-05-01T09:00:00Z", "2026-05-20T08:00:00-04:00", "PLN"), eventType: "TRANSPORT", transportEventTypeCode: "ARRI", transportCall: POD_CALL },
  ];
  for (const container of containers) {
    const equipment = { equipmentReference: container, ISOEquipmentCode: "45G1" };
    events.push(
      { ...base("2026-05-03T10:05:00Z", "2026-05-03T10:00:00Z", "ACT"), eventType: "EQUIPMENT", equipmentEventTypeCode: "GTOT", emptyIndicatorCode: "EMPTY", ...equipment, eventLocation: { locationName: "Depot Waalhaven", UNLocationCode: "NLRTM" } },
      { ...base("2026-05-04T12:05:00Z", "2026-05-04T12:00:00Z", "ACT"), eventType: "EQUIPMENT", equipmentEventTypeCode: "STUF", emptyIndicatorCode: "LADEN", ...equipment, eventLocation: { locationName: "Shipper warehouse", UNLocationCode: "NLRTM" } },
      { ...base("2026-05-06T07:35:00Z", "2026-05-06T07:30:00Z", "ACT"), eventType: "EQUIPMENT", equipmentEventTypeCode: "GTIN", emptyIndicatorCode: "LADEN", ...equipment, transportCall: POL_CALL, seals: [{ sealNumber: "SN123457", sealSource: "CAR", sealType: "WIR" }] },
      { ...base("2026-05-09T21:35:00Z", "2026-05-09T21:30:00Z", "ACT"), eventType: "EQUIPMENT", equipmentEventTypeCode: "LOAD", emptyIndicatorCode: "LADEN", ...equipment, transportCall: POL_CALL },
    );
  }
  events.push(
    { ...base("2026-05-10T04:10:00Z", "2026-05-10T04:10:00Z", "ACT"), eventType: "SHIPMENT", shipmentEventTypeCode: "ISSU", documentID: trd, documentTypeCode: "TRD" },
    { ...base("2026-05-10T06:05:00Z", "2026-05-10T06:00:00Z", "ACT"), eventType: "TRANSPORT", transportEventTypeCode: "DEPA", transportCall: POL_CALL },
    { ...base("2026-05-12T00:00:00Z", "2026-05-20T14:00:00Z", "EST"), eventType: "TRANSPORT", transportEventTypeCode: "ARRI", transportCall: POD_CALL, delayReasonCode: "WEA", changeRemark: "Bad weather" },
  );
  return events;
}
