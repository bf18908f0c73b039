import type { Change, EtaAccuracyRow, EtaHorizon, EtaSource, Shipment } from "../domain/index.js";

const HOUR = 3_600_000;
/** Forecasts are sampled this often before the arrival. */
export const SAMPLE_EVERY_HOURS = 6;
/** Forecasts further ahead than this are not sampled. */
export const MAX_HORIZON_DAYS = 60;

/** A horizon bin: [from, to) days before the actual arrival. */
export interface HorizonBin {
  /** Its name in the accuracy table. */
  horizon: EtaHorizon;
  /** Where it starts, in days before the arrival (inclusive). */
  fromDays: number;
  /** Where it ends (exclusive); `null` for the open-ended one. */
  toDays: number | null;
}

/** The horizons accuracy is binned by, from the longest. */
export const HORIZONS: readonly HorizonBin[] = [
  { horizon: "14d_plus", fromDays: 14, toDays: null },
  { horizon: "7_14d", fromDays: 7, toDays: 14 },
  { horizon: "3_7d", fromDays: 3, toDays: 7 },
  { horizon: "1_3d", fromDays: 1, toDays: 3 },
  { horizon: "under_1d", fromDays: 0, toDays: 1 },
];

/** The ETA sources accuracy is reported for. */
export const ETA_SOURCES: readonly EtaSource[] = ["carrier", "terminal", "predicted"];

/** The horizon bin `hours` before the arrival falls in. */
export function horizonOf(hours: number): EtaHorizon {
  const days = hours / 24;
  return (HORIZONS.find((bin) => days >= bin.fromDays) ?? HORIZONS.at(-1)!).horizon;
}

/** What accuracy needs of one arrived shipment: the shipment and the changes of its POD ETAs (carrier's and predicted). */
export interface ArrivalHistory {
  /** The shipment: its arrival, creation and current ETAs. */
  shipment: Pick<Shipment, "id" | "created_at" | "pod_ata_at" | "pod_eta_at" | "predicted_eta_at">;
  /** Its changes of `pod_eta_at` and `predicted_eta_at` (others are ignored), in any order. */
  changes: readonly Pick<Change, "attribute" | "before" | "after" | "source" | "learned_at">[];
}

/** One forecast as Bollard knew it some hours before the actual arrival. */
export interface ForecastSample {
  /** Whose forecast it was. */
  source: EtaSource;
  /** Hours before the actual arrival. */
  horizonHours: number;
  /** The forecast minus the actual arrival, in hours (negative: early). */
  errorHours: number;
}

/** A timeline of one attribute: the value in force from each instant on. */
interface Step {
  from: number;
  value: string | null;
  source: EtaSource;
}

/** `pod_eta_at` is the carrier's (or a feed's) unless the terminal reported it; `predicted_eta_at` is Bollard's. */
const sourceOf = (attribute: string, changeSource: string): EtaSource => (attribute === "predicted_eta_at" ? "predicted" : changeSource === "terminal" ? "terminal" : "carrier");

function timeline(attribute: "pod_eta_at" | "predicted_eta_at", history: ArrivalHistory): Step[] {
  const changes = history.changes.filter((c) => c.attribute === attribute).sort((a, b) => a.learned_at.localeCompare(b.learned_at));
  const current = history.shipment[attribute];
  const first = changes[0];
  const steps: Step[] = [{ from: Date.parse(history.shipment.created_at), value: first ? (first.before as string | null) : current, source: sourceOf(attribute, first?.source ?? "carrier") }];
  for (const change of changes) steps.push({ from: Date.parse(change.learned_at), value: change.after as string | null, source: sourceOf(attribute, change.source) });
  return steps;
}

/**
 * Every forecast sample of one arrived shipment: each {@link SAMPLE_EVERY_HOURS} hours before its
 * actual arrival (`pod_ata_at`), back to its creation or {@link MAX_HORIZON_DAYS}, the carrier's and
 * the predicted ETA as Bollard knew them then (by `learned_at`), when it had one.
 */
export function forecastSamples(history: ArrivalHistory): ForecastSample[] {
  const actual = history.shipment.pod_ata_at;
  if (actual === null) return [];
  const arrival = Date.parse(actual);
  const created = Date.parse(history.shipment.created_at);
  const samples: ForecastSample[] = [];
  for (const steps of [timeline("pod_eta_at", history), timeline("predicted_eta_at", history)]) {
    let index = steps.length - 1;
    for (let hours = SAMPLE_EVERY_HOURS; hours <= MAX_HORIZON_DAYS * 24; hours += SAMPLE_EVERY_HOURS) {
      const at = arrival - hours * HOUR;
      if (at < created) break;
      while (index > 0 && steps[index]!.from > at) index--;
      const step = steps[index]!;
      if (step.from > at || step.value === null) continue;
      samples.push({ source: step.source, horizonHours: hours, errorHours: (Date.parse(step.value) - arrival) / HOUR });
    }
  }
  return samples;
}

const round1 = (value: number) => Math.round(value * 10) / 10 + 0;

/**
 * The accuracy table: for each source and horizon, the mean absolute error and the bias (mean
 * signed error) in hours, with how many samples and shipments they rest on. Every source and horizon
 * has a row; one without samples has `null` figures.
 */
export function accuracyRows(histories: Iterable<ArrivalHistory>): EtaAccuracyRow[] {
  const bins = new Map<string, { samples: number; absolute: number; signed: number; squared: number; shipments: Set<string> }>();
  for (const history of histories) {
    for (const sample of forecastSamples(history)) {
      const key = `${sample.source}|${horizonOf(sample.horizonHours)}`;
      let bin = bins.get(key);
      if (!bin) bins.set(key, (bin = { samples: 0, absolute: 0, signed: 0, squared: 0, shipments: new Set() }));
      bin.samples++;
      bin.absolute += Math.abs(sample.errorHours);
      bin.signed += sample.errorHours;
      bin.squared += sample.errorHours ** 2;
      bin.shipments.add(history.shipment.id);
    }
  }
  return ETA_SOURCES.flatMap((source) =>
    HORIZONS.map(({ horizon, fromDays, toDays }): EtaAccuracyRow => {
      const bin = bins.get(`${source}|${horizon}`);
      const n = bin?.samples ?? 0;
      const mean = bin && n > 0 ? bin.signed / n : null;
      return {
        source,
        horizon,
        horizon_from_days: fromDays,
        horizon_to_days: toDays,
        samples: n,
        shipments: bin?.shipments.size ?? 0,
        mae_hours: bin && n > 0 ? round1(bin.absolute / n) : null,
        bias_hours: mean === null ? null : round1(mean),
        spread_hours: bin && mean !== null && n > 1 ? round1(Math.sqrt(Math.max(0, bin.squared / n - mean * mean))) : null,
      };
    }),
  );
}
