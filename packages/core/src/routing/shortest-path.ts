import { haversineNm, type LonLat } from "./geodesy.js";
import { MinHeap } from "./min-heap.js";
import type { SeaGraph } from "./sea-graph.js";

/** A way on or off the network: a node, and the length (nm) of the straight step between it and the route's end. */
export interface NetworkEntry {
  node: number;
  costNm: number;
}

/** A path over the network: the nodes from entry to exit, and the length including both end steps. */
export interface NetworkPath {
  nodes: number[];
  distanceNm: number;
}

/**
 * The shortest way from a start to `goal` by A*: the start joins the network at any of `sources`
 * and leaves it at any of `targets` (each with the length of its straight step), so the search
 * picks the best entry and exit instead of the single nearest node. The heuristic is the
 * great-circle distance to `goal`: admissible, and it wraps the antimeridian like the connectors
 * do. Returns null when no target is reachable.
 */
export function shortestPath(graph: SeaGraph, sources: readonly NetworkEntry[], targets: readonly NetworkEntry[], goal: LonLat): NetworkPath | null {
  const { lon, lat, offsets, targets: heads, weights, nodeCount } = graph;
  const end = nodeCount;
  const exit = new Float64Array(nodeCount).fill(-1);
  for (const t of targets) if (exit[t.node]! < 0 || t.costNm < exit[t.node]!) exit[t.node] = t.costNm;
  const h = (v: number) => haversineNm(lon[v]!, lat[v]!, goal[0], goal[1]);
  const cost = new Float64Array(nodeCount + 1).fill(Infinity);
  const previous = new Int32Array(nodeCount + 1).fill(-1);
  const done = new Uint8Array(nodeCount + 1);
  const heap = new MinHeap();
  for (const s of sources) {
    if (s.costNm < cost[s.node]!) {
      cost[s.node] = s.costNm;
      heap.push(s.node, s.costNm + h(s.node));
    }
  }
  const relax = (from: number, to: number, next: number, key: number) => {
    if (next < cost[to]!) {
      cost[to] = next;
      previous[to] = from;
      heap.push(to, key);
    }
  };
  while (heap.size > 0) {
    const v = heap.pop();
    if (done[v]) continue;
    if (v === end) break;
    done[v] = 1;
    const base = cost[v]!;
    if (exit[v]! >= 0) relax(v, end, base + exit[v]!, base + exit[v]!);
    for (let e = offsets[v]!; e < offsets[v + 1]!; e += 1) {
      const w = heads[e]!;
      const next = base + weights[e]!;
      if (next < cost[w]!) relax(v, w, next, next + h(w));
    }
  }
  if (cost[end] === Infinity) return null;
  const nodes: number[] = [];
  for (let v = previous[end]!; v >= 0; v = previous[v]!) nodes.push(v);
  return { nodes: nodes.reverse(), distanceNm: cost[end]! };
}
