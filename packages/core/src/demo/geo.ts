/** A point on the globe, in degrees. */
export interface Point {
  latitude: number;
  longitude: number;
}

const EARTH_RADIUS_NM = 3440.065;
const toRadians = (degrees: number): number => (degrees * Math.PI) / 180;

/** Great-circle distance in nautical miles. */
export function distanceNm(a: Point, b: Point): number {
  const dLat = toRadians(b.latitude - a.latitude);
  const dLon = toRadians(b.longitude - a.longitude);
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(toRadians(a.latitude)) * Math.cos(toRadians(b.latitude)) * Math.sin(dLon / 2) ** 2;
  return 2 * EARTH_RADIUS_NM * Math.asin(Math.min(1, Math.sqrt(h)));
}

/** Initial great-circle bearing from `a` to `b`, in whole degrees `[0, 360)`. */
export function bearing(a: Point, b: Point): number {
  const y = Math.sin(toRadians(b.longitude - a.longitude)) * Math.cos(toRadians(b.latitude));
  const x =
    Math.cos(toRadians(a.latitude)) * Math.sin(toRadians(b.latitude)) -
    Math.sin(toRadians(a.latitude)) * Math.cos(toRadians(b.latitude)) * Math.cos(toRadians(b.longitude - a.longitude));
  return Math.round(((Math.atan2(y, x) * 180) / Math.PI + 360) % 360) % 360;
}

/** The signed longitude difference from `a` to `b` the short way round, in `[-180, 180]`. */
export function longitudeDelta(a: Point, b: Point): number {
  let delta = b.longitude - a.longitude;
  if (delta > 180) delta -= 360;
  if (delta < -180) delta += 360;
  return delta;
}

/**
 * The point a fraction `f` of the way from `a` to `b` on a straight latitude/longitude line,
 * going the short way round across the antimeridian (Shanghai → Los Angeles crosses the Pacific).
 */
export function interpolate(a: Point, b: Point, f: number): Point {
  let longitude = a.longitude + longitudeDelta(a, b) * f;
  if (longitude > 180) longitude -= 360;
  if (longitude < -180) longitude += 360;
  return { latitude: a.latitude + (b.latitude - a.latitude) * f, longitude };
}
