import { describe, expect, it } from "vitest";
import { ceilHour, endOfLocalDay, floorMinute, iso, localDate } from "./zoned-time.js";

describe("zoned time helpers", () => {
  it("gives the local calendar date", () => {
    // 09:12 UTC is 18:12 in Seoul, 05:12 in New York, both still 22 June.
    const instant = Date.parse("2024-06-22T09:12:00.000Z");
    expect(localDate(instant, "Asia/Seoul")).toBe("2024-06-22");
    expect(localDate(Date.parse("2024-06-22T16:00:00.000Z"), "Asia/Seoul")).toBe("2024-06-23");
    expect(localDate(Date.parse("2024-06-22T02:00:00.000Z"), "America/New_York")).toBe("2024-06-21");
  });

  it("puts a last free day at 23:59 local time, across daylight saving", () => {
    const summer = Date.parse("2024-07-29T02:30:00.000Z"); // 28 July, 22:30 in New York
    expect(iso(endOfLocalDay(summer, "America/New_York", 4))).toBe("2024-08-02T03:59:00.000Z");
    const winter = Date.parse("2024-01-10T15:00:00.000Z");
    expect(iso(endOfLocalDay(winter, "America/New_York"))).toBe("2024-01-11T04:59:00.000Z");
    // 8 March 2024 + 2 days crosses the switch to daylight time on 10 March.
    expect(iso(endOfLocalDay(Date.parse("2024-03-08T15:00:00.000Z"), "America/Chicago", 2))).toBe("2024-03-11T04:59:00.000Z");
  });

  it("rounds to hours and minutes", () => {
    expect(iso(ceilHour(Date.parse("2024-01-01T10:00:01.000Z")))).toBe("2024-01-01T11:00:00.000Z");
    expect(iso(ceilHour(Date.parse("2024-01-01T10:00:00.000Z")))).toBe("2024-01-01T10:00:00.000Z");
    expect(iso(floorMinute(Date.parse("2024-01-01T10:05:59.999Z")))).toBe("2024-01-01T10:05:00.000Z");
  });
});
