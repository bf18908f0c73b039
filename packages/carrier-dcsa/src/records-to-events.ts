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

/** Everything stored about one shipment that its DCSA events are made from. */
export interface ShipmentRecords {
  /** The shipment. */
  shipment: Shipment;
  /** The booking number it was tracked by, when it was. */
  bookingReference: string | null;
  /** Its containers with their events. */
  containers: { container: Container; transportEvents: TransportEvent[]; rawEvents: RawEvent[] }[];
  /** The IMO number and name of a vessel by id, when known. */
  vessel: (id: string) => { imo: string | null; name: string } | null;
  /** The SMDG code of a terminal by id, when known. */
  terminalCode: (id: string) => string | null;
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

/**
 * Writes a shipment's stored data as DCSA T&T 2.2 events: each transport event as an equipment
 * event (gate moves, loads, discharges) or a transport event (departures, arrivals, shared by the
 * shipment's containers: one event per call), and from the raw events the estimates and the
 * events kept in DCSA wording that have no transport event (stuffing, document statuses, …).
 */
export function shipmentDcsaEvents(records: ShipmentRecords): ServedEvent[] {
  const { shipment } = records;
  const served = new Map<string, ServedEvent>();
  const add = (key: string, event: DcsaEvent & { eventID: string }, equipment: string | null) => {
    const held = served.get(key);
    if (held) {
      if (equipment && !held.equipmentReferences.includes(equipment)) held.equipmentReferences.push(equipment);
      // The event of several containers is named after the first stored.
      if (event.eventID < held.event.eventID) held.event = event;
      return;
    }
    served.set(key, { event, transportDocumentReference: shipment.bill_of_lading_number, carrierBookingReference: records.bookingReference, equipmentReferences: equipment ? [equipment] : [] });
  };

  for (const { container, transportEvents, rawEvents } of records.containers) {
    const rawByMilestone = new Map(rawEvents.filter((r) => r.event).map((r) => [`${r.event}|${r.timestamp}|${r.location_locode ?? ""}`, r]));
    for (const stored of transportEvents) {
      if (stored.timestamp === null) continue;
      const name = stored.event.replace(/^container\.transport\./, "");
      const raw = rawByMilestone.get(`${name.replace(/^estimated\./, "")}|${stored.timestamp}|${stored.location_locode ?? ""}`);
      const vessel = raw?.vessel_imo ? { imo: raw.vessel_imo, name: raw.vessel_name } : stored.vessel_id ? records.vessel(stored.vessel_id) : null;
      const facility = stored.terminal_id && stored.terminal_type === "terminal" ? records.terminalCode(stored.terminal_id) : null;
      const base = { eventID: stored.id, eventCreatedDateTime: stored.created_at, eventDateTime: stored.timestamp, eventClassifierCode: name.startsWith("estimated.") ? "EST" as const : "ACT" as const };
      const place = { locode: stored.location_locode, voyage: stored.voyage_number, vessel, facility };
      const equipment = EQUIPMENT[name];
      if (equipment) {
        // A gate move at a terminal with a known vessel and voyage keeps its transport call.
        const call = equipment.mode || place.voyage || place.vessel ? transportCall({ ...place, mode: equipment.mode ?? "VESSEL", arriving: equipment.code === "DISC" || (equipment.code === "GTOT" && equipment.empty === "LADEN") }) : undefined;
        const event: DcsaEvent & { eventID: string } = {
          ...base, eventType: "EQUIPMENT", equipmentEventTypeCode: equipment.code, emptyIndicatorCode: equipment.empty, equipmentReference: container.number,
          ...(call ? { transportCall: call } : stored.location_locode && { eventLocation: { UNLocationCode: stored.location_locode, ...(facility && { facilityCode: facility, facilityCodeListProvider: "SMDG" as const }) } }),
        };
        add(stored.id, event, container.number);
        continue;
      }
      const transport = TRANSPORT[name];
      if (transport) {
        const event: DcsaEvent & { eventID: string } = { ...base, eventType: "TRANSPORT", transportEventTypeCode: transport.code, transportCall: transportCall({ ...place, mode: transport.mode, arriving: transport.code === "ARRI" }) };
        add(`T|${name}|${stored.timestamp}|${stored.location_locode ?? ""}|${stored.voyage_number ?? ""}`, event, container.number);
      }
      // Availability, holds, last free days and the like have no DCSA event.
    }
    for (const raw of rawEvents) {
      const event = rawDcsaEvent(raw, container, records);
      if (!event) continue;
      const perContainer = event.eventType === "EQUIPMENT";
      add(perContainer ? raw.id : `R|${raw.original_event}|${raw.estimated}|${raw.timestamp}|${raw.location_locode ?? ""}|${raw.voyage_number ?? ""}`, event, container.number);
    }
  }
  return [...served.values()];
}

/**
 * Whether a stored event may be served as a DCSA event at all: the test a page makes before it reads
 * the event's shipment (most raw events are actual milestones, served from their transport events).
 */
export function mayBeServed(item: { type: "transport_event"; event: TransportEvent } | { type: "raw_event"; event: RawEvent }): boolean {
  if (item.type === "transport_event") {
    const name = item.event.event.replace(/^container\.transport\./, "");
    return item.event.timestamp !== null && (EQUIPMENT[name] !== undefined || TRANSPORT[name] !== undefined);
  }
  const raw = item.event;
  const milestoneEvent = raw.event ? EQUIPMENT[raw.event] ?? TRANSPORT[raw.event] : undefined;
  if (!raw.estimated && milestoneEvent) return false;
  return readSourceCodes(raw.source_codes) !== null || (raw.estimated && milestoneEvent !== undefined);
}

/** The DCSA event of a raw event: estimates, and actual events that came with DCSA codes and have no transport event. */
function rawDcsaEvent(raw: RawEvent, container: Container, records: ShipmentRecords): (DcsaEvent & { eventID: string }) | null {
  const parsed = readSourceCodes(raw.source_codes);
  const milestoneEvent = raw.event ? EQUIPMENT[raw.event] ?? TRANSPORT[raw.event] : undefined;
  // An actual milestone is served from its transport event.
  if (!raw.estimated && milestoneEvent) return null;
  if (!parsed && !(raw.estimated && milestoneEvent)) return null;
  // Learned again when it changed: a changed estimate is a new DCSA event of the same id.
  const base = { eventID: raw.id, eventCreatedDateTime: raw.updated_at ?? raw.created_at, eventDateTime: raw.timestamp, eventClassifierCode: parsed?.eventClassifierCode ?? (raw.estimated ? "EST" as const : "ACT" as const) };
  const vessel = raw.vessel_imo ? { imo: raw.vessel_imo, name: raw.vessel_name } : null;
  const place = { locode: raw.location_locode, voyage: raw.voyage_number, vessel, facility: null };
  if (parsed?.eventType === "SHIPMENT") {
    const isBooking = parsed.documentTypeCode === "BKG" && records.bookingReference;
    return { ...base, eventType: "SHIPMENT", shipmentEventTypeCode: parsed.code as DcsaShipmentEventTypeCode, documentTypeCode: parsed.documentTypeCode ?? "TRD", documentID: isBooking ? records.bookingReference! : records.shipment.bill_of_lading_number };
  }
  const transport = parsed?.eventType === "TRANSPORT" ? { code: parsed.code as DcsaTransportEventTypeCode, mode: parsed.mode ?? "VESSEL" } : raw.event ? TRANSPORT[raw.event] : undefined;
  if (transport) return { ...base, eventType: "TRANSPORT", transportEventTypeCode: transport.code, transportCall: transportCall({ ...place, mode: transport.mode, arriving: transport.code === "ARRI" }) };
  const equipment = parsed?.eventType === "EQUIPMENT" ? { code: parsed.code as DcsaEquipmentEventTypeCode, empty: parsed.emptyIndicator ?? "LADEN", mode: parsed.mode } : raw.event ? EQUIPMENT[raw.event] : undefined;
  if (!equipment) return null;
  const call = equipment.mode ? transportCall({ ...place, mode: equipment.mode, arriving: equipment.code === "DISC" }) : undefined;
  return {
    ...base, eventType: "EQUIPMENT", equipmentEventTypeCode: equipment.code, emptyIndicatorCode: equipment.empty, equipmentReference: container.number,
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
