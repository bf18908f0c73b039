import { z } from "zod";
import type { EtaAccuracyRow } from "../domain/index.js";
import { ScacSchema } from "../domain/validators.js";
import { accuracyRows, MAX_HORIZON_DAYS, SAMPLE_EVERY_HOURS } from "../eta/eta-accuracy.js";
import { arrivalHistories, type LaneArrivalHistory } from "../eta/arrival-histories.js";
import { parseOptions } from "../validation/input-validation.js";
import type { SessionContext } from "./session-context.js";

const Instant = z.string().refine((value) => !Number.isNaN(Date.parse(value)) && /^\d{4}-\d{2}-\d{2}(T|$)/.test(value), "must be an ISO 8601 date or date-time");

/** Options of {@link EtaService.accuracy}: which arrived shipments count. */
export const EtaAccuracyOptionsSchema = z.strictObject({
  /** Only this carrier's shipments (SCAC). */
  carrier: ScacSchema.optional(),
  /** Only this lane: the port of lading's and the port of discharge's UN/LOCODEs, `POL-POD` (e.g. `CNSHA-USLAX`). */
  lane: z.string().regex(/^[A-Z]{2}[A-Z0-9]{3}-[A-Z]{2}[A-Z0-9]{3}$/, "must be two UN/LOCODEs joined by a hyphen (POL-POD)").optional(),
  /** Only arrivals at or after this instant (ISO 8601). */
  from: Instant.optional(),
  /** Only arrivals before this instant (ISO 8601). */
  to: Instant.optional(),
});

/** Options of {@link EtaService.accuracy}. */
export type EtaAccuracyOptions = z.input<typeof EtaAccuracyOptionsSchema>;

/** The ETA accuracy of an account's arrived shipments. */
export interface EtaAccuracyReport {
  /** One row per source and horizon: {@link ETA_SOURCES} × {@link HORIZONS}, in that order. */
  rows: EtaAccuracyRow[];
  /** How many arrived shipments matched the filters. */
  shipments: number;
}

/** ETA accuracy over the session account's own arrived shipments (docs/eta.md). */
export interface EtaService {
  /**
   * For each ETA source (the carrier's `pod_eta_at`, the terminal's, Bollard's `predicted_eta_at`)
   * and horizon (≥ 14, 7–14, 3–7, 1–3, < 1 days before the actual arrival `pod_ata_at`), the mean
   * absolute error and bias in hours of the forecasts as Bollard knew them, sampled every 6 hours.
   */
  accuracy(options?: EtaAccuracyOptions): Promise<EtaAccuracyReport>;
}

/** How accuracy is defined, for documents that report it. */
export interface EtaAccuracyDefinition {
  /** The attribute every error is measured against. */
  actual_arrival: "pod_ata_at";
  /** Forecasts are sampled this often before the actual arrival. */
  sample_every_hours: number;
  /** Forecasts further ahead than this are not sampled. */
  max_horizon_days: number;
}

/** How accuracy is defined, for documents that report it. */
export const ETA_ACCURACY_DEFINITION: EtaAccuracyDefinition = {
  actual_arrival: "pod_ata_at",
  sample_every_hours: SAMPLE_EVERY_HOURS,
  max_horizon_days: MAX_HORIZON_DAYS,
};

/** Creates the {@link EtaService} of a session. */
export function createEtaService(context: SessionContext): EtaService {
  return {
    async accuracy(options = {}) {
      const filter = parseOptions(EtaAccuracyOptionsSchema, options);
      const histories: LaneArrivalHistory[] = [];
      for await (const page of arrivalHistories(context.storage, context.accountId, filter)) histories.push(...page);
      return { rows: accuracyRows(histories), shipments: histories.length };
    },
  };
}
