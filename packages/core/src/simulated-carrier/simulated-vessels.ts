import { DAY, HOUR, iso } from "../demo/zoned-time.js";
import { walkRoute, type RouteWalker } from "../routing/route-sampling.js";
import { seaRouter, type SeaRoute } from "../routing/sea-router.js";
import type { CarrierSnapshotInput } from "../tracking/snapshot-schema.js";
import type { JourneyLeg } from "./journey-leg.js";

type SnapshotVesselInput = NonNullable<CarrierSnapshotInput["vessels"]>[number];
type SnapshotPositionInput = NonNullable<SnapshotVesselInput["positions"]>[number];

/** Position reports come every six hours from departure; a snapshot carries at most the last week. */
export const POSITION_INTERVAL = 6 * HOUR;
/** How far back a snapshot's position reports reach. */
export const POSITION_WINDOW = 7 * DAY;

const round = (value: number, places: number): number => Number(value.toFixed(places));

// Routes are shared by the router's cache (a route is a pure function of its ports), so each is
// walked once and the walk kept with it; a snapshot only samples it.
const walkers = new WeakMap<SeaRoute, RouteWalker>();

/** The sea route of a leg, ready to sample (deterministic: the same ports give the same route). */
function legRoute(leg: JourneyLeg): RouteWalker {
  const route = seaRouter().route([leg.from.longitude, leg.from.latitude], [leg.to.longitude, leg.to.latitude]);
  let walker = walkers.get(route);
  if (!walker) {
    walker = walkRoute(route.coordinates);
    walkers.set(route, walker);
  }
  return walker;
}

/**
 * The reports of a vessel on `leg` up to `now`, on a fixed six-hour grid from its departure so a
 * report, once given, is always the same (positions along the leg's sea route, at constant speed).
 */
export function legPositions(leg: JourneyLeg, now: number): SnapshotPositionInput[] {
  if (now < leg.departAt || now >= leg.arriveAt) return [];
  const span = leg.arriveAt - leg.departAt;
  const route = legRoute(leg);
  const firstStep = Math.max(0, Math.ceil((now - POSITION_WINDOW - leg.departAt) / POSITION_INTERVAL));
  const lastStep = Math.floor((now - leg.departAt) / POSITION_INTERVAL);
  const positions: SnapshotPositionInput[] = [];
  for (let step = firstStep; step <= lastStep; step += 1) {
    const at = leg.departAt + step * POSITION_INTERVAL;
    // With a swing, the vessel runs ahead of its average pace and falls back (or the other way), arriving on time.
    const u = (at - leg.departAt) / span;
    const swing = leg.swing ?? 0;
    const { point, heading } = route.at(route.lengthNm * (u + (swing * Math.sin(2 * Math.PI * u)) / (2 * Math.PI)));
    positions.push({
      latitude: round(point[1], 5),
      longitude: round(point[0], 5),
      // Course over ground: the bearing of the lane segment, in whole degrees.
      heading: Math.round(heading) % 360,
      speed_knots: Math.min(round(leg.knots * (1 + swing * Math.cos(2 * Math.PI * u)), 1), 60),
      timestamp: iso(at),
    });
  }
  return positions;
}

/**
 * The vessels a snapshot mentions (those of the sailing the line shows), with position reports
 * for the one carrying the boxes at `now`, if any is at sea.
 */
export function vesselsAt(shownLegs: readonly JourneyLeg[], realLegs: readonly JourneyLeg[], now: number): SnapshotVesselInput[] {
  const current = realLegs.find((leg) => leg.departAt <= now && now < leg.arriveAt);
  const vessels: SnapshotVesselInput[] = [];
  for (const leg of shownLegs) {
    if (vessels.some((vessel) => vessel.imo === leg.vessel.imo)) continue;
    const positions = current && current.vessel.imo === leg.vessel.imo ? legPositions(current, now) : [];
    vessels.push({ name: leg.vessel.name, imo: leg.vessel.imo, mmsi: leg.vessel.mmsi, positions });
  }
  return vessels;
}
