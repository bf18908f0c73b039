import { describe, expect, it } from "vitest";
import type { LonLat } from "../routing/geodesy.js";
import { mapLine, simplifyLine } from "./simplify-line.js";

const wiggle = (n: number, lon0 = 0, step = 0.001): LonLat[] => Array.from({ length: n }, (_, i) => [lon0 + i * step, Math.sin(i / 7) * 2]);

describe("line simplification", () => {
  it("keeps at most the budget, always the first and last positions, as given", () => {
    const line = wiggle(20_000);
    const simple = simplifyLine(line, 500);
    expect(simple.length).toBe(500);
    expect(simple[0]).toEqual(line[0]);
    expect(simple.at(-1)).toEqual(line.at(-1));
    const kept = new Set(line.map((p) => p.join()));
    expect(simple.every((p) => kept.has(p.join()))).toBe(true);
  });

  it("leaves short lines alone and reduces a straight run to its ends", () => {
    expect(simplifyLine([[1, 1], [2, 2]], 500)).toEqual([[1, 1], [2, 2]]);
    const straight: LonLat[] = Array.from({ length: 1000 }, (_, i) => [i / 100, i / 200]);
    expect(simplifyLine(straight, 10)).toEqual([straight[0], straight.at(-1)]);
  });

  it("simplifies across the antimeridian and counts the cut vertices in the budget", () => {
    const line = wiggle(5_000, 175, 0.01).map(([lon, lat]): LonLat => [lon > 180 ? lon - 360 : lon, lat]);
    const drawn = mapLine(line, 500);
    expect(drawn.length).toBeLessThanOrEqual(500);
    expect(drawn.every(([lon]) => lon >= -180 && lon <= 180)).toBe(true);
    const jumps = drawn.flatMap((p, i) => (i > 0 && Math.abs(p[0] - drawn[i - 1]![0]) > 180 ? [[drawn[i - 1]![0], p[0]]] : []));
    expect(jumps).toEqual([[180, -180]]);
  });
});
