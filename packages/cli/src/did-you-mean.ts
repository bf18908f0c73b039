import { editDistance } from "@bollard/core";

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
