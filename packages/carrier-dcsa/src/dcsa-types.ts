// The DCSA Track & Trace 2.2 event shapes this package reads and writes (the standard's
// `transportEvent`, `equipmentEvent` and `shipmentEvent`), without the deprecated fields.

/** ACT (actual), PLN (planned) or EST (estimated). */
export type DcsaClassifier = "ACT" | "PLN" | "EST";

/** The transport event codes: arrived, departed. */
export type DcsaTransportEventTypeCode = "ARRI" | "DEPA";

/** The equipment event codes. */
export type DcsaEquipmentEventTypeCode = "LOAD" | "DISC" | "GTIN" | "GTOT" | "STUF" | "STRP" | "PICK" | "DROP" | "INSP" | "RSEA" | "RMVD";

/** The shipment event codes (the status of a document). */
export type DcsaShipmentEventTypeCode = "RECE" | "DRFT" | "PENA" | "PENU" | "REJE" | "APPR" | "ISSU" | "SURR" | "SUBM" | "VOID" | "CONF" | "REQS" | "CMPL" | "HOLD" | "RELS";

/** A vessel as DCSA names it. */
export interface DcsaVessel {
  /** The IMO number. */
  vesselIMONumber: string;
  /** The vessel's name. */
  vesselName?: string;
  /** ISO 3166 flag. */
  vesselFlag?: string;
  /** ITU call sign. */
  vesselCallSignNumber?: string;
  /** SCAC or SMDG code of the operator. */
  vesselOperatorCarrierCode?: string;
  /** Which list `vesselOperatorCarrierCode` is from. */
  vesselOperatorCarrierCodeListProvider?: "SMDG" | "NMFTA";
}

/** A place. */
export interface DcsaLocation {
  /** Its name. */
  locationName?: string;
  /** Latitude, as text. */
  latitude?: string;
  /** Longitude, as text. */
  longitude?: string;
  /** Its UN/LOCODE. */
  UNLocationCode?: string;
  /** A facility code (without the UN/LOCODE). */
  facilityCode?: string;
  /** Which list `facilityCode` is from. */
  facilityCodeListProvider?: "BIC" | "SMDG";
}

/** A call of a vessel (or train, truck, barge) at a place. */
export interface DcsaTransportCall {
  /** The carrier's id of the call. */
  transportCallID: string;
  /** The service. */
  carrierServiceCode?: string;
  /** The voyage (deprecated by the standard in favour of the export/import voyage). */
  carrierVoyageNumber?: string;
  /** The export voyage. */
  exportVoyageNumber?: string;
  /** The import voyage. */
  importVoyageNumber?: string;
  /** Distinguishes two calls at one place within a voyage. */
  transportCallSequenceNumber?: number;
  /** The UN/LOCODE of the call. */
  UNLocationCode?: string;
  /** The facility (terminal) code, without the UN/LOCODE. */
  facilityCode?: string;
  /** Which list `facilityCode` is from. */
  facilityCodeListProvider?: "BIC" | "SMDG";
  /** The kind of facility (POTE is a port terminal). */
  facilityTypeCode?: string;
  /** The facility in words when there is no code. */
  otherFacility?: string;
  /** VESSEL, RAIL, TRUCK or BARGE. */
  modeOfTransport: "VESSEL" | "RAIL" | "TRUCK" | "BARGE";
  /** The place, when more than the UN/LOCODE is known. */
  location?: DcsaLocation;
  /** The vessel. */
  vessel?: DcsaVessel;
}

/** A link from an event to a booking or transport document. */
export interface DcsaDocumentReference {
  /** `BKG` or `TRD` (the standard's schema spells them `BKG (Booking)`, `TRD (Transport Document)`). */
  documentReferenceType: string;
  /** The booking or transport document reference. */
  documentReferenceValue: string;
}

/** A reference of the shipper's or forwarder's, shared back by the carrier. */
export interface DcsaReference {
  /** FF, SI, PO, CR, AAO or EQ. */
  referenceType: string;
  /** The reference. */
  referenceValue: string;
}

/** A seal on a container. */
export interface DcsaSeal {
  /** The seal's number. */
  sealNumber: string;
  /** Who put it on (CAR, SHI, PHY, VET, CUS). */
  sealSource?: string;
  /** KLP, BLT or WIR. */
  sealType: string;
}

/** What every event has. */
export interface DcsaEventBase {
  /** The event's id. */
  eventID?: string;
  /** When the publisher created the event. */
  eventCreatedDateTime: string;
  /** When it happened or is expected to. */
  eventDateTime: string;
  /** Actual, planned or estimated. */
  eventClassifierCode: DcsaClassifier;
  /** The booking and transport document it belongs to. */
  documentReferences?: DcsaDocumentReference[];
  /** The shipper's references. */
  references?: DcsaReference[];
}

/** A vessel (or other means of transport) arriving or departing. */
export interface DcsaTransportEvent extends DcsaEventBase {
  /** The kind. */
  eventType: "TRANSPORT";
  /** ARRI or DEPA. */
  transportEventTypeCode: DcsaTransportEventTypeCode;
  /** SMDG delay reason. */
  delayReasonCode?: string;
  /** Why the schedule changed. */
  changeRemark?: string;
  /** The call. */
  transportCall: DcsaTransportCall;
}

/** Something that happened to one container. */
export interface DcsaEquipmentEvent extends DcsaEventBase {
  /** The kind. */
  eventType: "EQUIPMENT";
  /** What happened. */
  equipmentEventTypeCode: DcsaEquipmentEventTypeCode;
  /** The container number. */
  equipmentReference?: string;
  /** ISO 6346 size-type, e.g. 45G1. */
  ISOEquipmentCode?: string;
  /** Empty or laden. */
  emptyIndicatorCode: "EMPTY" | "LADEN";
  /** Where, when not at a transport call. */
  eventLocation?: DcsaLocation;
  /** The call, when it happened at one (loads and discharges). */
  transportCall?: DcsaTransportCall;
  /** Seals on the container. */
  seals?: DcsaSeal[];
}

/** A change of a document's status (booking confirmed, bill of lading issued, …). */
export interface DcsaShipmentEvent extends DcsaEventBase {
  /** The kind. */
  eventType: "SHIPMENT";
  /** The document's new status. */
  shipmentEventTypeCode: DcsaShipmentEventTypeCode;
  /** The document's id. */
  documentID: string;
  /** The document's type (TRD, BKG, SRM, …). */
  documentTypeCode: string;
  /** Why. */
  reason?: string;
}

/** A DCSA Track & Trace 2.2 event. */
export type DcsaEvent = DcsaTransportEvent | DcsaEquipmentEvent | DcsaShipmentEvent;
