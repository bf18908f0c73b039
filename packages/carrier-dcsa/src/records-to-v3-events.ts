import type { Container, RawEvent } from "@bollard/core";
import { eventCode } from "./dcsa-codes.js";
import type { DcsaLocation, DcsaTransportCall } from "./dcsa-types.js";
import type { DcsaV3DocumentReference, DcsaV3Event, DcsaV3EventType, DcsaV3Location, DcsaV3ShipmentDetails, DcsaV3TransportCall } from "./dcsa-v3-types.js";
import { dcsaEventOf, type EventContext, mayBeServed, type ServedEvent, type StoredEvent } from "./records-to-events.js";
import { readSensorCodes, type SensorCodes } from "./sensor-codes.js";
import { V3_CODE_FIELDS, V3_SHIPMENT_CODES, v3DocumentType, wireTime } from "./v3-codes.js";

/** A 3.0 event as served, with what the filters of `GET /dcsa/v3/events` look at. */
export interface ServedV3Event {
  /** The event as served. */
  event: DcsaV3Event & { eventID: string; eventDateTime: string; eventUpdatedDateTime: string; eventClassification: { eventTypeCode: DcsaV3EventType } };
  /** The shipment's bill of lading (the transport document reference). */
  transportDocumentReference: string;
  /** The booking it was tracked by, when known. */
  carrierBookingReference: string | null;
  /** The containers the event concerns. */
  equipmentReferences: string[];
}

const LENGTH_CODES: Readonly<Record<number, string>> = { 10: "1", 20: "2", 40: "4", 45: "L" };
const TYPE_CODES: Readonly<Record<string, string>> = { dry: "GP", reefer: "R1", "open top": "UT", "flat rack": "PF", bulk: "BU", tank: "TN" };

/** The container's ISO 6346 code from what Bollard keeps of it (length, height, type), e.g. `45GP`; undefined when its length or type is unknown. */
export function isoEquipmentCode(container: Pick<Container, "equipment_length" | "equipment_height" | "equipment_type">): string | undefined {
  const length = container.equipment_length === null ? undefined : LENGTH_CODES[container.equipment_length];
  const type = container.equipment_type === null ? undefined : TYPE_CODES[container.equipment_type];
  return length && type ? `${length}${container.equipment_height === "high_cube" ? "5" : "2"}${type}` : undefined;
}

/** Whether a stored event may be served over 3.0: when it may over 2.2, and IoT and reefer raw events. */
export function mayBeServedV3(item: StoredEvent): boolean {
  return mayBeServed(item) || (item.type === "raw_event" && readSensorCodes(item.event.source_codes) !== null);
}

/** Leaves out a location's empty fields; undefined when none is left. */
function place(location: DcsaV3Location): DcsaV3Location | undefined {
  const kept = Object.fromEntries(Object.entries(location).filter(([, value]) => value !== undefined && value !== null)) as DcsaV3Location;
  return Object.keys(kept).length > 0 ? kept : undefined;
}

/** Where a 2.2 transport call or location is, as 3.0 writes it. */
function v3Location(from: DcsaTransportCall | DcsaLocation | undefined): DcsaV3Location | undefined {
  if (!from) return undefined;
  const location = "transportCallID" in from ? from.location : from;
  return place({
    locationName: location?.locationName,
    UNLocationCode: from.UNLocationCode,
    facility: from.facilityCode ? { facilityCode: from.facilityCode, facilityCodeListProvider: from.facilityCodeListProvider } : undefined,
    facilityTypeCode: "facilityTypeCode" in from ? from.facilityTypeCode : undefined,
    geoCoordinate: location?.latitude && location.longitude ? { latitude: location.latitude, longitude: location.longitude } : undefined,
  });
}

/** A 2.2 transport call as 3.0 writes it: its reference, mode, service, voyages and vessel. */
function v3Call(call: DcsaTransportCall): DcsaV3TransportCall {
  const vessel = call.vessel;
  return {
    transportCallReference: call.transportCallID,
    modeOfTransport: call.modeOfTransport,
    ...(call.carrierServiceCode && { serviceCodeOrReference: { carrierServiceCode: call.carrierServiceCode } }),
    ...(call.exportVoyageNumber && { exportVoyageNumberOrReference: { carrierVoyageNumber: call.exportVoyageNumber } }),
    ...(call.importVoyageNumber && { importVoyageNumberOrReference: { carrierVoyageNumber: call.importVoyageNumber } }),
    ...(vessel && (call.modeOfTransport === "VESSEL" || call.modeOfTransport === "BARGE") && { vesselTransport: { vesselIMONumber: vessel.vesselIMONumber, ...(vessel.vesselName && { vesselName: vessel.vesselName }) } }),
  };
}

/**
 * The documents and equipment an event is served with: its own document first (a shipment
 * event's), else the transport document; the transport document and booking (when known) beside
 * it; and, for an event of several containers, each as an `EQ` shipment reference.
 */
function shipmentDetails(served: Omit<ServedEvent, "event">, own: DcsaV3DocumentReference | null, sharedByContainers: boolean): DcsaV3ShipmentDetails {
  const billOfLading = { typeCode: "TRD", reference: served.transportDocumentReference };
  const documentReference = own ?? billOfLading;
  const others = [billOfLading, ...(served.carrierBookingReference ? [{ typeCode: "BKG", reference: served.carrierBookingReference }] : [])];
  const additional = others.filter((ref) => ref.typeCode !== documentReference.typeCode || ref.reference !== documentReference.reference);
  return {
    documentReference,
    ...(additional.length > 0 && { additionalDocumentReferences: additional }),
    ...(sharedByContainers && { shipmentReferences: served.equipmentReferences.map((number) => ({ typeCode: "EQ", reference: number })) }),
  };
}

const equipmentDetails = (container: Container, empty?: "EMPTY" | "LADEN") => {
  const iso = isoEquipmentCode(container);
  return { equipmentReference: container.number, ...(iso && { ISOEquipmentCode: iso }), ...(empty && { emptyIndicatorCode: empty }) };
};

/** A 2.2 event (as `dcsaEventOf` classifies a stored event) as the 3.0 event it is; null for a shipment status 3.0 does not serve. */
function v3EventOfV2(served: ServedEvent, context: EventContext): ServedV3Event["event"] | null {
  const event = served.event;
  const code = eventCode(event);
  if (event.eventType === "SHIPMENT" && !V3_SHIPMENT_CODES.has(code)) return null;
  const base = {
    eventID: event.eventID, eventDateTime: wireTime(event.eventDateTime), eventUpdatedDateTime: wireTime(event.eventCreatedDateTime),
    eventClassification: { eventTypeCode: event.eventType, eventClassifierCode: event.eventClassifierCode, [V3_CODE_FIELDS[event.eventType]]: code },
  };
  if (event.eventType === "SHIPMENT") {
    return { ...base, shipmentDetails: shipmentDetails(served, { typeCode: v3DocumentType(event.documentTypeCode), reference: event.documentID }, true) };
  }
  const call = event.transportCall;
  const eventLocation = v3Location(call ?? (event.eventType === "EQUIPMENT" ? event.eventLocation : undefined));
  const common = { ...base, ...(eventLocation && { eventLocation }), ...(call && { transportDetails: { transportCall: v3Call(call) } }) };
  if (event.eventType === "TRANSPORT") return { ...common, shipmentDetails: shipmentDetails(served, null, true) };
  return { ...common, shipmentDetails: shipmentDetails(served, null, false), equipmentDetails: equipmentDetails(context.container, event.emptyIndicatorCode) };
}

/** An IoT or reefer raw event as the 3.0 event it was, from the codes and readings kept with it. */
function sensorEvent(raw: RawEvent, sensor: SensorCodes, context: EventContext): ServedV3Event {
  const references = { transportDocumentReference: context.shipment.bill_of_lading_number, carrierBookingReference: context.bookingReference, equipmentReferences: [context.container.number] };
  const { latitude, longitude, facilityTypeCode } = sensor.place;
  const eventLocation = place({ locationName: raw.location_name ?? undefined, UNLocationCode: raw.location_locode ?? undefined, facilityTypeCode: facilityTypeCode ?? undefined, geoCoordinate: latitude && longitude ? { latitude, longitude } : undefined });
  const event: ServedV3Event["event"] = {
    eventID: raw.id, eventDateTime: wireTime(raw.timestamp), eventUpdatedDateTime: wireTime(raw.updated_at ?? raw.created_at),
    eventClassification: { eventTypeCode: sensor.eventType, eventClassifierCode: sensor.eventClassifierCode, [V3_CODE_FIELDS[sensor.eventType]]: sensor.code },
    ...(eventLocation && { eventLocation }),
    shipmentDetails: shipmentDetails(references, null, false),
    equipmentDetails: equipmentDetails(context.container),
    ...(sensor.iotEventCode && { iotDetails: { iotEventCode: sensor.iotEventCode } }),
    ...(sensor.reeferDetails && { reeferDetails: sensor.reeferDetails }),
  };
  return { event, ...references };
}

/**
 * Writes a stored event as a DCSA T&T 3.0 event, or null when it is none. Which stored event is
 * which DCSA event is decided once, by `dcsaEventOf` (2.2's classification: equipment, transport
 * and shipment events), whose event is then written in 3.0's shape; IoT and reefer events, which
 * 2.2 does not have, come from the raw events they were kept as. `eventUpdatedDateTime` is when
 * Bollard learned the event (a raw event: when it last changed).
 */
export function v3EventOf(item: StoredEvent, context: EventContext): ServedV3Event | null {
  if (item.type === "raw_event") {
    const sensor = readSensorCodes(item.event.source_codes);
    if (sensor) return sensorEvent(item.event, sensor, context);
  }
  const served = dcsaEventOf(item, context);
  const event = served && v3EventOfV2(served, context);
  return served && event ? { ...served, event } : null;
}
