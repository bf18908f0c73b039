import { haversineNm } from "./geodesy.js";

/** The part of a GeoJSON FeatureCollection of LineStrings the graph is built from. */
export interface LineStringCollection {
  /** The lines of the network; features without a geometry are skipped. */
  features: readonly {
    /** The feature's geometry; only LineStrings are used. */
    geometry: {
      /** The GeoJSON geometry type. */
      type: string;
      /** The line's `[lon, lat]` positions. */
      coordinates: readonly (readonly number[])[];
    } | null;
  }[];
}

/**
 * A sea lane network in compressed sparse row form: node `i` sits at (`lon[i]`, `lat[i]`) and its
 * edges are `targets[offsets[i] .. offsets[i + 1])` with great-circle lengths in `weights` (nm).
 */
export interface SeaGraph {
  /** How many nodes the graph has. */
  readonly nodeCount: number;
  /** Longitude of each node. */
  readonly lon: Float64Array;
  /** Latitude of each node. */
  readonly lat: Float64Array;
  /** Where each node's edges start in `targets` (one more entry than nodes). */
  readonly offsets: Int32Array;
  /** The node each edge leads to. */
  readonly targets: Int32Array;
  /** Each edge's great-circle length in nautical miles. */
  readonly weights: Float64Array;
  /** 1 for nodes of the largest connected component, the only ones positions are snapped to. */
  readonly routable: Uint8Array;
}

/** Options of {@link buildSeaGraph}. */
export interface SeaGraphOptions {
  /**
   * Decimal places node coordinates are rounded to; points that round alike become one node,
   * which welds line ends a few metres apart.
   * @default 3
   */
  precision?: number;
  /**
   * How far apart in latitude (degrees) a node on +180° and one on −180° may be and still be
   * joined by an antimeridian connector.
   * @default 0.01
   */
  antimeridianTolerance?: number;
}

const EDGE_KEY = 2 ** 21;

/**
 * Builds the routing graph of a LineString network: nodes keyed by rounded coordinates, an edge
 * (both ways) between consecutive points of every LineString, great-circle weights, and a
 * zero-length connector between each node on the +180° meridian and its counterpart on −180°.
 */
export function buildSeaGraph(collection: LineStringCollection, options: SeaGraphOptions = {}): SeaGraph {
  const precision = options.precision ?? 3;
  const tolerance = options.antimeridianTolerance ?? 0.01;
  const ids = new Map<string, number>();
  const lons: number[] = [];
  const lats: number[] = [];
  const node = (point: readonly number[]): number => {
    const lon = Number((point[0] ?? Number.NaN).toFixed(precision));
    const lat = Number((point[1] ?? Number.NaN).toFixed(precision));
    if (!Number.isFinite(lon) || !Number.isFinite(lat)) return -1;
    const key = `${lon},${lat}`;
    let id = ids.get(key);
    if (id === undefined) {
      id = lons.length;
      ids.set(key, id);
      lons.push(lon);
      lats.push(lat);
    }
    return id;
  };
  const edges = new Set<number>();
  const link = (a: number, b: number) => {
    if (a < 0 || b < 0 || a === b) return;
    edges.add(Math.min(a, b) * EDGE_KEY + Math.max(a, b));
  };
  for (const feature of collection.features) {
    if (feature.geometry?.type !== "LineString") continue;
    let previous = -1;
    for (const point of feature.geometry.coordinates) {
      const current = node(point);
      link(previous, current);
      previous = current;
    }
  }
  const east = lons.flatMap((lon, i) => (lon >= 180 - tolerance ? [i] : []));
  const west = lons.flatMap((lon, i) => (lon <= -180 + tolerance ? [i] : []));
  for (const e of east) {
    let best = -1;
    for (const w of west) if (Math.abs(lats[w]! - lats[e]!) <= tolerance && (best < 0 || Math.abs(lats[w]! - lats[e]!) < Math.abs(lats[best]! - lats[e]!))) best = w;
    link(e, best);
  }
  return compress(Float64Array.from(lons), Float64Array.from(lats), edges);
}

function compress(lon: Float64Array, lat: Float64Array, edges: ReadonlySet<number>): SeaGraph {
  const nodeCount = lon.length;
  const degree = new Int32Array(nodeCount + 1);
  for (const key of edges) {
    degree[Math.floor(key / EDGE_KEY)]! += 1;
    degree[key % EDGE_KEY]! += 1;
  }
  const offsets = new Int32Array(nodeCount + 1);
  for (let i = 0; i < nodeCount; i += 1) offsets[i + 1] = offsets[i]! + degree[i]!;
  const fill = offsets.slice(0, nodeCount);
  const targets = new Int32Array(offsets[nodeCount]!);
  const weights = new Float64Array(offsets[nodeCount]!);
  for (const key of edges) {
    const a = Math.floor(key / EDGE_KEY);
    const b = key % EDGE_KEY;
    const w = haversineNm(lon[a]!, lat[a]!, lon[b]!, lat[b]!);
    targets[fill[a]!] = b;
    weights[fill[a]!++] = w;
    targets[fill[b]!] = a;
    weights[fill[b]!++] = w;
  }
  const graph = { nodeCount, lon, lat, offsets, targets, weights, routable: new Uint8Array(nodeCount) };
  markLargestComponent(graph);
  return graph;
}

function markLargestComponent(graph: SeaGraph): void {
  const component = new Int32Array(graph.nodeCount).fill(-1);
  let best = { id: -1, size: 0 };
  const stack: number[] = [];
  for (let start = 0, id = 0; start < graph.nodeCount; start += 1) {
    if (component[start]! >= 0) continue;
    let size = 0;
    component[start] = id;
    stack.push(start);
    while (stack.length > 0) {
      const v = stack.pop()!;
      size += 1;
      for (let e = graph.offsets[v]!; e < graph.offsets[v + 1]!; e += 1) {
        const w = graph.targets[e]!;
        if (component[w]! < 0) {
          component[w] = id;
          stack.push(w);
        }
      }
    }
    if (size > best.size) best = { id, size };
    id += 1;
  }
  for (let i = 0; i < graph.nodeCount; i += 1) graph.routable[i] = component[i] === best.id ? 1 : 0;
}
