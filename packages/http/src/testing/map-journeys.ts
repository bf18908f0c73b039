import { type Port, type RawEvent, type TransportEvent, type Vessel, type VesselPositionRecord, uuidv7 } from "@bollard/core";
import { portByLocode, seaRouter, walkRoute, type ContainerMapInput } from "@bollard/core/geo";
import { makeContainer, makeRawEvent, makeShipment, makeTransportEvent, makeVessel } from "@bollard/core/testing";

/** One planned ocean leg of a test journey. */
export interface PlannedLeg {
  departAt: string;
  arriveAt: string;
}

/** Options of {@link mapJourney}. */
export interface MapJourneyOptions {
  /** UN/LOCODEs from POL through transshipments to POD. */
  ports: string[];
  /** One per pair of consecutive ports. */
  legs: PlannedLeg[];
  /** What has happened is what lies at or before `now`; the rest are the line's estimates. */
  now: string;
  /** Hours between two stored position reports while a vessel sails. */
  positionEveryHours?: number;
}

const HOUR = 3_600_000;
const shift = (at: string, hours: number) => new Date(Date.parse(at) + hours * HOUR).toISOString();

function requirePort(locode: string): Port {
  const port = portByLocode(locode);
  if (!port) throw new Error(`no port ${locode}`);
  return port;
}

/** Reports every `hours` along the leg's sea route, from departure up to arrival or `now`. */
function legPositions(vessel: Vessel, from: Port, to: Port, leg: PlannedLeg, now: string, hours: number): VesselPositionRecord[] {
  const walker = walkRoute(seaRouter().route([from.longitude, from.latitude], [to.longitude, to.latitude]).coordinates);
  const [start, end] = [Date.parse(leg.departAt), Date.parse(leg.arriveAt)];
  const until = Math.min(end, Date.parse(now));
  const out: VesselPositionRecord[] = [];
  for (let t = start; t <= until; t += hours * HOUR) {
    const { point, heading } = walker.at((walker.lengthNm * (t - start)) / (end - start));
    out.push({ vessel_id: vessel.id, latitude: point[1], longitude: point[0], heading, speed_knots: 15, timestamp: new Date(t).toISOString(), source: "ais" });
  }
  return out;
}

/**
 * A container's complete map input for a journey over real ports, as a carrier feed would have
 * left it at `now`: actual milestones as transport events, estimates as raw events, a vessel per
 * leg with reports along the sea route, and the shipment's POL/POD times.
 */
export function mapJourney(options: MapJourneyOptions): ContainerMapInput & { vesselList: Vessel[] } {
  const accountId = uuidv7();
  const ports = options.ports.map(requirePort);
  const vessels = options.legs.map(() => makeVessel({ latitude: null, longitude: null, position_timestamp: null, nautical_speed_knots: null, navigational_heading_degrees: null }));
  const last = options.legs.length - 1;
  const lastLeg = options.legs[last]!;
  const done = (at: string) => at <= options.now;
  const shipment = makeShipment(accountId, {
    port_of_lading_id: ports[0]!.id, port_of_lading_locode: ports[0]!.code, port_of_discharge_id: ports.at(-1)!.id, port_of_discharge_locode: ports.at(-1)!.code,
    pol_etd_at: options.legs[0]!.departAt, pol_atd_at: done(options.legs[0]!.departAt) ? options.legs[0]!.departAt : null,
    pod_eta_at: lastLeg.arriveAt, pod_ata_at: done(lastLeg.arriveAt) ? lastLeg.arriveAt : null, pod_vessel_id: vessels[last]!.id, pod_voyage_number: `${last + 1}00E`,
  });
  const container = makeContainer(accountId, shipment.id);
  const transportEvents: TransportEvent[] = [];
  const rawEvents: RawEvent[] = [];
  const positions = new Map<string, VesselPositionRecord[]>();
  const event = (name: string, port: Port, at: string, vessel: Vessel, voyage: string, estimable: boolean) => {
    const common = { timestamp: at, location_id: port.id, location_locode: port.code, vessel_id: vessel.id, voyage_number: voyage };
    if (done(at)) transportEvents.push(makeTransportEvent(accountId, shipment.id, container.id, { ...common, event: `container.transport.${name}` as TransportEvent["event"], location_type: "port" }));
    if (done(at) || estimable) rawEvents.push(makeRawEvent(accountId, shipment.id, container.id, { ...common, event: name as RawEvent["event"], estimated: !done(at), actual_at: done(at) ? at : null, index: rawEvents.length }));
  };
  options.legs.forEach((leg, i) => {
    const [from, to, vessel, voyage] = [ports[i]!, ports[i + 1]!, vessels[i]!, `${i + 1}00E`];
    const [out, into] = [i === 0 ? "vessel" : "transshipment", i === last ? "vessel" : "transshipment"];
    event(`${out}_loaded`, from, shift(leg.departAt, -2), vessel, voyage, false);
    event(`${out}_departed`, from, leg.departAt, vessel, voyage, true);
    event(`${into}_arrived`, to, leg.arriveAt, vessel, voyage, true);
    event(`${into}_discharged`, to, shift(leg.arriveAt, 12), vessel, voyage, false);
    const series = done(leg.departAt) ? legPositions(vessel, from, to, leg, options.now, options.positionEveryHours ?? 6) : [];
    positions.set(vessel.id, series);
    const newest = series.at(-1);
    if (newest) Object.assign(vessel, { latitude: newest.latitude, longitude: newest.longitude, navigational_heading_degrees: newest.heading, nautical_speed_knots: newest.speed_knots, position_timestamp: newest.timestamp });
  });
  return {
    shipment, container, transportEvents, rawEvents, positions, router: seaRouter(), now: options.now, vesselList: vessels,
    ports: new Map(ports.map((p) => [p.id, p])), vessels: new Map(vessels.map((v) => [v.id, v])),
  };
}
