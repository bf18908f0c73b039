import type { VesselPosition } from "../domain/vessel-schema.js";
import { initialBearing, type LonLat } from "../routing/geodesy.js";
import { walkRoute } from "../routing/route-sampling.js";
import type { SeaRouter } from "../routing/sea-router.js";

/** The speed assumed for a vessel whose speed is unknown or below 1 knot (drifting, berthed). */
export const DEFAULT_SPEED_KNOTS = 16;

/** Options of {@link estimateFuturePositions}. */
export interface FuturePositionsOptions {
  /** Where the forecast starts, `[lon, lat]`. */
  from: LonLat;
  /** The destination port, `[lon, lat]`. */
  to: LonLat;
  /** When the vessel is at `from` (epoch milliseconds). */
  startAt: number;
  /** The vessel's speed over ground; null, or under 1 knot, means {@link DEFAULT_SPEED_KNOTS}. */
  speedKnots: number | null;
  /** Finds the sea route from `from` to `to`. */
  router: SeaRouter;
  /**
   * Minutes between two estimated positions. The hosted service answers one a minute; an hour
   * keeps a trans-Pacific forecast to a few hundred positions.
   * @default 60
   */
  intervalMinutes?: number;
  /**
   * The most positions a forecast holds; longer voyages widen the interval by whole multiples.
   * @default 1000
   */
  maxPositions?: number;
}

// Five decimals (about a metre); headings are taken between the rounded positions a client sees.
const rounded = ([lon, lat]: LonLat): LonLat => [Math.round(lon * 1e5) / 1e5, Math.round(lat * 1e5) / 1e5];
const MINUTE = 60_000;

/**
 * Estimated positions of a vessel sailing from `from` to `to` along the sea route at its speed:
 * the start, then one position every interval, then the arrival at the port. Each is flagged
 * `estimated: true`, its heading is the bearing to the next position (the last keeps the course
 * it arrives on), and longitudes stay within `[-180, 180]`.
 */
export function estimateFuturePositions(options: FuturePositionsOptions): VesselPosition[] {
  const speed = options.speedKnots !== null && options.speedKnots >= 1 ? options.speedKnots : DEFAULT_SPEED_KNOTS;
  const route = options.router.route(options.from, options.to);
  const walker = walkRoute(route.coordinates);
  const hours = walker.lengthNm / speed;
  const maxPositions = Math.max(2, options.maxPositions ?? 1000);
  let interval = Math.max(1, options.intervalMinutes ?? 60);
  if (hours * 60 > interval * (maxPositions - 2)) interval *= Math.ceil((hours * 60) / (interval * (maxPositions - 2)));
  const samples: { point: LonLat; at: number }[] = [];
  for (let minutes = 0; minutes < hours * 60; minutes += interval) {
    samples.push({ point: rounded(walker.at((speed * minutes) / 60).point), at: options.startAt + minutes * MINUTE });
  }
  samples.push({ point: rounded(walker.at(walker.lengthNm).point), at: options.startAt + Math.round(hours * 60 * MINUTE) });
  return samples.map((sample, i): VesselPosition => {
    const next = samples[i + 1];
    const previous = samples[i - 1];
    const heading = next ? initialBearing(sample.point, next.point) : previous ? initialBearing(previous.point, sample.point) : 0;
    return {
      latitude: sample.point[1],
      longitude: sample.point[0],
      heading,
      timestamp: new Date(sample.at).toISOString(),
      estimated: true,
    };
  });
}
