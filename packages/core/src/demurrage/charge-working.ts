import Big from "big.js";
import type { WorkingDay } from "../domain/demurrage-schema.js";
import type { RateTier, Tariff } from "../domain/tariff-schema.js";
import type { Calendars } from "./calendars.js";
import { dateOfDayNumber, type DayNumber, weekdayOfDay } from "./local-date.js";
import { ruleInForce } from "./tariff-selection.js";

/** What one charge's day-by-day working needs (days as {@link DayNumber}s). */
export interface WorkingInput {
  /** The rule that governs free time, or `null` when only a reported last free day is known. */
  rule: Tariff | null;
  /** The rules of the governing rule's kind that match, best first: a charged day takes its rate from the best in force that day. */
  successors: readonly Tariff[];
  /** Free day 1. */
  dayOne: DayNumber;
  /** The reported last free day, which binds over the calculated one. */
  reportedLastFreeDay: DayNumber | null;
  /** The day of the end milestone (charged), or `null` before it. */
  endedOn: DayNumber | null;
  /** Today. */
  today: DayNumber;
  /** The day the projection runs to. */
  projectThrough: DayNumber;
  /** Public holidays. */
  calendars: Calendars;
  /** Whether to list the days (the money is the same without): exposure over thousands of containers needs only the sums. */
  listDays: boolean;
}

/** A charge worked out day by day. */
export interface Working {
  /** The last free day the rule gives, or `null` without a rule. */
  calculatedLastFreeDay: DayNumber | null;
  /** The last free day that binds: the reported one, else the calculated one. */
  lastFreeDay: DayNumber | null;
  /** Every day from free day 1 to the end of the working (empty unless `listDays`). */
  days: WorkingDay[];
  /** Charged days up to today or the end. */
  chargedDays: number;
  /** Charges up to today or the end; `null` when a charged day has no rate. */
  accrued: Big | null;
  /** Charges up to the projection day; `null` when a charged day has no rate. */
  projected: Big | null;
  /** Today's charge when today is charged with a known rate. */
  rateToday: Big | null;
  /** Free days after today. */
  freeDaysRemaining: number;
  /** The currency of the rates, or `null` when no day has one. */
  currency: string | null;
  /** What the figures cannot say. */
  notes: string[];
}

/** Longest stretch a working walks (ten years of days): a bound against runaway inputs, not a business rule. */
const MAX_DAYS = 3_660;

type FreeTimeStatus = "free" | "weekend" | "holiday" | "closed";

/** How a rule counts one day of free time, and the holiday's name when it is one. */
function freeTimeStatus(rule: Tariff, day: DayNumber, calendars: Calendars): { status: FreeTimeStatus; holiday: string | null } {
  if (isClosed(rule, day)) return { status: "closed", holiday: null };
  if (rule.day_count_type === "calendar") return { status: "free", holiday: null };
  const holiday = rule.holiday_calendar === null ? null : calendars.holidayOn(rule.holiday_calendar, day);
  if (holiday !== null) return { status: "holiday", holiday };
  return { status: rule.weekend_days.includes(weekdayOfDay(day)) ? "weekend" : "free", holiday: null };
}

function isClosed(rule: Tariff, day: DayNumber): boolean {
  return rule.closures.length > 0 && rule.closures.includes(dateOfDayNumber(day));
}

/** The last day of free time under the rule, counting from `dayOne`; the day before it when there are no free days. */
export function calculatedLastFreeDay(rule: Tariff, dayOne: DayNumber, calendars: Calendars): DayNumber {
  let day = dayOne - 1;
  for (let counted = 0, walked = 0; counted < rule.free_days && walked < MAX_DAYS; walked++) {
    day++;
    if (freeTimeStatus(rule, day, calendars).status === "free") counted++;
  }
  return day;
}

/** The tier a charged day falls in (0-based); past the last tier, the last tier's rate goes on. */
function tierIndex(rates: readonly RateTier[], chargedDay: number): number {
  const index = rates.findIndex((tier) => tier.from_day <= chargedDay && (tier.to_day === null || chargedDay <= tier.to_day));
  return index >= 0 ? index : rates.length - 1;
}

/** The rule of `successors` in force on a day and of the governing rule's kind, else the governing rule. */
function ruleOn(governing: Tariff, successors: readonly Tariff[], day: DayNumber): Tariff {
  return successors.length < 2 ? governing : (ruleInForce(successors, dateOfDayNumber(day), governing.kind) ?? governing);
}

/**
 * Works a charge out day by day: free time under the governing rule up to the binding last free day,
 * then every day charged (closures excepted) at the tier its number falls in, at the rates of the
 * best rule in force that day (the governing one when none is). The money is summed as counts of
 * days per rule and tier, multiplied once (exact, with big.js).
 */
export function workCharge(input: WorkingInput): Working {
  const { today, calendars, listDays } = input;
  const { rule, successors } = input;
  const calculated = rule === null ? null : calculatedLastFreeDay(rule, input.dayOne, calendars);
  const lastFreeDay = input.reportedLastFreeDay ?? calculated;
  const notes: string[] = [];
  const days: WorkingDay[] = [];
  // Charged days counted by the rate that applies: accrued (to today) and projected.
  const accruedCounts = new Map<string, { rate: string; count: number }>();
  const projectedCounts = new Map<string, { rate: string; count: number }>();
  let unpriced = false;
  let chargedDays = 0;
  let chargedSoFar = 0;
  let rateToday: string | null = null;
  let freeDaysRemaining = 0;
  let currency: string | null = null;
  const lastDay = input.endedOn ?? Math.max(today, input.projectThrough, lastFreeDay ?? today);
  for (let day = input.dayOne; day <= lastDay && day - input.dayOne < MAX_DAYS; day++) {
    const projectedDay = day > today;
    if (lastFreeDay !== null && day <= lastFreeDay) {
      const { status, holiday } = rule === null ? { status: "free" as const, holiday: null } : freeTimeStatus(rule, day, calendars);
      if (projectedDay && status === "free") freeDaysRemaining++;
      if (listDays) days.push({ date: dateOfDayNumber(day), status, projected: projectedDay, charged_day: null, tier: null, rate: null, tariff_id: rule?.id ?? null, holiday });
      continue;
    }
    const dayRule = rule === null ? null : ruleOn(rule, successors, day);
    if (dayRule !== null && isClosed(dayRule, day)) {
      if (listDays) days.push({ date: dateOfDayNumber(day), status: "closed", projected: projectedDay, charged_day: null, tier: null, rate: null, tariff_id: dayRule.id, holiday: null });
      continue;
    }
    chargedSoFar++;
    const index = dayRule === null || dayRule.rates.length === 0 ? -1 : tierIndex(dayRule.rates, chargedSoFar);
    const tier = index < 0 ? null : dayRule!.rates[index]!;
    if (tier !== null && currency !== null && tier.currency !== currency && !notes.length) {
      notes.push(`Rule ${dayRule!.id} charges in ${tier.currency}, not ${currency}: the totals are not summed across currencies.`);
    }
    currency ??= tier?.currency ?? null;
    const rate = tier === null || tier.currency !== currency ? null : tier.rate;
    if (rate === null) unpriced = true;
    const key = `${dayRule?.id}/${index}`;
    if (!projectedDay) {
      chargedDays++;
      if (rate !== null) count(accruedCounts, key, rate);
      if (day === today) rateToday = rate;
    }
    if ((input.endedOn !== null || day <= input.projectThrough) && rate !== null) count(projectedCounts, key, rate);
    if (listDays) days.push({ date: dateOfDayNumber(day), status: "charged", projected: projectedDay, charged_day: chargedSoFar, tier: index < 0 ? null : index + 1, rate, tariff_id: dayRule?.id ?? null, holiday: null });
  }
  return {
    calculatedLastFreeDay: calculated,
    lastFreeDay,
    days,
    chargedDays,
    accrued: unpriced ? null : total(accruedCounts),
    projected: unpriced ? null : total(projectedCounts),
    rateToday: rateToday === null ? null : new Big(rateToday),
    freeDaysRemaining,
    currency,
    notes,
  };
}

function count(counts: Map<string, { rate: string; count: number }>, key: string, rate: string): void {
  const entry = counts.get(key);
  if (entry) entry.count++;
  else counts.set(key, { rate, count: 1 });
}

function total(counts: ReadonlyMap<string, { rate: string; count: number }>): Big {
  let sum = new Big(0);
  for (const { rate, count } of counts.values()) sum = sum.plus(new Big(rate).times(count));
  return sum;
}
