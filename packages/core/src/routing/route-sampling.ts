import { haversineNm, initialBearing, interpolateLonLat, type LonLat } from "./geodesy.js";

/** A point some distance along a line, with the bearing of the line there. */
export interface RoutePoint {
  /** The point, `[lon, lat]`. */
  point: LonLat;
  /** Course over ground at the point, degrees `[0, 360)`. */
  heading: number;
}

/** Walks a line by distance: cumulative segment lengths, and interpolation inside segments. */
export interface RouteWalker {
  /** The line's great-circle length, in nautical miles. */
  readonly lengthNm: number;
  /** The point `distanceNm` along the line (clamped to its ends). Fastest when called with growing distances. */
  at(distanceNm: number): RoutePoint;
  /** How far along the line its point nearest to `point` lies, in nautical miles (a vessel's progress along its lane). */
  locate(point: LonLat): number;
}

/** The fraction of segment a→b nearest to p, on a local flat projection around p (longitudes the short way round). */
function nearestFraction(a: LonLat, b: LonLat, p: LonLat): number {
  const k = Math.cos((p[1] * Math.PI) / 180);
  const wrap = (d: number) => ((d + 540) % 360) - 180;
  const ax = wrap(a[0] - p[0]) * k, ay = a[1] - p[1];
  const bx = wrap(b[0] - p[0]) * k, by = b[1] - p[1];
  const dx = bx - ax, dy = by - ay;
  const squared = dx * dx + dy * dy;
  return squared === 0 ? 0 : Math.min(1, Math.max(0, -(ax * dx + ay * dy) / squared));
}

/**
 * Creates a {@link RouteWalker} over `coordinates` (`[lon, lat]`, at least one position).
 * Inside a segment positions are interpolated on the straight lon/lat line the short way round,
 * so a walk across the antimeridian stays on the lane.
 */
export function walkRoute(coordinates: readonly LonLat[]): RouteWalker {
  if (coordinates.length === 0) throw new RangeError("a route needs at least one position");
  const cumulative = new Float64Array(coordinates.length);
  for (let i = 1; i < coordinates.length; i += 1) {
    const [a, b] = [coordinates[i - 1]!, coordinates[i]!];
    cumulative[i] = cumulative[i - 1]! + haversineNm(a[0], a[1], b[0], b[1]);
  }
  const lengthNm = cumulative[coordinates.length - 1]!;
  let segment = 1;
  return {
    lengthNm,
    at(distanceNm) {
      const d = Math.min(lengthNm, Math.max(0, distanceNm));
      if (coordinates.length === 1) return { point: [...coordinates[0]!], heading: 0 };
      if (d < cumulative[segment - 1]!) segment = 1;
      // Skip zero-length steps (the antimeridian pair) and segments that end before `d`.
      while (segment < coordinates.length - 1 && (cumulative[segment]! < d || cumulative[segment]! === cumulative[segment - 1]!)) segment += 1;
      const a = coordinates[segment - 1]!;
      const b = coordinates[segment]!;
      const span = cumulative[segment]! - cumulative[segment - 1]!;
      const f = span > 0 ? Math.min(1, (d - cumulative[segment - 1]!) / span) : 1;
      return { point: interpolateLonLat(a, b, f), heading: span > 0 ? initialBearing(a, b) : 0 };
    },
    locate(point) {
      let best = 0;
      let nearest = Infinity;
      for (let i = 1; i < coordinates.length; i += 1) {
        const [a, b] = [coordinates[i - 1]!, coordinates[i]!];
        const f = nearestFraction(a, b, point);
        const [lon, lat] = interpolateLonLat(a, b, f);
        const distance = haversineNm(point[0], point[1], lon, lat);
        if (distance < nearest) [nearest, best] = [distance, cumulative[i - 1]! + f * (cumulative[i]! - cumulative[i - 1]!)];
      }
      return best;
    },
  };
}
