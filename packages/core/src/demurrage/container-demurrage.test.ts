// Hand-computed demurrage & detention cases, straight from docs/demurrage.md and a calendar.
// Every expected figure below was worked out by hand (the arithmetic is in the comment above each
// case); none was copied from what the code prints. Weekdays: 2026-03-05 Thu, 2026-05-04 Mon,
// 2026-06-01 Mon, 2026-06-30 Tue, 2026-07-03 Fri, 2026-01-16 Fri, 2026-03-27 Fri.
// Public holidays (date-holidays, type "public"): US 2026 — 1 Jan, 19 Jan (MLK), 16 Feb, 25 May,
// 19 Jun, 3 Jul (Independence Day, substitute), 4 Jul, 7 Sep, 12 Oct (Columbus), 11 Nov, 26 Nov,
// 25 Dec; US/CA adds 31 Mar (César Chávez Day) and 27 Nov, and has no Columbus Day.
// Los Angeles is UTC-8 (PST) until Sun 8 Mar 2026 and UTC-7 (PDT) from then until 1 Nov 2026.
import { describe, expect, test } from "vitest";
import type { ChargeExposure, LastFreeDayBasis, WorkingDay } from "../domain/demurrage-schema.js";
import { type ChargeType, type Tariff, TariffSchema } from "../domain/tariff-schema.js";
import type { ChargeFacts, MilestoneFact } from "./charge-facts.js";
import { containerDemurrage, type DemurrageOptions } from "./container-demurrage.js";
import { createCalendars } from "./calendars.js";

const HOLIDAYS = createCalendars();
const ACCOUNT = "00000000-0000-4000-8000-0000000000aa";
const TERMINAL = "00000000-0000-4000-8000-0000000000b1";

/** A rule as a case writes it: only what differs from the required fields' defaults below; the schema fills the rest. */
type RuleInput = Partial<Omit<Tariff, "id" | "account_id" | "updated_at">>;

/** The container as a case writes it: a milestone is its instant (the facility's zone) or an instant and a zone. */
interface FactsInput extends Partial<Omit<ChargeFacts, "milestones" | "reported">> {
  milestones?: Partial<Record<keyof ChargeFacts["milestones"], string | MilestoneFact>>;
  reported?: Partial<ChargeFacts["reported"]>;
}

interface ChargeExpectation {
  charge_type: ChargeType;
  /** The governing rule, by the case's key. */
  tariff: string | null;
  started_on?: string | null;
  ended_on?: string | null;
  last_free_day: string | null;
  basis: LastFreeDayBasis | null;
  status: ChargeExposure["status"];
  charged_days: number;
  accrued: string | null;
  daily_rate_now: string | null;
  projected_through?: string | null;
  projected?: string | null;
  free_days_remaining: number | null;
  /** [basis, last free day, rule key]. */
  disagreements: [LastFreeDayBasis, string, string | null][];
  /** The whole working, day by day ({@link describeDay}). */
  working?: string[];
  /** Only the charged days of the working. */
  charged_working?: string[];
  /** Patterns the notes must contain. */
  notes?: RegExp[];
  /** @default "USD" */
  currency?: string;
}

interface Case {
  name: string;
  rules: Record<string, RuleInput>;
  facts: FactsInput;
  now: string;
  projectThrough?: string;
  projectDays?: number;
  /** The charge types listed, in order; by default those of `charges`. */
  listed?: ChargeType[];
  charges: ChargeExpectation[];
  container: { last_free_day: string | null; basis: LastFreeDayBasis | null; charge_type?: ChargeType | null };
}

// ---------------------------------------------------------------------------------------------
// Rules used by several cases.

/** The sample rule of docs/demurrage.md: MSC, USLAX, 40' dry, 4 business days (US/CA) from the day after discharge. */
const SAMPLE: RuleInput = {
  name: "Sample: import demurrage at Los Angeles, 40' dry",
  carrier_scacs: ["MSCU"],
  port_locodes: ["USLAX"],
  equipment_types: ["dry"],
  equipment_lengths: [40],
  free_days: 4,
  day_count_type: "business",
  holiday_calendar: { country: "US", state: "CA" },
  closures: ["2026-11-27"],
  rates: [
    { from_day: 1, to_day: 3, rate: "100.00", currency: "USD" },
    { from_day: 4, to_day: null, rate: "175.50", currency: "USD" },
  ],
};

/** Four calendar days from the day after discharge; 100.00 for days 1–4, then 175.50. */
const CAL4: RuleInput = {
  free_days: 4,
  rates: [
    { from_day: 1, to_day: 4, rate: "100.00", currency: "USD" },
    { from_day: 5, to_day: null, rate: "175.50", currency: "USD" },
  ],
};

const flat = (rate: string, currency = "USD") => [{ from_day: 1, to_day: null, rate, currency }];

/** Storage from discharge, three calendar days counting the discharge day, 45.00 a day. */
const STORAGE3: RuleInput = { charge_type: "storage", first_free_day: "start_day", free_days: 3, rates: flat("45.00") };

// Instants used often (Los Angeles local time in the comment).
const DISCHARGE_0630 = "2026-06-30T20:00:00.000Z"; // Tue 30 Jun 2026 13:00 PDT
const NOW_0714 = "2026-07-14T19:00:00.000Z"; // Tue 14 Jul 2026 12:00 PDT
const DISCHARGE_0305 = "2026-03-05T18:00:00.000Z"; // Thu 5 Mar 2026 10:00 PST
const NOW_0312 = "2026-03-12T19:00:00.000Z"; // Thu 12 Mar 2026 12:00 PDT
const DISCHARGE_0601 = "2026-06-01T15:00:00.000Z"; // Mon 1 Jun 2026 08:00 PDT

// ---------------------------------------------------------------------------------------------

const CASES: Case[] = [
  {
    // The worked example of the spec. Free from Wed 1 Jul: Wed 1 (1), Thu 2 (2), Fri 3 holiday (substitute),
    // Sat 4 holiday, Sun 5 weekend, Mon 6 (3), Tue 7 (4) → LFD 7 Jul. Charged 8–14 Jul: 3×100.00 + 4×175.50 = 1002.00.
    // Projected to 21 Jul (today + 7), charged days 1–14: 3×100.00 + 11×175.50 = 300.00 + 1930.50 = 2230.50.
    name: "worked example: business days, US/CA holidays, two tiers",
    rules: { dem: SAMPLE },
    facts: { milestones: { discharge: DISCHARGE_0630 } },
    now: NOW_0714,
    charges: [
      {
        charge_type: "demurrage",
        tariff: "dem",
        started_on: "2026-06-30",
        ended_on: null,
        last_free_day: "2026-07-07",
        basis: "tariff",
        status: "charging",
        charged_days: 7,
        accrued: "1002.00",
        daily_rate_now: "175.50",
        projected_through: "2026-07-21",
        projected: "2230.50",
        free_days_remaining: 0,
        disagreements: [],
        working: [
          "2026-07-01 free",
          "2026-07-02 free",
          "2026-07-03 holiday (Independence Day (substitute day))",
          "2026-07-04 holiday (Independence Day)",
          "2026-07-05 weekend",
          "2026-07-06 free",
          "2026-07-07 free",
          "2026-07-08 charged #1 t1 100.00 @dem",
          "2026-07-09 charged #2 t1 100.00 @dem",
          "2026-07-10 charged #3 t1 100.00 @dem",
          "2026-07-11 charged #4 t2 175.50 @dem",
          "2026-07-12 charged #5 t2 175.50 @dem",
          "2026-07-13 charged #6 t2 175.50 @dem",
          "2026-07-14 charged #7 t2 175.50 @dem",
          "2026-07-15 charged #8 t2 175.50 @dem p",
          "2026-07-16 charged #9 t2 175.50 @dem p",
          "2026-07-17 charged #10 t2 175.50 @dem p",
          "2026-07-18 charged #11 t2 175.50 @dem p",
          "2026-07-19 charged #12 t2 175.50 @dem p",
          "2026-07-20 charged #13 t2 175.50 @dem p",
          "2026-07-21 charged #14 t2 175.50 @dem p",
        ],
      },
    ],
    container: { last_free_day: "2026-07-07", basis: "tariff", charge_type: "demurrage" },
  },
  {
    // Calendar count: Fri 6 (1), Sat 7 (2), Sun 8 (3), Mon 9 (4) → LFD 9 Mar. Charged 10, 11, 12 Mar: 3×100.00 = 300.00.
    // Projected to 19 Mar: days 1–10 = 4×100.00 + 6×175.50 = 400.00 + 1053.00 = 1453.00.
    name: "calendar days: the weekend uses free time",
    rules: { cal: CAL4 },
    facts: { milestones: { discharge: DISCHARGE_0305 } },
    now: NOW_0312,
    charges: [
      {
        charge_type: "demurrage",
        tariff: "cal",
        last_free_day: "2026-03-09",
        basis: "tariff",
        status: "charging",
        charged_days: 3,
        accrued: "300.00",
        daily_rate_now: "100.00",
        projected_through: "2026-03-19",
        projected: "1453.00",
        free_days_remaining: 0,
        disagreements: [],
        working: [
          "2026-03-06 free",
          "2026-03-07 free",
          "2026-03-08 free",
          "2026-03-09 free",
          "2026-03-10 charged #1 t1 100.00 @cal",
          "2026-03-11 charged #2 t1 100.00 @cal",
          "2026-03-12 charged #3 t1 100.00 @cal",
          "2026-03-13 charged #4 t1 100.00 @cal p",
          "2026-03-14 charged #5 t2 175.50 @cal p",
          "2026-03-15 charged #6 t2 175.50 @cal p",
          "2026-03-16 charged #7 t2 175.50 @cal p",
          "2026-03-17 charged #8 t2 175.50 @cal p",
          "2026-03-18 charged #9 t2 175.50 @cal p",
          "2026-03-19 charged #10 t2 175.50 @cal p",
        ],
      },
    ],
    container: { last_free_day: "2026-03-09", basis: "tariff", charge_type: "demurrage" },
  },
  {
    // Business count, no holiday calendar: Fri 6 (1), Sat 7 weekend, Sun 8 weekend, Mon 9 (2), Tue 10 (3) → LFD 10 Mar.
    // Today Mon 9 Mar: status free; free days after today up to the LFD: Tue 10 → 1. Nothing charged: 0.00.
    // Projected to 16 Mar: 11–16 Mar = 6×50.00 = 300.00.
    name: "business days over a weekend (no holiday calendar), still in free time",
    rules: { biz: { free_days: 3, day_count_type: "business", rates: flat("50.00") } },
    facts: { milestones: { discharge: DISCHARGE_0305 } },
    now: "2026-03-09T19:00:00.000Z", // Mon 9 Mar 12:00 PDT
    charges: [
      {
        charge_type: "demurrage",
        tariff: "biz",
        last_free_day: "2026-03-10",
        basis: "tariff",
        status: "free",
        charged_days: 0,
        accrued: "0.00",
        daily_rate_now: null,
        projected_through: "2026-03-16",
        projected: "300.00",
        free_days_remaining: 1,
        disagreements: [],
        working: [
          "2026-03-06 free",
          "2026-03-07 weekend",
          "2026-03-08 weekend",
          "2026-03-09 free",
          "2026-03-10 free p",
          "2026-03-11 charged #1 t1 50.00 @biz p",
          "2026-03-12 charged #2 t1 50.00 @biz p",
          "2026-03-13 charged #3 t1 50.00 @biz p",
          "2026-03-14 charged #4 t1 50.00 @biz p",
          "2026-03-15 charged #5 t1 50.00 @biz p",
          "2026-03-16 charged #6 t1 50.00 @biz p",
        ],
      },
    ],
    container: { last_free_day: "2026-03-10", basis: "tariff", charge_type: "demurrage" },
  },
  {
    // Discharge Fri 16 Jan. Sat 17 weekend, Sun 18 weekend, Mon 19 holiday (MLK), Tue 20 (1), Wed 21 (2) → LFD 21 Jan.
    // Today Fri 23 Jan: charged 22, 23 = 2×75.00 = 150.00. Projected to 30 Jan: 22–30 = 9×75.00 = 675.00.
    name: "national public holiday (MLK Day) under a US calendar",
    rules: { us: { free_days: 2, day_count_type: "business", holiday_calendar: { country: "US", state: null }, rates: flat("75.00") } },
    facts: { milestones: { discharge: "2026-01-16T18:00:00.000Z" } }, // Fri 16 Jan 10:00 PST
    now: "2026-01-23T20:00:00.000Z", // Fri 23 Jan 12:00 PST
    charges: [
      {
        charge_type: "demurrage",
        tariff: "us",
        started_on: "2026-01-16",
        last_free_day: "2026-01-21",
        basis: "tariff",
        status: "charging",
        charged_days: 2,
        accrued: "150.00",
        daily_rate_now: "75.00",
        projected_through: "2026-01-30",
        projected: "675.00",
        free_days_remaining: 0,
        disagreements: [],
        working: [
          "2026-01-17 weekend",
          "2026-01-18 weekend",
          "2026-01-19 holiday (Martin Luther King Jr. Day)",
          "2026-01-20 free",
          "2026-01-21 free",
          "2026-01-22 charged #1 t1 75.00 @us",
          "2026-01-23 charged #2 t1 75.00 @us",
          "2026-01-24 charged #3 t1 75.00 @us p",
          "2026-01-25 charged #4 t1 75.00 @us p",
          "2026-01-26 charged #5 t1 75.00 @us p",
          "2026-01-27 charged #6 t1 75.00 @us p",
          "2026-01-28 charged #7 t1 75.00 @us p",
          "2026-01-29 charged #8 t1 75.00 @us p",
          "2026-01-30 charged #9 t1 75.00 @us p",
        ],
      },
    ],
    container: { last_free_day: "2026-01-21", basis: "tariff", charge_type: "demurrage" },
  },
  {
    // Discharge Fri 27 Mar. Sat 28 weekend, Sun 29 weekend, Mon 30 (1), Tue 31 holiday (César Chávez Day, US/CA),
    // Wed 1 Apr (2), Thu 2 Apr (3) → LFD 2 Apr. (Good Friday 3 Apr is no public holiday — and is charged anyway.)
    // Today Mon 6 Apr: charged 3, 4, 5, 6 Apr = 4×80.00 = 320.00. Projected to 13 Apr: 3–13 Apr = 11×80.00 = 880.00.
    name: "state holiday: César Chávez Day under US/CA",
    rules: { ca: { free_days: 3, day_count_type: "business", holiday_calendar: { country: "US", state: "CA" }, rates: flat("80.00") } },
    facts: { milestones: { discharge: "2026-03-27T17:00:00.000Z" } }, // Fri 27 Mar 10:00 PDT
    now: "2026-04-06T19:00:00.000Z", // Mon 6 Apr 12:00 PDT
    charges: [
      {
        charge_type: "demurrage",
        tariff: "ca",
        last_free_day: "2026-04-02",
        basis: "tariff",
        status: "charging",
        charged_days: 4,
        accrued: "320.00",
        daily_rate_now: "80.00",
        projected_through: "2026-04-13",
        projected: "880.00",
        free_days_remaining: 0,
        disagreements: [],
        working: [
          "2026-03-28 weekend",
          "2026-03-29 weekend",
          "2026-03-30 free",
          "2026-03-31 holiday (César Chávez Day)",
          "2026-04-01 free",
          "2026-04-02 free",
          "2026-04-03 charged #1 t1 80.00 @ca",
          "2026-04-04 charged #2 t1 80.00 @ca",
          "2026-04-05 charged #3 t1 80.00 @ca",
          "2026-04-06 charged #4 t1 80.00 @ca",
          "2026-04-07 charged #5 t1 80.00 @ca p",
          "2026-04-08 charged #6 t1 80.00 @ca p",
          "2026-04-09 charged #7 t1 80.00 @ca p",
          "2026-04-10 charged #8 t1 80.00 @ca p",
          "2026-04-11 charged #9 t1 80.00 @ca p",
          "2026-04-12 charged #10 t1 80.00 @ca p",
          "2026-04-13 charged #11 t1 80.00 @ca p",
        ],
      },
    ],
    container: { last_free_day: "2026-04-02", basis: "tariff", charge_type: "demurrage" },
  },
  {
    // Same stay under the national calendar only: Mon 30 (1), Tue 31 (2), Wed 1 Apr (3) → LFD 1 Apr.
    // Charged 2–6 Apr = 5×80.00 = 400.00. Projected 2–13 Apr = 12×80.00 = 960.00.
    name: "same stay under the US national calendar: 31 March is an ordinary day",
    rules: { us: { free_days: 3, day_count_type: "business", holiday_calendar: { country: "US", state: null }, rates: flat("80.00") } },
    facts: { milestones: { discharge: "2026-03-27T17:00:00.000Z" } },
    now: "2026-04-06T19:00:00.000Z",
    charges: [
      {
        charge_type: "demurrage",
        tariff: "us",
        last_free_day: "2026-04-01",
        basis: "tariff",
        status: "charging",
        charged_days: 5,
        accrued: "400.00",
        daily_rate_now: "80.00",
        projected_through: "2026-04-13",
        projected: "960.00",
        free_days_remaining: 0,
        disagreements: [],
      },
    ],
    container: { last_free_day: "2026-04-01", basis: "tariff" },
  },
  {
    // Calendar count with a closure: Tue 5 May (1), Wed 6 closed, Thu 7 (2), Fri 8 (3), Sat 9 (4), Sun 10 (5) → LFD 10 May.
    // Today Wed 13 May: charged 11 (60.00), 12 (60.00), 13 (90.00) = 210.00.
    // Projected to 20 May: days 1–10 = 2×60.00 + 8×90.00 = 120.00 + 720.00 = 840.00.
    name: "a closure in free time uses no free time",
    rules: {
      clo: {
        free_days: 5,
        closures: ["2026-05-06"],
        rates: [
          { from_day: 1, to_day: 2, rate: "60.00", currency: "USD" },
          { from_day: 3, to_day: null, rate: "90.00", currency: "USD" },
        ],
      },
    },
    facts: { milestones: { discharge: "2026-05-04T17:00:00.000Z" } }, // Mon 4 May 10:00 PDT
    now: "2026-05-13T19:00:00.000Z", // Wed 13 May 12:00 PDT
    charges: [
      {
        charge_type: "demurrage",
        tariff: "clo",
        last_free_day: "2026-05-10",
        basis: "tariff",
        status: "charging",
        charged_days: 3,
        accrued: "210.00",
        daily_rate_now: "90.00",
        projected_through: "2026-05-20",
        projected: "840.00",
        free_days_remaining: 0,
        disagreements: [],
        working: [
          "2026-05-05 free",
          "2026-05-06 closed",
          "2026-05-07 free",
          "2026-05-08 free",
          "2026-05-09 free",
          "2026-05-10 free",
          "2026-05-11 charged #1 t1 60.00 @clo",
          "2026-05-12 charged #2 t1 60.00 @clo",
          "2026-05-13 charged #3 t2 90.00 @clo",
          "2026-05-14 charged #4 t2 90.00 @clo p",
          "2026-05-15 charged #5 t2 90.00 @clo p",
          "2026-05-16 charged #6 t2 90.00 @clo p",
          "2026-05-17 charged #7 t2 90.00 @clo p",
          "2026-05-18 charged #8 t2 90.00 @clo p",
          "2026-05-19 charged #9 t2 90.00 @clo p",
          "2026-05-20 charged #10 t2 90.00 @clo p",
        ],
      },
    ],
    container: { last_free_day: "2026-05-10", basis: "tariff" },
  },
  {
    // Free Tue 5 (1), Wed 6 (2) → LFD 6 May. Thu 7 #1 60.00, Fri 8 closed (not charged, not counted),
    // Sat 9 #2 60.00, Sun 10 #3 90.00, Mon 11 #4 90.00 → 4 days, 300.00. Projected to 12 May (asked): + Tue 12 #5 90.00 = 390.00.
    name: "a closure in the charged period is neither charged nor counted; an explicit projectThrough",
    rules: {
      clo: {
        free_days: 2,
        closures: ["2026-05-08"],
        rates: [
          { from_day: 1, to_day: 2, rate: "60.00", currency: "USD" },
          { from_day: 3, to_day: null, rate: "90.00", currency: "USD" },
        ],
      },
    },
    facts: { milestones: { discharge: "2026-05-04T17:00:00.000Z" } },
    now: "2026-05-11T19:00:00.000Z", // Mon 11 May 12:00 PDT
    projectThrough: "2026-05-12",
    charges: [
      {
        charge_type: "demurrage",
        tariff: "clo",
        last_free_day: "2026-05-06",
        basis: "tariff",
        status: "charging",
        charged_days: 4,
        accrued: "300.00",
        daily_rate_now: "90.00",
        projected_through: "2026-05-12",
        projected: "390.00",
        free_days_remaining: 0,
        disagreements: [],
        working: [
          "2026-05-05 free",
          "2026-05-06 free",
          "2026-05-07 charged #1 t1 60.00 @clo",
          "2026-05-08 closed",
          "2026-05-09 charged #2 t1 60.00 @clo",
          "2026-05-10 charged #3 t2 90.00 @clo",
          "2026-05-11 charged #4 t2 90.00 @clo",
          "2026-05-12 charged #5 t2 90.00 @clo p",
        ],
      },
    ],
    container: { last_free_day: "2026-05-06", basis: "tariff" },
  },
  {
    // start_day: Mon 4 May (1), Tue 5 (2), Wed 6 (3) → LFD 6 May. Today Fri 8: charged 7, 8 = 200.00.
    // Projected to 15 May: 7–15 = 9×100.00 = 900.00.
    name: "first_free_day start_day: the discharge day is free day 1",
    rules: { sd: { first_free_day: "start_day", free_days: 3, rates: flat("100.00") } },
    facts: { milestones: { discharge: "2026-05-04T17:00:00.000Z" } },
    now: "2026-05-08T19:00:00.000Z", // Fri 8 May
    charges: [
      {
        charge_type: "demurrage",
        tariff: "sd",
        last_free_day: "2026-05-06",
        basis: "tariff",
        status: "charging",
        charged_days: 2,
        accrued: "200.00",
        daily_rate_now: "100.00",
        projected_through: "2026-05-15",
        projected: "900.00",
        free_days_remaining: 0,
        disagreements: [],
        working: [
          "2026-05-04 free",
          "2026-05-05 free",
          "2026-05-06 free",
          "2026-05-07 charged #1 t1 100.00 @sd",
          "2026-05-08 charged #2 t1 100.00 @sd",
          "2026-05-09 charged #3 t1 100.00 @sd p",
          "2026-05-10 charged #4 t1 100.00 @sd p",
          "2026-05-11 charged #5 t1 100.00 @sd p",
          "2026-05-12 charged #6 t1 100.00 @sd p",
          "2026-05-13 charged #7 t1 100.00 @sd p",
          "2026-05-14 charged #8 t1 100.00 @sd p",
          "2026-05-15 charged #9 t1 100.00 @sd p",
        ],
      },
    ],
    container: { last_free_day: "2026-05-06", basis: "tariff" },
  },
  {
    // next_day: Tue 5 (1), Wed 6 (2), Thu 7 (3) → LFD 7 May. Today Fri 8: charged 8 = 100.00.
    // Projected to 15 May: 8–15 = 8×100.00 = 800.00.
    name: "first_free_day next_day: the day after discharge is free day 1",
    rules: { nd: { first_free_day: "next_day", free_days: 3, rates: flat("100.00") } },
    facts: { milestones: { discharge: "2026-05-04T17:00:00.000Z" } },
    now: "2026-05-08T19:00:00.000Z",
    charges: [
      {
        charge_type: "demurrage",
        tariff: "nd",
        last_free_day: "2026-05-07",
        basis: "tariff",
        status: "charging",
        charged_days: 1,
        accrued: "100.00",
        daily_rate_now: "100.00",
        projected_through: "2026-05-15",
        projected: "800.00",
        free_days_remaining: 0,
        disagreements: [],
      },
    ],
    container: { last_free_day: "2026-05-07", basis: "tariff" },
  },
  {
    // free_days 0, next_day: free day 1 would be Tue 5 May, so LFD = the day before = Mon 4 May.
    // Today Wed 6: charged Tue 5, Wed 6 = 2×25.00 = 50.00. Projected to 13 May: 5–13 = 9×25.00 = 225.00.
    name: "free_days 0: the LFD is the day before free day 1",
    rules: { zero: { free_days: 0, rates: flat("25.00") } },
    facts: { milestones: { discharge: "2026-05-04T17:00:00.000Z" } },
    now: "2026-05-06T19:00:00.000Z",
    charges: [
      {
        charge_type: "demurrage",
        tariff: "zero",
        last_free_day: "2026-05-04",
        basis: "tariff",
        status: "charging",
        charged_days: 2,
        accrued: "50.00",
        daily_rate_now: "25.00",
        projected_through: "2026-05-13",
        projected: "225.00",
        free_days_remaining: 0,
        disagreements: [],
        working: [
          "2026-05-05 charged #1 t1 25.00 @zero",
          "2026-05-06 charged #2 t1 25.00 @zero",
          "2026-05-07 charged #3 t1 25.00 @zero p",
          "2026-05-08 charged #4 t1 25.00 @zero p",
          "2026-05-09 charged #5 t1 25.00 @zero p",
          "2026-05-10 charged #6 t1 25.00 @zero p",
          "2026-05-11 charged #7 t1 25.00 @zero p",
          "2026-05-12 charged #8 t1 25.00 @zero p",
          "2026-05-13 charged #9 t1 25.00 @zero p",
        ],
      },
    ],
    container: { last_free_day: "2026-05-04", basis: "tariff" },
  },
  {
    // Free Tue 2, Wed 3 Jun → LFD 3 Jun. Charged from Thu 4: #1–2 at 100.00, #3–5 at 150.00, #6+ at 200.00.
    // Today Wed 10 (#7): 2×100 + 3×150 + 2×200 = 200 + 450 + 400 = 1050.00.
    // Projected to 17 Jun (#14): 200 + 450 + 9×200 = 2450.00.
    name: "three tiers crossing",
    rules: {
      t3: {
        free_days: 2,
        rates: [
          { from_day: 1, to_day: 2, rate: "100.00", currency: "USD" },
          { from_day: 3, to_day: 5, rate: "150.00", currency: "USD" },
          { from_day: 6, to_day: null, rate: "200.00", currency: "USD" },
        ],
      },
    },
    facts: { milestones: { discharge: DISCHARGE_0601 } },
    now: "2026-06-10T19:00:00.000Z",
    charges: [
      {
        charge_type: "demurrage",
        tariff: "t3",
        last_free_day: "2026-06-03",
        basis: "tariff",
        status: "charging",
        charged_days: 7,
        accrued: "1050.00",
        daily_rate_now: "200.00",
        projected_through: "2026-06-17",
        projected: "2450.00",
        free_days_remaining: 0,
        disagreements: [],
        charged_working: [
          "2026-06-04 charged #1 t1 100.00 @t3",
          "2026-06-05 charged #2 t1 100.00 @t3",
          "2026-06-06 charged #3 t2 150.00 @t3",
          "2026-06-07 charged #4 t2 150.00 @t3",
          "2026-06-08 charged #5 t2 150.00 @t3",
          "2026-06-09 charged #6 t3 200.00 @t3",
          "2026-06-10 charged #7 t3 200.00 @t3",
          "2026-06-11 charged #8 t3 200.00 @t3 p",
          "2026-06-12 charged #9 t3 200.00 @t3 p",
          "2026-06-13 charged #10 t3 200.00 @t3 p",
          "2026-06-14 charged #11 t3 200.00 @t3 p",
          "2026-06-15 charged #12 t3 200.00 @t3 p",
          "2026-06-16 charged #13 t3 200.00 @t3 p",
          "2026-06-17 charged #14 t3 200.00 @t3 p",
        ],
      },
    ],
    container: { last_free_day: "2026-06-03", basis: "tariff" },
  },
  {
    // Free Tue 2 Jun → LFD 2 Jun. Tiers 1–2 at 40.00, 3–4 at 55.50, and past day 4 the last tier's rate goes on.
    // Today Mon 8 (#6): 2×40.00 + 4×55.50 = 80.00 + 222.00 = 302.00. Projected to 15 Jun (#13): 80.00 + 11×55.50 = 690.50.
    name: "a last tier with an end: its rate goes on",
    rules: {
      end: {
        free_days: 1,
        rates: [
          { from_day: 1, to_day: 2, rate: "40.00", currency: "USD" },
          { from_day: 3, to_day: 4, rate: "55.50", currency: "USD" },
        ],
      },
    },
    facts: { milestones: { discharge: DISCHARGE_0601 } },
    now: "2026-06-08T19:00:00.000Z",
    charges: [
      {
        charge_type: "demurrage",
        tariff: "end",
        last_free_day: "2026-06-02",
        basis: "tariff",
        status: "charging",
        charged_days: 6,
        accrued: "302.00",
        daily_rate_now: "55.50",
        projected_through: "2026-06-15",
        projected: "690.50",
        free_days_remaining: 0,
        disagreements: [],
        working: [
          "2026-06-02 free",
          "2026-06-03 charged #1 t1 40.00 @end",
          "2026-06-04 charged #2 t1 40.00 @end",
          "2026-06-05 charged #3 t2 55.50 @end",
          "2026-06-06 charged #4 t2 55.50 @end",
          "2026-06-07 charged #5 t2 55.50 @end",
          "2026-06-08 charged #6 t2 55.50 @end",
          "2026-06-09 charged #7 t2 55.50 @end p",
          "2026-06-10 charged #8 t2 55.50 @end p",
          "2026-06-11 charged #9 t2 55.50 @end p",
          "2026-06-12 charged #10 t2 55.50 @end p",
          "2026-06-13 charged #11 t2 55.50 @end p",
          "2026-06-14 charged #12 t2 55.50 @end p",
          "2026-06-15 charged #13 t2 55.50 @end p",
        ],
      },
    ],
    container: { last_free_day: "2026-06-02", basis: "tariff" },
  },
  {
    // Demurrage from available_for_pickup (Wed 3 Jun), next_day, 4 calendar days: Thu 4, Fri 5, Sat 6, Sun 7 → LFD 7 Jun.
    //   Today Fri 5: free; free days after today: Sat 6, Sun 7 → 2. Projected to 12 Jun: 8–12 = 5×100.00 = 500.00.
    // Storage from discharge (Mon 1 Jun), start_day, 3 days: Mon 1, Tue 2, Wed 3 → LFD 3 Jun.
    //   Charged Thu 4, Fri 5 = 2×30.00 = 60.00. Projected 4–12 = 9×30.00 = 270.00.
    // Container LFD: the earlier, 3 Jun (storage, tariff).
    name: "free time from available_for_pickup vs from discharge; the container LFD is the earlier",
    rules: {
      dem: { free_time_starts: "available_for_pickup", free_days: 4, rates: flat("100.00") },
      sto: { charge_type: "storage", first_free_day: "start_day", free_days: 3, rates: flat("30.00") },
    },
    facts: {
      milestones: {
        discharge: DISCHARGE_0601, // Mon 1 Jun 08:00 PDT
        available_for_pickup: "2026-06-03T21:00:00.000Z", // Wed 3 Jun 14:00 PDT
      },
    },
    now: "2026-06-05T19:00:00.000Z",
    charges: [
      {
        charge_type: "demurrage",
        tariff: "dem",
        started_on: "2026-06-03",
        last_free_day: "2026-06-07",
        basis: "tariff",
        status: "free",
        charged_days: 0,
        accrued: "0.00",
        daily_rate_now: null,
        projected_through: "2026-06-12",
        projected: "500.00",
        free_days_remaining: 2,
        disagreements: [],
      },
      {
        charge_type: "storage",
        tariff: "sto",
        started_on: "2026-06-01",
        last_free_day: "2026-06-03",
        basis: "tariff",
        status: "charging",
        charged_days: 2,
        accrued: "60.00",
        daily_rate_now: "30.00",
        projected_through: "2026-06-12",
        projected: "270.00",
        free_days_remaining: 0,
        disagreements: [],
      },
    ],
    container: { last_free_day: "2026-06-03", basis: "tariff", charge_type: "storage" },
  },
  {
    // Contract (carrier only, 10 calendar days): Wed 1 – Fri 10 Jul → LFD 10 Jul; it beats the more specific tariff.
    // The tariff (4 calendar days): Wed 1 – Sat 4 Jul → 4 Jul, listed as a disagreement with basis "tariff".
    // Charged 11–14 Jul = 4×95.00 = 380.00. Projected to 21 Jul: 11–21 = 11×95.00 = 1045.00.
    name: "a contract beats a more specific tariff; the tariff's LFD is a disagreement",
    rules: {
      tar: { ...CAL4, carrier_scacs: ["MSCU"], port_locodes: ["USLAX"], equipment_types: ["dry"], equipment_lengths: [40] },
      con: { kind: "contract", carrier_scacs: ["MSCU"], valid_to: "2026-12-31", free_days: 10, rates: flat("95.00") },
    },
    facts: { milestones: { discharge: DISCHARGE_0630 } },
    now: NOW_0714,
    charges: [
      {
        charge_type: "demurrage",
        tariff: "con",
        last_free_day: "2026-07-10",
        basis: "contract",
        status: "charging",
        charged_days: 4,
        accrued: "380.00",
        daily_rate_now: "95.00",
        projected_through: "2026-07-21",
        projected: "1045.00",
        free_days_remaining: 0,
        disagreements: [["tariff", "2026-07-04", "tar"]],
      },
    ],
    container: { last_free_day: "2026-07-10", basis: "contract", charge_type: "demurrage" },
  },
  {
    // Calculated as in the worked example: LFD 7 Jul. The line reports 9 Jul, which binds (carrier_reported);
    // the calculated 7 Jul is listed with the rule's kind ("tariff"). Charged 10–14 Jul: 3×100.00 + 2×175.50 = 651.00.
    // Projected to 21 Jul (charged days 1–12): 300.00 + 9×175.50 = 300.00 + 1579.50 = 1879.50.
    // No combined (or storage, or detention) rule matches: only the charges a rule gives are listed besides demurrage
    // ("one reported date never shows as two charges"), so demurrage alone. The working runs 1–21 Jul (the latest of
    // today 14 Jul, the projection 21 Jul and the LFD 9 Jul); 8 and 9 Jul are ordinary weekdays, hence free.
    name: "a line-reported LFD beats the calculation; the calculated one is a disagreement",
    rules: { dem: SAMPLE },
    facts: { milestones: { discharge: DISCHARGE_0630 }, reported: { line: "2026-07-09T00:00:00.000Z" } },
    now: NOW_0714,
    charges: [
      {
        charge_type: "demurrage",
        tariff: "dem",
        last_free_day: "2026-07-09",
        basis: "carrier_reported",
        status: "charging",
        charged_days: 5,
        accrued: "651.00",
        daily_rate_now: "175.50",
        projected_through: "2026-07-21",
        projected: "1879.50",
        free_days_remaining: 0,
        disagreements: [["tariff", "2026-07-07", "dem"]],
        working: [
          "2026-07-01 free",
          "2026-07-02 free",
          "2026-07-03 holiday (Independence Day (substitute day))",
          "2026-07-04 holiday (Independence Day)",
          "2026-07-05 weekend",
          "2026-07-06 free",
          "2026-07-07 free",
          "2026-07-08 free",
          "2026-07-09 free",
          "2026-07-10 charged #1 t1 100.00 @dem",
          "2026-07-11 charged #2 t1 100.00 @dem",
          "2026-07-12 charged #3 t1 100.00 @dem",
          "2026-07-13 charged #4 t2 175.50 @dem",
          "2026-07-14 charged #5 t2 175.50 @dem",
          "2026-07-15 charged #6 t2 175.50 @dem p",
          "2026-07-16 charged #7 t2 175.50 @dem p",
          "2026-07-17 charged #8 t2 175.50 @dem p",
          "2026-07-18 charged #9 t2 175.50 @dem p",
          "2026-07-19 charged #10 t2 175.50 @dem p",
          "2026-07-20 charged #11 t2 175.50 @dem p",
          "2026-07-21 charged #12 t2 175.50 @dem p",
        ],
      },
    ],
    container: { last_free_day: "2026-07-09", basis: "carrier_reported", charge_type: "demurrage" },
  },
  {
    // Reported 7 Jul = calculated 7 Jul: basis carrier_reported, no disagreement; money as in the worked example
    // (accrued 8–14 Jul: 3×100.00 + 4×175.50 = 1002.00; projected to 21 Jul: 300.00 + 11×175.50 = 2230.50).
    // Only the demurrage rule matches, so demurrage alone is listed: no rule-less combined charge from the line's date.
    name: "a line-reported LFD equal to the calculation: no disagreement",
    rules: { dem: SAMPLE },
    facts: { milestones: { discharge: DISCHARGE_0630 }, reported: { line: "2026-07-07T00:00:00.000Z" } },
    now: NOW_0714,
    charges: [
      {
        charge_type: "demurrage",
        tariff: "dem",
        last_free_day: "2026-07-07",
        basis: "carrier_reported",
        status: "charging",
        charged_days: 7,
        accrued: "1002.00",
        daily_rate_now: "175.50",
        projected_through: "2026-07-21",
        projected: "2230.50",
        free_days_remaining: 0,
        disagreements: [],
      },
    ],
    container: { last_free_day: "2026-07-07", basis: "carrier_reported", charge_type: "demurrage" },
  },
  {
    // Storage, start_day, 3 calendar days: Mon 1, Tue 2, Wed 3 → calculated 3 Jun. The terminal reports 5 Jun (binds
    // over the rail's 2 Jun). Today Mon 8: charged 6, 7, 8 = 3×45.00 = 135.00. Projected to 15 Jun: 6–15 = 10×45.00 = 450.00.
    // With no line LFD, the terminal's 5 Jun binds demurrage too (terminal_reported). Demurrage (2 calendar days: Tue 2,
    // Wed 3 → calculated 3 Jun, a disagreement): charged 6, 7, 8 = 3×100.00 = 300.00; projected 6–15 = 10×100.00 = 1000.00.
    // No combined rule matches, so no combined charge is listed: demurrage and storage, each from its own rule.
    // Container: both LFDs are 5 Jun, terminal_reported.
    name: "the terminal's reported LFD binds storage (over the rail's), and demurrage when the line reports none",
    rules: { sto: STORAGE3, dem: { free_days: 2, rates: flat("100.00") } },
    facts: {
      milestones: { discharge: DISCHARGE_0601 },
      reported: { terminal: "2026-06-05T00:00:00.000Z", rail: "2026-06-02T00:00:00.000Z" },
    },
    now: "2026-06-08T19:00:00.000Z",
    charges: [
      {
        charge_type: "demurrage",
        tariff: "dem",
        last_free_day: "2026-06-05",
        basis: "terminal_reported",
        status: "charging",
        charged_days: 3,
        accrued: "300.00",
        daily_rate_now: "100.00",
        projected_through: "2026-06-15",
        projected: "1000.00",
        free_days_remaining: 0,
        disagreements: [["tariff", "2026-06-03", "dem"]],
      },
      {
        charge_type: "storage",
        tariff: "sto",
        last_free_day: "2026-06-05",
        basis: "terminal_reported",
        status: "charging",
        charged_days: 3,
        accrued: "135.00",
        daily_rate_now: "45.00",
        projected_through: "2026-06-15",
        projected: "450.00",
        free_days_remaining: 0,
        disagreements: [["tariff", "2026-06-03", "sto"]],
      },
    ],
    container: { last_free_day: "2026-06-05", basis: "terminal_reported" },
  },
  {
    // As above with only the rail's 2 Jun: rail_reported. Charged 3–8 Jun = 6×45.00 = 270.00; projected 3–15 = 13×45.00 = 585.00.
    // Storage alone is listed: the rail's date is a storage deadline (spec table: storage → terminal, else rail), not
    // demurrage's (line, else terminal), and no demurrage rule matches — "one reported date never shows as two charges".
    name: "storage: the rail's reported LFD when the terminal reports none",
    rules: { sto: STORAGE3 },
    facts: { milestones: { discharge: DISCHARGE_0601 }, reported: { rail: "2026-06-02T00:00:00.000Z" } },
    now: "2026-06-08T19:00:00.000Z",
    charges: [
      {
        charge_type: "storage",
        tariff: "sto",
        last_free_day: "2026-06-02",
        basis: "rail_reported",
        status: "charging",
        charged_days: 6,
        accrued: "270.00",
        daily_rate_now: "45.00",
        projected_through: "2026-06-15",
        projected: "585.00",
        free_days_remaining: 0,
        disagreements: [["tariff", "2026-06-03", "sto"]],
      },
    ],
    container: { last_free_day: "2026-06-02", basis: "rail_reported", charge_type: "storage" },
  },
  {
    // 2026-03-09T00:00:00Z is Sun 8 Mar 17:00 PDT in Los Angeles, but a UTC-midnight report is read as 9 Mar.
    // Calculated (3 calendar days): Fri 6, Sat 7, Sun 8 → 8 Mar (a disagreement). Today Wed 11: charged 10, 11 = 200.00.
    // Projected to 18 Mar: 10–18 = 9 days = 4×100.00 + 5×175.50 = 400.00 + 877.50 = 1277.50.
    // Only a demurrage rule matches: demurrage alone is listed (no rule-less combined charge).
    name: "a reported LFD at UTC midnight is that date in Los Angeles",
    rules: { cal: { ...CAL4, free_days: 3 } },
    facts: { milestones: { discharge: DISCHARGE_0305 }, reported: { line: "2026-03-09T00:00:00.000Z" } },
    now: "2026-03-11T19:00:00.000Z",
    charges: [
      {
        charge_type: "demurrage",
        tariff: "cal",
        last_free_day: "2026-03-09",
        basis: "carrier_reported",
        status: "charging",
        charged_days: 2,
        accrued: "200.00",
        daily_rate_now: "100.00",
        projected_through: "2026-03-18",
        projected: "1277.50",
        free_days_remaining: 0,
        disagreements: [["tariff", "2026-03-08", "cal"]],
      },
    ],
    container: { last_free_day: "2026-03-09", basis: "carrier_reported" },
  },
  {
    // 2026-03-10T04:00Z is Mon 9 Mar 21:00 PDT: not UTC midnight, so read in the facility's zone → 9 Mar. Same figures as
    // above (charged 10, 11 = 200.00; projected 10–18 = 1277.50), demurrage alone listed.
    name: "a reported LFD that is not UTC midnight is read in the facility's zone",
    rules: { cal: { ...CAL4, free_days: 3 } },
    facts: { milestones: { discharge: DISCHARGE_0305 }, reported: { line: "2026-03-10T04:00:00.000Z" } },
    now: "2026-03-11T19:00:00.000Z",
    charges: [
      {
        charge_type: "demurrage",
        tariff: "cal",
        last_free_day: "2026-03-09",
        basis: "carrier_reported",
        status: "charging",
        charged_days: 2,
        accrued: "200.00",
        daily_rate_now: "100.00",
        projected_through: "2026-03-18",
        projected: "1277.50",
        free_days_remaining: 0,
        disagreements: [["tariff", "2026-03-08", "cal"]],
      },
    ],
    container: { last_free_day: "2026-03-09", basis: "carrier_reported" },
  },
  {
    // No rule matches (the only one is for reefers); the line reports 7 Jul. The reported deadline gives ONE charge,
    // demurrage (no combined one: "listed only when a rule gives them"). Days 8–14 Jul are charged (7) with rate null,
    // money is null, a note says why. Projected through today + 7 = 21 Jul (charged #8–#14 projected, still unpriced).
    name: "a reported LFD without a matching rule: one demurrage charge, charged days counted, money unknown",
    rules: { reefer: { ...CAL4, equipment_types: ["reefer"] } },
    facts: { milestones: { discharge: DISCHARGE_0630 }, reported: { line: "2026-07-07T00:00:00.000Z" } },
    now: NOW_0714,
    charges: [
      {
        charge_type: "demurrage",
        tariff: null,
        last_free_day: "2026-07-07",
        basis: "carrier_reported",
        status: "charging",
        charged_days: 7,
        accrued: null,
        daily_rate_now: null,
        projected_through: "2026-07-21",
        projected: null,
        free_days_remaining: 0,
        disagreements: [],
        notes: [/demurrage/i],
        charged_working: [
          "2026-07-08 charged #1 t- - @-",
          "2026-07-09 charged #2 t- - @-",
          "2026-07-10 charged #3 t- - @-",
          "2026-07-11 charged #4 t- - @-",
          "2026-07-12 charged #5 t- - @-",
          "2026-07-13 charged #6 t- - @-",
          "2026-07-14 charged #7 t- - @-",
          "2026-07-15 charged #8 t- - @- p",
          "2026-07-16 charged #9 t- - @- p",
          "2026-07-17 charged #10 t- - @- p",
          "2026-07-18 charged #11 t- - @- p",
          "2026-07-19 charged #12 t- - @- p",
          "2026-07-20 charged #13 t- - @- p",
          "2026-07-21 charged #14 t- - @- p",
        ],
      },
    ],
    container: { last_free_day: "2026-07-07", basis: "carrier_reported", charge_type: "demurrage" },
  },
  {
    // Detention from full_out (Wed 10 Jun, LA) to empty_return, which is 2026-06-18T04:30Z = Thu 18 Jun 00:30 in New York
    // (its own zone; it would be 17 Jun in LA). Free Thu 11, Fri 12, Sat 13, Sun 14 → LFD 14 Jun.
    // Charged Mon 15 #1 85.00, Tue 16 #2 85.00, Wed 17 #3 85.00, Thu 18 #4 120.00 = 255.00 + 120.00 = 375.00.
    // Ended: accrued = projected = 375.00 through 18 Jun; no daily rate (today 25 Jun is not charged). Not a pickup charge.
    name: "detention from full_out to empty_return: ended, in the return's own zone",
    rules: {
      det: {
        charge_type: "detention",
        free_time_starts: "full_out",
        charge_ends: "empty_return",
        free_days: 4,
        rates: [
          { from_day: 1, to_day: 3, rate: "85.00", currency: "USD" },
          { from_day: 4, to_day: null, rate: "120.00", currency: "USD" },
        ],
      },
    },
    facts: {
      milestones: {
        discharge: DISCHARGE_0601,
        full_out: "2026-06-10T16:00:00.000Z", // Wed 10 Jun 09:00 PDT
        empty_return: { at: "2026-06-18T04:30:00.000Z", time_zone: "America/New_York" },
      },
    },
    now: "2026-06-25T19:00:00.000Z",
    charges: [
      {
        charge_type: "detention",
        tariff: "det",
        started_on: "2026-06-10",
        ended_on: "2026-06-18",
        last_free_day: "2026-06-14",
        basis: "tariff",
        status: "ended",
        charged_days: 4,
        accrued: "375.00",
        daily_rate_now: null,
        projected_through: "2026-06-18",
        projected: "375.00",
        free_days_remaining: 0,
        disagreements: [],
        working: [
          "2026-06-11 free",
          "2026-06-12 free",
          "2026-06-13 free",
          "2026-06-14 free",
          "2026-06-15 charged #1 t1 85.00 @det",
          "2026-06-16 charged #2 t1 85.00 @det",
          "2026-06-17 charged #3 t1 85.00 @det",
          "2026-06-18 charged #4 t2 120.00 @det",
        ],
      },
    ],
    container: { last_free_day: null, basis: null, charge_type: null },
  },
  {
    // 5 calendar days from Tue 2 Jun → LFD Sat 6 Jun; the box left full on Thu 4 Jun: ended inside free time.
    // Nothing charged: accrued = projected = 0.00 through 4 Jun; the working runs to the end (4 Jun).
    name: "a charge that ended before its LFD: nothing charged",
    rules: { cal5: { free_days: 5, rates: flat("100.00") } },
    facts: { milestones: { discharge: DISCHARGE_0601, full_out: "2026-06-04T17:00:00.000Z" } }, // Thu 4 Jun 10:00 PDT
    now: "2026-06-10T19:00:00.000Z",
    charges: [
      {
        charge_type: "demurrage",
        tariff: "cal5",
        ended_on: "2026-06-04",
        last_free_day: "2026-06-06",
        basis: "tariff",
        status: "ended",
        charged_days: 0,
        accrued: "0.00",
        daily_rate_now: null,
        projected_through: "2026-06-04",
        projected: "0.00",
        free_days_remaining: 0,
        disagreements: [],
        working: ["2026-06-02 free", "2026-06-03 free", "2026-06-04 free"],
      },
    ],
    container: { last_free_day: "2026-06-06", basis: "tariff", charge_type: "demurrage" },
  },
  {
    // "old" (to 30 Jun) governs: it is in force on the discharge date Wed 24 Jun; "new" (from 1 Jul) is not.
    // Free Thu 25, Fri 26, Sat 27 → LFD 27 Jun (old's 3 days, not new's 7).
    // Charged: Sun 28 #1, Mon 29 #2, Tue 30 #3 at old's tier 1 (100.00); from Wed 1 Jul new is in force: #4 Wed 1,
    // #5 Thu 2, #6 Fri 3 at new's tier 2 (165.00) — the numbering goes on. Accrued: 300.00 + 495.00 = 795.00.
    // Projected to 10 Jul: + #7–#13 (4–10 Jul) 7×165.00 = 1155.00 → 1950.00.
    name: "validity ends mid-stay: the successor's rates take over and the tier numbering goes on",
    rules: {
      old: {
        valid_from: "2025-01-01",
        valid_to: "2026-06-30",
        free_days: 3,
        rates: [
          { from_day: 1, to_day: 3, rate: "100.00", currency: "USD" },
          { from_day: 4, to_day: null, rate: "150.00", currency: "USD" },
        ],
      },
      new: {
        valid_from: "2026-07-01",
        free_days: 7,
        rates: [
          { from_day: 1, to_day: 3, rate: "110.00", currency: "USD" },
          { from_day: 4, to_day: null, rate: "165.00", currency: "USD" },
        ],
      },
    },
    facts: { milestones: { discharge: "2026-06-24T17:00:00.000Z" } }, // Wed 24 Jun 10:00 PDT
    now: "2026-07-03T19:00:00.000Z", // Fri 3 Jul
    charges: [
      {
        charge_type: "demurrage",
        tariff: "old",
        last_free_day: "2026-06-27",
        basis: "tariff",
        status: "charging",
        charged_days: 6,
        accrued: "795.00",
        daily_rate_now: "165.00",
        projected_through: "2026-07-10",
        projected: "1950.00",
        free_days_remaining: 0,
        disagreements: [],
        working: [
          "2026-06-25 free",
          "2026-06-26 free",
          "2026-06-27 free",
          "2026-06-28 charged #1 t1 100.00 @old",
          "2026-06-29 charged #2 t1 100.00 @old",
          "2026-06-30 charged #3 t1 100.00 @old",
          "2026-07-01 charged #4 t2 165.00 @new",
          "2026-07-02 charged #5 t2 165.00 @new",
          "2026-07-03 charged #6 t2 165.00 @new",
          "2026-07-04 charged #7 t2 165.00 @new p",
          "2026-07-05 charged #8 t2 165.00 @new p",
          "2026-07-06 charged #9 t2 165.00 @new p",
          "2026-07-07 charged #10 t2 165.00 @new p",
          "2026-07-08 charged #11 t2 165.00 @new p",
          "2026-07-09 charged #12 t2 165.00 @new p",
          "2026-07-10 charged #13 t2 165.00 @new p",
        ],
      },
    ],
    container: { last_free_day: "2026-06-27", basis: "tariff" },
  },
  {
    // "expired" is more specific but ended 31 Dec 2025, before the stay: "current" governs (2 calendar days).
    // Free Tue 2, Wed 3 → LFD 3 Jun. Today Fri 5: charged 4, 5 = 140.00. Projected 4–12 = 9×70.00 = 630.00.
    name: "a rule whose validity ended before the stay is not chosen",
    rules: {
      expired: { carrier_scacs: ["MSCU"], terminal_ids: [TERMINAL], valid_from: "2025-01-01", valid_to: "2025-12-31", free_days: 10, rates: flat("20.00") },
      current: { carrier_scacs: ["MSCU"], valid_from: "2026-01-01", free_days: 2, rates: flat("70.00") },
    },
    facts: { milestones: { discharge: DISCHARGE_0601 } },
    now: "2026-06-05T19:00:00.000Z",
    charges: [
      {
        charge_type: "demurrage",
        tariff: "current",
        last_free_day: "2026-06-03",
        basis: "tariff",
        status: "charging",
        charged_days: 2,
        accrued: "140.00",
        daily_rate_now: "70.00",
        projected_through: "2026-06-12",
        projected: "630.00",
        free_days_remaining: 0,
        disagreements: [],
      },
    ],
    container: { last_free_day: "2026-06-03", basis: "tariff" },
  },
  {
    // "terminal" names carrier + terminal (2 lists), "carrier" names the carrier only (1 list) though it is in force from
    // later and newer: specificity comes first. 6 calendar days: Tue 2 – Sun 7 → LFD 7 Jun.
    // Today Tue 9: charged 8, 9 = 2×50.00 = 100.00. Projected 8–16 = 9×50.00 = 450.00. Tariff vs tariff: no disagreement.
    name: "specificity: a rule naming the terminal beats one naming only the carrier",
    rules: {
      terminal: { carrier_scacs: ["MSCU"], terminal_ids: [TERMINAL], valid_from: "2026-01-01", created_at: "2026-01-01T00:00:00.000Z", free_days: 6, rates: flat("50.00") },
      carrier: { carrier_scacs: ["MSCU"], valid_from: "2026-03-01", created_at: "2026-05-01T00:00:00.000Z", free_days: 3, rates: flat("90.00") },
    },
    facts: { milestones: { discharge: DISCHARGE_0601 } },
    now: "2026-06-09T19:00:00.000Z",
    charges: [
      {
        charge_type: "demurrage",
        tariff: "terminal",
        last_free_day: "2026-06-07",
        basis: "tariff",
        status: "charging",
        charged_days: 2,
        accrued: "100.00",
        daily_rate_now: "50.00",
        projected_through: "2026-06-16",
        projected: "450.00",
        free_days_remaining: 0,
        disagreements: [],
      },
    ],
    container: { last_free_day: "2026-06-07", basis: "tariff" },
  },
  {
    // "ACME Imports" matches the shipment's "acme imports". 8 calendar days: Tue 2 – Tue 9 → LFD 9 Jun = today:
    // still free (charging starts after the LFD), no free days after today. Projected 10–16 = 7×40.00 = 280.00.
    name: "customer_names match case-insensitively",
    rules: {
      acme: { customer_names: ["ACME Imports"], free_days: 8, rates: flat("40.00") },
      general: { free_days: 3, rates: flat("90.00") },
    },
    facts: { customer_name: "acme imports", milestones: { discharge: DISCHARGE_0601 } },
    now: "2026-06-09T19:00:00.000Z",
    charges: [
      {
        charge_type: "demurrage",
        tariff: "acme",
        last_free_day: "2026-06-09",
        basis: "tariff",
        status: "free",
        charged_days: 0,
        accrued: "0.00",
        daily_rate_now: null,
        projected_through: "2026-06-16",
        projected: "280.00",
        free_days_remaining: 0,
        disagreements: [],
      },
    ],
    container: { last_free_day: "2026-06-09", basis: "tariff" },
  },
  {
    // Another customer: "general" applies, 3 days: Tue 2 – Thu 4 → LFD 4 Jun. Charged 5–9 = 5×90.00 = 450.00.
    // Projected 5–16 = 12×90.00 = 1080.00.
    name: "customer_names do not match another customer",
    rules: {
      acme: { customer_names: ["ACME Imports"], free_days: 8, rates: flat("40.00") },
      general: { free_days: 3, rates: flat("90.00") },
    },
    facts: { customer_name: "Globex Corporation", milestones: { discharge: DISCHARGE_0601 } },
    now: "2026-06-09T19:00:00.000Z",
    charges: [
      {
        charge_type: "demurrage",
        tariff: "general",
        last_free_day: "2026-06-04",
        basis: "tariff",
        status: "charging",
        charged_days: 5,
        accrued: "450.00",
        daily_rate_now: "90.00",
        projected_through: "2026-06-16",
        projected: "1080.00",
        free_days_remaining: 0,
        disagreements: [],
      },
    ],
    container: { last_free_day: "2026-06-04", basis: "tariff" },
  },
  {
    // The only rule is for reefers, the box is dry, nothing is reported: no charge at all.
    name: "equipment mismatch: no charge listed",
    rules: { reefer: { ...CAL4, equipment_types: ["reefer"] } },
    facts: { milestones: { discharge: DISCHARGE_0601 } },
    now: "2026-06-09T19:00:00.000Z",
    charges: [],
    container: { last_free_day: null, basis: null, charge_type: null },
  },
  {
    // Not discharged: not_started, no LFD, all 4 free days remain, nothing charged, empty working, a note.
    name: "not_started: no discharge yet",
    rules: { cal: CAL4 },
    facts: { milestones: {} },
    now: "2026-06-09T19:00:00.000Z",
    charges: [
      {
        charge_type: "demurrage",
        tariff: "cal",
        started_on: null,
        last_free_day: null,
        basis: null,
        status: "not_started",
        charged_days: 0,
        accrued: "0.00",
        daily_rate_now: null,
        free_days_remaining: 4,
        disagreements: [],
        working: [],
        notes: [/discharge/],
      },
    ],
    container: { last_free_day: null, basis: null, charge_type: null },
  },
  {
    // Discharged today (Mon 1 Jun 09:00 PDT, asked at 15:00): next_day → Tue 2 – Fri 5 → LFD 5 Jun; all 4 free days are
    // after today. Projected to 8 Jun: 6, 7, 8 = 3×100.00 = 300.00.
    name: "discharged today: every free day is still to come",
    rules: { cal: CAL4 },
    facts: { milestones: { discharge: "2026-06-01T16:00:00.000Z" } },
    now: "2026-06-01T22:00:00.000Z",
    charges: [
      {
        charge_type: "demurrage",
        tariff: "cal",
        started_on: "2026-06-01",
        last_free_day: "2026-06-05",
        basis: "tariff",
        status: "free",
        charged_days: 0,
        accrued: "0.00",
        daily_rate_now: null,
        projected_through: "2026-06-08",
        projected: "300.00",
        free_days_remaining: 4,
        disagreements: [],
        working: [
          "2026-06-02 free p",
          "2026-06-03 free p",
          "2026-06-04 free p",
          "2026-06-05 free p",
          "2026-06-06 charged #1 t1 100.00 @cal p",
          "2026-06-07 charged #2 t1 100.00 @cal p",
          "2026-06-08 charged #3 t1 100.00 @cal p",
        ],
      },
    ],
    container: { last_free_day: "2026-06-05", basis: "tariff" },
  },
  {
    // 2026-03-03T06:30Z = Mon 2 Mar 22:30 PST: started on 2 Mar. start_day, 2 days: Mon 2, Tue 3 → LFD 3 Mar.
    // Today Thu 5 Mar (20:00Z = 12:00 PST): charged 4, 5 = 200.00. Projected to 12 Mar: 4–12 = 9 days
    // = 4×100.00 + 5×175.50 = 1277.50.
    name: "time zone: a discharge at 06:30Z is the previous local date in Los Angeles",
    rules: { sd: { ...CAL4, first_free_day: "start_day", free_days: 2 } },
    facts: { milestones: { discharge: "2026-03-03T06:30:00.000Z" } },
    now: "2026-03-05T20:00:00.000Z",
    charges: [
      {
        charge_type: "demurrage",
        tariff: "sd",
        started_on: "2026-03-02",
        last_free_day: "2026-03-03",
        basis: "tariff",
        status: "charging",
        charged_days: 2,
        accrued: "200.00",
        daily_rate_now: "100.00",
        projected_through: "2026-03-12",
        projected: "1277.50",
        free_days_remaining: 0,
        disagreements: [],
      },
    ],
    container: { last_free_day: "2026-03-03", basis: "tariff" },
  },
  {
    // 2026-03-03T23:30Z = Wed 4 Mar 07:30 SGT: started on 4 Mar. start_day, 2 days: Wed 4, Thu 5 → LFD 5 Mar.
    // Now 2026-03-06T04:00Z = Fri 6 Mar 12:00 SGT: charged 6 Mar = 100.00.
    // Projected to 13 Mar: 6–13 = 8 days = 4×100.00 + 4×175.50 = 400.00 + 702.00 = 1102.00.
    name: "time zone: a discharge at 23:30Z is the next local date in Singapore",
    rules: { sd: { ...CAL4, first_free_day: "start_day", free_days: 2 } },
    facts: { time_zone: "Asia/Singapore", port_locode: "SGSIN", milestones: { discharge: "2026-03-03T23:30:00.000Z" } },
    now: "2026-03-06T04:00:00.000Z",
    charges: [
      {
        charge_type: "demurrage",
        tariff: "sd",
        started_on: "2026-03-04",
        last_free_day: "2026-03-05",
        basis: "tariff",
        status: "charging",
        charged_days: 1,
        accrued: "100.00",
        daily_rate_now: "100.00",
        projected_through: "2026-03-13",
        projected: "1102.00",
        free_days_remaining: 0,
        disagreements: [],
      },
    ],
    container: { last_free_day: "2026-03-05", basis: "tariff" },
  },
  {
    // LFD 9 Mar as in "calendar days". Appointment Mon 16 Mar 10:00 PDT (today or later) → projected through 16 Mar:
    // charged 10–16 = 7 days = 4×100.00 + 3×175.50 = 400.00 + 526.50 = 926.50. Accrued 10–12 = 300.00.
    name: "projection runs to the pickup appointment when it is today or later",
    rules: { cal: CAL4 },
    facts: { milestones: { discharge: DISCHARGE_0305 }, pickup_appointment_at: "2026-03-16T17:00:00.000Z" },
    now: NOW_0312,
    charges: [
      {
        charge_type: "demurrage",
        tariff: "cal",
        last_free_day: "2026-03-09",
        basis: "tariff",
        status: "charging",
        charged_days: 3,
        accrued: "300.00",
        daily_rate_now: "100.00",
        projected_through: "2026-03-16",
        projected: "926.50",
        free_days_remaining: 0,
        disagreements: [],
      },
    ],
    container: { last_free_day: "2026-03-09", basis: "tariff" },
  },
  {
    // The appointment (Wed 11 Mar) is before today (Thu 12): today + 7 = 19 Mar → 1453.00 (as in "calendar days").
    name: "a past pickup appointment is passed over: today + 7",
    rules: { cal: CAL4 },
    facts: { milestones: { discharge: DISCHARGE_0305 }, pickup_appointment_at: "2026-03-11T17:00:00.000Z" },
    now: NOW_0312,
    charges: [
      {
        charge_type: "demurrage",
        tariff: "cal",
        last_free_day: "2026-03-09",
        basis: "tariff",
        status: "charging",
        charged_days: 3,
        accrued: "300.00",
        daily_rate_now: "100.00",
        projected_through: "2026-03-19",
        projected: "1453.00",
        free_days_remaining: 0,
        disagreements: [],
      },
    ],
    container: { last_free_day: "2026-03-09", basis: "tariff" },
  },
  {
    // Asked through 14 Mar, which beats the 16 Mar appointment: charged 10–14 = 4×100.00 + 1×175.50 = 575.50.
    name: "an explicit projectThrough beats the pickup appointment",
    rules: { cal: CAL4 },
    facts: { milestones: { discharge: DISCHARGE_0305 }, pickup_appointment_at: "2026-03-16T17:00:00.000Z" },
    now: NOW_0312,
    projectThrough: "2026-03-14",
    charges: [
      {
        charge_type: "demurrage",
        tariff: "cal",
        last_free_day: "2026-03-09",
        basis: "tariff",
        status: "charging",
        charged_days: 3,
        accrued: "300.00",
        daily_rate_now: "100.00",
        projected_through: "2026-03-14",
        projected: "575.50",
        free_days_remaining: 0,
        disagreements: [],
      },
    ],
    container: { last_free_day: "2026-03-09", basis: "tariff" },
  },
  {
    // projectDays 3: today + 3 = 15 Mar; charged 10–15 = 6 days = 4×100.00 + 2×175.50 = 751.00.
    name: "projectDays sets how far past today the projection runs",
    rules: { cal: CAL4 },
    facts: { milestones: { discharge: DISCHARGE_0305 } },
    now: NOW_0312,
    projectDays: 3,
    charges: [
      {
        charge_type: "demurrage",
        tariff: "cal",
        last_free_day: "2026-03-09",
        basis: "tariff",
        status: "charging",
        charged_days: 3,
        accrued: "300.00",
        daily_rate_now: "100.00",
        projected_through: "2026-03-15",
        projected: "751.00",
        free_days_remaining: 0,
        disagreements: [],
      },
    ],
    container: { last_free_day: "2026-03-09", basis: "tariff" },
  },
  {
    // Free time but no rates: LFD 9 Mar, 3 charged days (10–12 Mar), every sum and rate unknown (null), a note.
    name: "a rule with free time but no rates: money unknown",
    rules: { norates: { free_days: 4 } },
    facts: { milestones: { discharge: DISCHARGE_0305 } },
    now: NOW_0312,
    charges: [
      {
        charge_type: "demurrage",
        tariff: "norates",
        last_free_day: "2026-03-09",
        basis: "tariff",
        status: "charging",
        charged_days: 3,
        accrued: null,
        daily_rate_now: null,
        projected_through: "2026-03-19",
        projected: null,
        free_days_remaining: 0,
        disagreements: [],
        notes: [/rates/],
        charged_working: [
          "2026-03-10 charged #1 t- - @norates",
          "2026-03-11 charged #2 t- - @norates",
          "2026-03-12 charged #3 t- - @norates",
          "2026-03-13 charged #4 t- - @norates p",
          "2026-03-14 charged #5 t- - @norates p",
          "2026-03-15 charged #6 t- - @norates p",
          "2026-03-16 charged #7 t- - @norates p",
          "2026-03-17 charged #8 t- - @norates p",
          "2026-03-18 charged #9 t- - @norates p",
          "2026-03-19 charged #10 t- - @norates p",
        ],
      },
    ],
    container: { last_free_day: "2026-03-09", basis: "tariff" },
  },
  {
    // 0 free days from Fri 6 Mar → LFD 5 Mar. Today Sat 7 Mar (20:00Z = 12:00 PST): Fri 6 #1 0.10 + Sat 7 #2 0.20 = 0.30
    // exactly (not 0.30000000000000004). Projected to 14 Mar: 6–14 = 9 days = 0.10 + 0.20 + 7×33.3333 = 0.30 + 233.3331 = 233.6331.
    name: "4-decimal rates sum exactly",
    rules: {
      dec: {
        free_days: 0,
        rates: [
          { from_day: 1, to_day: 1, rate: "0.10", currency: "USD" },
          { from_day: 2, to_day: 2, rate: "0.20", currency: "USD" },
          { from_day: 3, to_day: null, rate: "33.3333", currency: "USD" },
        ],
      },
    },
    facts: { milestones: { discharge: DISCHARGE_0305 } },
    now: "2026-03-07T20:00:00.000Z",
    charges: [
      {
        charge_type: "demurrage",
        tariff: "dec",
        last_free_day: "2026-03-05",
        basis: "tariff",
        status: "charging",
        charged_days: 2,
        accrued: "0.30",
        daily_rate_now: "0.20",
        projected_through: "2026-03-14",
        projected: "233.6331",
        free_days_remaining: 0,
        disagreements: [],
        charged_working: [
          "2026-03-06 charged #1 t1 0.10 @dec",
          "2026-03-07 charged #2 t2 0.20 @dec",
          "2026-03-08 charged #3 t3 33.3333 @dec p",
          "2026-03-09 charged #4 t3 33.3333 @dec p",
          "2026-03-10 charged #5 t3 33.3333 @dec p",
          "2026-03-11 charged #6 t3 33.3333 @dec p",
          "2026-03-12 charged #7 t3 33.3333 @dec p",
          "2026-03-13 charged #8 t3 33.3333 @dec p",
          "2026-03-14 charged #9 t3 33.3333 @dec p",
        ],
      },
    ],
    container: { last_free_day: "2026-03-05", basis: "tariff" },
  },
  {
    // Demurrage: calculated 7 Jul (worked example), the line reports 6 Jul (binds). Charged 7–14 Jul = 8 days
    //   = 3×100.00 + 5×175.50 = 300.00 + 877.50 = 1177.50; projected 7–21 Jul = 15 days = 300.00 + 12×175.50 = 2406.00.
    // Storage (start_day, 3 calendar days): Tue 30 Jun, Wed 1, Thu 2 Jul → 2 Jul; the terminal reports 8 Jul (binds).
    //   Charged 9–14 Jul = 6×45.00 = 270.00; projected 9–21 Jul = 13×45.00 = 585.00.
    // No combined rule matches: demurrage and storage are listed, no rule-less combined charge.
    // Container: the earliest, 6 Jul, carrier_reported, from demurrage.
    name: "the container LFD is the earliest of the pickup charges, with its basis",
    rules: { dem: SAMPLE, sto: STORAGE3 },
    facts: {
      milestones: { discharge: DISCHARGE_0630 },
      reported: { line: "2026-07-06T00:00:00.000Z", terminal: "2026-07-08T00:00:00.000Z" },
    },
    now: NOW_0714,
    charges: [
      {
        charge_type: "demurrage",
        tariff: "dem",
        last_free_day: "2026-07-06",
        basis: "carrier_reported",
        status: "charging",
        charged_days: 8,
        accrued: "1177.50",
        daily_rate_now: "175.50",
        projected_through: "2026-07-21",
        projected: "2406.00",
        free_days_remaining: 0,
        disagreements: [["tariff", "2026-07-07", "dem"]],
      },
      {
        charge_type: "storage",
        tariff: "sto",
        last_free_day: "2026-07-08",
        basis: "terminal_reported",
        status: "charging",
        charged_days: 6,
        accrued: "270.00",
        daily_rate_now: "45.00",
        projected_through: "2026-07-21",
        projected: "585.00",
        free_days_remaining: 0,
        disagreements: [["tariff", "2026-07-02", "sto"]],
      },
    ],
    container: { last_free_day: "2026-07-06", basis: "carrier_reported", charge_type: "demurrage" },
  },
  {
    // Weekend Friday + Saturday, Dubai (UTC+4). Discharge Wed 3 Jun 10:00 GST. Thu 4 (1), Fri 5 weekend, Sat 6 weekend,
    // Sun 7 (2), Mon 8 (3) → LFD 8 Jun. Today Wed 10 (08:00Z = 12:00 GST): charged 9, 10 = 2×150.00 = 300.00 AED.
    // Projected to 17 Jun: 9–17 = 9×150.00 = 1350.00 AED.
    name: "business days with a Friday/Saturday weekend, in AED",
    rules: { dxb: { free_days: 3, day_count_type: "business", weekend_days: ["friday", "saturday"], rates: flat("150.00", "AED") } },
    facts: { time_zone: "Asia/Dubai", port_locode: "AEJEA", milestones: { discharge: "2026-06-03T06:00:00.000Z" } },
    now: "2026-06-10T08:00:00.000Z",
    charges: [
      {
        charge_type: "demurrage",
        tariff: "dxb",
        last_free_day: "2026-06-08",
        basis: "tariff",
        status: "charging",
        charged_days: 2,
        accrued: "300.00",
        daily_rate_now: "150.00",
        projected_through: "2026-06-17",
        projected: "1350.00",
        free_days_remaining: 0,
        disagreements: [],
        currency: "AED",
        working: [
          "2026-06-04 free",
          "2026-06-05 weekend",
          "2026-06-06 weekend",
          "2026-06-07 free",
          "2026-06-08 free",
          "2026-06-09 charged #1 t1 150.00 @dxb",
          "2026-06-10 charged #2 t1 150.00 @dxb",
          "2026-06-11 charged #3 t1 150.00 @dxb p",
          "2026-06-12 charged #4 t1 150.00 @dxb p",
          "2026-06-13 charged #5 t1 150.00 @dxb p",
          "2026-06-14 charged #6 t1 150.00 @dxb p",
          "2026-06-15 charged #7 t1 150.00 @dxb p",
          "2026-06-16 charged #8 t1 150.00 @dxb p",
          "2026-06-17 charged #9 t1 150.00 @dxb p",
        ],
      },
    ],
    container: { last_free_day: "2026-06-08", basis: "tariff" },
  },
  {
    // Free Tue 2, Wed 3 → LFD 3 Jun. The box leaves full today, Fri 5 Jun (10:00 PDT; asked at 15:00): the end's day is
    // charged ("its day is charged"), so today is a charged day: daily_rate_now = 60.00 ("today's rate when today is a
    // charged day"). Charged Thu 4, Fri 5 = 120.00 = projected, through 5 Jun.
    name: "a charge that ends today: today is charged, so daily_rate_now is its rate",
    rules: { cal2: { free_days: 2, rates: flat("60.00") } },
    facts: { milestones: { discharge: DISCHARGE_0601, full_out: "2026-06-05T17:00:00.000Z" } },
    now: "2026-06-05T22:00:00.000Z",
    charges: [
      {
        charge_type: "demurrage",
        tariff: "cal2",
        ended_on: "2026-06-05",
        last_free_day: "2026-06-03",
        basis: "tariff",
        status: "ended",
        charged_days: 2,
        accrued: "120.00",
        daily_rate_now: "60.00",
        projected_through: "2026-06-05",
        projected: "120.00",
        free_days_remaining: 0,
        disagreements: [],
      },
    ],
    container: { last_free_day: "2026-06-03", basis: "tariff" },
  },
  {
    // 10 calendar days: Tue 2 – Thu 11 Jun → LFD 11 Jun. Today Wed 3 Jun, asked through Fri 5 Jun.
    // Free days after today up to the LFD: 4–11 Jun = 8. Nothing charged by 5 Jun: projected 0.00.
    // The working runs "to the latest of today, the projection date and the last free day" (not ended):
    // max(3 Jun, 5 Jun, 11 Jun) = 11 Jun, so the whole free time shows: 2–11 Jun, 4–11 Jun projected.
    name: "the working runs to the latest of today, the projection date and the last free day",
    rules: { cal10: { free_days: 10, rates: flat("100.00") } },
    facts: { milestones: { discharge: DISCHARGE_0601 } },
    now: "2026-06-03T19:00:00.000Z",
    projectThrough: "2026-06-05",
    charges: [
      {
        charge_type: "demurrage",
        tariff: "cal10",
        last_free_day: "2026-06-11",
        basis: "tariff",
        status: "free",
        charged_days: 0,
        accrued: "0.00",
        daily_rate_now: null,
        projected_through: "2026-06-05",
        projected: "0.00",
        free_days_remaining: 8,
        disagreements: [],
        working: [
          "2026-06-02 free",
          "2026-06-03 free",
          "2026-06-04 free p",
          "2026-06-05 free p",
          "2026-06-06 free p",
          "2026-06-07 free p",
          "2026-06-08 free p",
          "2026-06-09 free p",
          "2026-06-10 free p",
          "2026-06-11 free p",
        ],
      },
    ],
    container: { last_free_day: "2026-06-11", basis: "tariff" },
  },
  {
    // The line reports "2026-03-09T00:00:00Z" — UTC midnight WITHOUT milliseconds. In Los Angeles that instant is
    // Sun 8 Mar 17:00 PDT (DST began at 10:00Z that day), but a UTC-midnight report, with or without milliseconds, is
    // read as the date it names: 9 Mar (carrier_reported). Calculated (2 calendar days from the day after Thu 5 Mar):
    // Fri 6, Sat 7 → 7 Mar, a disagreement. Today Thu 12 Mar 12:00 PDT: charged 10, 11, 12 = 3×100.00 = 300.00; today
    // is #3 (tier 1) → 100.00. Projected to 19 Mar (today + 7): #1–#4 (10–13) 4×100.00 = 400.00, #5–#10 (14–19)
    // 6×175.50 = 1053.00 → 1453.00. Working 6–19 Mar (the latest of today, 19 Mar and the LFD); 8 and 9 Mar are free
    // under calendar counting (free time runs to the reported LFD). Only a demurrage rule matches: demurrage alone.
    name: "a reported LFD at UTC midnight without milliseconds is that date in Los Angeles",
    rules: { cal2: { ...CAL4, free_days: 2 } },
    facts: { milestones: { discharge: DISCHARGE_0305 }, reported: { line: "2026-03-09T00:00:00Z" } },
    now: NOW_0312,
    charges: [
      {
        charge_type: "demurrage",
        tariff: "cal2",
        started_on: "2026-03-05",
        last_free_day: "2026-03-09",
        basis: "carrier_reported",
        status: "charging",
        charged_days: 3,
        accrued: "300.00",
        daily_rate_now: "100.00",
        projected_through: "2026-03-19",
        projected: "1453.00",
        free_days_remaining: 0,
        disagreements: [["tariff", "2026-03-07", "cal2"]],
        working: [
          "2026-03-06 free",
          "2026-03-07 free",
          "2026-03-08 free",
          "2026-03-09 free",
          "2026-03-10 charged #1 t1 100.00 @cal2",
          "2026-03-11 charged #2 t1 100.00 @cal2",
          "2026-03-12 charged #3 t1 100.00 @cal2",
          "2026-03-13 charged #4 t1 100.00 @cal2 p",
          "2026-03-14 charged #5 t2 175.50 @cal2 p",
          "2026-03-15 charged #6 t2 175.50 @cal2 p",
          "2026-03-16 charged #7 t2 175.50 @cal2 p",
          "2026-03-17 charged #8 t2 175.50 @cal2 p",
          "2026-03-18 charged #9 t2 175.50 @cal2 p",
          "2026-03-19 charged #10 t2 175.50 @cal2 p",
        ],
      },
    ],
    container: { last_free_day: "2026-03-09", basis: "carrier_reported", charge_type: "demurrage" },
  },
  {
    // 1 calendar day from the day after Mon 1 Jun: Tue 2 → LFD 2 Jun. Tiers: #1–#2 50.00, #3 on 80.00.
    // The box leaves full Fri 5 Jun 10:00 PDT; asked at 2026-06-06T02:00Z = Fri 5 Jun 19:00 PDT, so today is 5 Jun
    // (the facility's date, though the UTC date is 6 Jun): the end milestone's day, which is charged.
    // Charged Wed 3 #1 50.00, Thu 4 #2 50.00, Fri 5 #3 80.00 → accrued = projected = 180.00, through the end, 5 Jun.
    // daily_rate_now is today's rate, the tier-2 80.00 of day #3 (not tier 1's 50.00). Ended: 0 free days remain;
    // the working runs to the end (5 Jun) and today's day is not projected.
    name: "a charge that ends today on a tier-2 day: daily_rate_now is that day's rate",
    rules: {
      tiers: {
        free_days: 1,
        rates: [
          { from_day: 1, to_day: 2, rate: "50.00", currency: "USD" },
          { from_day: 3, to_day: null, rate: "80.00", currency: "USD" },
        ],
      },
    },
    facts: { milestones: { discharge: DISCHARGE_0601, full_out: "2026-06-05T17:00:00.000Z" } },
    now: "2026-06-06T02:00:00.000Z",
    charges: [
      {
        charge_type: "demurrage",
        tariff: "tiers",
        started_on: "2026-06-01",
        ended_on: "2026-06-05",
        last_free_day: "2026-06-02",
        basis: "tariff",
        status: "ended",
        charged_days: 3,
        accrued: "180.00",
        daily_rate_now: "80.00",
        projected_through: "2026-06-05",
        projected: "180.00",
        free_days_remaining: 0,
        disagreements: [],
        working: [
          "2026-06-02 free",
          "2026-06-03 charged #1 t1 50.00 @tiers",
          "2026-06-04 charged #2 t1 50.00 @tiers",
          "2026-06-05 charged #3 t2 80.00 @tiers",
        ],
      },
    ],
    container: { last_free_day: "2026-06-02", basis: "tariff", charge_type: "demurrage" },
  },
];

// ---------------------------------------------------------------------------------------------

const idOf = (index: number): string => `00000000-0000-4000-8000-${String(index + 1).padStart(12, "0")}`;

function ruleOf(key: string, id: string, input: RuleInput): Tariff {
  return TariffSchema.parse({
    name: key,
    charge_type: "demurrage",
    valid_from: "2026-01-01",
    free_time_starts: "discharge",
    charge_ends: "full_out",
    created_at: "2026-01-01T00:00:00.000Z",
    ...input,
    id,
    account_id: ACCOUNT,
    updated_at: input.created_at ?? "2026-01-01T00:00:00.000Z",
  });
}

function factsOf(input: FactsInput): ChargeFacts {
  const milestones: ChargeFacts["milestones"] = {};
  for (const [milestone, fact] of Object.entries(input.milestones ?? {})) {
    milestones[milestone as keyof ChargeFacts["milestones"]] = typeof fact === "string" ? { at: fact, time_zone: null } : fact;
  }
  return {
    container_id: "00000000-0000-4000-8000-0000000000c1",
    direction: "import",
    carrier_scac: "MSCU",
    port_locode: "USLAX",
    terminal_id: TERMINAL,
    customer_name: "Acme Imports",
    equipment_type: "dry",
    equipment_length: 40,
    time_zone: "America/Los_Angeles",
    pickup_appointment_at: null,
    ...input,
    milestones,
    reported: { line: null, terminal: null, rail: null, ...input.reported },
  };
}

/** One working day as a line: `date status [#n tTier rate @rule] [(holiday)] [p]`. */
function describeDay(day: WorkingDay, keyOf: (id: string | null) => string): string {
  let text = `${day.date} ${day.status}`;
  if (day.status === "charged") text += ` #${day.charged_day} t${day.tier ?? "-"} ${day.rate ?? "-"} @${keyOf(day.tariff_id)}`;
  if (day.holiday !== null) text += ` (${day.holiday})`;
  if (day.projected) text += " p";
  return text;
}

describe("containerDemurrage: hand-computed cases (docs/demurrage.md)", () => {
  test("there are at least 28 cases", () => {
    expect(CASES.length).toBeGreaterThanOrEqual(28);
  });

  test.each(CASES)("$name", (c) => {
    const keys = Object.keys(c.rules);
    const tariffs = keys.map((key, index) => ruleOf(key, idOf(index), c.rules[key]!));
    const keyOf = (id: string | null) => (id === null ? "-" : (keys[tariffs.findIndex((rule) => rule.id === id)] ?? id));
    const options: DemurrageOptions = { now: new Date(c.now), calendars: HOLIDAYS };
    if (c.projectThrough !== undefined) options.projectThrough = c.projectThrough;
    if (c.projectDays !== undefined) options.projectDays = c.projectDays;

    const result = containerDemurrage(factsOf(c.facts), tariffs, options);

    expect(result.charges.map((charge) => charge.charge_type)).toEqual(c.listed ?? c.charges.map((charge) => charge.charge_type));
    expect({ last_free_day: result.last_free_day, basis: result.last_free_day_basis, charge_type: result.last_free_day_charge_type }).toEqual({
      charge_type: result.last_free_day_charge_type,
      ...c.container,
    });

    for (const expected of c.charges) {
      const charge = result.charges.find((candidate) => candidate.charge_type === expected.charge_type)!;
      const { working, charged_working, notes, currency = "USD", ...figures } = expected;
      const actual: Record<string, unknown> = {
        charge_type: charge.charge_type,
        tariff: keyOf(charge.tariff_id) === "-" ? null : keyOf(charge.tariff_id),
        started_on: charge.started_on,
        ended_on: charge.ended_on,
        last_free_day: charge.last_free_day,
        basis: charge.basis,
        status: charge.status,
        charged_days: charge.charged_days,
        accrued: charge.accrued?.amount ?? null,
        daily_rate_now: charge.daily_rate_now?.amount ?? null,
        projected_through: charge.projected_through,
        projected: charge.projected?.amount ?? null,
        free_days_remaining: charge.free_days_remaining,
        disagreements: charge.disagreements.map((figure) => [figure.basis, figure.last_free_day, figure.tariff_id === null ? null : keyOf(figure.tariff_id)]),
      };
      const compared = Object.fromEntries(Object.keys(figures).map((key) => [key, actual[key]]));
      expect(compared, expected.charge_type).toEqual(figures);
      for (const money of [charge.accrued, charge.daily_rate_now, charge.projected]) {
        if (money !== null) expect(money.currency).toBe(currency);
      }
      const lines = charge.working.map((day) => describeDay(day, keyOf));
      if (working !== undefined) expect(lines, `${expected.charge_type} working`).toEqual(working);
      if (charged_working !== undefined) expect(lines.filter((line) => line.includes(" charged ")), `${expected.charge_type} charged days`).toEqual(charged_working);
      for (const note of notes ?? []) expect(charge.notes.some((text) => note.test(text)), `a note matching ${note}`).toBe(true);
    }
  });
});
