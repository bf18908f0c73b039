import type Big from "big.js";
import type { ChargeExposure, ContainerDemurrage, LastFreeDayBasis, LastFreeDayFigure, Money } from "../domain/demurrage-schema.js";
import type { ChargeMilestone, ChargeType, Tariff } from "../domain/tariff-schema.js";
import type { Calendars } from "./calendars.js";
import type { ChargeFacts } from "./charge-facts.js";
import { calculatedLastFreeDay, workCharge } from "./charge-working.js";
import { dateOfDayNumber, type DayNumber, dayNumberOf, type LocalDate } from "./local-date.js";
import { candidateRules, inForce } from "./tariff-selection.js";

/** Options of {@link containerDemurrage}. */
export interface DemurrageOptions {
  /** The instant figures are accrued to; its local date in the facility's zone is "today". */
  now: Date;
  /** The local date projections run to; by default the pickup appointment for pickup charges, else today + `projectDays`. */
  projectThrough?: LocalDate;
  /** @default 7 */
  projectDays?: number;
  /** Public holidays and zone offsets ({@link createCalendars}). */
  calendars: Calendars;
  /** Whether each charge lists its working day by day; the figures are the same without. @default true */
  working?: boolean;
}

/** The order charges are listed in, and the milestones a charge without a rule is taken to run between. */
const CHARGES: readonly { type: ChargeType; starts: ChargeMilestone; ends: ChargeMilestone }[] = [
  { type: "demurrage", starts: "discharge", ends: "full_out" },
  { type: "storage", starts: "discharge", ends: "full_out" },
  { type: "combined", starts: "discharge", ends: "empty_return" },
  { type: "detention", starts: "full_out", ends: "empty_return" },
];

/** The charges whose last free day is a pickup deadline. */
export const PICKUP_CHARGES: ReadonlySet<ChargeType> = new Set(["demurrage", "storage", "combined"]);

/**
 * A container's demurrage and detention, worked out from the account's rules and what was reported:
 * for each charge a rule gives (and demurrage when only a last free day was reported), the binding
 * last free day and its basis (reported by the line, the terminal or the rail carrier, else
 * calculated from a contract, else from a tariff), the figures that disagree with it, money accrued
 * to today and projected, and the day-by-day working. Pure: the same facts, rules and instant give
 * the same answer (docs/demurrage.md).
 */
export function containerDemurrage(facts: ChargeFacts, tariffs: readonly Tariff[], options: DemurrageOptions): ContainerDemurrage {
  const today = options.calendars.localDay(options.now.toISOString(), facts.time_zone);
  const charges = CHARGES.flatMap((charge) => chargeOf(facts, tariffs, charge, today, options) ?? []);
  let binding: ChargeExposure | undefined;
  for (const charge of charges) {
    if (PICKUP_CHARGES.has(charge.charge_type) && charge.last_free_day !== null && (binding === undefined || charge.last_free_day < binding.last_free_day!)) binding = charge;
  }
  return {
    as_of: dateOfDayNumber(today),
    last_free_day: binding?.last_free_day ?? null,
    last_free_day_basis: binding?.basis ?? null,
    last_free_day_charge_type: binding?.charge_type ?? null,
    charges,
  };
}

/** The reported last free day that binds a charge type, and whose it is. */
function reportedFor(facts: ChargeFacts, type: ChargeType): { at: string; basis: LastFreeDayBasis } | null {
  const { line, terminal, rail } = facts.reported;
  if (type === "detention") return null;
  // The line's deadline binds demurrage; without one, the terminal's is the pickup deadline (as `pickup_lfd` coalesces them).
  if (type !== "storage" && line !== null) return { at: line, basis: "carrier_reported" };
  if (terminal !== null) return { at: terminal, basis: "terminal_reported" };
  if (type === "storage" && rail !== null) return { at: rail, basis: "rail_reported" };
  return null;
}

/** The local day of a milestone, or `null` before it. */
function milestoneDay(facts: ChargeFacts, milestone: ChargeMilestone, calendars: Calendars): DayNumber | null {
  const fact = facts.milestones[milestone];
  return fact === undefined ? null : calendars.localDay(fact.at, fact.time_zone ?? facts.time_zone);
}

/** The first of `candidates` (best first) of `kind` in force on the date its own free time starts (today while that has not happened). */
function governingRule(candidates: readonly Tariff[], facts: ChargeFacts, today: DayNumber, calendars: Calendars, kind?: Tariff["kind"]): Tariff | null {
  for (const rule of candidates) {
    if (kind !== undefined && rule.kind !== kind) continue;
    const starts = milestoneDay(facts, rule.free_time_starts, calendars);
    if (inForce(rule, dateOfDayNumber(starts ?? today))) return rule;
  }
  return null;
}

function chargeOf(facts: ChargeFacts, tariffs: readonly Tariff[], charge: (typeof CHARGES)[number], today: DayNumber, options: DemurrageOptions): ChargeExposure | null {
  const { calendars } = options;
  const candidates = candidateRules(tariffs, facts, charge.type);
  const rule = governingRule(candidates, facts, today, calendars);
  // Without a rule, only demurrage is listed from a reported deadline: one charge for the one deadline.
  const reported = rule === null && charge.type !== "demurrage" ? null : reportedFor(facts, charge.type);
  if (rule === null && reported === null) return null;
  const notes: string[] = [];
  if (facts.time_zone_assumed) notes.push("The facility's time zone is unknown: local dates are UTC dates.");
  if (rule === null) notes.push(`No ${charge.type} rule matches this container: the last free day is the reported one, and what a charged day costs is unknown.`);
  else if (rule.rates.length === 0) notes.push(`Rule ${rule.id} gives free time but no rates: what a charged day costs is unknown.`);
  const starts = rule?.free_time_starts ?? charge.starts;
  const ends = rule?.charge_ends ?? charge.ends;
  const startedOn = milestoneDay(facts, starts, calendars);
  const endedOn = milestoneDay(facts, ends, calendars);
  const reportedDay = reported === null ? null : calendars.localDay(reported.at, facts.time_zone, { dateAtUtcMidnight: true });
  const projectThrough = options.projectThrough === undefined ? defaultProjection(facts, ends, today, options) : dayNumberOf(options.projectThrough);
  const priced = rule !== null && rule.rates.length > 0;
  if (startedOn === null) {
    notes.push(`Free time starts at ${starts.replaceAll("_", " ")}, which has not happened yet.`);
    return {
      charge_type: charge.type,
      status: "not_started",
      tariff_id: rule?.id ?? null,
      tariff_name: rule?.name ?? null,
      free_time_starts: starts,
      charge_ends: ends,
      started_on: null,
      ended_on: endedOn === null ? null : dateOfDayNumber(endedOn),
      time_zone: facts.time_zone,
      free_days: rule?.free_days ?? null,
      last_free_day: reportedDay === null ? null : dateOfDayNumber(reportedDay),
      basis: reportedDay === null ? null : reported!.basis,
      disagreements: [],
      free_days_remaining: rule?.free_days ?? null,
      charged_days: 0,
      accrued: priced ? { amount: "0.00", currency: rule.rates[0]!.currency } : null,
      daily_rate_now: null,
      projected_through: null,
      projected: null,
      working: [],
      notes,
    };
  }
  const dayOne = rule?.first_free_day === "start_day" ? startedOn : startedOn + 1;
  const working = workCharge({ rule, successors: candidates, dayOne, reportedLastFreeDay: reportedDay, endedOn, today, projectThrough, calendars, listDays: options.working ?? true });
  notes.push(...working.notes);
  const disagreements: LastFreeDayFigure[] = [];
  if (rule !== null && reportedDay !== null && working.calculatedLastFreeDay !== reportedDay) {
    disagreements.push({ basis: rule.kind, last_free_day: dateOfDayNumber(working.calculatedLastFreeDay!), tariff_id: rule.id });
  }
  const tariff = rule?.kind === "contract" ? governingRule(candidates, facts, today, calendars, "tariff") : null;
  if (tariff !== null) {
    const tariffStart = milestoneDay(facts, tariff.free_time_starts, calendars) ?? startedOn;
    const tariffDay = calculatedLastFreeDay(tariff, tariff.first_free_day === "start_day" ? tariffStart : tariffStart + 1, calendars);
    if (tariffDay !== working.lastFreeDay) disagreements.push({ basis: "tariff", last_free_day: dateOfDayNumber(tariffDay), tariff_id: tariff.id });
  }
  const currency = priced ? (working.currency ?? rule.rates[0]!.currency) : null;
  const lastFreeDay = working.lastFreeDay!;
  // One literal with every key in the schema's order (a spread of a base object made each result a slow, many-shaped object).
  return {
    charge_type: charge.type,
    status: endedOn !== null ? "ended" : today <= lastFreeDay ? "free" : "charging",
    tariff_id: rule?.id ?? null,
    tariff_name: rule?.name ?? null,
    free_time_starts: starts,
    charge_ends: ends,
    started_on: dateOfDayNumber(startedOn),
    ended_on: endedOn === null ? null : dateOfDayNumber(endedOn),
    time_zone: facts.time_zone,
    free_days: rule?.free_days ?? null,
    last_free_day: dateOfDayNumber(lastFreeDay),
    basis: reportedDay !== null ? reported!.basis : rule!.kind,
    disagreements,
    free_days_remaining: endedOn !== null ? 0 : working.freeDaysRemaining,
    charged_days: working.chargedDays,
    accrued: moneyOf(working.accrued, currency),
    daily_rate_now: moneyOf(working.rateToday, currency),
    projected_through: dateOfDayNumber(endedOn ?? projectThrough),
    projected: moneyOf(working.projected, currency),
    working: working.days,
    notes,
  };
}

/** An amount in a currency, or `null` when either is unknown. */
function moneyOf(amount: Big | null, currency: string | null): Money | null {
  return amount === null || currency === null ? null : { amount: formatMoney(amount), currency };
}

/** Where a projection runs by default: the pickup appointment for a charge that ends at pickup, else today + `projectDays`. */
function defaultProjection(facts: ChargeFacts, ends: ChargeMilestone, today: DayNumber, options: DemurrageOptions): DayNumber {
  if (ends === "full_out" && facts.pickup_appointment_at !== null) {
    const appointment = options.calendars.localDay(facts.pickup_appointment_at, facts.time_zone);
    if (appointment >= today) return appointment;
  }
  return today + (options.projectDays ?? 7);
}

/** An exact amount with at least two decimals (`450` → `"450.00"`, `12.125` → `"12.125"`). */
export function formatMoney(amount: Big): string {
  const decimals = Math.max(0, amount.c.length - amount.e - 1);
  return amount.toFixed(Math.max(2, decimals));
}
