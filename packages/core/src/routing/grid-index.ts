import { EARTH_RADIUS_NM, haversineNm } from "./geodesy.js";

/** The nearest node found by a {@link GridIndex}, and how far it is (nm). */
export interface NearestNode {
  node: number;
  distanceNm: number;
}

/** Nearest-node lookups over a fixed set of points. */
export interface GridIndex {
  /** The nearest indexed point to (`lon`, `lat`), or null when nothing is indexed. */
  nearest(lon: number, lat: number): NearestNode | null;
  /** Up to `limit` indexed points within `radiusNm` of (`lon`, `lat`), nearest first. */
  nearby(lon: number, lat: number, radiusNm: number, limit: number): NearestNode[];
}

const NM_PER_DEGREE = (Math.PI / 180) * EARTH_RADIUS_NM;

/**
 * Buckets points into `cellDegrees` cells (wrapping in longitude) and answers nearest-point
 * queries by scanning rings of cells outwards until no unvisited cell can hold a closer point.
 * `include(i)` picks which of the points are indexed.
 */
export function createGridIndex(lon: Float64Array, lat: Float64Array, include: (i: number) => boolean, cellDegrees = 2): GridIndex {
  const cols = Math.ceil(360 / cellDegrees);
  const rows = Math.ceil(180 / cellDegrees);
  const col = (x: number) => Math.min(cols - 1, Math.max(0, Math.floor((x + 180) / cellDegrees)));
  const row = (y: number) => Math.min(rows - 1, Math.max(0, Math.floor((y + 90) / cellDegrees)));
  const cells: number[][] = Array.from({ length: cols * rows }, () => []);
  let count = 0;
  for (let i = 0; i < lon.length; i += 1) {
    if (!include(i)) continue;
    cells[row(lat[i]!) * cols + col(lon[i]!)]!.push(i);
    count += 1;
  }

  // The least distance from the query to any point outside the square of cells within `r` rings.
  function outsideBound(x: number, y: number, c: number, rw: number, r: number): number {
    const south = rw - r <= 0 ? Infinity : (y - (-90 + (rw - r) * cellDegrees)) * NM_PER_DEGREE;
    const north = rw + r >= rows - 1 ? Infinity : (-90 + (rw + r + 1) * cellDegrees - y) * NM_PER_DEGREE;
    let lonBound = Infinity;
    if (2 * r + 1 < cols) {
      const gap = Math.min(x - (-180 + (c - r) * cellDegrees), -180 + (c + r + 1) * cellDegrees - x);
      const radians = (Math.min(90, gap) * Math.PI) / 180;
      lonBound = EARTH_RADIUS_NM * Math.asin(Math.sin(radians) * Math.cos((y * Math.PI) / 180));
    }
    return Math.min(south, north, lonBound);
  }

  /** Visits the points ring by ring of cells around (x, y) until `enough(outsideBound)` says stop. */
  function scan(x: number, y: number, visit: (node: number, distanceNm: number) => void, enough: (outsideNm: number) => boolean): void {
    const c = col(x);
    const rw = row(y);
    const cell = (cx: number, cy: number) => {
      if (cy < 0 || cy >= rows) return;
      for (const i of cells[cy * cols + (((cx % cols) + cols) % cols)]!) visit(i, haversineNm(x, y, lon[i]!, lat[i]!));
    };
    const full = (r: number) => 2 * r + 1 >= cols;
    for (let r = 0; r <= Math.max(cols, rows); r += 1) {
      if (r === 0) cell(c, rw);
      else if (!full(r)) {
        // The rows r cells above and below, then the columns r cells either side between them.
        for (let dx = -r; dx <= r; dx += 1) {
          cell(c + dx, rw - r);
          cell(c + dx, rw + r);
        }
        for (let dy = -r + 1; dy <= r - 1; dy += 1) {
          cell(c - r, rw + dy);
          cell(c + r, rw + dy);
        }
      } else {
        // The square now wraps all the way round: whole rows, plus the columns the inner rows lacked.
        for (let k = 0; k < cols; k += 1) {
          cell(k, rw - r);
          cell(k, rw + r);
        }
        if (!full(r - 1)) for (let dy = -r + 1; dy <= r - 1; dy += 1) for (let k = r; k <= cols - r; k += 1) cell(c + k, rw + dy);
      }
      if (enough(outsideBound(x, y, c, rw, r))) return;
    }
  }

  return {
    nearest(x, y) {
      let best: NearestNode | null = null;
      if (count === 0) return null;
      scan(x, y, (node, distanceNm) => {
        if (!best || distanceNm < best.distanceNm) best = { node, distanceNm };
      }, (outside) => best !== null && (best as NearestNode).distanceNm <= outside);
      return best;
    },
    nearby(x, y, radiusNm, limit) {
      const found: NearestNode[] = [];
      scan(x, y, (node, distanceNm) => {
        if (distanceNm <= radiusNm) found.push({ node, distanceNm });
      }, (outside) => outside > radiusNm);
      return found.sort((a, b) => a.distanceNm - b.distanceNm || a.node - b.node).slice(0, limit);
    },
  };
}
