import { describe, expect, it } from "vitest";
import { cutAtAntimeridian, splitAtAntimeridian, unwrapLongitudes } from "./antimeridian.js";
import { initialBearing, longitudeStep, normalizeLongitude } from "./geodesy.js";

describe("antimeridian handling", () => {
  it("inserts a [180, φ] → [-180, φ] pair where a line crosses eastwards, at the interpolated latitude", () => {
    expect(cutAtAntimeridian([[170, 40], [-170, 42]])).toEqual([[170, 40], [180, 41], [-180, 41], [-170, 42]]);
  });

  it("inserts a [-180, φ] → [180, φ] pair where a line crosses westwards", () => {
    expect(cutAtAntimeridian([[-175, 10], [175, 20]])).toEqual([[-175, 10], [-180, 15], [180, 15], [175, 20]]);
  });

  it("keeps lines that do not cross, and an existing pair, as they are", () => {
    expect(cutAtAntimeridian([[10, 0], [20, 5], [-30, 5]])).toEqual([[10, 0], [20, 5], [-30, 5]]);
    expect(cutAtAntimeridian([[170, 40], [180, 40], [-180, 40], [-170, 40]])).toEqual([[170, 40], [180, 40], [-180, 40], [-170, 40]]);
    expect(cutAtAntimeridian([[180, 40], [-179, 40]])).toEqual([[180, 40], [-180, 40], [-179, 40]]);
  });

  it("splits a cut line into RFC 7946 parts and unwraps it into continuous longitudes", () => {
    const line = cutAtAntimeridian([[170, 40], [-170, 42], [-160, 42]]);
    expect(splitAtAntimeridian(line)).toEqual([[[170, 40], [180, 41]], [[-180, 41], [-170, 42], [-160, 42]]]);
    expect(unwrapLongitudes(line).map(([lon]) => lon)).toEqual([170, 180, 180, 190, 200]);
  });

  it("normalizes longitudes and steps the short way round", () => {
    expect([normalizeLongitude(190), normalizeLongitude(-190), normalizeLongitude(540), normalizeLongitude(180)]).toEqual([-170, 170, 180, 180]);
    expect([longitudeStep(170, -170), longitudeStep(-170, 170), longitudeStep(0, 180)]).toEqual([20, -20, 180]);
    expect(initialBearing([179, 0], [-179, 0])).toBe(90);
  });
});
