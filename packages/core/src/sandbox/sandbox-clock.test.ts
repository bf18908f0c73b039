import { describe, expect, it } from "vitest";
import { manualClock } from "../clock/index.js";
import { sandboxClock } from "./sandbox-clock.js";

describe("sandboxClock", () => {
  const start = "2026-03-01T00:00:00.000Z";

  it("runs at its speed from where it starts, and stands still while paused", () => {
    const real = manualClock("2030-01-01T00:00:00.000Z");
    const clock = sandboxClock({ start, speed: 60 }, real);
    real.advance(1_000);
    expect(clock.now().toISOString()).toBe("2026-03-01T00:01:00.000Z");
    clock.setPaused(true);
    real.advance(5_000);
    expect(clock.state()).toStrictEqual({ now: "2026-03-01T00:01:00.000Z", speed: 60, paused: true });
    clock.setPaused(false);
    clock.setSpeed(1);
    real.advance(2_000);
    expect(clock.now().toISOString()).toBe("2026-03-01T00:01:02.000Z");
  });

  it("jumps only forward, and keeps running from the instant it jumped to", () => {
    const real = manualClock("2030-01-01T00:00:00.000Z");
    const clock = sandboxClock({ start }, real);
    clock.jumpTo(new Date("2026-03-05T00:00:00.000Z"));
    real.advance(1_000);
    expect(clock.now().toISOString()).toBe("2026-03-05T00:00:01.000Z");
    expect(() => clock.jumpTo(new Date(start))).toThrow(RangeError);
    expect(() => clock.setSpeed(0)).toThrow(RangeError);
    expect(() => sandboxClock({ speed: -1 })).toThrow(RangeError);
  });

  it("starts at the real time by default", () => {
    const real = manualClock("2030-01-01T00:00:00.000Z");
    expect(sandboxClock({ paused: true }, real).state()).toStrictEqual({ now: "2030-01-01T00:00:00.000Z", speed: 1, paused: true });
  });
});
