import type { Port } from "../domain/port-schema.js";
import type { RawEvent } from "../domain/raw-event-schema.js";
import type { Shipment } from "../domain/shipment-schema.js";
import type { TransportEvent } from "../domain/transport-event-schema.js";

/** One port of a container's ocean journey, with the times the map shows for it. */
export interface JourneyPort {
  /** The port. */
  port: Port;
  /** 1-based position on the route. */
  sequence: number;
  /** `POL`, `TS1`, `TS2` …, `POD`. */
  label: string;
  /** Estimated arrival at the port. */
  inbound_eta_at: string | null;
  /** Actual arrival at the port. */
  inbound_ata_at: string | null;
  /** Estimated departure from the port. */
  outbound_etd_at: string | null;
  /** Actual departure from the port. */
  outbound_atd_at: string | null;
}

/** One ocean leg between two consecutive ports. */
export interface JourneyLeg {
  /** The sequence of the port the leg departs from (leg 1 leaves the POL). */
  sequence: number;
  /** The port the leg leaves. */
  from: JourneyPort;
  /** The port the leg arrives at. */
  to: JourneyPort;
  /** The vessel sailing the leg, when known. */
  vesselId: string | null;
  /** The leg's voyage number, when known. */
  voyageNumber: string | null;
  /** `sailed`: arrived at `to` (or later legs started); `sailing`: departed, not arrived; `planned`: not departed. */
  status: "sailed" | "sailing" | "planned";
}

/** The ports and legs of a container's ocean journey. */
export interface JourneyRoute {
  /** The ports in journey order, POL first. */
  ports: JourneyPort[];
  /** The legs between consecutive ports. */
  legs: JourneyLeg[];
}

type Kind = "departed" | "loaded" | "arrived" | "discharged";

interface OceanEvent {
  kind: Kind;
  portId: string;
  at: string;
  estimated: boolean;
  createdAt: string;
  vesselId: string | null;
  voyageNumber: string | null;
}

const KINDS: Record<string, Kind> = {
  vessel_departed: "departed", transshipment_departed: "departed", feeder_departed: "departed",
  vessel_loaded: "loaded", transshipment_loaded: "loaded", feeder_loaded: "loaded",
  vessel_arrived: "arrived", transshipment_arrived: "arrived", feeder_arrived: "arrived", vessel_berthed: "arrived",
  vessel_discharged: "discharged", transshipment_discharged: "discharged", feeder_discharged: "discharged",
};

function oceanEvents(transportEvents: readonly TransportEvent[], rawEvents: readonly RawEvent[]): OceanEvent[] {
  const events: OceanEvent[] = [];
  for (const e of transportEvents) {
    const name = e.event.replace("container.transport.", "");
    const kind = KINDS[name.replace("estimated.", "")];
    if (!kind || !e.timestamp || !e.location_id || e.location_type !== "port") continue;
    events.push({ kind, portId: e.location_id, at: e.timestamp, estimated: name.startsWith("estimated."), createdAt: e.created_at, vesselId: e.vessel_id, voyageNumber: e.voyage_number });
  }
  for (const e of rawEvents) {
    const kind = e.event ? KINDS[e.event] : undefined;
    if (!kind || !e.location_id) continue;
    events.push({ kind, portId: e.location_id, at: e.timestamp, estimated: e.estimated, createdAt: e.created_at, vesselId: e.vessel_id, voyageNumber: e.voyage_number });
  }
  return events.sort((a, b) => (a.at < b.at ? -1 : a.at > b.at ? 1 : 0));
}

const earliestActual = (events: readonly OceanEvent[]) => events.find((e) => !e.estimated)?.at ?? null;
const latestEstimate = (events: readonly OceanEvent[]) =>
  events.filter((e) => e.estimated).reduce<OceanEvent | null>((best, e) => (!best || e.createdAt >= best.createdAt ? e : best), null)?.at ?? null;

/**
 * Works out a container's ocean journey from its shipment and events: the POL and POD of the
 * shipment (or of the first departure and last arrival), the transshipment ports between them in
 * the order the events (actual, or the line's estimates in raw events) reach them, each port's
 * inbound and outbound times, and each leg's vessel and status. Null when the journey is unknown
 * (no POL or POD, or a port missing from `ports`).
 */
export function journeyRoute(shipment: Shipment, transportEvents: readonly TransportEvent[], rawEvents: readonly RawEvent[], ports: ReadonlyMap<string, Port>): JourneyRoute | null {
  const events = oceanEvents(transportEvents, rawEvents);
  const polId = shipment.port_of_lading_id ?? events.find((e) => e.kind === "departed" || e.kind === "loaded")?.portId ?? null;
  const podId = shipment.port_of_discharge_id ?? events.findLast((e) => e.kind === "arrived" || e.kind === "discharged")?.portId ?? null;
  if (!polId || !podId) return null;
  const ids = [polId, ...new Set(events.map((e) => e.portId).filter((id) => id !== polId && id !== podId)), podId];
  if (polId === podId || ids.some((id) => !ports.has(id))) return null;
  const at = (portId: string, kinds: readonly Kind[]) => events.filter((e) => e.portId === portId && kinds.includes(e.kind));
  const journeyPorts = ids.map((id, i): JourneyPort => {
    const first = i === 0;
    const last = i === ids.length - 1;
    const arrivals = at(id, ["arrived"]);
    const departures = at(id, ["departed"]);
    return {
      port: ports.get(id)!,
      sequence: i + 1,
      label: first ? "POL" : last ? "POD" : `TS${i}`,
      inbound_eta_at: first ? null : last ? (shipment.pod_eta_at ?? latestEstimate(arrivals)) : latestEstimate(arrivals),
      inbound_ata_at: first ? null : (earliestActual(arrivals) ?? (last ? shipment.pod_ata_at : null) ?? earliestActual(at(id, ["discharged"]))),
      outbound_etd_at: last ? null : first ? (shipment.pol_etd_at ?? latestEstimate(departures)) : latestEstimate(departures),
      outbound_atd_at: last ? null : (earliestActual(departures) ?? (first ? shipment.pol_atd_at : null)),
    };
  });
  const legs = journeyPorts.slice(0, -1).map((from, i): JourneyLeg => {
    const to = journeyPorts[i + 1]!;
    const own = [...at(from.port.id, ["departed", "loaded"]), ...at(to.port.id, ["arrived", "discharged"])].sort((a, b) => Number(a.estimated) - Number(b.estimated));
    const laterStarted = journeyPorts.slice(i + 1).some((p) => p.outbound_atd_at !== null);
    const lastLeg = i === journeyPorts.length - 2;
    return {
      sequence: from.sequence,
      from,
      to,
      vesselId: own.find((e) => e.vesselId)?.vesselId ?? (lastLeg ? shipment.pod_vessel_id : null),
      voyageNumber: own.find((e) => e.voyageNumber)?.voyageNumber ?? (lastLeg ? shipment.pod_voyage_number : null),
      status: to.inbound_ata_at !== null || laterStarted ? "sailed" : from.outbound_atd_at !== null ? "sailing" : "planned",
    };
  });
  return { ports: journeyPorts, legs };
}
