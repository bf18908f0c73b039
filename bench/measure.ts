/** One benchmark figure, printed next to its baseline and target. */
export interface BenchResult {
  name: string;
  value: number;
  unit: string;
  /** The same work done by the baseline in the same run (higher is better unless `lowerIsBetter`). */
  baseline?: { name: string; value: number };
  target?: { value: number; lowerIsBetter?: boolean };
  notes?: string;
}

/** The median of a list of numbers. */
export function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

/** A percentile (0–100) of a list of numbers, nearest rank. */
export function percentile(values: readonly number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]!;
}

/** Runs `fn` repeatedly for about `ms` milliseconds (after a warm-up) and returns calls per second. */
export async function opsPerSecond(fn: () => unknown, ms = 2_000): Promise<number> {
  const warmUntil = performance.now() + Math.min(500, ms / 4);
  while (performance.now() < warmUntil) await fn();
  let count = 0;
  const start = performance.now();
  const end = start + ms;
  while (performance.now() < end) {
    for (let i = 0; i < 50; i++) await fn();
    count += 50;
  }
  return count / ((performance.now() - start) / 1000);
}

/** Formats results as an aligned table with ratios to the baseline and target verdicts. */
export function formatResults(results: readonly BenchResult[]): string {
  const rows = results.map((r) => {
    // A share of nothing (0 errors against 0) says nothing: the baseline's figure alone is shown.
    const share = r.baseline && r.baseline.value !== 0 ? `${((r.value / r.baseline.value) * 100).toFixed(0)}% of ` : "";
    const ratio = r.baseline ? `${share}${r.baseline.name} (${fmt(r.baseline.value)})` : "";
    const target = r.target ? `${(r.target.lowerIsBetter ? r.value <= r.target.value : r.value >= r.target.value) ? "MET" : "MISSED"} (target ${r.target.lowerIsBetter ? "≤" : "≥"} ${fmt(r.target.value)})` : "";
    return [r.name, `${fmt(r.value)} ${r.unit}`, ratio, target, r.notes ?? ""];
  });
  const widths = [0, 1, 2, 3].map((i) => Math.max(...rows.map((row) => row[i]!.length)));
  return rows.map((row) => row.map((cell, i) => (i < 4 ? cell.padEnd(widths[i]!) : cell)).join("  ")).join("\n");
}

function fmt(value: number): string {
  return value >= 100 ? Math.round(value).toLocaleString("en-US") : value.toFixed(2);
}
