import { describe, expect, it } from "vitest";
import { centerLongitude, projectionOf, routeProjection, screenAngle, wrapLongitude } from "./projection.js";

describe("centring a map on a route", () => {
  it("centres a Pacific crossing on the Pacific, not on Greenwich", () => {
    // Shanghai → Los Angeles, with the API's antimeridian vertex pair.
    const center = centerLongitude([121.47, 150, 180, -180, -150, -118.24]);
    expect(Math.abs(wrapLongitude(center - 181.6))).toBeLessThan(1);
  });

  it("centres an Atlantic route between its ends", () => {
    expect(centerLongitude([4.4, -20, -74])).toBeCloseTo(-34.8, 1);
    expect(centerLongitude([])).toBe(0);
    expect(centerLongitude([42])).toBe(42);
  });

  it("fits every point of a route crossing the antimeridian inside the frame, in travel order", () => {
    const route: [number, number][] = [[121.47, 31.23], [160, 40], [180, 42], [-180, 42], [-140, 38], [-118.24, 34.05]];
    const projection = projectionOf(routeProjection(route, 960, 520));
    const xs = route.map((point) => projection(point)![0]);
    for (const x of xs) expect(x).toBeGreaterThanOrEqual(0), expect(x).toBeLessThanOrEqual(960);
    // West to east across the Pacific: x grows monotonically, and ±180 is one point.
    for (let i = 1; i < xs.length; i++) expect(xs[i]!).toBeGreaterThanOrEqual(xs[i - 1]! - 1e-6);
    expect(Math.abs(xs[2]! - xs[3]!)).toBeLessThan(1e-6);
  });

  it("turns a heading into the same angle on a Mercator map", () => {
    const projection = projectionOf(routeProjection([[0, 0], [20, 10]], 960, 520));
    expect(screenAngle(projection, 10, 5, 90)).toBeCloseTo(90, 0);
    expect(screenAngle(projection, 10, 5, 0)).toBeCloseTo(0, 0);
    expect(screenAngle(projection, 10, 5, 225)).toBeCloseTo(-135, 0);
  });
});
