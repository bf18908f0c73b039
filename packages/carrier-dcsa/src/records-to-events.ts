import type { Container, RawEvent, Shipment, TransportEvent } from "@bollard/core";
import { readSourceCodes } from "./dcsa-codes.js";
import type { DcsaEquipmentEventTypeCode, DcsaEvent, DcsaShipmentEventTypeCode, DcsaTransportCall, DcsaTransportEventTypeCode } from "./dcsa-types.js";

type Mode = DcsaTransportCall["modeOfTransport"];

/** How each Bollard milestone is written as a DCSA event. */
const EQUIPMENT: Readonly<Record<string, { code: DcsaEquipmentEventTypeCode; empty: "EMPTY" | "LADEN"; mode: Mode | null }>> = {
  empty_out: { code: "GTOT", empty: "EMPTY", mode: null },
  full_in: { code: "GTIN", empty: "LADEN", mode: null },
  full_out: { code: "GTOT", empty: "LADEN", mode: null },
  empty_in: { code: "GTIN", empty: "EMPTY", mode: null },
  vessel_loaded: { code: "LOAD", empty: "LADEN", mode: "VESSEL" },
  transshipment_loaded: { code: "LOAD", empty: "LADEN", mode: "VESSEL" },
  feeder_loaded: { code: "LOAD", empty: "LADEN", mode: "VESSEL" },
  rail_loaded: { code: "LOAD", empty: "LADEN", mode: "RAIL" },
  vessel_discharged: { code: "DISC", empty: "LADEN", mode: "VESSEL" },
  transshipment_discharged: { code: "DISC", empty: "LADEN", mode: "VESSEL" },
  feeder_discharged: { code: "DISC", empty: "LADEN", mode: "VESSEL" },
  rail_unloaded: { code: "DISC", empty: "LADEN", mode: "RAIL" },
};
const TRANSPORT: Readonly<Record<string, { code: DcsaTransportEventTypeCode; mode: Mode }>> = {
  vessel_departed: { code: "DEPA", mode: "VESSEL" },
  transshipment_departed: { code: "DEPA", mode: "VESSEL" },
  feeder_departed: { code: "DEPA", mode: "VESSEL" },
  vessel_arrived: { code: "ARRI", mode: "VESSEL" },
  transshipment_arrived: { code: "ARRI", mode: "VESSEL" },
  feeder_arrived: { code: "ARRI", mode: "VESSEL" },
  rail_departed: { code: "DEPA", mode: "RAIL" },
  rail_arrived: { code: "ARRI", mode: "RAIL" },
  "estimated.vessel_arrived": { code: "ARRI", mode: "VESSEL" },
  "estimated.vessel_departed": { code: "DEPA", mode: "VESSEL" },
};

/** A stored event: a transport event or a raw event, as the event feed gives it. */
export type StoredEvent = { type: "transport_event"; event: TransportEvent } | { type: "raw_event"; event: RawEvent };

/** What a stored event's DCSA event is written with besides the event itself. */
export interface EventContext {
  /** The event's container. */
  container: Container;
  /** The event's shipment. */
  shipment: Shipment;
  /** The booking number the shipment was tracked by, when it was. */
  bookingReference: string | null;
  /** A transport event's vessel (IMO number and name): from the carrier's event line it came from, else the vessel record. */
  vessel: { imo: string | null; name: string | null } | null;
  /** The SMDG code of a transport event's terminal, when known. */
  terminalCode: string | null;
  /** The numbers of the containers the event concerns: all that have it for an event shared by them ({@link sharedKey}), else its own. */
  equipmentReferences: readonly string[];
}

/** A DCSA event with what the filters of `GET /events` look at. */
export interface ServedEvent {
  /** The event as served. */
  event: DcsaEvent & { eventID: string };
  /** The shipment's bill of lading (the transport document reference). */
  transportDocumentReference: string;
  /** The booking it was tracked by. */
  carrierBookingReference: string | null;
  /** The containers the event concerns. */
  equipmentReferences: string[];
}

/** The milestone name of a transport event, without the `container.transport.` prefix. */
const nameOf = (event: TransportEvent) => event.event.replace(/^container\.transport\./, "");

/**
 * The key a stored event shares with the same happening recorded on the shipment's other
 * containers (a departure, an arrival, a document status), which is one DCSA event for them all;
 * null for an event of its container alone (an equipment event) or one that is served as none.
 */
export function sharedKey(item: StoredEvent): string | null {
  if (item.type === "transport_event") {
    const stored = item.event;
    const name = nameOf(stored);
    if (stored.timestamp === null || !TRANSPORT[name]) return null;
    return `T|${name}|${stored.timestamp}|${stored.location_locode ?? ""}|${stored.voyage_number ?? ""}`;
  }
  const raw = item.event;
  if (!mayBeServed(item) || rawKind(raw) === "EQUIPMENT") return null;
  return `R|${raw.original_event}|${raw.estimated}|${raw.timestamp}|${raw.location_locode ?? ""}|${raw.voyage_number ?? ""}`;
}

/** The kind of DCSA event a raw event is written as: by its DCSA codes, else by its milestone. */
function rawKind(raw: RawEvent): DcsaEvent["eventType"] | null {
  const codes = readSourceCodes(raw.source_codes);
  if (codes) return codes.eventType;
  if (raw.event && TRANSPORT[raw.event]) return "TRANSPORT";
  return raw.event && EQUIPMENT[raw.event] ? "EQUIPMENT" : null;
}

/**
 * Whether a stored event may be served as a DCSA event at all: the test a page makes before it reads
 * what the event is written with (most raw events are actual milestones, served from their transport events).
 */
export function mayBeServed(item: StoredEvent): boolean {
  if (item.type === "transport_event") {
    const name = nameOf(item.event);
    return item.event.timestamp !== null && (EQUIPMENT[name] !== undefined || TRANSPORT[name] !== undefined);
  }
  const raw = item.event;
  const milestoneEvent = raw.event ? EQUIPMENT[raw.event] ?? TRANSPORT[raw.event] : undefined;
  if (!raw.estimated && milestoneEvent) return false;
  return readSourceCodes(raw.source_codes) !== null || (raw.estimated && milestoneEvent !== undefined);
}

/**
 * Writes a stored event as a DCSA T&T 2.2 event, or null when it is none: a transport event as an
 * equipment event (gate moves, loads, discharges) or a transport event (departures, arrivals); a
 * raw event when it is an estimate, or came with DCSA codes and has no transport event (stuffing,
 * document statuses, …). Availability, holds, last free days and the like have no DCSA event. An
 * event shared by several containers ({@link sharedKey}) is served once, from the first stored.
 */
export function dcsaEventOf(item: StoredEvent, context: EventContext): ServedEvent | null {
  const event = item.type === "transport_event" ? transportDcsaEvent(item.event, context) : rawDcsaEvent(item.event, context);
  if (!event) return null;
  // The documents it belongs to: the bill of lading always, the booking when the shipment was tracked by it.
  if (event.eventType !== "SHIPMENT") {
    event.documentReferences = [
      ...(context.bookingReference ? [{ documentReferenceType: "BKG", documentReferenceValue: context.bookingReference }] : []),
      { documentReferenceType: "TRD", documentReferenceValue: context.shipment.bill_of_lading_number },
    ];
  }
  return { event, transportDocumentReference: context.shipment.bill_of_lading_number, carrierBookingReference: context.bookingReference, equipmentReferences: [...context.equipmentReferences] };
}

function transportDcsaEvent(stored: TransportEvent, context: EventContext): (DcsaEvent & { eventID: string }) | null {
  if (stored.timestamp === null) return null;
  const name = nameOf(stored);
  const facility = context.terminalCode;
  const base = { eventID: stored.id, eventCreatedDateTime: stored.created_at, eventDateTime: stored.timestamp, eventClassifierCode: name.startsWith("estimated.") ? "EST" as const : "ACT" as const };
  const place = { locode: stored.location_locode, voyage: stored.voyage_number, vessel: context.vessel, facility };
  const equipment = EQUIPMENT[name];
  if (equipment) {
    // A gate move at a terminal with a known vessel and voyage keeps its transport call.
    const call = equipment.mode || place.voyage || place.vessel ? transportCall({ ...place, mode: equipment.mode ?? "VESSEL", arriving: equipment.code === "DISC" || (equipment.code === "GTOT" && equipment.empty === "LADEN") }) : undefined;
    return {
      ...base, eventType: "EQUIPMENT", equipmentEventTypeCode: equipment.code, emptyIndicatorCode: equipment.empty, equipmentReference: context.container.number,
      ...(call ? { transportCall: call } : stored.location_locode && { eventLocation: { UNLocationCode: stored.location_locode, ...(facility && { facilityCode: facility, facilityCodeListProvider: "SMDG" as const }) } }),
    };
  }
  const transport = TRANSPORT[name];
  if (!transport) return null;
  return { ...base, eventType: "TRANSPORT", transportEventTypeCode: transport.code, transportCall: transportCall({ ...place, mode: transport.mode, arriving: transport.code === "ARRI" }) };
}

/** The DCSA event of a raw event: estimates, and actual events that came with DCSA codes and have no transport event. */
function rawDcsaEvent(raw: RawEvent, context: EventContext): (DcsaEvent & { eventID: string }) | null {
  if (!mayBeServed({ type: "raw_event", event: raw })) return null;
  const parsed = readSourceCodes(raw.source_codes);
  // Learned again when it changed: a changed estimate is a new DCSA event of the same id.
  const base = { eventID: raw.id, eventCreatedDateTime: raw.updated_at ?? raw.created_at, eventDateTime: raw.timestamp, eventClassifierCode: parsed?.eventClassifierCode ?? (raw.estimated ? "EST" as const : "ACT" as const) };
  const vessel = raw.vessel_imo ? { imo: raw.vessel_imo, name: raw.vessel_name } : null;
  const place = { locode: raw.location_locode, voyage: raw.voyage_number, vessel, facility: null };
  if (parsed?.eventType === "SHIPMENT") {
    const isBooking = parsed.documentTypeCode === "BKG" && context.bookingReference;
    return { ...base, eventType: "SHIPMENT", shipmentEventTypeCode: parsed.code as DcsaShipmentEventTypeCode, documentTypeCode: parsed.documentTypeCode ?? "TRD", documentID: isBooking ? context.bookingReference! : context.shipment.bill_of_lading_number };
  }
  const transport = parsed?.eventType === "TRANSPORT" ? { code: parsed.code as DcsaTransportEventTypeCode, mode: parsed.mode ?? "VESSEL" } : raw.event ? TRANSPORT[raw.event] : undefined;
  if (transport) return { ...base, eventType: "TRANSPORT", transportEventTypeCode: transport.code, transportCall: transportCall({ ...place, mode: transport.mode, arriving: transport.code === "ARRI" }) };
  const equipment = parsed?.eventType === "EQUIPMENT" ? { code: parsed.code as DcsaEquipmentEventTypeCode, empty: parsed.emptyIndicator ?? "LADEN", mode: parsed.mode } : raw.event ? EQUIPMENT[raw.event] : undefined;
  if (!equipment) return null;
  const call = equipment.mode ? transportCall({ ...place, mode: equipment.mode, arriving: equipment.code === "DISC" }) : undefined;
  return {
    ...base, eventType: "EQUIPMENT", equipmentEventTypeCode: equipment.code, emptyIndicatorCode: equipment.empty, equipmentReference: context.container.number,
    ...(call ? { transportCall: call } : raw.location_locode && { eventLocation: { UNLocationCode: raw.location_locode, ...(raw.location_name && { locationName: raw.location_name.slice(0, 100) }) } }),
  };
}

/** A transport call for a place, voyage and vessel; its id is made from them, so it is the same for every event of the call. */
function transportCall(place: { locode: string | null; voyage: string | null; vessel: { imo: string | null; name: string | null } | null; facility: string | null; mode: Mode; arriving: boolean }): DcsaTransportCall {
  const voyage = place.voyage ? { carrierVoyageNumber: place.voyage, [place.arriving ? "importVoyageNumber" : "exportVoyageNumber"]: place.voyage } : {};
  return {
    transportCallID: `${place.locode ?? "ZZZZZ"}-${place.voyage ?? "NOVOY"}-${place.vessel?.imo ?? place.mode}`.slice(0, 100),
    ...voyage,
    ...(place.locode && { UNLocationCode: place.locode }),
    ...(place.facility && { facilityCode: place.facility, facilityCodeListProvider: "SMDG" as const, facilityTypeCode: "POTE" }),
    modeOfTransport: place.mode,
    ...(place.vessel?.imo && { vessel: { vesselIMONumber: place.vessel.imo, ...(place.vessel.name && { vesselName: place.vessel.name.slice(0, 35) }) } }),
  };
}
