import { cutAtAntimeridian } from "../routing/antimeridian.js";
import { longitudeStep, normalizeLongitude, type LonLat } from "../routing/geodesy.js";
import { MinHeap } from "../routing/min-heap.js";

// Deviations below this many degrees are noise; a straight run keeps only its ends.
const EPSILON_DEGREES = 1e-7;
// Longer tracks are first thinned evenly to this many positions per position kept: a budget of
// 500 reads at most 8,000 positions however dense the reports, which bounds the search's cost.
const OVERSAMPLING = 16;

/** Evenly spread indices of `n` positions, at most `count` of them, always the first and last. */
function evenIndices(n: number, count: number): Int32Array {
  if (n <= count) return Int32Array.from({ length: n }, (_, i) => i);
  return Int32Array.from({ length: count }, (_, i) => Math.round((i * (n - 1)) / (count - 1)));
}

/** A track read by index, so long series are simplified without copying them into arrays of positions. */
export interface Track {
  /** How many positions the track has. */
  readonly length: number;
  /** Longitude of position `i`. */
  lon(i: number): number;
  /** Latitude of position `i`. */
  lat(i: number): number;
}

/**
 * Douglas–Peucker with a point budget: starting from the first and last positions, repeatedly
 * keeps the position that deviates most from the kept line, until `maxPoints` are kept or the
 * rest lie on it. Tracks of more than 16 × `maxPoints` positions are thinned evenly first. It
 * measures on continuous longitudes (longitude scaled by the cosine of latitude), so a line over
 * the antimeridian simplifies like any other. Returns the indices kept, ascending.
 */
export function simplifyTrack(track: Track, maxPoints: number): number[] {
  const budget = Math.max(2, maxPoints);
  if (track.length <= budget) return Array.from({ length: track.length }, (_, i) => i);
  const picked = evenIndices(track.length, budget * OVERSAMPLING);
  const n = picked.length;
  const xs = new Float64Array(n);
  const ys = new Float64Array(n);
  for (let i = 0; i < n; i += 1) {
    const lon = track.lon(picked[i]!);
    xs[i] = i === 0 ? lon : xs[i - 1]! + longitudeStep(track.lon(picked[i - 1]!), lon);
    ys[i] = track.lat(picked[i]!);
  }
  const keep = new Uint8Array(n);
  keep[0] = 1;
  keep[n - 1] = 1;
  const spans: number[] = [];
  const heap = new MinHeap();
  // Finds the position of (from, to) furthest from the chord and queues the span by that distance.
  const consider = (from: number, to: number) => {
    const k = Math.cos((((ys[from]! + ys[to]!) / 2) * Math.PI) / 180);
    const [ax, ay] = [xs[from]! * k, ys[from]!];
    const [dx, dy] = [xs[to]! * k - ax, ys[to]! - ay];
    const length2 = dx * dx + dy * dy;
    let at = -1;
    let worst = EPSILON_DEGREES * EPSILON_DEGREES;
    for (let i = from + 1; i < to; i += 1) {
      const px = xs[i]! * k - ax;
      const py = ys[i]! - ay;
      const t = length2 === 0 ? 0 : Math.max(0, Math.min(1, (px * dx + py * dy) / length2));
      const ex = px - t * dx;
      const ey = py - t * dy;
      const d2 = ex * ex + ey * ey;
      if (d2 > worst) [worst, at] = [d2, i];
    }
    if (at < 0) return;
    spans.push(from, to, at);
    heap.push(spans.length / 3 - 1, -worst);
  };
  consider(0, n - 1);
  for (let kept = 2; kept < budget && heap.size > 0; kept += 1) {
    const span = heap.pop() * 3;
    const [from, to, at] = [spans[span]!, spans[span + 1]!, spans[span + 2]!];
    keep[at] = 1;
    consider(from, at);
    consider(at, to);
  }
  const out: number[] = [];
  for (let i = 0; i < n; i += 1) if (keep[i]) out.push(picked[i]!);
  return out;
}

const trackOf = (points: readonly LonLat[]): Track => ({ length: points.length, lon: (i) => points[i]![0], lat: (i) => points[i]![1] });

/** {@link simplifyTrack} over an array of positions: the kept positions as given, normalized into `[-180, 180]`. */
export function simplifyLine(points: readonly LonLat[], maxPoints: number): LonLat[] {
  return simplifyTrack(trackOf(points), maxPoints).map((i) => [normalizeLongitude(points[i]![0]), points[i]![1]]);
}

/**
 * A track ready for a map: simplified to at most `maxPoints` positions (first and last kept) and
 * cut at the antimeridian (see `cutAtAntimeridian`), the cut vertices counted in the budget.
 */
export function mapTrack(track: Track, maxPoints: number): LonLat[] {
  let budget = maxPoints;
  for (;;) {
    const line = cutAtAntimeridian(simplifyTrack(track, budget).map((i): LonLat => [normalizeLongitude(track.lon(i)), track.lat(i)]));
    if (line.length <= maxPoints || budget <= 2) return line;
    budget -= line.length - maxPoints;
  }
}

/** {@link mapTrack} over an array of positions. */
export function mapLine(points: readonly LonLat[], maxPoints: number): LonLat[] {
  return mapTrack(trackOf(points), maxPoints);
}
