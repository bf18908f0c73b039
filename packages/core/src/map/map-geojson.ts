import type { Container } from "../domain/container-schema.js";
import type { Port } from "../domain/port-schema.js";
import type { RawEvent } from "../domain/raw-event-schema.js";
import type { Shipment } from "../domain/shipment-schema.js";
import type { TransportEvent } from "../domain/transport-event-schema.js";
import type { Vessel, VesselPositionRecord } from "../domain/vessel-schema.js";
import type { LonLat } from "../routing/geodesy.js";
import type { SeaRouter } from "../routing/sea-router.js";
import { journeyRoute, type JourneyLeg, type JourneyPort } from "./journey-route.js";
import type { ContainerMap, ContainerMapFeature } from "./map-geojson-schema.js";
import { mapLine, mapTrack } from "./simplify-line.js";
import { wireValue } from "../jsonapi/wire-time.js";

/** The most positions of one leg's past path. */
export const MAX_PAST_POINTS = 500;

/** Everything the map of one container is drawn from (read by the caller; the assembly does no I/O). */
export interface ContainerMapInput {
  /** The container's shipment. */
  shipment: Shipment;
  /** The container mapped. */
  container: Container;
  /** The container's transport events (actual milestones). */
  transportEvents: readonly TransportEvent[];
  /** The container's raw events: the line's estimates name transshipment ports not yet reached. */
  rawEvents?: readonly RawEvent[];
  /** The ports of the journey (and any others), by id. */
  ports: ReadonlyMap<string, Port>;
  /** The vessels of the journey, by id. */
  vessels: ReadonlyMap<string, Vessel>;
  /** Stored reports by vessel id, in time order, covering at least the window each leg was sailed in. */
  positions: ReadonlyMap<string, readonly VesselPositionRecord[]>;
  /** Draws the sea routes of legs not sailed yet. */
  router: SeaRouter;
  /** The current time (ISO timestamp): the end of the leg being sailed. */
  now: string;
}

/** The time window of stored positions that draws one leg's past path. */
export interface PastLegWindow {
  /** The vessel that sailed the leg. */
  vesselId: string;
  /** Departure time (ISO timestamp), inclusive. */
  from: string;
  /** Arrival time, or now for the leg being sailed (inclusive). */
  to: string;
}

const point = (p: { longitude: number; latitude: number }): LonLat => [p.longitude, p.latitude];
const portPoint = (p: Port): LonLat => [p.longitude, p.latitude];

/** The windows of stored positions to read for the legs sailed or being sailed (departure to arrival, or to `now`). */
export function pastLegWindows(legs: readonly JourneyLeg[], now: string): PastLegWindow[] {
  return legs.flatMap((leg) => {
    const from = leg.from.outbound_atd_at;
    if (leg.status === "planned" || !leg.vesselId || !from) return [];
    return [{ vesselId: leg.vesselId, from, to: leg.status === "sailed" ? (leg.to.inbound_ata_at ?? now) : now }];
  });
}

/** The index range `[start, end)` of the reports of `series` (time-ordered) with `from <= timestamp <= to`, by binary search. */
function windowOf(series: readonly VesselPositionRecord[], from: string, to: string): [start: number, end: number] {
  const lowerBound = (t: string, inclusive: boolean) => {
    let [lo, hi] = [0, series.length];
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (inclusive ? series[mid]!.timestamp < t : series[mid]!.timestamp <= t) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  };
  return [lowerBound(from, true), lowerBound(to, false)];
}

function portFeature(p: JourneyPort, total: number, updatedAt: string): ContainerMapFeature {
  const { port } = p;
  return {
    type: "Feature",
    geometry: { type: "Point", coordinates: portPoint(port) },
    properties: {
      feature_type: "port", ports_sequence: p.sequence, ports_total: total, location_id: port.id, location_type: "Port", name: port.name,
      state_abbr: port.state_abbr, state: port.state, country_code: port.country_code, country: port.country, time_zone: port.time_zone,
      inbound_eta_at: p.inbound_eta_at, inbound_ata_at: p.inbound_ata_at, outbound_etd_at: p.outbound_etd_at, outbound_atd_at: p.outbound_atd_at,
      label: p.label, updated_at: updatedAt,
    },
  };
}

function currentVesselFeature(leg: JourneyLeg, vessel: Vessel, at: VesselPositionRecord): ContainerMapFeature {
  const side = (prefix: "departure_port" | "arrival_port", p: JourneyPort) => ({
    [`${prefix}_id`]: p.port.id, [`${prefix}_name`]: p.port.name, [`${prefix}_state_abbr`]: p.port.state_abbr, [`${prefix}_state`]: p.port.state,
    [`${prefix}_country_code`]: p.port.country_code, [`${prefix}_country`]: p.port.country, [`${prefix}_label`]: p.label, [`${prefix}_time_zone`]: p.port.time_zone,
  });
  return {
    type: "Feature",
    geometry: { type: "Point", coordinates: point(at) },
    properties: {
      feature_type: "current_vessel", ports_sequence: leg.sequence, vessel_id: vessel.id, vessel_name: vessel.name, vessel_imo: vessel.imo,
      voyage_number: leg.voyageNumber, vessel_location_timestamp: at.timestamp, vessel_location_heading: at.heading, vessel_location_speed: at.speed_knots,
      ...side("departure_port", leg.from), departure_port_atd: leg.from.outbound_atd_at,
      ...side("arrival_port", leg.to), arrival_port_eta: leg.to.inbound_eta_at,
    } as Extract<ContainerMapFeature["properties"], { feature_type: "current_vessel" }>,
  };
}

/** Where the vessel of a leg being sailed is: its current position when reported since departure, else its last report on the leg. */
function vesselPosition(leg: JourneyLeg, vessel: Vessel, lastOnLeg: VesselPositionRecord | null): VesselPositionRecord | null {
  const departed = leg.from.outbound_atd_at ?? "";
  if (vessel.latitude !== null && vessel.longitude !== null && vessel.position_timestamp !== null && vessel.position_timestamp >= departed) {
    return { vessel_id: vessel.id, latitude: vessel.latitude, longitude: vessel.longitude, heading: vessel.navigational_heading_degrees, speed_knots: vessel.nautical_speed_knots, timestamp: vessel.position_timestamp, source: "vessel" };
  }
  return lastOnLeg;
}

/**
 * Assembles the container map collection (see `ContainerMapSchema`): a `port` Point per port of
 * the journey; a `past_vessel_locations` LineString per leg sailed or being sailed, from the
 * stored positions (at most {@link MAX_PAST_POINTS}, first and last kept); while the container is
 * at sea, the `current_vessel` Point and an `estimated_partial_leg` along the sea route to the next
 * port; and an `estimated_full_legs` LineString along the sea route of every leg not yet started
 * (also of a leg being sailed whose vessel has no position). A leg's `ports_sequence` is that of
 * the port it leaves; `point_count` counts the LineString's positions. Lines crossing the
 * antimeridian stay LineStrings with a `[±180, φ] → [∓180, φ]` vertex pair (see `cutAtAntimeridian`).
 * Without a known POL and POD the collection is empty.
 */
export function buildContainerMap(input: ContainerMapInput): ContainerMap {
  const journey = journeyRoute(input.shipment, input.transportEvents, input.rawEvents ?? [], input.ports);
  if (!journey) return { type: "FeatureCollection", features: [] };
  const updatedAt = input.shipment.updated_at > input.container.updated_at ? input.shipment.updated_at : input.container.updated_at;
  const features: ContainerMapFeature[] = journey.ports.map((p) => portFeature(p, journey.ports.length, updatedAt));
  const estimates: ContainerMapFeature[] = [];
  const fullLeg = (leg: JourneyLeg): ContainerMapFeature => {
    const coordinates = mapLine(input.router.route(portPoint(leg.from.port), portPoint(leg.to.port)).coordinates, Number.POSITIVE_INFINITY);
    return { type: "Feature", geometry: { type: "LineString", coordinates }, properties: { feature_type: "estimated_full_legs", ports_sequence: leg.sequence, previous_port_id: leg.from.port.id, next_port_id: leg.to.port.id, point_count: coordinates.length } };
  };
  for (const leg of journey.legs) {
    const window = pastLegWindows([leg], input.now)[0];
    const vessel = leg.vesselId ? input.vessels.get(leg.vesselId) : undefined;
    const series = window ? (input.positions.get(window.vesselId) ?? []) : [];
    const [start, end] = window ? windowOf(series, window.from, window.to) : [0, 0];
    if (end - start >= 2) {
      const coordinates = mapTrack({ length: end - start, lon: (i) => series[start + i]!.longitude, lat: (i) => series[start + i]!.latitude }, MAX_PAST_POINTS);
      features.push({
        type: "Feature",
        geometry: { type: "LineString", coordinates },
        properties: {
          feature_type: "past_vessel_locations", ports_sequence: leg.sequence, vessel_id: leg.vesselId!, start_time: series[start]!.timestamp, end_time: series[end - 1]!.timestamp,
          point_count: coordinates.length, outbound_atd_at: leg.from.outbound_atd_at, inbound_ata_at: leg.to.inbound_ata_at, inbound_eta_at: leg.to.inbound_eta_at,
        },
      });
    }
    if (leg.status === "planned") estimates.push(fullLeg(leg));
    if (leg.status !== "sailing") continue;
    const at = vessel ? vesselPosition(leg, vessel, end > start ? series[end - 1]! : null) : null;
    if (!vessel || !at) {
      estimates.push(fullLeg(leg));
      continue;
    }
    features.push(currentVesselFeature(leg, vessel, at));
    const coordinates = mapLine(input.router.route(point(at), portPoint(leg.to.port)).coordinates, Number.POSITIVE_INFINITY);
    features.push({ type: "Feature", geometry: { type: "LineString", coordinates }, properties: { feature_type: "estimated_partial_leg", ports_sequence: leg.sequence, current_port_id: leg.from.port.id, next_port_id: leg.to.port.id, point_count: coordinates.length } });
  }
  // The map is a wire document: its times are whole seconds, as the live service writes them.
  return { type: "FeatureCollection", features: [...features, ...estimates].map((feature) => ({ ...feature, properties: wireValue(feature.properties) }) as ContainerMapFeature) };
}
