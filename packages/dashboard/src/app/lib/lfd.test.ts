import { describe, expect, it } from "vitest";
import { daysToLfd, demurrageExposure, formatExact, lfdBucket, sumExact } from "./lfd.js";

describe("days to the last free day", () => {
  it("counts calendar days in the terminal's time zone", () => {
    const now = Date.parse("2026-11-23T15:00:00Z"); // 10:00 in New York
    expect(daysToLfd("2026-11-24T04:59:00Z", "America/New_York", now)).toBe(0); // 23:59 today there
    expect(daysToLfd("2026-11-25T04:59:00Z", "America/New_York", now)).toBe(1);
    expect(daysToLfd("2026-11-21T04:59:00Z", "America/New_York", now)).toBe(-3);
    // Past midnight in UTC but still the 23rd in Los Angeles.
    expect(daysToLfd("2026-11-24T07:59:00Z", "America/Los_Angeles", Date.parse("2026-11-24T03:00:00Z"))).toBe(0);
  });

  it("puts each count in its board column", () => {
    expect([-5, -1, 0, 1, 3, 4, 30].map(lfdBucket)).toEqual(["overdue", "overdue", "today", "soon", "soon", "later", "later"]);
  });
});

describe("demurrage exposure", () => {
  it("adds the demurrage fees and divides by the days past the LFD", () => {
    const exposure = demurrageExposure([{ type: "demurrage", amount: 450, currency_code: "USD" }, { type: "exam", amount: 100, currency_code: "USD" }], "2026-11-20T04:59:00Z", Date.parse("2026-11-23T03:00:00Z"));
    expect(exposure).toEqual({ currency: "USD", accrued: 450, perDay: 150 });
  });

  it("is null without a demurrage fee, and has no daily rate before the LFD", () => {
    expect(demurrageExposure([{ type: "exam", amount: 100, currency_code: "USD" }], null, 0)).toBeNull();
    expect(demurrageExposure([{ type: "demurrage", amount: 100, currency_code: "EUR" }], "2026-11-30T00:00:00Z", Date.parse("2026-11-23T00:00:00Z"))?.perDay).toBeNull();
  });
});

describe("exact money", () => {
  it("groups thousands and keeps every decimal the API sent", () => {
    expect(formatExact({ amount: "1177.50", currency: "USD" })).toBe("USD 1,177.50");
    expect(formatExact({ amount: "1234567.1234", currency: "EUR" })).toBe("EUR 1,234,567.1234");
    expect(formatExact({ amount: "0.00", currency: "USD" })).toBe("USD 0.00");
  });

  it("sums by currency without floats", () => {
    expect(sumExact([{ amount: "0.10", currency: "USD" }, { amount: "0.20", currency: "USD" }, { amount: "5", currency: "EUR" }, { amount: "175.5", currency: "USD" }])).toEqual([
      { amount: "5.00", currency: "EUR" },
      { amount: "175.80", currency: "USD" },
    ]);
    expect(sumExact([{ amount: "9007199254740993.0001", currency: "USD" }, { amount: "0.0001", currency: "USD" }])).toEqual([{ amount: "9007199254740993.0002", currency: "USD" }]);
    expect(sumExact([])).toEqual([]);
  });
});
