import type { Vessel, VesselPositionRecord } from "../domain/vessel-schema.js";
import { walkRoute, type RouteWalker } from "../routing/route-sampling.js";
import { seaRouter } from "../routing/sea-router.js";
import { distanceNm, type Point } from "./geo.js";
import type { Rng } from "./random.js";
import type { SailingBook, SailingLeg } from "./sailings.js";
import { HOUR, iso } from "./zoned-time.js";

const round = (value: number, places: number): number => Number(value.toFixed(places));

/** The sea route of a leg, from its port of departure to its port of arrival. */
function legRoute(leg: SailingLeg): RouteWalker {
  return walkRoute(seaRouter().route([leg.from.longitude, leg.from.latitude], [leg.to.longitude, leg.to.latitude]).coordinates);
}

/** AIS-like reports of one leg along its sea route, every five to seven hours from departure up to arrival or `now`. */
function legPositions(rng: Rng, leg: SailingLeg, now: number): VesselPositionRecord[] {
  if (leg.departAt > now) return [];
  const times: number[] = [];
  for (let t = leg.departAt; t < leg.arriveAt && t <= now; t += rng.float(5, 7) * HOUR) times.push(Math.floor(t / 1000) * 1000);
  if (leg.arriveAt <= now) times.push(leg.arriveAt);
  const span = leg.arriveAt - leg.departAt;
  const route = legRoute(leg);
  const located = times.map((t) => route.at(route.lengthNm * Math.min(1, (t - leg.departAt) / span)));
  const points = located.map(({ point: [longitude, latitude] }): Point => ({ latitude, longitude }));
  return times.map((t, i): VesselPositionRecord => {
    const point = points[i] as Point;
    const arrived = t >= leg.arriveAt;
    const previous = i > 0 ? { at: times[i - 1] as number, point: points[i - 1] as Point } : null;
    // Course over ground: along the lane (as it came in when berthed), in whole degrees.
    const heading = Math.round(located[i]!.heading) % 360;
    const speed = previous && !arrived ? distanceNm(previous.point, point) / Math.max((t - previous.at) / HOUR, 1) : null;
    return {
      vessel_id: leg.vesselId,
      latitude: round(point.latitude, 5),
      longitude: round(point.longitude, 5),
      heading,
      speed_knots: arrived ? 0 : round(speed ?? serviceSpeed(leg), 1),
      timestamp: iso(t),
      source: "ais",
    };
  });
}

/** The average speed over the whole sea route of the leg, in knots. */
function serviceSpeed(leg: SailingLeg): number {
  return legRoute(leg).lengthNm / ((leg.arriveAt - leg.departAt) / HOUR);
}

/**
 * The position reports of every sailing leg that has started by `now`, and one vessel record per
 * ship used, whose current position is its newest report (or unknown when none has sailed yet).
 */
export function vesselsAndPositions(rng: Rng, book: SailingBook, now: number): { vessels: Vessel[]; positions: VesselPositionRecord[] } {
  const legs = book.sailings.flatMap((sailing) => sailing.legs);
  const seen = new Set<string>();
  const positions = legs
    .flatMap((leg) => legPositions(rng, leg, now))
    .filter((position) => {
      const key = `${position.vessel_id}|${position.timestamp}`;
      if (seen.has(key)) return false;
      seen.add(key);
      return true;
    })
    .sort((a, b) => a.vessel_id.localeCompare(b.vessel_id) || a.timestamp.localeCompare(b.timestamp));

  const byVessel = new Map<string, SailingLeg[]>();
  for (const leg of legs) byVessel.set(leg.vesselId, [...(byVessel.get(leg.vesselId) ?? []), leg]);
  const vessels = [...byVessel.entries()].map(([id, vesselLegs]): Vessel => {
    const own = positions.filter((position) => position.vessel_id === id);
    const newest = own[own.length - 1];
    const createdAt = iso(Math.min(now, ...vesselLegs.map((leg) => leg.departAt)));
    const vessel = (vesselLegs[0] as SailingLeg).vessel;
    return {
      name: vessel.name,
      imo: vessel.imo,
      mmsi: vessel.mmsi,
      latitude: newest?.latitude ?? null,
      longitude: newest?.longitude ?? null,
      nautical_speed_knots: newest?.speed_knots ?? null,
      navigational_heading_degrees: newest?.heading ?? null,
      position_timestamp: newest?.timestamp ?? null,
      id,
      created_at: createdAt,
      updated_at: newest && newest.timestamp > createdAt ? newest.timestamp : createdAt,
    };
  });
  vessels.sort((a, b) => a.name.localeCompare(b.name));
  return { vessels, positions };
}
