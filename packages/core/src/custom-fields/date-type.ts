import { parse } from "date-fns";
import { fromZonedTime } from "date-fns-tz";
import { patternParsesDates, unquotedTokens, type DateFormat } from "./date-format.js";
import { quote, valueError, VALUE_PATH } from "./field-errors.js";
import { inUtc, UtcDate } from "./utc-date.js";
import type { FieldPath } from "../errors/index.js";

/** A calendar date and wall-clock time as written, with the offset when the text gave one. */
interface WallTime {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
  millisecond: number;
  /** Minutes east of UTC, or null when the text named no offset. */
  offset: number | null;
}

const MAX_DATE_TEXT = 64;
const ISO = /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,9}))?)?)?\s*(Z|[+-]\d{2}(?::?\d{2})?)?$/i;

/** The written date forms accepted without a `default_format`, besides ISO 8601. `MM/dd` is US order. */
export const WRITTEN_DATE_PATTERNS = ["d MMM yyyy", "d MMMM yyyy", "d-MMM-yyyy", "MMM d, yyyy", "MMMM d, yyyy", "MMM d yyyy", "MMMM d yyyy", "MM/dd/yyyy", "yyyy/MM/dd", "dd.MM.yyyy"];
const WRITTEN_TIME_PATTERNS = ["HH:mm", "HH:mm:ss", "h:mm a", "h:mm:ss a", "h a"];
/** The written datetime forms: a written date, optionally followed (after a space or a comma) by a time. */
export const WRITTEN_DATETIME_PATTERNS = WRITTEN_DATE_PATTERNS.flatMap((date) => [date, ...WRITTEN_TIME_PATTERNS.flatMap((time) => [`${date} ${time}`, `${date}, ${time}`])]);

const REFERENCE = new UtcDate(Date.UTC(2000, 0, 1));
const pad = (n: number, width = 2) => String(n).padStart(width, "0");

function daysInMonth(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

function validWall(w: WallTime): WallTime | null {
  const ok =
    w.year >= 1000 && w.year <= 9999 && w.month >= 1 && w.month <= 12 && w.day >= 1 && w.day <= daysInMonth(w.year, w.month) &&
    w.hour <= 23 && w.minute <= 59 && w.second <= 59;
  return ok ? w : null;
}

function parseIso(text: string): WallTime | null | "too_precise" {
  const m = ISO.exec(text);
  if (!m) return null;
  const fraction = m[7] ?? "";
  // Storage keeps milliseconds; finer digits could not be returned, so they are refused, not dropped.
  if (/[1-9]/.test(fraction.slice(3))) return "too_precise";
  let offset: number | null = null;
  const zone = m[8];
  if (zone && zone.toUpperCase() !== "Z") {
    const digits = zone.slice(1).replace(":", "");
    const hours = Number(digits.slice(0, 2));
    const minutes = Number(digits.slice(2) || "0");
    if (hours > 23 || minutes > 59) return null;
    offset = (zone.startsWith("-") ? -1 : 1) * (hours * 60 + minutes);
  } else if (zone) {
    offset = 0;
  }
  return validWall({
    year: Number(m[1]),
    month: Number(m[2]),
    day: Number(m[3]),
    hour: Number(m[4] ?? 0),
    minute: Number(m[5] ?? 0),
    second: Number(m[6] ?? 0),
    millisecond: Number(fraction.slice(0, 3).padEnd(3, "0")),
    offset,
  });
}

function parseWith(text: string, patterns: readonly string[]): WallTime | null {
  for (const pattern of patterns) {
    let parsed: Date;
    try {
      parsed = parse(text, pattern, REFERENCE, { in: inUtc });
    } catch {
      continue; // a pattern date-fns can format but not parse (e.g. `zzz`) just does not match
    }
    if (Number.isNaN(parsed.getTime())) continue;
    // With offset or timestamp tokens the result is an instant; otherwise it is a wall time.
    const absolute = /[XxtT]/.test(unquotedTokens(pattern));
    const wall = validWall({
      year: parsed.getUTCFullYear(),
      month: parsed.getUTCMonth() + 1,
      day: parsed.getUTCDate(),
      hour: parsed.getUTCHours(),
      minute: parsed.getUTCMinutes(),
      second: parsed.getUTCSeconds(),
      millisecond: parsed.getUTCMilliseconds(),
      offset: absolute ? 0 : null,
    });
    if (wall) return wall;
  }
  return null;
}

function readWall(input: unknown, custom: string | null, written: readonly string[], kind: string, path: FieldPath): WallTime {
  if (typeof input !== "string") throw valueError("wrong_type", `A ${kind} field takes a ${kind} string, not ${quote(input)}`, path);
  const text = input.trim();
  const iso = text.length <= MAX_DATE_TEXT ? parseIso(text) : null;
  if (iso === "too_precise") throw valueError("wrong_type", `${quote(text)} is more precise than milliseconds`, path);
  const wall =
    text.length > MAX_DATE_TEXT ? null : ((custom && patternParsesDates(custom) ? parseWith(text, [custom]) : null) ?? iso ?? parseWith(text, written));
  if (!wall) {
    const example = kind === "date" ? "2026-11-21" : "2026-11-21T14:30:00Z";
    throw valueError("wrong_type", `${quote(text)} is not a ${kind} between the years 1000 and 9999 (for example ${example})`, path);
  }
  return wall;
}

/**
 * Reads a date custom field input into its stored form `YYYY-MM-DD`. Tried in order: the
 * definition's `default_format` (when it names year, month and day), ISO 8601 (`2026-11-21`; a
 * full timestamp keeps the calendar date as written), then the written forms of
 * {@link WRITTEN_DATE_PATTERNS} (`21 Nov 2026`, `Nov 21, 2026`, `11/21/2026`). Month names are
 * English and case-insensitive. Anything else is `wrong_type`.
 */
export function parseDateInput(input: unknown, pattern: string | null, path: FieldPath = VALUE_PATH): string {
  const wall = readWall(input, pattern, WRITTEN_DATE_PATTERNS, "date", path);
  return `${pad(wall.year, 4)}-${pad(wall.month)}-${pad(wall.day)}`;
}

/**
 * Reads a datetime custom field input into its stored form, an ISO 8601 UTC timestamp with
 * milliseconds (`2026-11-21T14:30:00.000Z`). Accepted like dates (custom format, ISO 8601, written
 * forms with an optional time such as `Nov 21, 2026 2:30 PM`); a text with an offset (`Z`,
 * `+02:00`) names its instant, one without is a wall time in the format's zone (UTC by default).
 * A date alone is midnight. Sub-millisecond digits are refused rather than dropped.
 */
export function parseDateTimeInput(input: unknown, format: DateFormat, path: FieldPath = VALUE_PATH): string {
  const wall = readWall(input, format.pattern, WRITTEN_DATETIME_PATTERNS, "datetime", path);
  const asUtc = Date.UTC(wall.year, wall.month - 1, wall.day, wall.hour, wall.minute, wall.second, wall.millisecond);
  let instant: number;
  if (wall.offset !== null) instant = asUtc - wall.offset * 60_000;
  else if (format.zone === "UTC") instant = asUtc;
  else instant = fromZonedTime(new Date(asUtc).toISOString().slice(0, -1), format.zone).getTime();
  const stored = new Date(instant);
  const year = stored.getUTCFullYear();
  if (!Number.isFinite(instant) || year < 1000 || year > 9999) {
    throw valueError("wrong_type", `${quote(input)} is not a datetime between the years 1000 and 9999`, path);
  }
  return stored.toISOString();
}
