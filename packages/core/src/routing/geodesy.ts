/** A position as GeoJSON orders it: `[longitude, latitude]` in degrees. */
export type LonLat = [lon: number, lat: number];

/** The mean Earth radius in nautical miles. */
export const EARTH_RADIUS_NM = 3440.065;

const RAD = Math.PI / 180;

/** Great-circle (haversine) distance between two positions, in nautical miles; wraps the antimeridian. */
export function greatCircleNm(a: LonLat, b: LonLat): number {
  return haversineNm(a[0], a[1], b[0], b[1]);
}

/** {@link greatCircleNm} on plain numbers, for hot loops that keep coordinates in typed arrays. */
export function haversineNm(lon1: number, lat1: number, lon2: number, lat2: number): number {
  const dLat = (lat2 - lat1) * RAD;
  const dLon = (lon2 - lon1) * RAD;
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(lat1 * RAD) * Math.cos(lat2 * RAD) * Math.sin(dLon / 2) ** 2;
  return 2 * EARTH_RADIUS_NM * Math.asin(Math.min(1, Math.sqrt(h)));
}

/** The initial great-circle bearing from `a` to `b`, in degrees `[0, 360)`, rounded to 0.1°. */
export function initialBearing(a: LonLat, b: LonLat): number {
  const [lon1, lat1] = [a[0] * RAD, a[1] * RAD];
  const [lon2, lat2] = [b[0] * RAD, b[1] * RAD];
  const y = Math.sin(lon2 - lon1) * Math.cos(lat2);
  const x = Math.cos(lat1) * Math.sin(lat2) - Math.sin(lat1) * Math.cos(lat2) * Math.cos(lon2 - lon1);
  const degrees = ((Math.atan2(y, x) / RAD) % 360 + 360) % 360;
  return Math.round(degrees * 10) / 10 % 360;
}

/** A longitude brought into `[-180, 180]` (180 stays 180). */
export function normalizeLongitude(lon: number): number {
  if (lon >= -180 && lon <= 180) return lon;
  const wrapped = ((((lon + 180) % 360) + 360) % 360) - 180;
  return wrapped === -180 && lon > 0 ? 180 : wrapped;
}

/** The signed longitude step from `from` to `to` the short way round, in `(-180, 180]`. */
export function longitudeStep(from: number, to: number): number {
  let delta = to - from;
  while (delta > 180) delta -= 360;
  while (delta <= -180) delta += 360;
  return delta;
}

/**
 * The point a fraction `f` of the way from `a` to `b`, on the straight lon/lat segment taken the
 * short way round (segments of the sea network are short, so this stays on the lane).
 * The longitude is normalized into `[-180, 180]`.
 */
export function interpolateLonLat(a: LonLat, b: LonLat, f: number): LonLat {
  return [normalizeLongitude(a[0] + longitudeStep(a[0], b[0]) * f), a[1] + (b[1] - a[1]) * f];
}
