import { describe, expect, it } from "vitest";
import { VesselPositionSchema } from "../domain/vessel-schema.js";
import { portByLocode } from "../reference/index.js";
import { greatCircleNm, initialBearing, type LonLat } from "../routing/geodesy.js";
import { seaRouter } from "../routing/sea-router.js";
import { DEFAULT_SPEED_KNOTS, estimateFuturePositions } from "./future-positions.js";

const HOUR = 3_600_000;
const START = Date.parse("2026-11-01T12:00:00.000Z");
const at = (locode: string): LonLat => [portByLocode(locode)!.longitude, portByLocode(locode)!.latitude];

describe("future positions", () => {
  it("steps hourly along the sea route at the vessel's speed, from the start to the port", () => {
    const positions = estimateFuturePositions({ from: at("CNSHA"), to: at("USLAX"), startAt: START, speedKnots: 20, router: seaRouter() });
    const route = seaRouter().route(at("CNSHA"), at("USLAX"));
    expect(positions.length).toBe(Math.ceil(route.distanceNm / 20) + 1);
    for (const p of positions) expect(VesselPositionSchema.parse(p)).toEqual(p);
    expect(positions.every((p) => p.estimated)).toBe(true);
    expect([positions[0]!.longitude, positions[0]!.latitude]).toEqual(at("CNSHA").map((v) => Math.round(v * 1e5) / 1e5));
    expect([positions.at(-1)!.longitude, positions.at(-1)!.latitude]).toEqual(at("USLAX").map((v) => Math.round(v * 1e5) / 1e5));
    positions.slice(1, -1).forEach((p, i) => expect(Date.parse(p.timestamp) - Date.parse(positions[i]!.timestamp)).toBe(HOUR));
    expect(Date.parse(positions.at(-1)!.timestamp) - START).toBeCloseTo((route.distanceNm / 20) * HOUR, -4);
    // Hourly steps at 20 knots: no hop longer than 20 nm (1% for lon/lat interpolation), headings towards the next position.
    positions.slice(1).forEach((p, i) => {
      const previous = positions[i]!;
      expect(greatCircleNm([previous.longitude, previous.latitude], [p.longitude, p.latitude])).toBeLessThanOrEqual(20.2);
      expect(previous.heading).toBe(initialBearing([previous.longitude, previous.latitude], [p.longitude, p.latitude]));
    });
    expect(positions.some((p) => p.longitude < 0) && positions.some((p) => p.longitude > 0)).toBe(true);
  });

  it("assumes 16 knots when the speed is unknown or under 1 knot", () => {
    const unknown = estimateFuturePositions({ from: at("NLRTM"), to: at("DEHAM"), startAt: START, speedKnots: null, router: seaRouter() });
    const drifting = estimateFuturePositions({ from: at("NLRTM"), to: at("DEHAM"), startAt: START, speedKnots: 0.4, router: seaRouter() });
    const distance = seaRouter().route(at("NLRTM"), at("DEHAM")).distanceNm;
    expect(DEFAULT_SPEED_KNOTS).toBe(16);
    expect(unknown).toEqual(drifting);
    expect(Date.parse(unknown.at(-1)!.timestamp) - START).toBeCloseTo((distance / 16) * HOUR, -4);
  });

  it("widens the interval by whole hours to stay within the position budget", () => {
    const positions = estimateFuturePositions({ from: at("CNSHA"), to: at("USLAX"), startAt: START, speedKnots: 1, router: seaRouter(), maxPositions: 100 });
    expect(positions.length).toBeLessThanOrEqual(100);
    const step = Date.parse(positions[1]!.timestamp) - START;
    expect(step % HOUR).toBe(0);
    expect(step).toBeGreaterThan(HOUR);
  });
});
