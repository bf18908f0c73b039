// Properties of a charge's working (docs/demurrage.md, "Money and the working"): the sums are the
// working's rates, the working has no gaps, free time comes before charged time, a reported last
// free day binds, and the projection only grows with the date it runs to.
import Big from "big.js";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { ChargeExposure } from "../domain/demurrage-schema.js";
import { type Tariff, TariffSchema } from "../domain/tariff-schema.js";
import type { ChargeFacts } from "./charge-facts.js";
import { containerDemurrage, type DemurrageOptions } from "./container-demurrage.js";
import { createCalendars } from "./calendars.js";

const HOLIDAYS = createCalendars();
const RUNS = { numRuns: 200 };
const ZONE = "America/Los_Angeles";

const addDays = (date: string, days: number): string => new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
/** An instant at `hour` UTC on the day `days` after 2026-01-01. */
const instant = (days: number, hour: number): string => new Date(Date.parse("2026-01-01T00:00:00Z") + days * 86_400_000 + hour * 3_600_000).toISOString();

/** A decimal rate with 0 to 4 decimals, as the rule format allows. */
const rateArb = fc
  .tuple(fc.integer({ min: 0, max: 9_999 }), fc.integer({ min: 0, max: 4 }), fc.integer({ min: 0, max: 9_999 }))
  .map(([units, decimals, fraction]) => (decimals === 0 ? `${units}` : `${units}.${String(fraction % 10 ** decimals).padStart(decimals, "0")}`));

/** 1–3 tiers from day 1 without gaps; the last open-ended or not. */
const ratesArb = fc
  .tuple(fc.array(fc.tuple(fc.integer({ min: 1, max: 5 }), rateArb), { minLength: 1, maxLength: 3 }), fc.boolean())
  .map(([tiers, lastOpen]) => {
    let from = 1;
    return tiers.map(([length, rate], index) => {
      const open = lastOpen && index === tiers.length - 1;
      const tier = { from_day: from, to_day: open ? null : from + length - 1, rate, currency: "USD" };
      from += length;
      return tier;
    });
  });

const ruleArb = fc
  .record({
    free_days: fc.integer({ min: 0, max: 15 }),
    day_count_type: fc.constantFrom("calendar" as const, "business" as const),
    first_free_day: fc.constantFrom("start_day" as const, "next_day" as const),
    holiday_calendar: fc.constantFrom(null, { country: "US", state: "CA" }, { country: "US", state: null }),
    // Closures among the first 200 days of 2026, where every stay below falls.
    closures: fc.uniqueArray(fc.integer({ min: 0, max: 200 }), { maxLength: 8 }).map((days) => days.map((day) => addDays("2026-01-01", day))),
    rates: ratesArb,
  })
  .map(
    (fields): Tariff =>
      TariffSchema.parse({
        ...fields,
        id: "00000000-0000-4000-8000-000000000001",
        account_id: "00000000-0000-4000-8000-0000000000aa",
        name: "Random rule",
        charge_type: "demurrage",
        valid_from: "2025-01-01",
        free_time_starts: "discharge",
        charge_ends: "full_out",
        created_at: "2025-01-01T00:00:00.000Z",
        updated_at: "2025-01-01T00:00:00.000Z",
      }),
  );

interface Scenario {
  rule: Tariff;
  facts: ChargeFacts;
  now: Date;
  /** Days after today (may be negative) the projection is asked through, two of them, in order. */
  projections: [number, number];
}

const scenarioArb = fc
  .record({
    rule: ruleArb,
    discharge: fc.tuple(fc.integer({ min: 0, max: 120 }), fc.integer({ min: 0, max: 23 })),
    /** Days after discharge the box left full, if it has. */
    fullOut: fc.option(fc.integer({ min: 0, max: 40 }), { nil: null }),
    /** Days after discharge "now" is. */
    now: fc.integer({ min: 0, max: 50 }),
    /** Days after discharge the line's reported last free day is, if one is reported. */
    reported: fc.option(fc.integer({ min: -3, max: 25 }), { nil: null }),
    projections: fc.tuple(fc.integer({ min: -5, max: 30 }), fc.integer({ min: -5, max: 30 })).map(([a, b]): [number, number] => (a <= b ? [a, b] : [b, a])),
  })
  .map(({ rule, discharge: [day, hour], fullOut, now, reported, projections }): Scenario => {
    const dischargeAt = instant(day, hour);
    // Full out is at 23:00Z, after discharge (at most 23:00Z that day) and before now (23:30Z, the same day at the latest).
    const fullOutAt = fullOut === null ? null : instant(day + Math.min(fullOut, now), 23);
    return {
      rule,
      now: new Date(Date.parse(instant(day + now, 23)) + 30 * 60_000),
      projections,
      facts: {
        container_id: "00000000-0000-4000-8000-0000000000c1",
        direction: "import",
        carrier_scac: "MSCU",
        port_locode: "USLAX",
        terminal_id: null,
        customer_name: null,
        equipment_type: "dry",
        equipment_length: 40,
        time_zone: ZONE,
        milestones: { discharge: { at: dischargeAt, time_zone: null }, ...(fullOutAt === null ? {} : { full_out: { at: fullOutAt, time_zone: null } }) },
        reported: { line: reported === null ? null : `${addDays(dischargeAt.slice(0, 10), reported)}T00:00:00.000Z`, terminal: null, rail: null },
        pickup_appointment_at: null,
      },
    };
  });

function demurrageOf(scenario: Scenario, projectThrough?: string): { charge: ChargeExposure; today: string } {
  const options: DemurrageOptions = { now: scenario.now, calendars: HOLIDAYS };
  if (projectThrough !== undefined) options.projectThrough = projectThrough;
  const result = containerDemurrage(scenario.facts, [scenario.rule], options);
  const charge = result.charges.find((candidate) => candidate.charge_type === "demurrage");
  if (charge === undefined) throw new Error("the rule matches every container: a demurrage charge is expected");
  return { charge, today: result.as_of };
}

const sum = (rates: (string | null)[]): string => rates.reduce((total, rate) => total.plus(rate!), new Big(0)).toString();

describe("charge working properties", () => {
  it("the projected cost does not decrease as projectThrough moves later", () => {
    fc.assert(
      fc.property(scenarioArb, (scenario) => {
        const today = demurrageOf(scenario).today;
        const [earlier, later] = scenario.projections.map((days) => addDays(today, days)) as [string, string];
        const first = demurrageOf(scenario, earlier).charge.projected;
        const second = demurrageOf(scenario, later).charge.projected;
        expect(first).not.toBeNull();
        expect(second).not.toBeNull();
        expect(new Big(first!.amount).lte(second!.amount)).toBe(true);
      }),
      RUNS,
    );
  });

  it("accrued and projected are the sums of the working's rates", () => {
    fc.assert(
      fc.property(scenarioArb, fc.integer({ min: -5, max: 30 }), (scenario, projectDays) => {
        const today = demurrageOf(scenario).today;
        const { charge } = demurrageOf(scenario, addDays(today, projectDays));
        const charged = charge.working.filter((day) => day.status === "charged");
        expect(charged.every((day) => day.rate !== null)).toBe(true);
        expect(new Big(charge.accrued!.amount).eq(sum(charged.filter((day) => !day.projected).map((day) => day.rate)))).toBe(true);
        const through = charge.projected_through!;
        expect(new Big(charge.projected!.amount).eq(sum(charged.filter((day) => day.date <= through).map((day) => day.rate)))).toBe(true);
        // At least two decimals, and no float noise.
        expect(charge.accrued!.amount).toMatch(/^\d+\.\d{2,4}$/);
        expect(charge.projected!.amount).toMatch(/^\d+\.\d{2,4}$/);
      }),
      RUNS,
    );
  });

  it("charged_days is the number of charged days up to today (or the end)", () => {
    fc.assert(
      fc.property(scenarioArb, (scenario) => {
        const { charge } = demurrageOf(scenario);
        expect(charge.charged_days).toBe(charge.working.filter((day) => day.status === "charged" && !day.projected).length);
      }),
      RUNS,
    );
  });

  it("the working is consecutive days; free time up to the last free day, charged or closed after it", () => {
    fc.assert(
      fc.property(scenarioArb, (scenario) => {
        const { charge } = demurrageOf(scenario);
        const dayOne = scenario.rule.first_free_day === "start_day" ? charge.started_on! : addDays(charge.started_on!, 1);
        if (charge.working.length > 0) expect(charge.working[0]!.date).toBe(dayOne);
        charge.working.forEach((day, index) => {
          if (index > 0) expect(day.date).toBe(addDays(charge.working[index - 1]!.date, 1));
          if (day.date <= charge.last_free_day!) expect(["free", "weekend", "holiday", "closed"]).toContain(day.status);
          else expect(["charged", "closed"]).toContain(day.status);
          if (day.status === "closed") expect(scenario.rule.closures).toContain(day.date);
        });
        // Charged days are numbered 1, 2, 3… without gaps (closures are not counted).
        const numbers = charge.working.filter((day) => day.status === "charged").map((day) => day.charged_day);
        expect(numbers).toEqual(numbers.map((_, index) => index + 1));
      }),
      RUNS,
    );
  });

  it("a reported last free day binds", () => {
    fc.assert(
      fc.property(scenarioArb, (scenario) => {
        fc.pre(scenario.facts.reported.line !== null);
        const { charge } = demurrageOf(scenario);
        expect(charge.last_free_day).toBe(scenario.facts.reported.line!.slice(0, 10));
        expect(charge.basis).toBe("carrier_reported");
      }),
      RUNS,
    );
  });
});
