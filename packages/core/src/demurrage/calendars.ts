import Holidays from "date-holidays";
import type { HolidayCalendar } from "../domain/tariff-schema.js";
import { type DayNumber, dayNumberOf, isUtcMidnight } from "./local-date.js";

/** Public holidays and time zones, as the calculation reads them: made once (with the tracker) and shared, since both are slow to compute and never change. */
export interface Calendars {
  /** The name of the public holiday on a day under a calendar, or `null`. */
  holidayOn(calendar: HolidayCalendar, day: DayNumber): string | null;
  /** The local day of an instant in `timeZone`; with `dateAtUtcMidnight`, an instant at exactly UTC midnight is the date it names. */
  localDay(instant: string, timeZone: string, options?: { dateAtUtcMidnight?: boolean }): DayNumber;
}

const DAY_MS = 86_400_000;
/** A bound on the kept offsets, so a long-running server's memory stays flat. */
const MAX_OFFSETS = 100_000;

/**
 * Creates the {@link Calendars}: public holidays from the `date-holidays` library (type `public`
 * only, substitute days included; a year's list computed once per calendar) and zone offsets
 * (computed with `Intl` once per zone and day).
 */
export function createCalendars(): Calendars {
  const years = new Map<string, ReadonlyMap<DayNumber, string>>();
  const offsets = new Map<string, { changesAt: number; before: number; after: number }>();
  const formats = new Map<string, Intl.DateTimeFormat>();

  function yearOf(calendar: HolidayCalendar, year: number): ReadonlyMap<DayNumber, string> {
    const key = `${calendar.country}/${calendar.state ?? ""}/${year}`;
    let holidays = years.get(key);
    if (!holidays) {
      const library = calendar.state === null ? new Holidays(calendar.country) : new Holidays(calendar.country, calendar.state);
      holidays = new Map(library.getHolidays(year).filter((h) => h.type === "public").map((h) => [dayNumberOf(h.date.slice(0, 10)), h.name]));
      years.set(key, holidays);
    }
    return holidays;
  }

  /** The zone's offset from UTC at an instant, in milliseconds (wall time minus UTC), computed with `Intl`. */
  function offsetNow(timeZone: string, ms: number): number {
    let format = formats.get(timeZone);
    if (!format) {
      format = new Intl.DateTimeFormat("en-US", { timeZone, hourCycle: "h23", year: "numeric", month: "numeric", day: "numeric", hour: "numeric", minute: "numeric" });
      formats.set(timeZone, format);
    }
    const part = Object.fromEntries(format.formatToParts(new Date(ms)).map((p) => [p.type, p.value]));
    return Date.UTC(Number(part.year), Number(part.month) - 1, Number(part.day), Number(part.hour), Number(part.minute)) - (ms - (ms % 60_000));
  }

  /**
   * The offset at an instant, kept by zone and UTC day: a day whose offset is the same at its start
   * and at the next day's start keeps that offset throughout (zones change offset at most once a
   * day); for the days a zone changes, the minute it changes is found once, by halving the day.
   */
  function offsetAt(timeZone: string, ms: number): number {
    const day = Math.floor(ms / DAY_MS);
    const key = `${timeZone}|${day}`;
    let kept = offsets.get(key);
    if (kept === undefined) {
      const before = offsetNow(timeZone, day * DAY_MS);
      const after = offsetNow(timeZone, (day + 1) * DAY_MS);
      let [low, high] = [day * DAY_MS, (day + 1) * DAY_MS];
      if (before !== after) {
        while (high - low > 60_000) {
          const middle = low + Math.floor((high - low) / 120_000) * 60_000;
          if (offsetNow(timeZone, middle) === before) low = middle;
          else high = middle;
        }
      }
      kept = { changesAt: before === after ? Infinity : high, before, after };
      if (offsets.size >= MAX_OFFSETS) offsets.clear();
      offsets.set(key, kept);
    }
    return ms < kept.changesAt ? kept.before : kept.after;
  }

  return {
    holidayOn(calendar, day) {
      const year = new Date(day * DAY_MS).getUTCFullYear();
      return yearOf(calendar, year).get(day) ?? null;
    },
    localDay(instant, timeZone, options = {}) {
      if (options.dateAtUtcMidnight && isUtcMidnight(instant)) return dayNumberOf(instant.slice(0, 10));
      const ms = Date.parse(instant);
      return Math.floor((ms + offsetAt(timeZone, ms)) / DAY_MS);
    },
  };
}

/** True when the library knows the country, and the state within it when one is given. */
export function isKnownHolidayCalendar(calendar: HolidayCalendar): boolean {
  const library = new Holidays();
  if (!(calendar.country in library.getCountries())) return false;
  return calendar.state === null || calendar.state in (library.getStates(calendar.country) ?? {});
}
