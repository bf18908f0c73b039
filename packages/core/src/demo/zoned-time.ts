/** Milliseconds in a minute. */
export const MINUTE = 60_000;
/** Milliseconds in an hour. */
export const HOUR = 60 * MINUTE;
/** Milliseconds in a day (calendar days in a time zone can differ; see {@link endOfLocalDay}). */
export const DAY = 24 * HOUR;

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(timeZone: string): Intl.DateTimeFormat {
  let format = formatters.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat("en-US", {
      timeZone,
      hourCycle: "h23",
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      minute: "2-digit",
      second: "2-digit",
    });
    formatters.set(timeZone, format);
  }
  return format;
}

/** The wall-clock fields of `instant` in `timeZone`. */
function wallClock(instant: number, timeZone: string): { year: number; month: number; day: number; hour: number; minute: number; second: number } {
  const parts = Object.fromEntries(formatter(timeZone).formatToParts(new Date(instant)).map((part) => [part.type, part.value]));
  return {
    year: Number(parts.year),
    month: Number(parts.month),
    day: Number(parts.day),
    hour: Number(parts.hour),
    minute: Number(parts.minute),
    second: Number(parts.second),
  };
}

/** The UTC offset of `timeZone` at `instant`, in milliseconds (east positive). */
function offsetAt(instant: number, timeZone: string): number {
  const wall = wallClock(instant, timeZone);
  const asUtc = Date.UTC(wall.year, wall.month - 1, wall.day, wall.hour, wall.minute, wall.second);
  return asUtc - Math.floor(instant / 1000) * 1000;
}

/** The calendar date (`YYYY-MM-DD`) of `instant` in `timeZone`, as raw events' `actual_on` gives it. */
export function localDate(instant: number, timeZone: string): string {
  const { year, month, day } = wallClock(instant, timeZone);
  return `${String(year).padStart(4, "0")}-${String(month).padStart(2, "0")}-${String(day).padStart(2, "0")}`;
}

/**
 * The instant of 23:59 local time, `plusDays` calendar days after the local date of `instant`:
 * how terminals state a last free day (e.g. `2024-08-02T03:59:00.000Z` in New York).
 */
export function endOfLocalDay(instant: number, timeZone: string, plusDays = 0): number {
  const { year, month, day } = wallClock(instant, timeZone);
  const wallUtc = Date.UTC(year, month - 1, day + plusDays, 23, 59);
  // Two passes settle the offset even when the day crosses a daylight saving change.
  let guess = wallUtc - offsetAt(wallUtc, timeZone);
  guess = wallUtc - offsetAt(guess, timeZone);
  return guess;
}

/** `instant` rounded up to the next whole hour (unchanged when already whole). */
export function ceilHour(instant: number): number {
  return Math.ceil(instant / HOUR) * HOUR;
}

/** `instant` rounded down to the whole minute. */
export function floorMinute(instant: number): number {
  return Math.floor(instant / MINUTE) * MINUTE;
}

/** The canonical stored timestamp of an epoch-millisecond instant. */
export function iso(instant: number): string {
  return new Date(instant).toISOString();
}
