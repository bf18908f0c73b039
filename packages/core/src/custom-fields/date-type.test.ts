import { afterEach, describe, expect, it } from "vitest";
import { datePatternProblem, formatStoredDate, formatStoredDateTime, parseDateFormat, type DateFormat } from "./date-format.js";
import { parseDateInput, parseDateTimeInput } from "./date-type.js";

const NEW_YORK: DateFormat = { zone: "America/New_York", pattern: "yyyy-MM-dd HH:mm zzz" };
const UTC: DateFormat = { zone: "UTC", pattern: null };

describe("dates with a default_format", () => {
  it.each([
    ["dd/MM/yyyy", "03/04/2026", "2026-04-03", "03/04/2026"],
    ["dd/MM/yyyy", "2026-04-03", "2026-04-03", "03/04/2026"],
    ["d MMMM yyyy", "3 April 2026", "2026-04-03", "3 April 2026"],
    ["MMM yyyy", "Apr 3, 2026", "2026-04-03", "Apr 2026"],
    ["EEE, d MMM yyyy", "Fri, 3 Apr 2026", "2026-04-03", "Fri, 3 Apr 2026"],
    ["yyyy.MM.dd 'week' I", "2026-04-03", "2026-04-03", "2026.04.03 week 14"],
  ])("with %j reads %j as %s and displays %s", (pattern, input, stored, display) => {
    expect(datePatternProblem(pattern)).toBeNull();
    expect(parseDateInput(input, pattern)).toBe(stored);
    expect(formatStoredDate(stored, pattern)).toBe(display);
  });

  it("uses a format without a day for display only, never to invent a day", () => {
    expect(() => parseDateInput("Apr 2026", "MMM yyyy")).toThrow();
  });
});

describe("datetimes in a zone", () => {
  it("reads offset-less input as wall time in the format's zone and displays in it", () => {
    const stored = parseDateTimeInput("2026-11-21 10:30", NEW_YORK);
    expect(stored).toBe("2026-11-21T15:30:00.000Z");
    expect(formatStoredDateTime(stored, NEW_YORK)).toBe("2026-11-21 10:30 EST");
    expect(parseDateTimeInput("2026-07-04 10:30", NEW_YORK)).toBe("2026-07-04T14:30:00.000Z");
  });

  it("honours an explicit offset whatever the zone", () => {
    expect(parseDateTimeInput("2026-11-21T10:30:00Z", NEW_YORK)).toBe("2026-11-21T10:30:00.000Z");
    expect(parseDateTimeInput("2026-11-21T10:30:00+0530", UTC)).toBe("2026-11-21T05:00:00.000Z");
  });

  it("parses with a custom pattern that carries an offset", () => {
    expect(parseDateTimeInput("21/11/2026 10:30 +02:00", { zone: "UTC", pattern: "dd/MM/yyyy HH:mm XXX" })).toBe("2026-11-21T08:30:00.000Z");
  });
});

describe("independence from the process time zone", () => {
  const original = process.env.TZ;
  afterEach(() => {
    process.env.TZ = original;
  });

  it.each(["America/New_York", "Asia/Kolkata", "Pacific/Chatham", "UTC"])("gives the same results when the server runs in %s", (tz) => {
    process.env.TZ = tz;
    // 2026-03-08 02:30 does not exist in New York; as a UTC wall time it must not move.
    expect(parseDateTimeInput("Mar 8, 2026 2:30 AM", UTC)).toBe("2026-03-08T02:30:00.000Z");
    expect(parseDateTimeInput("2026-03-08 02:30", UTC)).toBe("2026-03-08T02:30:00.000Z");
    expect(parseDateInput("Mar 8, 2026", "MMM d, yyyy")).toBe("2026-03-08");
    expect(parseDateInput("08/03/2026", "dd/MM/yyyy")).toBe("2026-03-08");
    expect(formatStoredDate("2026-03-08", "EEE d MMM yyyy")).toBe("Sun 8 Mar 2026");
    expect(formatStoredDateTime("2026-03-08T02:30:00.000Z", UTC)).toBe("2026-03-08 02:30:00");
  });
});

describe("date default_format checks", () => {
  it.each([
    ["YYYY-MM-DD", /week-year/],
    ["yyyy-MM-DD", /day-of-year/],
    ["yyyy-MM-dd jj", /not a date-fns format/],
    ["", /1 to 64/],
    ["y".repeat(65), /1 to 64/],
  ])("refuses %j", (pattern, reason) => {
    expect(datePatternProblem(pattern)).toMatch(reason);
  });

  it("takes a zone prefix only for datetimes, and only a real IANA zone", () => {
    expect(parseDateFormat("Europe/Paris|dd/MM/yyyy HH:mm", true)).toEqual({ zone: "Europe/Paris", pattern: "dd/MM/yyyy HH:mm" });
    expect(parseDateFormat("Europe/Paris|", true)).toEqual({ zone: "Europe/Paris", pattern: null });
    expect(parseDateFormat("Europe/Paris|dd/MM/yyyy", false)).toHaveProperty("problem");
    expect(parseDateFormat("Mars/Olympus|dd/MM/yyyy", true)).toHaveProperty("problem");
    expect(parseDateFormat("yyyy 'at' HH:mm", true)).toEqual({ zone: "UTC", pattern: "yyyy 'at' HH:mm" });
  });
});
