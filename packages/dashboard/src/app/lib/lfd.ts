import type { Fee } from "../api/api-types.js";
import { localDay } from "./time-format.js";

/** The columns of the last free day board. */
export type LfdBucket = "overdue" | "today" | "soon" | "later";

/** Titles of the board's columns, in board order. */
export const LFD_BUCKETS: readonly { bucket: LfdBucket; title: string }[] = [
  { bucket: "overdue", title: "Overdue" },
  { bucket: "today", title: "Today" },
  { bucket: "soon", title: "In 1–3 days" },
  { bucket: "later", title: "Later" },
];

/**
 * Whole calendar days from today to the last free day, both in the terminal's time zone: 0 is
 * today, −1 was yesterday. (An LFD is a day at a place; 23:59 there is its end.)
 */
export function daysToLfd(lfd: string, timeZone: string | null, now: number): number {
  return localDay(Date.parse(lfd), timeZone) - localDay(now, timeZone);
}

/** The board column of a number of days to the LFD. */
export function lfdBucket(days: number): LfdBucket {
  if (days < 0) return "overdue";
  if (days === 0) return "today";
  return days <= 3 ? "soon" : "later";
}

/** Demurrage the terminal reports (accrued so far) and what it adds per day, when both are known. */
export interface DemurrageExposure {
  currency: string;
  accrued: number;
  /** Accrued divided by the days past the LFD (null while not overdue). */
  perDay: number | null;
}

/**
 * The demurrage exposure of a container from its terminal fees: the `demurrage` fees (per
 * currency, the first currency reported) and, when it is overdue, the daily rate they imply.
 * Null when the terminal reports no demurrage fee.
 */
export function demurrageExposure(fees: readonly Fee[], lfd: string | null, now: number): DemurrageExposure | null {
  const demurrage = fees.filter((fee) => fee.type === "demurrage" && Number.isFinite(fee.amount));
  const currency = demurrage[0]?.currency_code;
  if (!currency) return null;
  const accrued = demurrage.filter((fee) => fee.currency_code === currency).reduce((sum, fee) => sum + fee.amount, 0);
  const overdueDays = lfd === null ? 0 : Math.ceil((now - Date.parse(lfd)) / 86_400_000);
  return { currency, accrued, perDay: overdueDays > 0 ? accrued / overdueDays : null };
}

/** `USD 1,350`. */
export function formatMoney(amount: number, currency: string): string {
  try {
    return new Intl.NumberFormat("en-US", { style: "currency", currency, maximumFractionDigits: 0 }).format(amount);
  } catch {
    return `${currency} ${Math.round(amount).toLocaleString("en-US")}`;
  }
}

/** An exact amount as the API sends it (`"1177.50"`) with its currency, grouped for reading: `USD 1,177.50`. */
export function formatExact(money: { amount: string; currency: string }): string {
  const [whole = "0", fraction = ""] = money.amount.split(".");
  return `${money.currency} ${whole.replace(/\B(?=(\d{3})+(?!\d))/g, ",")}${fraction ? `.${fraction}` : ""}`;
}

/** Exact sums of decimal amounts by currency (scaled integers, never floats), with two decimals at least. */
export function sumExact(amounts: readonly { amount: string; currency: string }[]): { amount: string; currency: string }[] {
  const SCALE = 4;
  const totals = new Map<string, bigint>();
  for (const { amount, currency } of amounts) {
    const [whole = "0", fraction = ""] = amount.split(".");
    totals.set(currency, (totals.get(currency) ?? 0n) + BigInt(whole + fraction.padEnd(SCALE, "0").slice(0, SCALE)));
  }
  return [...totals].sort(([a], [b]) => (a < b ? -1 : 1)).map(([currency, scaled]) => {
    const digits = scaled.toString().padStart(SCALE + 1, "0");
    const fraction = digits.slice(-SCALE).replace(/0+$/, "").padEnd(2, "0");
    return { amount: `${digits.slice(0, -SCALE)}.${fraction}`, currency };
  });
}
