import type { Port } from "../domain/port-schema.js";
import type { Vessel, VesselPositionRecord } from "../domain/vessel-schema.js";
import { NotFoundError } from "../errors/index.js";
import { journeyRoute } from "../map/journey-route.js";
import { buildContainerMap, pastLegWindows, type ContainerMapInput } from "../map/map-geojson.js";
import type { ContainerMap } from "../map/map-geojson-schema.js";
import { seaRouter } from "../routing/sea-router.js";
import type { StorageRepositories } from "../storage/index.js";
import type { SessionContext } from "./session-context.js";

/** The maps of the session account's containers. */
export interface MapService {
  /** The container map collection (GeoJSON) of one container; 404 when it is not the account's. */
  container(id: string): Promise<ContainerMap>;
}

const byTime = (a: VesselPositionRecord, b: VesselPositionRecord) => (a.timestamp < b.timestamp ? -1 : a.timestamp > b.timestamp ? 1 : 0);

/**
 * Reads everything the map of one of the account's containers is drawn from: the container, its
 * shipment and events, the journey's ports and vessels, and the stored positions of each leg
 * sailed or being sailed (only those windows). 404 when the container is not the account's;
 * null when it has no shipment (nothing to draw).
 */
export async function readContainerMapInput(storage: StorageRepositories, accountId: string, containerId: string, now: string): Promise<ContainerMapInput | null> {
  const container = await storage.containers.get(accountId, containerId);
  if (!container) throw new NotFoundError(`No container ${containerId}`);
  const shipment = await storage.shipments.get(accountId, container.shipment_id);
  if (!shipment) return null;
  const transportEvents = (await storage.transportEvents.listByContainers(accountId, [containerId])).items;
  const rawEvents = (await storage.rawEvents.listByContainers(accountId, [containerId])).items;
  const portIds = [shipment.port_of_lading_id, shipment.port_of_discharge_id, ...transportEvents.map((e) => (e.location_type === "port" ? e.location_id : null)), ...rawEvents.map((e) => e.location_id)];
  const ports = new Map<string, Port>((await storage.ports.getMany([...new Set(portIds.filter((id): id is string => id !== null))])).map((p) => [p.id, p]));
  const journey = journeyRoute(shipment, transportEvents, rawEvents, ports);
  const vesselIds = [...new Set(journey?.legs.flatMap((leg) => (leg.vesselId ? [leg.vesselId] : [])) ?? [])];
  const vessels = new Map<string, Vessel>((await storage.vessels.getMany(vesselIds)).map((v) => [v.id, v]));
  const positions = new Map<string, VesselPositionRecord[]>();
  for (const window of journey ? pastLegWindows(journey.legs, now) : []) {
    // A leg is drawn with at most 500 points, so a dense AIS track is thinned by storage first.
    const series = await storage.vesselPositions.listByVessel(window.vesselId, { from: window.from, to: window.to }, { maxPoints: MAP_POSITIONS_PER_LEG });
    const earlier = positions.get(window.vesselId);
    // Two legs on one vessel: merge their windows back into one time-ordered series.
    positions.set(window.vesselId, earlier ? [...earlier, ...series].sort(byTime) : series);
  }
  return { shipment, container, transportEvents, rawEvents, ports, vessels, positions, router: seaRouter(), now };
}

/** Positions read per leg before simplification to 500 points; enough to keep the track's shape. */
const MAP_POSITIONS_PER_LEG = 2_000;

/** Creates the {@link MapService} of a session. */
export function createMapService(context: SessionContext): MapService {
  const { storage, accountId, clock } = context;
  return {
    async container(id) {
      const input = await readContainerMapInput(storage, accountId, id, clock.now().toISOString());
      return input ? buildContainerMap(input) : { type: "FeatureCollection", features: [] };
    },
  };
}
