import type { Clock } from "../clock/index.js";
import type { Storage } from "../storage/index.js";
import { arrivalHistories, type LaneArrivalHistory } from "./arrival-histories.js";
import { EMPTY_BIAS_TABLE, learnCarrierBias, type CarrierBiasTable } from "./carrier-bias.js";
import type { EtaPredictor } from "./eta-predictor.js";

/** How long an account's learned carrier bias is used before it is learned again from its arrivals. */
export const DEFAULT_BIAS_RELEARN_MS = 24 * 3_600_000;
/** Bias is learned from the arrived ones among the account's this many newest shipments: recent history, and bounded work. */
export const BIAS_LEARNING_SHIPMENTS = 2_000;

/** The tracker's arrival predictions: the predictor and each account's learned carrier bias. */
export interface EtaForecasting {
  /** The predictor every refresh and ingest uses. */
  readonly predictor: EtaPredictor;
  /** The account's carrier bias as last learned (empty before {@link EtaForecasting.prepare}). */
  biasTable(accountId: string): CarrierBiasTable;
  /** Learns the carrier bias of these accounts again from their arrived shipments when it is older than the relearn interval (on the tracker's clock). */
  prepare(accountIds: Iterable<string>): Promise<void>;
}

/** Options of {@link createEtaForecasting}. */
export interface EtaForecastingOptions {
  storage: Storage;
  clock: Clock;
  predictor: EtaPredictor;
  /** @default DEFAULT_BIAS_RELEARN_MS (24 hours) */
  relearnEveryMs?: number;
}

/** Creates the tracker's {@link EtaForecasting}: bias tables are kept in memory, per account. */
export function createEtaForecasting(options: EtaForecastingOptions): EtaForecasting {
  const tables = new Map<string, { table: CarrierBiasTable; learnedAt: number }>();
  const every = options.relearnEveryMs ?? DEFAULT_BIAS_RELEARN_MS;
  return {
    predictor: options.predictor,
    biasTable: (accountId) => tables.get(accountId)?.table ?? EMPTY_BIAS_TABLE,
    async prepare(accountIds) {
      const now = options.clock.now().getTime();
      for (const accountId of new Set(accountIds)) {
        const known = tables.get(accountId);
        if (known && now - known.learnedAt < every) continue;
        const histories: LaneArrivalHistory[] = [];
        for await (const page of arrivalHistories(options.storage, accountId, { newest: BIAS_LEARNING_SHIPMENTS })) histories.push(...page);
        tables.set(accountId, { table: learnCarrierBias(histories), learnedAt: now });
      }
    },
  };
}
