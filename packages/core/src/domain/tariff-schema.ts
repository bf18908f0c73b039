import { z } from "zod";
import { DateOnlySchema, TimestampSchema, UuidSchema } from "./common-schema.js";
import { EquipmentLengthSchema, EquipmentTypeSchema } from "./enums.js";
import { ScacSchema, UnLocodeSchema } from "./validators.js";

/** The version of the tariff-rule format this code reads and writes (`format` on every rule). */
export const TARIFF_FORMAT = 1;

/** What a rule charges for: the terminal's or line's demurrage, the line's detention (per diem), both as one charge, or terminal storage. */
export const ChargeTypeSchema = z.enum(["demurrage", "detention", "combined", "storage"]);
/**
 * What a tariff rule charges for.
 * @useDeclaredType
 */
export type ChargeType = z.infer<typeof ChargeTypeSchema>;

/** A container milestone a rule's free time starts from or its charge ends at. */
export const ChargeMilestoneSchema = z.enum(["discharge", "available_for_pickup", "full_out", "empty_return", "empty_out", "full_in", "vessel_loaded"]);
/**
 * A container milestone a rule's free time starts from or its charge ends at.
 * @useDeclaredType
 */
export type ChargeMilestone = z.infer<typeof ChargeMilestoneSchema>;

/** A day of the week, in English, lower case. */
export const WeekdaySchema = z.enum(["sunday", "monday", "tuesday", "wednesday", "thursday", "friday", "saturday"]);
/**
 * A day of the week.
 * @useDeclaredType
 */
export type Weekday = z.infer<typeof WeekdaySchema>;

/** An exact, non-negative decimal amount as a string (`"150"`, `"87.50"`): money never passes through a float. */
export const DecimalAmountSchema = z
  .string()
  .regex(/^\d{1,12}(\.\d{1,4})?$/, "must be a non-negative decimal string such as \"150.00\"");

/** An ISO 4217 currency code. */
export const CurrencyCodeSchema = z.string().regex(/^[A-Z]{3}$/, "must be an ISO 4217 currency code such as USD");

/** One tier of daily rates: charged days `from_day` to `to_day` (inclusive; `null` = every day after) cost `rate` each. Day 1 is the first day after free time. */
export const RateTierSchema = z.object({
  /** The first charged day of the tier; day 1 is the first day after the last free day. */
  from_day: z.number().int().min(1).max(10_000),
  /** The last charged day of the tier, inclusive; `null` for every day from `from_day` on (only the last tier). */
  to_day: z.number().int().min(1).max(10_000).nullable(),
  /** The charge for each day of the tier, a decimal string. */
  rate: DecimalAmountSchema,
  /** The rate's ISO 4217 currency; every tier of a rule has the same one. */
  currency: CurrencyCodeSchema,
});

/** One tier of daily rates. */
export interface RateTier extends z.infer<typeof RateTierSchema> {}

/** The public holidays a business-day count skips: a country (ISO 3166-1 alpha-2) and optionally its state or province. */
export const HolidayCalendarSchema = z.object({
  /** ISO 3166-1 alpha-2 country code, e.g. `US`. */
  country: z.string().regex(/^[A-Z]{2}$/, "must be an ISO 3166-1 alpha-2 country code such as US"),
  /** The state, province or region code within the country (e.g. `CA`), or `null` for national holidays only. */
  state: z.string().regex(/^[A-Z0-9]{1,3}$/, "must be a state or region code such as CA").nullable().default(null),
});

/** The public holidays a business-day count skips. */
export interface HolidayCalendar extends z.infer<typeof HolidayCalendarSchema> {}

const TariffFieldsSchema = z.object({
  /** The version of the rule format; {@link TARIFF_FORMAT}. */
  format: z.literal(TARIFF_FORMAT).default(TARIFF_FORMAT),
  /** A name people recognise (`"MSC import demurrage, USLAX, 2026"`). */
  name: z.string().trim().min(1).max(200),
  /** True for the example rules Bollard ships: illustrations, not any carrier's real tariff. */
  sample: z.boolean().default(false),
  /** `contract` terms (negotiated with a carrier, for the account or some of its customers) win over a published `tariff`. */
  kind: z.enum(["tariff", "contract"]).default("tariff"),
  /** What the rule charges for. */
  charge_type: ChargeTypeSchema,
  /** Whether the rule applies to import or export moves. */
  direction: z.enum(["import", "export"]).default("import"),
  /** The carriers the rule applies to; empty for every carrier. */
  carrier_scacs: z.array(ScacSchema).max(100).default([]),
  /** The ports (where free time starts) the rule applies to; empty for every port. */
  port_locodes: z.array(UnLocodeSchema).max(100).default([]),
  /** The terminals the rule applies to, by Bollard terminal id; empty for every terminal. */
  terminal_ids: z.array(UuidSchema).max(100).default([]),
  /** The customers the rule applies to, by the shipment's `customer_name` (case-insensitive); empty for every shipment of the account. */
  customer_names: z.array(z.string().trim().min(1).max(255)).max(100).default([]),
  /** The equipment types the rule applies to; empty for every type. */
  equipment_types: z.array(EquipmentTypeSchema).max(10).default([]),
  /** The equipment lengths the rule applies to; empty for every length. */
  equipment_lengths: z.array(EquipmentLengthSchema).max(10).default([]),
  /** The first local date the rule is in force. */
  valid_from: DateOnlySchema,
  /** The last local date the rule is in force, inclusive; `null` while it has no end. */
  valid_to: DateOnlySchema.nullable().default(null),
  /** The milestone whose local date starts free time. */
  free_time_starts: ChargeMilestoneSchema,
  /** The milestone whose local date ends the charge (that day is charged). */
  charge_ends: ChargeMilestoneSchema,
  /** Whether the milestone's own day is free day 1 (`start_day`) or the day after it is (`next_day`). */
  first_free_day: z.enum(["start_day", "next_day"]).default("next_day"),
  /** How many free days there are. */
  free_days: z.number().int().min(0).max(365),
  /** `calendar`: every open day uses free time; `business`: weekends and holidays do not. */
  day_count_type: z.enum(["calendar", "business"]).default("calendar"),
  /** The days a business-day count skips. */
  weekend_days: z.array(WeekdaySchema).max(6).default(["saturday", "sunday"]),
  /** The public holidays a business-day count skips; `null` for none. */
  holiday_calendar: HolidayCalendarSchema.nullable().default(null),
  /** Local dates the facility is closed: they use no free time and are never charged, whatever the count type. */
  closures: z.array(DateOnlySchema).max(366).default([]),
  /** Daily rates once free time is over, in tiers from day 1 upward with no gap. */
  rates: z.array(RateTierSchema).max(20).default([]),
});

/** The rules a rule's fields must keep together; added to both the create and the stored schema. */
function checkTariff(tariff: z.infer<typeof TariffFieldsSchema>, context: z.RefinementCtx): void {
  if (tariff.valid_to !== null && tariff.valid_to < tariff.valid_from) {
    context.addIssue({ code: "custom", path: ["valid_to"], message: "must not be before valid_from" });
  }
  if (tariff.free_time_starts === tariff.charge_ends) {
    context.addIssue({ code: "custom", path: ["charge_ends"], message: "must differ from free_time_starts" });
  }
  let expected = 1;
  tariff.rates.forEach((tier, index) => {
    if (tier.from_day !== expected) {
      context.addIssue({ code: "custom", path: ["rates", index, "from_day"], message: `must be ${expected}: tiers start at day 1 and follow each other without gaps` });
    }
    if (tier.to_day === null ? index !== tariff.rates.length - 1 : tier.to_day < tier.from_day) {
      const message = tier.to_day === null ? "may be null only on the last tier" : "must not be before from_day";
      context.addIssue({ code: "custom", path: ["rates", index, "to_day"], message });
    }
    if (tier.currency !== tariff.rates[0]!.currency) {
      context.addIssue({ code: "custom", path: ["rates", index, "currency"], message: "must be the same for every tier of a rule" });
    }
    expected = (tier.to_day ?? expected) + 1;
  });
}

/** The attributes of a tariff rule as a client writes them (`POST /v2/tariffs`); every default is filled on the way in. */
export const TariffAttributesSchema = z
  .strictObject({
    ...TariffFieldsSchema.shape,
    // A misspelt key inside a rule's calendar or tiers is refused too, not only at its top level.
    /** The public holidays a business-day count skips; `null` for none. */
    holiday_calendar: z.strictObject(HolidayCalendarSchema.shape).nullable().default(null),
    /** Daily rates once free time is over, in tiers from day 1 upward with no gap. */
    rates: z.array(z.strictObject(RateTierSchema.shape)).max(20).default([]),
  })
  .superRefine(checkTariff);

/** The attributes of a tariff rule. */
export interface TariffAttributes extends z.infer<typeof TariffAttributesSchema> {}

/** The attributes served for a tariff rule: its fields, and when it was created and last changed. */
export const TariffServedAttributesSchema = TariffFieldsSchema.extend({
  /** When the rule was created. */
  created_at: TimestampSchema,
  /** When the rule last changed. */
  updated_at: TimestampSchema,
});

/** A stored tariff rule: free time and daily rates for a charge, with what it applies to (an open, versioned format). */
export const TariffSchema = TariffFieldsSchema.extend({
  /** The rule's id. */
  id: UuidSchema,
  /** The account that owns the rule. */
  account_id: UuidSchema,
  /** When the rule was created. */
  created_at: TimestampSchema,
  /** When the rule last changed. */
  updated_at: TimestampSchema,
}).superRefine(checkTariff);

/** A stored tariff rule. */
export interface Tariff extends z.infer<typeof TariffSchema> {}
