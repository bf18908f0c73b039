import { describe, expect, it } from "vitest";
import { manualClock, realClock, scaledClock, type Clock } from "./clock.js";

describe("clocks", () => {
  it("a manual clock stands still until advanced or set, and never goes back", () => {
    const clock = manualClock("2026-01-01T00:00:00Z");
    expect(clock.now().toISOString()).toBe("2026-01-01T00:00:00.000Z");
    expect(clock.advance(90_000).toISOString()).toBe("2026-01-01T00:01:30.000Z");
    expect(clock.set("2026-02-01T00:00:00Z").toISOString()).toBe("2026-02-01T00:00:00.000Z");
    expect(() => clock.advance(-1)).toThrow(RangeError);
    expect(() => clock.set("2026-01-15T00:00:00Z")).toThrow(RangeError);
    expect(() => manualClock("not a date")).toThrow(RangeError);
  });

  it("a real clock follows the machine", () => {
    const before = Date.now();
    const now = realClock().now().getTime();
    expect(now).toBeGreaterThanOrEqual(before);
    expect(now).toBeLessThanOrEqual(Date.now());
  });

  it("a scaled clock runs N times faster than its base", () => {
    const base = manualClock("2026-01-01T00:00:00Z");
    const fast: Clock = scaledClock(60, base);
    base.advance(1_000);
    expect(fast.now().toISOString()).toBe("2026-01-01T00:01:00.000Z");
    expect(() => scaledClock(0)).toThrow(RangeError);
  });

  it("scaled clocks given the same origin agree, whenever they were created", () => {
    const base = manualClock("2026-01-01T00:00:00Z");
    const first = scaledClock(60, base, "2026-01-01T00:00:00Z");
    base.advance(2_000);
    const second = scaledClock(60, base, "2026-01-01T00:00:00Z");
    base.advance(1_000);
    expect(first.now().toISOString()).toBe("2026-01-01T00:03:00.000Z");
    expect(second.now().toISOString()).toBe(first.now().toISOString());
    expect(() => scaledClock(60, base, "not a date")).toThrow(RangeError);
  });
});
