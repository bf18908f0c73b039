import { z } from "zod";
import { NullableTimestampSchema, TimestampSchema, UuidSchema } from "./common-schema.js";

/**
 * What an exception rule watches for: tracking gone quiet, an arrival estimate slipped, a sailing
 * missed, a box waiting at a transshipment port, a hold not lifted, a last free day passed with the
 * box still in, an empty not returned.
 */
export const ExceptionKindSchema = z.enum([
  "tracking_stale",
  "eta_slipped",
  "rolled_over",
  "transshipment_dwell",
  "hold_too_long",
  "last_free_day_passed",
  "empty_not_returned",
]);
/**
 * What an exception rule watches for.
 * @useDeclaredType
 */
export type ExceptionKind = z.infer<typeof ExceptionKindSchema>;

/** The unit of each kind's threshold: hours for the fast-moving ones, days for the dwell times. */
export const EXCEPTION_THRESHOLD_UNITS: Readonly<Record<ExceptionKind, "hours" | "days">> = {
  tracking_stale: "hours",
  eta_slipped: "hours",
  rolled_over: "hours",
  transshipment_dwell: "days",
  hold_too_long: "days",
  last_free_day_passed: "days",
  empty_not_returned: "days",
};

const RuleFieldsSchema = z.object({
  /** What the rule watches for. */
  kind: ExceptionKindSchema,
  /** The threshold in hours, for `tracking_stale`, `eta_slipped` and `rolled_over`; `null` for the others. */
  threshold_hours: z.number().int().min(0).max(8_760).nullable(),
  /** The threshold in days, for `transshipment_dwell`, `hold_too_long`, `last_free_day_passed` and `empty_not_returned`; `null` for the others. */
  threshold_days: z.number().int().min(0).max(365).nullable(),
  /** Whether the rule raises exceptions; a disabled rule clears those it raised. */
  enabled: z.boolean(),
});

/** A threshold given in the unit its kind does not use is refused at that attribute. */
function checkUnit(rule: { kind: ExceptionKind; threshold_hours?: number | null | undefined; threshold_days?: number | null | undefined }, context: z.RefinementCtx): void {
  const unit = EXCEPTION_THRESHOLD_UNITS[rule.kind];
  const wrong = unit === "hours" ? "threshold_days" : "threshold_hours";
  if (rule[wrong] !== undefined && rule[wrong] !== null) {
    context.addIssue({ code: "custom", path: [wrong], message: `must be null for ${rule.kind}: its threshold is threshold_${unit}` });
  }
}

/**
 * The attributes of an exception rule as a client writes them (`POST /v2/exception_rules`): the
 * threshold left out takes the kind's default.
 */
export const ExceptionRuleAttributesSchema = z
  .strictObject({
    /** What the rule watches for. */
    kind: ExceptionKindSchema.meta({ description: "What the rule watches for; one rule per kind and account" }),
    /** The threshold in hours (kinds measured in hours); the kind's default when left out. */
    threshold_hours: z.number().int().min(0).max(8_760).nullable().optional().meta({ description: "For tracking_stale, eta_slipped and rolled_over: the threshold in hours (default 48, 24, 48)" }),
    /** The threshold in days (kinds measured in days); the kind's default when left out. */
    threshold_days: z.number().int().min(0).max(365).nullable().optional().meta({ description: "For transshipment_dwell, hold_too_long, last_free_day_passed and empty_not_returned: the threshold in days (default 7, 3, 0, 7)" }),
    /** Whether the rule raises exceptions. */
    enabled: z.boolean().default(true).meta({ description: "Whether the rule raises exceptions (default true); disabling clears what it raised" }),
  })
  .superRefine(checkUnit);

/** The attributes of an exception rule as a client writes them. */
export interface ExceptionRuleAttributes extends z.input<typeof ExceptionRuleAttributesSchema> {}

/** The attributes `PATCH /v2/exception_rules/{id}` accepts (any subset; the kind never changes). */
export const ExceptionRulePatchSchema = z.strictObject({
  /** The threshold in hours. */
  threshold_hours: z.number().int().min(0).max(8_760).optional().meta({ description: "The threshold in hours (kinds measured in hours only)" }),
  /** The threshold in days. */
  threshold_days: z.number().int().min(0).max(365).optional().meta({ description: "The threshold in days (kinds measured in days only)" }),
  /** Whether the rule raises exceptions. */
  enabled: z.boolean().optional().meta({ description: "Whether the rule raises exceptions" }),
});

/** A change to an exception rule. */
export interface ExceptionRulePatch extends z.infer<typeof ExceptionRulePatchSchema> {}

/** The attributes served for an exception rule. */
export const ExceptionRuleServedAttributesSchema = RuleFieldsSchema.extend({
  /** When the rule was created. */
  created_at: TimestampSchema,
  /** When the rule last changed. */
  updated_at: TimestampSchema,
});

/** A stored exception rule of an account: at most one per kind; a kind without one follows its default. */
export const ExceptionRuleSchema = ExceptionRuleServedAttributesSchema.extend({
  /** The rule's id. */
  id: UuidSchema,
  /** The account that owns the rule. */
  account_id: UuidSchema,
});

/** A stored exception rule. */
export interface ExceptionRule extends z.infer<typeof ExceptionRuleSchema> {}

/** Whether an exception still holds (`open`) or has stopped holding (`cleared`). */
export const ExceptionStatusSchema = z.enum(["open", "cleared"]);
/**
 * Whether an exception still holds.
 * @useDeclaredType
 */
export type ExceptionStatus = z.infer<typeof ExceptionStatusSchema>;

/** The figures behind an exception (hours late, days on hold, the threshold), by name. */
export const ExceptionFiguresSchema = z.record(z.string(), z.union([z.number(), z.string(), z.null()]));

/** The attributes served for an exception record. */
export const ShipmentExceptionAttributesSchema = z.object({
  /** The rule kind that raised it. */
  kind: ExceptionKindSchema,
  /** `open` while the condition holds, `cleared` once it stopped. */
  status: ExceptionStatusSchema,
  /** When the condition was first seen to hold. */
  raised_at: TimestampSchema,
  /** When it was seen to stop holding; `null` while open. */
  cleared_at: NullableTimestampSchema,
  /** What holds, in words, with the figures as they were when raised ("ETA 52 h later than first reported"). */
  detail: z.string(),
  /** The figures as they were when raised; each kind's names are listed in docs/exceptions.md. */
  figures: ExceptionFiguresSchema,
  /** Why it cleared, in words; `null` while open. */
  cleared_detail: z.string().nullable(),
});

/** A stored exception: one condition of one shipment (or one of its containers), raised and later cleared. */
export const ShipmentExceptionSchema = ShipmentExceptionAttributesSchema.extend({
  /** The exception's id. */
  id: UuidSchema,
  /** The account it belongs to. */
  account_id: UuidSchema,
  /** The shipment concerned. */
  shipment_id: UuidSchema,
  /** The container concerned, or `null` for a condition of the whole shipment. */
  container_id: UuidSchema.nullable(),
  /** When the record was written. */
  created_at: TimestampSchema,
  /** When the record last changed (raised, then cleared). */
  updated_at: TimestampSchema,
});

/** A stored exception record. */
export interface ShipmentException extends z.infer<typeof ShipmentExceptionSchema> {}
