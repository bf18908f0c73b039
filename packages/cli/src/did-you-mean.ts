/** The edit distance between two strings (insertions, deletions, substitutions; transpositions count 1). */
export function editDistance(a: string, b: string): number {
  const rows = Array.from({ length: a.length + 1 }, (_, i) => [i, ...new Array<number>(b.length).fill(0)]);
  for (let j = 1; j <= b.length; j++) rows[0]![j] = j;
  for (let i = 1; i <= a.length; i++) {
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let best = Math.min(rows[i - 1]![j]! + 1, rows[i]![j - 1]! + 1, rows[i - 1]![j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) best = Math.min(best, rows[i - 2]![j - 2]! + 1);
      rows[i]![j] = best;
    }
  }
  return rows[a.length]![b.length]!;
}

/** The candidate closest to `input` when it is close enough to be a typo, else undefined. */
export function closest(input: string, candidates: readonly string[]): string | undefined {
  let best: { candidate: string; distance: number } | undefined;
  for (const candidate of candidates) {
    const distance = editDistance(input.toLowerCase(), candidate.toLowerCase());
    if (!best || distance < best.distance) best = { candidate, distance };
  }
  if (!best) return undefined;
  const allowed = Math.max(1, Math.floor(best.candidate.length / 3));
  return best.distance <= allowed ? best.candidate : undefined;
}

/** ` Did you mean "x"?` when a candidate is close, else "". */
export function suggestion(input: string, candidates: readonly string[], format: (candidate: string) => string = (c) => c): string {
  const near = closest(input, candidates);
  return near === undefined ? "" : ` Did you mean ${format(near)}?`;
}
