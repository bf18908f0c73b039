import { cutAtAntimeridian, unwrapLongitudes } from "../routing/antimeridian.js";
import { normalizeLongitude, type LonLat } from "../routing/geodesy.js";
import { MinHeap } from "../routing/min-heap.js";

// Deviations below this many degrees are noise; a straight run keeps only its ends.
const EPSILON_DEGREES = 1e-7;

/** Distance (degrees, longitude scaled by the cosine of latitude) from `p` to the segment `a`–`b`. */
function deviation(p: LonLat, a: LonLat, b: LonLat): number {
  const k = Math.cos((((a[1] + b[1]) / 2) * Math.PI) / 180);
  const [ax, ay, bx, by, px, py] = [a[0] * k, a[1], b[0] * k, b[1], p[0] * k, p[1]];
  const dx = bx - ax;
  const dy = by - ay;
  const length2 = dx * dx + dy * dy;
  const t = length2 === 0 ? 0 : Math.max(0, Math.min(1, ((px - ax) * dx + (py - ay) * dy) / length2));
  return Math.hypot(px - (ax + t * dx), py - (ay + t * dy));
}

/**
 * Douglas–Peucker with a point budget: starting from the first and last positions, repeatedly
 * keeps the position that deviates most from the kept line, until `maxPoints` are kept or the
 * rest lie on it. Measures on continuous longitudes, so a line over the antimeridian simplifies
 * like any other; the kept positions are returned as given, normalized into `[-180, 180]`.
 */
export function simplifyLine(points: readonly LonLat[], maxPoints: number): LonLat[] {
  const n = points.length;
  if (n <= Math.max(2, maxPoints)) return points.map((p) => [p[0], p[1]]);
  const line = unwrapLongitudes(points);
  const keep = new Uint8Array(n);
  keep[0] = 1;
  keep[n - 1] = 1;
  const spans: { from: number; to: number; at: number }[] = [];
  const heap = new MinHeap();
  const consider = (from: number, to: number) => {
    let at = -1;
    let worst = EPSILON_DEGREES;
    for (let i = from + 1; i < to; i += 1) {
      const d = deviation(line[i]!, line[from]!, line[to]!);
      if (d > worst) [worst, at] = [d, i];
    }
    if (at < 0) return;
    spans.push({ from, to, at });
    heap.push(spans.length - 1, -worst);
  };
  consider(0, n - 1);
  for (let kept = 2; kept < maxPoints && heap.size > 0; kept += 1) {
    const span = spans[heap.pop()]!;
    keep[span.at] = 1;
    consider(span.from, span.at);
    consider(span.at, span.to);
  }
  const out: LonLat[] = [];
  // The kept positions as given (not re-normalized from the unwrapped copy, which would round).
  for (let i = 0; i < n; i += 1) if (keep[i]) out.push([normalizeLongitude(points[i]![0]), points[i]![1]]);
  return out;
}

/**
 * A line ready for a map: simplified to at most `maxPoints` positions (first and last kept) and
 * cut at the antimeridian (see `cutAtAntimeridian`), the cut vertices counted in the budget.
 */
export function mapLine(points: readonly LonLat[], maxPoints: number): LonLat[] {
  let budget = maxPoints;
  for (;;) {
    const line = cutAtAntimeridian(simplifyLine(points, budget));
    if (line.length <= maxPoints || budget <= 2) return line;
    budget -= line.length - maxPoints;
  }
}
