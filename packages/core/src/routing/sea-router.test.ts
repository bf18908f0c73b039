import { describe, expect, it } from "vitest";
import { portByLocode } from "../reference/index.js";
import { greatCircleNm, type LonLat } from "./geodesy.js";
import { walkRoute } from "./route-sampling.js";
import { createSeaRouter } from "./sea-router.js";

// Boxes well inside land; a sea route must never pass through one.
const LAND: Record<string, [west: number, south: number, east: number, north: number]> = {
  "central Africa": [15, -5, 30, 10],
  Sahara: [0, 18, 25, 28],
  "central Asia": [60, 40, 90, 50],
  "Arabian interior": [44, 19, 49, 24],
  "central Europe": [8, 47, 22, 52],
  "Indian interior": [75, 18, 82, 25],
  "inland China": [100, 28, 112, 36],
  "North American interior": [-110, 35, -90, 48],
  "South American interior": [-65, -20, -50, -5],
  "Australian interior": [125, -30, 140, -20],
};

const at = (locode: string): LonLat => {
  const port = portByLocode(locode)!;
  return [port.longitude, port.latitude];
};

/** Every 10 nm along the route (vertices and the lane between them). */
function samples(coordinates: readonly LonLat[]): LonLat[] {
  const walker = walkRoute(coordinates);
  const out: LonLat[] = [];
  for (let d = 0; d <= walker.lengthNm; d += 10) out.push(walker.at(d).point);
  return [...out, ...coordinates];
}

function landCrossed(coordinates: readonly LonLat[]): string[] {
  return samples(coordinates).flatMap(([lon, lat]) =>
    Object.entries(LAND).filter(([, [w, s, e, n]]) => lon >= w && lon <= e && lat >= s && lat <= n).map(([name]) => `${name} at ${lon.toFixed(1)},${lat.toFixed(1)}`),
  );
}

const router = createSeaRouter();

describe("sea router", () => {
  it("loads the network and routes Shanghai → Los Angeles across the Pacific", () => {
    const started = performance.now();
    const route = router.route(at("CNSHA"), at("USLAX"));
    const ms = performance.now() - started;
    console.log(`sea router: network loaded and first route in ${ms.toFixed(1)} ms`); // a figure, not a test: timings live in bench
    expect(route.coordinates[0]).toEqual(at("CNSHA"));
    expect(route.coordinates.at(-1)).toEqual(at("USLAX"));
    // West to east over the antimeridian, as a [180, φ] → [-180, φ] pair; never through the Atlantic.
    const jump = route.coordinates.findIndex((p, i) => i > 0 && Math.abs(p[0] - route.coordinates[i - 1]![0]) > 180);
    expect(route.coordinates[jump - 1]![0]).toBe(180);
    expect(route.coordinates[jump]![0]).toBe(-180);
    expect(route.coordinates[jump]![1]).toBe(route.coordinates[jump - 1]![1]);
    expect(route.coordinates.every(([lon, lat]) => Math.abs(lon) <= 180 && Math.abs(lat) <= 90)).toBe(true);
    expect(route.coordinates.every(([lon]) => lon > 100 || lon < -115)).toBe(true);
    expect(landCrossed(route.coordinates)).toEqual([]);
    const ratio = route.distanceNm / greatCircleNm(at("CNSHA"), at("USLAX"));
    expect(ratio).toBeGreaterThanOrEqual(1);
    expect(ratio).toBeLessThan(1.15);
  });

  it("routes Rotterdam → Singapore by sea (Suez or the Cape), never overland", () => {
    const route = router.route(at("NLRTM"), at("SGSIN"));
    expect(landCrossed(route.coordinates)).toEqual([]);
    const suez = route.coordinates.some(([lon, lat]) => Math.abs(lon - 32.4) < 1 && Math.abs(lat - 30.5) < 1.5);
    const cape = route.coordinates.some(([, lat]) => lat < -30);
    expect(suez || cape).toBe(true);
    const ratio = route.distanceNm / greatCircleNm(at("NLRTM"), at("SGSIN"));
    expect(ratio).toBeGreaterThan(1.2);
    expect(ratio).toBeLessThan(2);
  });

  it.each([
    ["SGSIN", "USNYC"], ["CNSHG", "USCHS"], ["DEHAM", "USORF"], ["IDJKT", "USORF"], ["THLCH", "CNXMN"], ["KRPUS", "USLAX"], ["USLAX", "CNSHA"],
  ])("routes %s → %s without crossing land, within sane bounds of the great circle", (from, to) => {
    const route = router.route(at(from), at(to));
    expect(landCrossed(route.coordinates)).toEqual([]);
    const ratio = route.distanceNm / greatCircleNm(at(from), at(to));
    expect(ratio).toBeGreaterThanOrEqual(1);
    expect(ratio).toBeLessThan(2.2);
  });

  it("is symmetric in length, and the reverse Pacific crossing goes east to west", () => {
    const there = router.route(at("CNSHA"), at("USLAX"));
    const back = router.route(at("USLAX"), at("CNSHA"));
    expect(back.distanceNm).toBeCloseTo(there.distanceNm, 0);
    const jump = back.coordinates.findIndex((p, i) => i > 0 && Math.abs(p[0] - back.coordinates[i - 1]![0]) > 180);
    expect([back.coordinates[jump - 1]![0], back.coordinates[jump]![0]]).toEqual([-180, 180]);
  });

  it("starts a route at sea from the position itself, joining whichever nearby lane leads home", () => {
    const mid: LonLat = [-150.5, 41.2];
    const pacific = router.route(mid, at("USLAX"));
    expect(pacific.coordinates[0]).toEqual(mid);
    expect(pacific.coordinates[1]![0]).toBeGreaterThan(mid[0]);
    expect(pacific.distanceNm).toBeLessThan(greatCircleNm(mid, at("USLAX")) * 1.1);
    // Mid-Atlantic, the nearest node lies on a lane to Florida; the route still heads for New York.
    const atlantic = router.route([-47.5, 43], at("USNYC"));
    expect(atlantic.distanceNm).toBeLessThan(greatCircleNm([-47.5, 43], at("USNYC")) * 1.25);
    expect(atlantic.coordinates.every(([, lat]) => lat > 38)).toBe(true);
  });

  it("is a pure function of its ends, whatever was routed before", () => {
    const fresh = createSeaRouter();
    const first = fresh.route(at("CNSHA"), at("USLAX"));
    fresh.route([121.6, 31.3], at("USLAX"));
    expect(fresh.route(at("CNSHA"), at("USLAX"))).toEqual(first);
    expect(createSeaRouter().route(at("CNSHA"), at("USLAX"))).toEqual(first);
  });

  it("answers a Pacific route lookup in well under 20 ms once the network is loaded (uncached)", () => {
    const uncached = createSeaRouter({ cacheSize: 1 });
    uncached.route(at("NLRTM"), at("SGSIN"));
    const times: number[] = [];
    for (let i = 0; i < 21; i += 1) {
      const started = performance.now();
      uncached.route(i % 2 ? at("CNSHA") : at("KRPUS"), at("USLAX"));
      times.push(performance.now() - started);
    }
    const median = times.sort((a, b) => a - b)[10]!;
    console.log(`sea router: uncached Pacific route median ${median.toFixed(2)} ms`);
    expect(median).toBeLessThan(20);
  });

  it("joins two ends that snap to one node directly, and refuses non-finite ends", () => {
    const route = router.route([4.0, 51.95], [4.01, 51.95]);
    expect(route.coordinates.length).toBeGreaterThanOrEqual(2);
    expect(() => router.route([Number.NaN, 0], [0, 0])).toThrow(RangeError);
  });
});
