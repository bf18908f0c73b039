import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { haversineNm } from "./geodesy.js";
import { createGridIndex } from "./grid-index.js";
import { buildSeaGraph, type LineStringCollection } from "./sea-graph.js";
import { shortestPath } from "./shortest-path.js";

const lines = (...coordinates: number[][][]): LineStringCollection => ({ features: coordinates.map((c) => ({ geometry: { type: "LineString", coordinates: c } })) });

describe("sea graph", () => {
  it("welds points that round alike, links consecutive points both ways, and joins ±180 nodes of one latitude", () => {
    const graph = buildSeaGraph(lines([[170, 40], [180, 40]], [[-180, 40.004], [-170, 40]], [[170.00001, 40], [170, 30]], [[0, 0], [1, 1]]));
    expect(graph.nodeCount).toBe(7);
    const path = shortestPath(graph, [{ node: 0, costNm: 0 }], [{ node: 3, costNm: 0 }], [-170, 40])!;
    expect(path.nodes.map((n) => [graph.lon[n], graph.lat[n]])).toEqual([[170, 40], [180, 40], [-180, 40.004], [-170, 40]]);
    expect(path.distanceNm).toBeCloseTo(haversineNm(170, 40, 180, 40) + haversineNm(180, 40, -180, 40.004) + haversineNm(-180, 40.004, -170, 40), 6);
    // The island [0,0]–[1,1] is not part of the largest component, so nothing snaps to it.
    expect([...graph.routable]).toEqual([1, 1, 1, 1, 1, 0, 0]);
  });

  it("finds the shortest of two ways round an obstacle, or null when unreachable", () => {
    const graph = buildSeaGraph(lines([[0, 0], [5, 10], [10, 0]], [[0, 0], [5, -2], [10, 0]], [[50, 50], [51, 51]]));
    const path = shortestPath(graph, [{ node: 0, costNm: 0 }], [{ node: 2, costNm: 0 }], [10, 0])!;
    expect(path.nodes.map((n) => graph.lat[n])).toEqual([0, -2, 0]);
    expect(shortestPath(graph, [{ node: 0, costNm: 0 }], [{ node: 4, costNm: 0 }], [51, 51])).toBeNull();
    expect(shortestPath(graph, [{ node: 1, costNm: 3 }], [{ node: 1, costNm: 4 }], [5, 10])).toEqual({ nodes: [1], distanceNm: 7 });
  });

  it("joins the network at whichever entry and exit make the whole way shortest", () => {
    // Two lanes that never meet: the start is nearest to the first, but only the second reaches the goal.
    const graph = buildSeaGraph(lines([[0, 0], [0, 10]], [[2, 0], [2, 10], [20, 10]]));
    const [a, b] = [0, 2];
    const path = shortestPath(graph, [{ node: a, costNm: 10 }, { node: b, costNm: 100 }], [{ node: 4, costNm: 0 }], [20, 10])!;
    expect(path.nodes).toEqual([2, 3, 4]);
    expect(path.distanceNm).toBeCloseTo(100 + haversineNm(2, 0, 2, 10) + haversineNm(2, 10, 20, 10), 6);
  });

  it("the grid index finds the same nearest point as a full scan, across the antimeridian and near the poles", () => {
    const point = fc.tuple(fc.double({ min: -180, max: 180, noNaN: true }), fc.double({ min: -89, max: 89, noNaN: true }));
    fc.assert(
      fc.property(fc.array(point, { minLength: 1, maxLength: 60 }), point, (points, [x, y]) => {
        const lon = Float64Array.from(points.map((p) => p[0]));
        const lat = Float64Array.from(points.map((p) => p[1]));
        const found = createGridIndex(lon, lat, () => true, 5).nearest(x, y)!;
        const best = Math.min(...points.map(([a, b]) => haversineNm(x, y, a, b)));
        expect(found.distanceNm).toBeCloseTo(best, 6);
      }),
    );
    expect(createGridIndex(new Float64Array(), new Float64Array(), () => true).nearest(0, 0)).toBeNull();
  });
});
