import { format, getTimezoneOffset } from "date-fns-tz";
import { isIanaTimeZone } from "../domain/validators.js";
import { UtcDate } from "./utc-date.js";

/** How a datetime is displayed without a `default_format` (date-fns tokens). */
export const DEFAULT_DATETIME_PATTERN = "yyyy-MM-dd HH:mm:ss";

const MAX_PATTERN_LENGTH = 64;
const SAMPLE = new Date(Date.UTC(2026, 10, 21, 9, 5, 7, 123));

/**
 * A parsed date or datetime `default_format`: date-fns format tokens (`yyyy-MM-dd`,
 * `dd/MM/yyyy`, `MMM d, yyyy HH:mm`), and for datetimes an optional IANA time zone before a `|`
 * (`America/New_York|yyyy-MM-dd HH:mm zzz`). Without a zone, datetimes are displayed in UTC and
 * inputs without an offset are read as UTC; with one, both use that zone.
 */
export interface DateFormat {
  /** IANA zone datetimes are displayed in and offset-less inputs are read in; `UTC` by default. */
  zone: string;
  /** date-fns tokens, or null for the default display. */
  pattern: string | null;
}

/**
 * Formats an instant as wall time in `zone` with date-fns tokens. Unlike date-fns-tz's
 * `formatInTimeZone`, the wall time never passes through the process's local time zone, where it
 * could fall into a DST gap and move by an hour.
 */
export function formatInZone(instant: Date, zone: string, pattern: string): string {
  const wall = new UtcDate(instant.getTime() + getTimezoneOffset(zone, instant));
  return format(wall, pattern, { timeZone: zone, originalDate: instant });
}

/** The text of `pattern` outside quoted literals (`'at'`), where the tokens are. */
export function unquotedTokens(pattern: string): string {
  return pattern.replace(/'(?:[^']|'')*(?:'|$)/g, "");
}

/**
 * Checks a date-fns pattern: at most 64 characters, no week-year (`Y`) or day-of-year (`D`)
 * tokens (the usual mistake for `yyyy`/`dd`), and nothing date-fns refuses to format.
 * Returns the reason it is unusable, or null when it is fine.
 */
export function datePatternProblem(pattern: string): string | null {
  if (pattern.length === 0 || pattern.length > MAX_PATTERN_LENGTH) return `must be 1 to ${MAX_PATTERN_LENGTH} characters`;
  if (/[YD]/.test(unquotedTokens(pattern))) return "uses week-year (Y) or day-of-year (D) tokens; write yyyy and dd (date-fns tokens)";
  try {
    formatInZone(SAMPLE, "UTC", pattern);
    return null;
  } catch (error) {
    return error instanceof RangeError ? `is not a date-fns format (${error.message.split(";")[0]})` : "is not a date-fns format";
  }
}

/**
 * Parses a date or datetime `default_format` (see {@link DateFormat}). A zone prefix is allowed
 * only when `allowZone` (datetimes). Returns the reason when it is unusable.
 */
export function parseDateFormat(
  format: string | null,
  allowZone: boolean,
):
  | DateFormat
  | {
      /** What is wrong with the format, to follow `default_format` in an error message. */
      problem: string;
    } {
  if (format === null) return { zone: "UTC", pattern: null };
  const bar = format.indexOf("|");
  const zone = bar >= 0 ? format.slice(0, bar).trim() : "UTC";
  const pattern = bar >= 0 ? format.slice(bar + 1) : format;
  if (bar >= 0 && !allowZone) return { problem: "a time zone prefix applies only to datetime fields" };
  if (!isIanaTimeZone(zone)) return { problem: `names an unknown time zone ${JSON.stringify(zone.slice(0, 64))}` };
  if (bar >= 0 && pattern.trim() === "") return { zone, pattern: null };
  const problem = datePatternProblem(pattern);
  return problem ? { problem } : { zone, pattern };
}

/**
 * Whether a pattern names the year, month and day, so inputs can be parsed with it; a display-only
 * pattern such as `MMM yyyy` would otherwise invent the missing day.
 */
export function patternParsesDates(pattern: string): boolean {
  const tokens = unquotedTokens(pattern);
  return /[yu]/.test(tokens) && /[ML]/.test(tokens) && /d/.test(tokens);
}

/** Displays a stored date (`YYYY-MM-DD`) per a pattern, or as stored without one. */
export function formatStoredDate(stored: string, pattern: string | null): string {
  if (pattern === null) return stored;
  return formatInZone(new Date(`${stored}T00:00:00.000Z`), "UTC", pattern);
}

/** Displays a stored datetime (ISO 8601 UTC) in the format's zone, by default `YYYY-MM-DD HH:MM:SS`. */
export function formatStoredDateTime(stored: string, format: DateFormat): string {
  return formatInZone(new Date(stored), format.zone, format.pattern ?? DEFAULT_DATETIME_PATTERN);
}
