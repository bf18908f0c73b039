import { bearing, interpolate } from "../../demo/geo.js";
import { DAY, HOUR, iso } from "../../demo/zoned-time.js";
import type { CarrierSnapshotInput } from "../snapshot-schema.js";
import type { JourneyLeg } from "./simulated-journey.js";

type SnapshotVesselInput = NonNullable<CarrierSnapshotInput["vessels"]>[number];
type SnapshotPositionInput = NonNullable<SnapshotVesselInput["positions"]>[number];

/** Position reports come every six hours from departure; a snapshot carries at most the last week. */
export const POSITION_INTERVAL = 6 * HOUR;
/** How far back a snapshot's position reports reach. */
export const POSITION_WINDOW = 7 * DAY;

const round = (value: number, places: number): number => Number(value.toFixed(places));

/**
 * The reports of a vessel on `leg` up to `now`, on a fixed six-hour grid from its departure so a
 * report, once given, is always the same (straight-line positions between the two ports).
 */
export function legPositions(leg: JourneyLeg, now: number): SnapshotPositionInput[] {
  if (now < leg.departAt || now >= leg.arriveAt) return [];
  const span = leg.arriveAt - leg.departAt;
  const firstStep = Math.max(0, Math.ceil((now - POSITION_WINDOW - leg.departAt) / POSITION_INTERVAL));
  const lastStep = Math.floor((now - leg.departAt) / POSITION_INTERVAL);
  const positions: SnapshotPositionInput[] = [];
  for (let step = firstStep; step <= lastStep; step += 1) {
    const at = leg.departAt + step * POSITION_INTERVAL;
    const f = (at - leg.departAt) / span;
    const point = interpolate(leg.from, leg.to, f);
    // Course over ground: towards a point a little further along the line.
    const heading = bearing(interpolate(leg.from, leg.to, Math.max(0, f - 0.005)), interpolate(leg.from, leg.to, Math.min(1, f + 0.005)));
    positions.push({
      latitude: round(point.latitude, 5),
      longitude: round(point.longitude, 5),
      heading,
      speed_knots: Math.min(leg.knots, 60),
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
