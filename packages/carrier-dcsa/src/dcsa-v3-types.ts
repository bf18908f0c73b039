// The DCSA Track & Trace 3.0.0 shapes this package reads and writes (the standard's `Event` and
// the schemas it is made of). The standard makes every field optional; so do these types, and
// what comes in over the wire is checked before it is read.

/** The five kinds of 3.0 event. */
export type DcsaV3EventType = "SHIPMENT" | "TRANSPORT" | "EQUIPMENT" | "IOT" | "REEFER";

/** Type, subtype and classifier of an event. */
export interface DcsaV3EventClassification {
  /** SHIPMENT, TRANSPORT, EQUIPMENT, IOT or REEFER. */
  eventTypeCode?: string;
  /** ACT (actual), EST (estimated) or PLN (planned). */
  eventClassifierCode?: string;
  /** A document's status (shipment events), e.g. `CONF`, `ISSU`. */
  shipmentEventTypeCode?: string;
  /** ARRI or DEPA (transport events). */
  transportEventTypeCode?: string;
  /** What happened to the equipment, e.g. `LOAD`, `GTOT` (equipment events). */
  equipmentEventTypeCode?: string;
  /** DETC (IoT events). */
  iotEventTypeCode?: string;
  /** MEAS or ADJU (reefer events). */
  reeferEventTypeCode?: string;
}

/** A document (booking, transport document, …) by its type and reference. */
export interface DcsaV3DocumentReference {
  /** `BKG`, `TRD`, `SHI`, `CRO`, … */
  typeCode?: string;
  /** The document's reference. */
  reference?: string;
}

/** A reference of the shipper's or forwarder's, or `EQ` for a piece of equipment. */
export interface DcsaV3ShipmentReference {
  /** `FF`, `SI`, `PO`, `CR`, `EQ`, … */
  typeCode?: string;
  /** The reference. */
  reference?: string;
}

/** Shipment-specific details. */
export interface DcsaV3ShipmentDetails {
  /** The event's primary document. */
  documentReference?: DcsaV3DocumentReference;
  /** Other documents the event relates to. */
  additionalDocumentReferences?: DcsaV3DocumentReference[];
  /** The shipper's references, and the equipment (`EQ`) the event concerns. */
  shipmentReferences?: DcsaV3ShipmentReference[];
  /** Why the event was sent. */
  reason?: string;
}

/** A facility by its code. */
export interface DcsaV3Facility {
  /** The facility's name. */
  facilityName?: string;
  /** Its code in `facilityCodeListProvider`'s list. */
  facilityCode?: string;
  /** `SMDG` or `BIC`. */
  facilityCodeListProvider?: string;
}

/** A place. */
export interface DcsaV3Location {
  /** Its name. */
  locationName?: string;
  /** The kind of facility, e.g. `POTE` (port terminal), `DEPO`. */
  facilityTypeCode?: string;
  /** Its UN/LOCODE. */
  UNLocationCode?: string;
  /** The facility. */
  facility?: DcsaV3Facility;
  /** Latitude and longitude, as decimal text. */
  geoCoordinate?: {
    /** Decimal degrees, e.g. `33.629152`. */
    latitude?: string;
    /** Decimal degrees, e.g. `-118.587187`. */
    longitude?: string;
  };
}

/** A vessel (or barge). */
export interface DcsaV3VesselTransport {
  /** The IMO number. */
  vesselIMONumber?: string;
  /** The vessel's name. */
  vesselName?: string;
  /** ISO 3166 flag. */
  vesselFlag?: string;
  /** ITU call sign. */
  vesselCallSign?: string;
  /** The operating carrier's code. */
  operatorCarrierCode?: string;
  /** `SMDG` or `NMFTA`. */
  operatorCarrierCodeListProvider?: string;
}

/** A voyage by the carrier's number and/or DCSA's universal reference. */
export interface DcsaV3VoyageNumberOrReference {
  /** The carrier's voyage number. */
  carrierVoyageNumber?: string;
  /** The universal voyage reference. */
  universalVoyageReference?: string;
}

/** A call of a vessel, train, truck or barge at a place. */
export interface DcsaV3TransportCall {
  /** The carrier's reference of the call. */
  transportCallReference?: string;
  /** Distinguishes two calls at one place within a voyage. */
  transportCallSequenceNumber?: number;
  /** VESSEL, RAIL, TRUCK, BARGE or MULTIMODAL. */
  modeOfTransport?: string;
  /** The service. */
  serviceCodeOrReference?: {
    /** The carrier's service code. */
    carrierServiceCode?: string;
    /** DCSA's universal service reference (`SR12345A`). */
    universalServiceReference?: string;
  };
  /** The export voyage. */
  exportVoyageNumberOrReference?: DcsaV3VoyageNumberOrReference;
  /** The import voyage. */
  importVoyageNumberOrReference?: DcsaV3VoyageNumberOrReference;
  /** The vessel or barge. */
  vesselTransport?: DcsaV3VesselTransport;
  /** The train. */
  railTransport?: {
    /** The rail car. */
    railCarReference?: string;
    /** The rail service. */
    railServiceReference?: string;
    /** The departure. */
    departureID?: string;
  };
  /** The truck. */
  truckTransport?: Record<string, unknown>;
}

/** Transport-specific details. */
export interface DcsaV3TransportDetails {
  /** SMDG delay reason codes. */
  delayReasonCodes?: string[];
  /** Why the schedule changed. */
  changeRemark?: string;
  /** The call. */
  transportCall?: DcsaV3TransportCall;
}

/** Equipment-specific details. */
export interface DcsaV3EquipmentDetails {
  /** The container number. */
  equipmentReference?: string;
  /** ISO 6346 size-type (`22G1`) or type group (`22GP`). */
  ISOEquipmentCode?: string;
  /** EMPTY or LADEN. */
  emptyIndicatorCode?: string;
  /** IMPORT, EXPORT or TRANSSHIPMENT. */
  movementType?: string;
}

/** IoT-specific details. */
export interface DcsaV3IotDetails {
  /** DRC (door closed), DRO (door opened) or LOC (location update). */
  iotEventCode?: string;
}

/** One temperature probe's measurement. */
export interface DcsaV3TemperatureProbeMeasurement {
  /** The temperature, in the event's `temperatureUnit`. */
  measuredTemperatureValue?: number;
  /** USDA probe number (1 to 3). */
  USDAProbeNumber?: number;
  /** COA UDM probe key (`P19` … `P22`). */
  COAProbeUDMKey?: string;
  /** Another label of the probe. */
  probeLabel?: string;
}

/** A reefer's non-temperature parameters, set or measured. */
export interface DcsaV3ReeferParameters {
  /** O₂ percentage. */
  o2Percentage?: number;
  /** CO₂ percentage. */
  co2Percentage?: number;
  /** Humidity percentage. */
  humidityPercentage?: number;
  /** Air exchange, in `airExchangeUnit`. */
  airExchangeValue?: number;
  /** `MQH` or `FQH`. */
  airExchangeUnit?: string;
  /** Whether the ventilation is open. */
  isVentilationOpen?: boolean;
  /** Whether the drain holes are open. */
  isDrainholesOpen?: boolean;
  /** Whether bulb mode is on. */
  isBulbMode?: boolean;
  /** Whether cold treatment is required. */
  isColdTreatmentRequired?: boolean;
  /** Whether controlled atmosphere is required. */
  isControlledAtmosphereRequired?: boolean;
}

/** Reefer-specific details. */
export interface DcsaV3ReeferDetails {
  /** `CEL` or `FAH`. */
  temperatureUnit?: string;
  /** The setpoint temperature. */
  internalSetpointTemperature?: number;
  /** Each probe's measurement. */
  temperatureProbeMeasurements?: DcsaV3TemperatureProbeMeasurement[];
  /** The ambient temperature. */
  ambientMeasuredTemperature?: number;
  /** The parameters set. */
  setpointParameters?: DcsaV3ReeferParameters;
  /** The parameters measured. */
  measuredParameters?: DcsaV3ReeferParameters;
}

/** A DCSA Track & Trace 3.0 event. */
export interface DcsaV3Event {
  /** The parties the event went through. */
  eventRouting?: Record<string, unknown>;
  /** The producer's id of the event. */
  eventID?: string;
  /** The event is withdrawn. */
  isRetracted?: boolean;
  /** When it happened or is expected to. */
  eventDateTime?: string;
  /** When the producer last updated it (Bollard serves when it learned it). */
  eventUpdatedDateTime?: string;
  /** Where. */
  eventLocation?: DcsaV3Location;
  /** What kind of event. */
  eventClassification?: DcsaV3EventClassification;
  /** Documents and references. */
  shipmentDetails?: DcsaV3ShipmentDetails;
  /** The transport call. */
  transportDetails?: DcsaV3TransportDetails;
  /** The equipment. */
  equipmentDetails?: DcsaV3EquipmentDetails;
  /** What the IoT device detected. */
  iotDetails?: DcsaV3IotDetails;
  /** What the reefer measured or was set to. */
  reeferDetails?: DcsaV3ReeferDetails;
}

/** A remark on how a request was processed (the standard's `FeedbackElement`). */
export interface DcsaFeedbackElement {
  /** ERROR, WARN or INFO. */
  severity: "ERROR" | "WARN" | "INFO";
  /** What happened, for a person. */
  message: string;
  /** What it is about: a JSONPath into the request body (`$.events[3]`), or a query parameter's name. */
  propertyPath?: string;
}
