import { z } from "zod";
import { DAY, HOUR, MINUTE } from "../../demo/zoned-time.js";

// Weeks, days, hours, minutes and seconds only: months and years have no fixed length.
const DURATION = /^P(?:(\d+)W)?(?:(\d+)D)?(?:T(?:(\d+)H)?(?:(\d+)M)?(?:(\d+)S)?)?$/;

/** The longest offset a scenario may use: a little over a year. */
export const MAX_SCENARIO_OFFSET_MS = 400 * DAY;

/**
 * Milliseconds of an ISO 8601 duration of weeks, days and time (`P3DT4H`, `PT90M`, `P1W`), or
 * null when the text is not one.
 */
export function offsetMs(text: string): number | null {
  const match = DURATION.exec(text);
  if (!match || text === "P" || text.endsWith("T")) return null;
  const [weeks, days, hours, minutes, seconds] = match.slice(1).map((part) => Number(part ?? 0)) as [number, number, number, number, number];
  return (weeks * 7 + days) * DAY + hours * HOUR + minutes * MINUTE + seconds * 1000;
}

/** Milliseconds of an offset the schema has already accepted. */
export function requireOffset(text: string): number {
  const ms = offsetMs(text);
  if (ms === null) throw new TypeError(`not a scenario offset: ${text}`);
  return ms;
}

/**
 * A time in a scenario: an ISO 8601 duration from the scenario's start (`P3DT4H` is 3 days and
 * 4 hours after it), of weeks, days, hours, minutes and seconds, at most 400 days.
 */
export const ScenarioOffsetSchema = z.string().superRefine((text, ctx) => {
  const ms = offsetMs(text);
  if (ms === null) ctx.addIssue({ code: "custom", message: `must be an ISO 8601 duration from the scenario's start such as P3DT4H (weeks, days, hours, minutes, seconds), got "${text}"` });
  else if (ms > MAX_SCENARIO_OFFSET_MS) ctx.addIssue({ code: "custom", message: `is more than 400 days after the scenario's start` });
});
