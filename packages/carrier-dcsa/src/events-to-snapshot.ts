import type { CarrierSnapshotInput } from "@bollard/core";
import { isContainerNumber, isImo, isUnLocode, type RawEventName, type TransportEventName } from "@bollard/core/schemas";
import { eventCode, eventWording, sourceCodes } from "./dcsa-codes.js";
import type { DcsaEquipmentEvent, DcsaEvent, DcsaTransportCall } from "./dcsa-types.js";
import { isReadableEvent } from "./event-shape.js";

type SnapshotContainerInput = CarrierSnapshotInput["containers"][number];
type RawEventInput = NonNullable<SnapshotContainerInput["raw_events"]>[number];
type TransportEventInput = NonNullable<SnapshotContainerInput["transport_events"]>[number];

/** ISO 6346 size-type codes Bollard knows: length, height, type. */
const SIZE = { "2": 20, "4": 40, "L": 45 } as const;
const TYPE = { G: "dry", R: "reefer", U: "open top", P: "flat rack", B: "bulk", T: "tank" } as const;

/** When an event happened, for sorting: its event time, then its creation time. */
function byEventTime(a: DcsaEvent, b: DcsaEvent): number {
  return Date.parse(a.eventDateTime) - Date.parse(b.eventDateTime) || Date.parse(a.eventCreatedDateTime) - Date.parse(b.eventCreatedDateTime);
}

/**
 * The document reference of a kind (`TRD` or `BKG`) an event names, if any, without surrounding
 * blanks (a blank one names nothing). Safe on any value (a carrier's malformed event names none):
 * it reads only text where the standard has text.
 */
export function documentReference(event: DcsaEvent, kind: "TRD" | "BKG"): string | null {
  if (typeof event !== "object" || event === null) return null;
  if (event.eventType === "SHIPMENT" && event.documentTypeCode === kind && typeof event.documentID === "string" && event.documentID.trim()) return event.documentID.trim();
  const refs: unknown = event.documentReferences;
  if (!Array.isArray(refs)) return null;
  for (const ref of refs as unknown[]) {
    if (typeof ref !== "object" || ref === null) continue;
    const { documentReferenceType: type, documentReferenceValue: value } = ref as Record<string, unknown>;
    if (typeof type === "string" && type.slice(0, 3) === kind && typeof value === "string" && value.trim()) return value.trim();
  }
  return null;
}

function callOf(event: DcsaEvent): DcsaTransportCall | undefined {
  return event.eventType === "SHIPMENT" ? undefined : event.transportCall;
}

function locodeOf(event: DcsaEvent): string | null {
  const call = callOf(event);
  const code = call?.UNLocationCode ?? call?.location?.UNLocationCode ?? (event.eventType === "EQUIPMENT" ? event.eventLocation?.UNLocationCode : undefined);
  return code && isUnLocode(code) ? code : null;
}

function voyageOf(event: DcsaEvent): string | null {
  const call = callOf(event);
  if (!call) return null;
  const arriving = eventCode(event) === "ARRI" || eventCode(event) === "DISC" || (event.eventType === "EQUIPMENT" && event.equipmentEventTypeCode === "GTOT" && event.emptyIndicatorCode === "LADEN");
  return (arriving ? call.importVoyageNumber ?? call.carrierVoyageNumber ?? call.exportVoyageNumber : call.exportVoyageNumber ?? call.carrierVoyageNumber ?? call.importVoyageNumber) ?? null;
}

function vesselOf(event: DcsaEvent): { imo: string | null; name: string | null } {
  const vessel = callOf(event)?.vessel;
  return { imo: vessel && isImo(vessel.vesselIMONumber) ? vessel.vesselIMONumber : null, name: vessel?.vesselName ?? null };
}

/** The SMDG (or BIC) facility code of a call, which Bollard resolves to a terminal when it knows it (an empty one is none). */
function facilityOf(event: DcsaEvent): string | null {
  const call = callOf(event);
  return call?.facilityCode || (event.eventType === "EQUIPMENT" ? event.eventLocation?.facilityCode : undefined) || null;
}

function isVesselMove(event: DcsaEvent): boolean {
  const mode = callOf(event)?.modeOfTransport;
  return mode === undefined || mode === "VESSEL";
}

/** The ports of the ocean journey: where the first vessel leaves and the last one arrives. */
function route(events: readonly DcsaEvent[]): { pol: string | null; pod: string | null } {
  const departures = events.filter((e) => isVesselMove(e) && (eventCode(e) === "DEPA" || eventCode(e) === "LOAD") && locodeOf(e));
  const arrivals = events.filter((e) => isVesselMove(e) && (eventCode(e) === "ARRI" || eventCode(e) === "DISC") && locodeOf(e));
  return { pol: departures.length > 0 ? locodeOf(departures[0]!) : null, pod: arrivals.length > 0 ? locodeOf(arrivals.at(-1)!) : null };
}

/** Bollard's milestone for a DCSA event (any classifier), or null when it has none. */
export function milestoneOf(event: DcsaEvent, ports: { pol: string | null; pod: string | null }): RawEventName | null {
  const code = eventCode(event);
  const mode = callOf(event)?.modeOfTransport ?? (event.eventType === "TRANSPORT" ? "VESSEL" : undefined);
  const at = locodeOf(event);
  if (event.eventType === "EQUIPMENT") {
    const laden = event.emptyIndicatorCode === "LADEN";
    if (code === "GTOT") return laden ? "full_out" : "empty_out";
    if (code === "GTIN") return laden ? "full_in" : "empty_in";
    if (code === "LOAD" && mode === "RAIL") return "rail_loaded";
    if (code === "DISC" && mode === "RAIL") return "rail_unloaded";
    if (mode === "TRUCK" || mode === "BARGE") return null;
    if (code === "LOAD") return at !== null && at === ports.pol ? "vessel_loaded" : at === null ? "vessel_loaded" : "transshipment_loaded";
    if (code === "DISC") return at !== null && at === ports.pod ? "vessel_discharged" : at === null ? "vessel_discharged" : "transshipment_discharged";
    return null;
  }
  if (event.eventType === "TRANSPORT") {
    if (mode === "RAIL") return code === "ARRI" ? "rail_arrived" : "rail_departed";
    if (mode !== "VESSEL") return null;
    if (code === "DEPA") return at === ports.pol ? "vessel_departed" : "transshipment_departed";
    return at === ports.pod ? "vessel_arrived" : "transshipment_arrived";
  }
  if (code === "RELS" && event.documentTypeCode === "SRM") return "carrier_release";
  if (code === "RELS" && event.documentTypeCode === "CUS") return "customs_release";
  return null;
}

/**
 * Keeps one event per happening: the actual when there is one, else the newest estimate or plan
 * (by `eventCreatedDateTime`). Duplicates (the same event sent twice) collapse too.
 */
export function latestPerHappening(events: readonly DcsaEvent[]): DcsaEvent[] {
  const chosen = new Map<string, DcsaEvent>();
  for (const event of events) {
    const equipment = event.eventType === "EQUIPMENT" ? event.equipmentReference ?? "" : "";
    const key = `${eventWording(event)}|${locodeOf(event) ?? ""}|${voyageOf(event) ?? ""}|${equipment}|${callOf(event)?.transportCallID ?? ""}`;
    const held = chosen.get(key);
    const better = !held
      || (held.eventClassifierCode !== "ACT" && event.eventClassifierCode === "ACT")
      || (held.eventClassifierCode === event.eventClassifierCode && Date.parse(event.eventCreatedDateTime) >= Date.parse(held.eventCreatedDateTime))
      || (held.eventClassifierCode !== "ACT" && event.eventClassifierCode !== "ACT" && Date.parse(event.eventCreatedDateTime) >= Date.parse(held.eventCreatedDateTime));
    if (better) chosen.set(key, event);
  }
  return [...chosen.values()].sort(byEventTime);
}

/** What {@link dcsaSnapshot} needs besides the events. */
export interface SnapshotReference {
  /** The number Bollard tracks (the fallback bill of lading number when no event names a transport document). */
  requestNumber: string;
  /**
   * The events are some of the carrier's, not all (a push): the snapshot is `partial`, and the
   * shipment's events (departures, arrivals, document events) also go to these containers, the
   * ones stored for it, which the events may not name.
   * @default a pull: the events are all the carrier has, and name every container
   */
  push?: {
    /** The numbers of the shipment's stored containers. */
    containers: readonly string[];
    /** The shipment's stored ports of lading and discharge, which a push's few events may not show: they classify its moves. */
    ports: {
      /** UN/LOCODE of the port of lading, when known. */
      pol: string | null;
      /** UN/LOCODE of the port of discharge, when known. */
      pod: string | null;
    };
  };
}

/**
 * Maps a shipment's DCSA events into a Bollard carrier snapshot (see docs/dcsa.md for the table):
 * actual loads, discharges, gate moves, departures and arrivals become transport events; every
 * event, mapped or not, is also kept as a raw event with its DCSA wording; planned and estimated
 * arrivals and departures at the ports of lading and discharge become the shipment's ETD and ETA.
 * Events are applied in event time order, whatever order they came in. An event the mapping cannot
 * read (see `eventProblem`) is left out, not a failure of the whole shipment. Null when there is
 * nothing to map (no readable events).
 */
export function dcsaSnapshot(input: readonly DcsaEvent[], reference: SnapshotReference): CarrierSnapshotInput | null {
  const events = latestPerHappening(input.filter(isReadableEvent));
  if (events.length === 0) return null;
  const seen = route(events);
  // A push's few events may not show the journey's ends: the stored ones classify its moves.
  const ports = { pol: reference.push?.ports.pol ?? seen.pol, pod: reference.push?.ports.pod ?? seen.pod };
  const billOfLading = events.map((e) => documentReference(e, "TRD")).find((ref) => ref !== null) ?? reference.requestNumber;
  const containers = new Map<string, SnapshotContainerInput & { raw_events: RawEventInput[]; transport_events: TransportEventInput[] }>();
  for (const number of reference.push?.containers ?? []) containers.set(number, { number, transport_events: [], raw_events: [] });
  for (const event of events) {
    if (event.eventType !== "EQUIPMENT" || !event.equipmentReference || !isContainerNumber(event.equipmentReference) || containers.has(event.equipmentReference)) continue;
    containers.set(event.equipmentReference, { number: event.equipmentReference, ...equipmentAttributes(event.ISOEquipmentCode), transport_events: [], raw_events: [] });
  }
  const shipment: CarrierSnapshotInput["shipment"] = { bill_of_lading_number: billOfLading };
  if (ports.pol) shipment.port_of_lading_locode = ports.pol;
  if (ports.pod) shipment.port_of_discharge_locode = ports.pod;
  const vessels = new Map<string, string>();

  for (const event of events) {
    const at = locodeOf(event);
    const vessel = vesselOf(event);
    const voyage = voyageOf(event);
    const milestone = milestoneOf(event, ports);
    const actual = event.eventClassifierCode === "ACT";
    const timestamp = new Date(event.eventDateTime).toISOString();
    if (vessel.imo && vessel.name) vessels.set(vessel.imo, vessel.name);
    shipmentTimes(shipment, event, milestone, { at, vessel, voyage, ports, timestamp });
    const raw: RawEventInput = {
      event: milestone, original_event: eventWording(event), timestamp, estimated: !actual, source_codes: sourceCodes(event), reported_at: new Date(event.eventCreatedDateTime).toISOString(),
      location_locode: at, location_name: callOf(event)?.location?.locationName ?? (event.eventType === "EQUIPMENT" ? event.eventLocation?.locationName : undefined) ?? facilityOf(event),
      vessel_imo: vessel.imo, vessel_name: vessel.name, voyage_number: voyage,
    };
    const targets = event.eventType === "EQUIPMENT" ? [containers.get(event.equipmentReference ?? "")].filter((c) => c !== undefined) : [...containers.values()];
    for (const container of targets) {
      container.raw_events.push(raw);
      if (actual && milestone && TRANSPORT_EVENT[milestone]) {
        container.transport_events.push({ event: TRANSPORT_EVENT[milestone]!, timestamp, location_locode: at, terminal: facilityOf(event), vessel_imo: vessel.imo, voyage_number: voyage });
      }
    }
  }
  return { shipment, containers: [...containers.values()], vessels: [...vessels].map(([imo, name]) => ({ imo, name })), ...(reference.push && { partial: true }) };
}

/** The milestones that are also transport events (shipment releases stay raw events). */
const TRANSPORT_EVENT: Partial<Record<RawEventName, TransportEventName>> = Object.fromEntries(
  (["empty_out", "full_in", "vessel_loaded", "vessel_departed", "transshipment_arrived", "transshipment_discharged", "transshipment_loaded", "transshipment_departed",
    "rail_loaded", "rail_departed", "rail_arrived", "rail_unloaded", "vessel_arrived", "vessel_discharged", "full_out", "empty_in"] as const).map((name) => [name, `container.transport.${name}`]),
);

/** A container's length, height and type from an ISO 6346 size-type code (`45G1`) or type group (`22GP`), as far as Bollard knows them. */
export function equipmentAttributes(code: string | undefined): Partial<SnapshotContainerInput> {
  if (!code || code.length !== 4) return {};
  const length = SIZE[code[0] as keyof typeof SIZE];
  const type = TYPE[code[2] as keyof typeof TYPE];
  const height = code[1] === "5" ? "high_cube" : code[1] === "2" ? "standard" : undefined;
  return { ...(length && { equipment_length: length }), ...(type && { equipment_type: type }), ...(height && { equipment_height: height }) };
}

/** Departures from the port of lading and arrivals at the port of discharge set the shipment's times and POD vessel. */
function shipmentTimes(
  shipment: CarrierSnapshotInput["shipment"],
  event: DcsaEvent,
  milestone: RawEventName | null,
  where: { at: string | null; vessel: { imo: string | null; name: string | null }; voyage: string | null; ports: { pol: string | null; pod: string | null }; timestamp: string },
): void {
  if (event.eventType !== "TRANSPORT" || where.at === null) return;
  const actual = event.eventClassifierCode === "ACT";
  // Each date goes with the time the carrier issued it, so an older one arriving late never replaces it.
  const set = (key: "pol_atd_at" | "pol_etd_at" | "pod_ata_at" | "pod_eta_at") => {
    shipment[key] = where.timestamp;
    shipment.dates_reported_at = { ...shipment.dates_reported_at, [key]: new Date(event.eventCreatedDateTime).toISOString() };
  };
  if (milestone === "vessel_departed") set(actual ? "pol_atd_at" : "pol_etd_at");
  if (milestone === "vessel_arrived") {
    set(actual ? "pod_ata_at" : "pod_eta_at");
    if (where.vessel.imo) shipment.pod_vessel_imo = where.vessel.imo;
    if (where.vessel.name) shipment.pod_vessel_name = where.vessel.name;
    if (where.voyage) shipment.pod_voyage_number = where.voyage;
    const facility = facilityOf(event);
    if (facility && event.transportCall.facilityCodeListProvider !== "BIC") shipment.pod_terminal = facility;
  }
}
