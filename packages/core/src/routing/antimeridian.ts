import { longitudeStep, type LonLat } from "./geodesy.js";

/*
 * How Bollard draws lines across the antimeridian (the 180° meridian):
 * every longitude stays inside [-180, 180] as RFC 7946 positions expect, and where a line crosses
 * the antimeridian it gets two vertices on it, [180, φ] and [-180, φ] (in the order of travel),
 * at the interpolated crossing latitude φ. The line stays one LineString (the interface spec's
 * geometry), the step between the two vertices has zero length on the globe, and a client that
 * wants RFC 7946 §3.1.9's cut geometry splits at that pair ({@link splitAtAntimeridian}).
 */

/**
 * Inserts the antimeridian vertex pair wherever consecutive positions are further apart than
 * 180° of longitude (so the short way between them crosses the antimeridian). Positions must
 * already be normalized into `[-180, 180]`; an existing `[±180, φ] → [∓180, φ]` pair is kept.
 */
export function cutAtAntimeridian(coordinates: readonly LonLat[]): LonLat[] {
  const out: LonLat[] = [];
  for (const [i, point] of coordinates.entries()) {
    const previous = coordinates[i - 1];
    if (previous && Math.abs(point[0] - previous[0]) > 180) {
      const step = longitudeStep(previous[0], point[0]);
      if (step !== 0) {
        const edge = step > 0 ? 180 : -180;
        const f = (edge - previous[0]) / step;
        const lat = previous[1] + f * (point[1] - previous[1]);
        if (previous[0] !== edge) out.push([edge, lat]);
        if (point[0] !== -edge) out.push([-edge, lat]);
      }
    }
    out.push(point);
  }
  return out;
}

/**
 * The parts of a line cut at the antimeridian (RFC 7946 §3.1.9): a new part starts wherever two
 * consecutive positions are more than 180° of longitude apart. Parts of one position are dropped.
 */
export function splitAtAntimeridian(coordinates: readonly LonLat[]): LonLat[][] {
  const parts: LonLat[][] = [];
  let part: LonLat[] = [];
  for (const [i, point] of coordinates.entries()) {
    const previous = coordinates[i - 1];
    if (previous && Math.abs(point[0] - previous[0]) > 180) {
      if (part.length > 1) parts.push(part);
      part = [];
    }
    part.push(point);
  }
  if (part.length > 1) parts.push(part);
  return parts;
}

/**
 * The same line with continuous longitudes (each step taken the short way round, so values may
 * leave `[-180, 180]`); for planar computations such as simplification.
 */
export function unwrapLongitudes(coordinates: readonly LonLat[]): LonLat[] {
  const out: LonLat[] = [];
  for (const [i, point] of coordinates.entries()) {
    const previous = out[i - 1];
    out.push(previous ? [previous[0] + longitudeStep(previous[0], point[0]), point[1]] : [point[0], point[1]]);
  }
  return out;
}
