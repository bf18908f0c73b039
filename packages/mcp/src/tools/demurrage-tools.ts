import { sumMoney, type ContainerDemurrageResult, type Session } from "@bollard/core";
import { MoneySchema } from "@bollard/core/schemas";
import { z } from "zod";
import { scanPages } from "../scan-pages.js";
import { defineTool, pageArgs, pageMeta, PageMetaSchema } from "../tool-kit.js";

const DateOnly = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, "must be a date, YYYY-MM-DD");
const MAX_WORKING_DAYS = 45;
const MAX_EVALUATED = 300;

const ChargeSchema = z.object({
  charge_type: z.string(),
  status: z.string().describe("not_started, free, charging or ended"),
  tariff_name: z.string().nullable(),
  free_days: z.number().int().nullable(),
  last_free_day: z.string().nullable(),
  basis: z.string().nullable().describe("Where the last free day comes from: carrier_reported, terminal_reported, rail_reported, contract or tariff"),
  free_days_remaining: z.number().int().nullable(),
  charged_days: z.number().int(),
  accrued: MoneySchema.nullable(),
  daily_rate_now: MoneySchema.nullable(),
  projected_through: z.string().nullable(),
  projected: MoneySchema.nullable(),
  working: z.array(z.object({ date: z.string(), status: z.string(), projected: z.boolean(), charged_day: z.number().int().nullable(), rate: z.string().nullable(), holiday: z.string().nullable() })),
  working_truncated: z.boolean(),
  notes: z.array(z.string()),
});

/** `get_container_demurrage`: one container's demurrage and detention, with the day-by-day working. */
export const getContainerDemurrage = defineTool({
  name: "get_container_demurrage",
  title: "Get Container Demurrage & Detention",
  access: "read",
  description:
    "Demurrage, detention and storage of one container: the binding last free day and where it comes from, free days left, money accrued " +
    "to today and projected through a date, with the day-by-day working (free, weekend, holiday, charged at which rate). Every figure comes " +
    "from the account's tariff rules and what carriers and terminals reported; a charge with no rate says so instead of guessing.",
  input: {
    id: z.string().uuid().describe("The container's id (UUID)"),
    projected_through: DateOnly.optional().describe("Project charges through this local date (default: the pickup appointment, else today + 7 days)"),
    include_working: z.boolean().optional().default(true).describe("Include the day-by-day working (up to 45 days per charge)"),
  },
  output: {
    container_id: z.string(),
    as_of: z.string(),
    last_free_day: z.string().nullable(),
    last_free_day_basis: z.string().nullable(),
    last_free_day_charge_type: z.string().nullable(),
    charges: z.array(ChargeSchema),
    accrued_total: z.array(MoneySchema),
    projected_total: z.array(MoneySchema),
    note: z.string(),
  },
  async run({ id, projected_through: through, include_working: working }, { session }) {
    const figures = await session.demurrage.container(id, through ? { projectedThrough: through } : {});
    const unpriced = figures.charges.filter((charge) => charge.status === "charging" && charge.accrued === null);
    return {
      container_id: figures.container_id,
      as_of: figures.as_of,
      last_free_day: figures.last_free_day,
      last_free_day_basis: figures.last_free_day_basis,
      last_free_day_charge_type: figures.last_free_day_charge_type,
      charges: figures.charges.map((charge) => ({
        charge_type: charge.charge_type,
        status: charge.status,
        tariff_name: charge.tariff_name,
        free_days: charge.free_days,
        last_free_day: charge.last_free_day,
        basis: charge.basis,
        free_days_remaining: charge.free_days_remaining,
        charged_days: charge.charged_days,
        accrued: charge.accrued,
        daily_rate_now: charge.daily_rate_now,
        projected_through: charge.projected_through,
        projected: charge.projected,
        working: working ? charge.working.slice(-MAX_WORKING_DAYS).map((day) => ({ date: day.date, status: day.status, projected: day.projected, charged_day: day.charged_day, rate: day.rate, holiday: day.holiday })) : [],
        working_truncated: working && charge.working.length > MAX_WORKING_DAYS,
        notes: charge.notes,
      })),
      accrued_total: sumMoney(figures.charges.map((charge) => charge.accrued)),
      projected_total: sumMoney(figures.charges.map((charge) => charge.projected)),
      note:
        figures.charges.length === 0
          ? "No tariff rule or reported last free day applies to this container: Bollard has no demurrage or detention figures for it."
          : unpriced.length > 0
            ? `${unpriced.length} charge(s) are running with no rate in the account's tariffs: their money is unknown, not zero.`
            : "Figures from the account's tariff rules and reported last free days; amounts are exact decimals.",
    };
  },
});

/** `get_demurrage_exposure`: money accrued and projected across the account's containers, grouped. */
export const getDemurrageExposure = defineTool({
  name: "get_demurrage_exposure",
  title: "Get Demurrage Exposure",
  access: "read",
  description: "The account's running demurrage and detention, grouped by terminal, carrier, customer, port or container: containers, how many are charging, how many have free time ending soon, money accrued and projected per currency, and charges with no rate.",
  input: {
    group_by: z.enum(["terminal", "carrier", "customer", "port", "container"]).optional().default("terminal"),
    ending_within_days: z.number().int().min(0).max(60).optional().default(3).describe("A last free day within this many days counts as ending soon"),
    projected_through: DateOnly.optional().describe("Project charges through this local date"),
    ...pageArgs(25, 50),
  },
  output: {
    groups: z.array(z.object({ key: z.string().nullable(), containers: z.number().int(), charging: z.number().int(), free_time_ending: z.number().int(), accrued: z.array(MoneySchema), projected: z.array(MoneySchema), unpriced_charges: z.number().int() })),
    meta: PageMetaSchema,
    note: z.string(),
  },
  async run({ group_by: groupBy, ending_within_days: within, projected_through: through, page = 1, page_size: size = 25 }, { session }) {
    const result = await session.demurrage.exposure({ groupBy, endingWithinDays: within, ...(through && { projectedThrough: through }), page: { number: page, size } });
    return {
      groups: result.data.map((group) => ({ key: group.key, containers: group.containers, charging: group.charging, free_time_ending: group.free_time_ending, accrued: group.accrued, projected: group.projected, unpriced_charges: group.unpriced_charges })),
      meta: pageMeta(page, size, result.total),
      note: result.total === 0 ? "No container of the account has demurrage or detention figures." : `Grouped by ${groupBy}; a null key is containers without one. unpriced_charges are running charges with no rate (money unknown).`,
    };
  },
});

/** The local date `days` after `date` (YYYY-MM-DD). */
export function addDays(date: string, days: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}

/** Whole days from `from` to `to` (YYYY-MM-DD). */
export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
}

/** Containers still at (or out of) the terminal whose figures can change: not yet returned empty. */
async function figuresOfOpenContainers(session: Session, projectedThrough: (asOf: string) => string | undefined) {
  const scan = await scanPages((page) => session.containers.list({ page }));
  const open = scan.items.filter((container) => container.empty_terminated_at === null && container.current_status !== "empty_returned").slice(0, MAX_EVALUATED);
  const figures: { number: string; figures: ContainerDemurrageResult }[] = [];
  for (const container of open) {
    const first = await session.demurrage.container(container.id);
    const through = projectedThrough(first.as_of);
    figures.push({ number: container.number, figures: through && through !== first.as_of ? await session.demurrage.container(container.id, { projectedThrough: through }) : first });
  }
  return { figures, complete: scan.complete && open.length <= MAX_EVALUATED };
}

/** `list_last_free_days`: containers whose last free day falls in the next days, with what they will cost. */
export const listLastFreeDays = defineTool({
  name: "list_last_free_days",
  title: "List Last Free Days",
  access: "read",
  description:
    "Which containers reach their last free day within the next N days (default 7: \"this week\"), or have passed it, and what they will " +
    "cost: the binding last free day and its basis, days left, money accrued now and projected through the end of the window, per currency.",
  input: {
    within_days: z.number().int().min(0).max(60).optional().default(7).describe("Window length in days from today (local date at each terminal)"),
    include_passed: z.boolean().optional().default(false).describe("Also list containers whose last free day has already passed and are still charging"),
  },
  output: {
    containers: z.array(z.object({ container_id: z.string(), number: z.string(), last_free_day: z.string(), basis: z.string().nullable(), charge_type: z.string().nullable(), days_left: z.number().int(), accrued: z.array(MoneySchema), projected_through: z.string(), projected: z.array(MoneySchema) })),
    projected_total: z.array(MoneySchema),
    note: z.string(),
  },
  async run({ within_days: within, include_passed: passed }, { session }) {
    const { figures, complete } = await figuresOfOpenContainers(session, (asOf) => addDays(asOf, within));
    const rows = figures
      .filter(({ figures: f }) => f.last_free_day !== null)
      .map(({ number, figures: f }) => ({ number, f, days: daysBetween(f.as_of, f.last_free_day!) }))
      .filter(({ f, days }) => days <= within && (days >= 0 || (passed && f.charges.some((charge) => charge.status === "charging"))))
      .sort((a, b) => a.f.last_free_day!.localeCompare(b.f.last_free_day!) || a.number.localeCompare(b.number))
      .slice(0, 100);
    const containers = rows.map(({ number, f, days }) => ({
      container_id: f.container_id,
      number,
      last_free_day: f.last_free_day!,
      basis: f.last_free_day_basis,
      charge_type: f.last_free_day_charge_type,
      days_left: days,
      accrued: sumMoney(f.charges.map((charge) => charge.accrued)),
      projected_through: addDays(f.as_of, within),
      projected: sumMoney(f.charges.map((charge) => charge.projected)),
    }));
    return {
      containers,
      projected_total: sumMoney(containers.flatMap((row) => row.projected)),
      note: `${containers.length} container(s) with a last free day ${passed ? "passed or " : ""}within ${within} days.${complete ? "" : ` Only the first ${MAX_EVALUATED} open containers were evaluated.`} Projected money comes from the account's tariffs; empty money means no rate applies.`,
    };
  },
});
