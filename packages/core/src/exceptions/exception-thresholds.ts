import { EXCEPTION_THRESHOLD_UNITS, ExceptionKindSchema, type ExceptionKind, type ExceptionRule } from "../domain/exception-schema.js";

/** One rule as the evaluation applies it: on or off, and its threshold in its kind's unit. */
export interface EffectiveRule {
  /** Whether the rule raises exceptions. */
  enabled: boolean;
  /** The threshold, in the unit of {@link EXCEPTION_THRESHOLD_UNITS} for the kind. */
  threshold: number;
  /** Where it comes from: the account's stored rule, or the default. */
  source: "account" | "default";
}

/** Every kind's rule, as the evaluation applies it to one account. */
export type EffectiveRules = Readonly<Record<ExceptionKind, EffectiveRule>>;

/**
 * The rule each kind follows in an account that stored none for it (documented in docs/exceptions.md):
 * all enabled; stale after 48 hours without an update; ETA slipped by more than 24 hours; rolled over
 * when the departure moved 48 hours or more before sailing; 7 days at a transshipment port; a hold
 * for 3 days; a last free day passed (0 days' grace); an empty not back 7 days after full out.
 */
export const DEFAULT_EXCEPTION_THRESHOLDS: Readonly<Record<ExceptionKind, number>> = {
  tracking_stale: 48,
  eta_slipped: 24,
  rolled_over: 48,
  transshipment_dwell: 7,
  hold_too_long: 3,
  last_free_day_passed: 0,
  empty_not_returned: 7,
};

/** The threshold of a stored rule in its kind's unit (the other unit's field is `null`). */
export function thresholdOf(rule: Pick<ExceptionRule, "kind" | "threshold_hours" | "threshold_days">): number {
  const value = EXCEPTION_THRESHOLD_UNITS[rule.kind] === "hours" ? rule.threshold_hours : rule.threshold_days;
  return value ?? DEFAULT_EXCEPTION_THRESHOLDS[rule.kind];
}

/** The rules an account's evaluation applies (pure): its stored rule for a kind, else the default. */
export function effectiveRules(stored: readonly ExceptionRule[]): EffectiveRules {
  const byKind = new Map(stored.map((rule) => [rule.kind, rule]));
  return Object.fromEntries(
    ExceptionKindSchema.options.map((kind) => {
      const rule = byKind.get(kind);
      const effective: EffectiveRule = rule ? { enabled: rule.enabled, threshold: thresholdOf(rule), source: "account" } : { enabled: true, threshold: DEFAULT_EXCEPTION_THRESHOLDS[kind], source: "default" };
      return [kind, effective];
    }),
  ) as unknown as EffectiveRules;
}
