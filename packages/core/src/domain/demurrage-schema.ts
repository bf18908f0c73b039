import { z } from "zod";
import { DateOnlySchema, UuidSchema } from "./common-schema.js";
import { ChargeMilestoneSchema, ChargeTypeSchema, CurrencyCodeSchema } from "./tariff-schema.js";

/** Where a last free day comes from, in order of precedence: what was reported wins over what is calculated, a contract over a tariff. */
export const LastFreeDayBasisSchema = z.enum(["carrier_reported", "terminal_reported", "rail_reported", "contract", "tariff"]);
/**
 * Where a last free day comes from.
 * @useDeclaredType
 */
export type LastFreeDayBasis = z.infer<typeof LastFreeDayBasisSchema>;

/** An exact amount of money: a decimal string and its ISO 4217 currency. */
export const MoneySchema = z.object({
  /** The amount, a decimal string with at least two decimals (`"450.00"`). */
  amount: z.string(),
  /** ISO 4217 currency code. */
  currency: CurrencyCodeSchema,
});

/** An exact amount of money. */
export interface Money extends z.infer<typeof MoneySchema> {}

/** One day of a charge's working, and what decided it. */
export const WorkingDaySchema = z.object({
  /** The local date, in the facility's time zone. */
  date: DateOnlySchema,
  /**
   * `free` used free time; `weekend`, `holiday` and `closed` did not (a business-day count skips the
   * first two; a closure is never counted nor charged); `charged` is a day after the last free day.
   */
  status: z.enum(["free", "weekend", "holiday", "closed", "charged"]),
  /** True for a day after today: the projection, not a charge yet. */
  projected: z.boolean(),
  /** For a charged day, its number among the charged days (1 is the first; closures are not counted); else `null`. */
  charged_day: z.number().int().nullable(),
  /** The tier of the rule's rates the day fell in (1-based), or `null`. */
  tier: z.number().int().nullable(),
  /** The day's charge, or `null` when it is not charged or no rule gives a rate. */
  rate: z.string().nullable(),
  /** The rule that decided the day, or `null` when none did (a reported last free day without a matching rule). */
  tariff_id: UuidSchema.nullable(),
  /** The holiday's name, on a holiday. */
  holiday: z.string().nullable(),
});

/** One day of a charge's working. */
export interface WorkingDay extends z.infer<typeof WorkingDaySchema> {}

/** A last free day that disagrees with the one that binds, and where it comes from. */
export const LastFreeDayFigureSchema = z.object({
  /** Where the figure comes from. */
  basis: LastFreeDayBasisSchema,
  /** The figure. */
  last_free_day: DateOnlySchema,
  /** The rule it was calculated from, for `contract` and `tariff`. */
  tariff_id: UuidSchema.nullable(),
});

/** A last free day and where it comes from. */
export interface LastFreeDayFigure extends z.infer<typeof LastFreeDayFigureSchema> {}

/** One charge on a container (demurrage, detention, combined or storage): its free time, its money and its working. */
export const ChargeExposureSchema = z.object({
  /** What is charged. */
  charge_type: ChargeTypeSchema,
  /** `not_started` before the free time's milestone; `free` within free time; `charging` after the last free day; `ended` once the charge's end milestone happened. */
  status: z.enum(["not_started", "free", "charging", "ended"]),
  /** The rule that applies, or `null` when only a reported last free day is known. */
  tariff_id: UuidSchema.nullable(),
  /** The rule's name, or `null`. */
  tariff_name: z.string().nullable(),
  /** The milestone free time starts from. */
  free_time_starts: ChargeMilestoneSchema,
  /** The milestone the charge ends at. */
  charge_ends: ChargeMilestoneSchema,
  /** The local date of the start milestone, or `null` before it. */
  started_on: DateOnlySchema.nullable(),
  /** The local date of the end milestone, or `null` before it. */
  ended_on: DateOnlySchema.nullable(),
  /** The time zone the local dates are in. */
  time_zone: z.string(),
  /** The rule's free days, or `null` without a rule. */
  free_days: z.number().int().nullable(),
  /** The last free day that binds, or `null` when none is known yet. */
  last_free_day: DateOnlySchema.nullable(),
  /** Where `last_free_day` comes from. */
  basis: LastFreeDayBasisSchema.nullable(),
  /** Other figures for the last free day that differ from the binding one: shown, never hidden. */
  disagreements: z.array(LastFreeDayFigureSchema),
  /** Free days after today still to come (under the rule's count), `free_days` before the start, 0 after the last free day; `null` when unknown. */
  free_days_remaining: z.number().int().nullable(),
  /** Days charged up to today (or the end), closures excluded. */
  charged_days: z.number().int(),
  /** The charge accrued up to today (or the end), or `null` when no rule gives rates. */
  accrued: MoneySchema.nullable(),
  /** What today costs, when today is a charged day and a rate is known; else `null`. */
  daily_rate_now: MoneySchema.nullable(),
  /** The local date the projection runs to: the end, else the pickup appointment or today + N days. */
  projected_through: DateOnlySchema.nullable(),
  /** The charge up to `projected_through`, or `null` when no rule gives rates or nothing has started. */
  projected: MoneySchema.nullable(),
  /** Each day from free day 1 to the later of today (or the end) and `projected_through`. */
  working: z.array(WorkingDaySchema),
  /** What the figures cannot say, in words (no matching rule, a missing milestone, a time zone assumed). */
  notes: z.array(z.string()),
});

/** One charge on a container. */
export interface ChargeExposure extends z.infer<typeof ChargeExposureSchema> {}

/** A container's demurrage and detention: the binding last free day for pickup and every charge with its working. */
export const ContainerDemurrageSchema = z.object({
  /** Today's local date in the facility's time zone, the date the figures are accrued to. */
  as_of: DateOnlySchema,
  /** The earliest last free day of the charges that end when the container leaves full (demurrage, storage, combined), or `null`. */
  last_free_day: DateOnlySchema.nullable(),
  /** Where `last_free_day` comes from. */
  last_free_day_basis: LastFreeDayBasisSchema.nullable(),
  /** The charge `last_free_day` belongs to. */
  last_free_day_charge_type: ChargeTypeSchema.nullable(),
  /** Every charge a rule or a reported last free day gives the container. */
  charges: z.array(ChargeExposureSchema),
});

/** A container's demurrage and detention. */
export interface ContainerDemurrage extends z.infer<typeof ContainerDemurrageSchema> {}

/** What exposure groups containers by. */
export const ExposureGroupBySchema = z.enum(["terminal", "carrier", "customer", "port", "container"]);
/**
 * What exposure groups containers by.
 * @useDeclaredType
 */
export type ExposureGroupBy = z.infer<typeof ExposureGroupBySchema>;

/** The money at risk of one group of containers (`GET /v2/demurrage_exposure`). */
export const ExposureGroupSchema = z.object({
  /** The group's key: a terminal id, a SCAC, a customer name, a UN/LOCODE or a container id; `null` for containers without one. */
  key: z.string().nullable(),
  /** Containers with a charge running (in free time or charging). */
  containers: z.number().int(),
  /** Of those, containers with a charge past its last free day. */
  charging: z.number().int(),
  /** Of those, containers whose binding last free day is today or within the next `ending_within_days`. */
  free_time_ending: z.number().int(),
  /** Charges accrued to today, one sum per currency. */
  accrued: z.array(MoneySchema),
  /** Charges projected, one sum per currency. */
  projected: z.array(MoneySchema),
  /** Running charges for which no rule gives a rate: their money is unknown, not zero. */
  unpriced_charges: z.number().int(),
});

/** The money at risk of one group of containers. */
export interface ExposureGroup extends z.infer<typeof ExposureGroupSchema> {}
