import type { Weekday } from "../domain/tariff-schema.js";

/** A calendar date `YYYY-MM-DD` in some facility's time zone; compares correctly as text. */
export type LocalDate = string;

/**
 * A local date as a whole number of days since 1970-01-01: what the calculation walks, since
 * adding a day is adding one (a `Date` per day cost a microsecond each, most of the time of a working).
 */
export type DayNumber = number;

const DAY_MS = 86_400_000;
const WEEKDAYS: readonly Weekday[] = ["sunday", "monday", "tuesday", "wednesday", "thursday", "friday", "saturday"];

/** The day number of a `YYYY-MM-DD` date. */
export function dayNumberOf(date: LocalDate): DayNumber {
  return Date.UTC(Number(date.slice(0, 4)), Number(date.slice(5, 7)) - 1, Number(date.slice(8, 10))) / DAY_MS;
}

/** The `YYYY-MM-DD` date of a day number (the proleptic Gregorian calendar, by integer arithmetic). */
export function dateOfDayNumber(day: DayNumber): LocalDate {
  // Howard Hinnant's civil_from_days.
  const z = day + 719_468;
  const era = Math.floor(z / 146_097);
  const doe = z - era * 146_097;
  const yoe = Math.floor((doe - Math.floor(doe / 1_460) + Math.floor(doe / 36_524) - Math.floor(doe / 146_096)) / 365);
  const doy = doe - (365 * yoe + Math.floor(yoe / 4) - Math.floor(yoe / 100));
  const mp = Math.floor((5 * doy + 2) / 153);
  const d = doy - Math.floor((153 * mp + 2) / 5) + 1;
  const m = mp < 10 ? mp + 3 : mp - 9;
  const y = yoe + era * 400 + (m <= 2 ? 1 : 0);
  return `${String(y).padStart(4, "0")}-${m < 10 ? "0" : ""}${m}-${d < 10 ? "0" : ""}${d}`;
}

/** The day of the week of a day number. */
export function weekdayOfDay(day: DayNumber): Weekday {
  return WEEKDAYS[(((day + 4) % 7) + 7) % 7]!;
}

/** `date` moved by `days` (negative goes back). */
export function addDays(date: LocalDate, days: number): LocalDate {
  return dateOfDayNumber(dayNumberOf(date) + days);
}

/** A reported date that arrives as UTC midnight names that date: carriers report last free days as dates. */
export function isUtcMidnight(instant: string): boolean {
  return /T00:00:00(\.0+)?Z$/.test(instant);
}
