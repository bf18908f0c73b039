import { describe, expect, it } from "vitest";
import type { VesselPositionRecord } from "../domain/vessel-schema.js";
import { thinnedAway } from "./position-retention.js";

const T0 = Date.UTC(2026, 0, 1);
const MINUTE = 60_000;
/** A report `minutes` after T0 with this heading. */
const report = (minutes: number, heading: number | null = 90): VesselPositionRecord => ({
  vessel_id: "00000000-0000-4000-8000-000000000001", latitude: 0, longitude: minutes / 100, heading, speed_knots: 15,
  timestamp: new Date(T0 + minutes * MINUTE).toISOString(), source: "ais",
});
const minutesOf = (reports: readonly VesselPositionRecord[]) => reports.map((r) => (Date.parse(r.timestamp) - T0) / MINUTE);
const kept = (reports: readonly VesselPositionRecord[], removed: readonly VesselPositionRecord[]) => reports.filter((r) => !removed.includes(r));

describe("thinnedAway", () => {
  it("keeps one report per interval on a straight course, counted from the last one kept", () => {
    // A report every minute for an hour, 10-minute interval: minutes 0, 10, 20, …, 60 stay.
    const track = Array.from({ length: 61 }, (_, i) => report(i));
    const removed = thinnedAway(track, null, 10 * MINUTE, 20);
    expect(minutesOf(kept(track, removed))).toStrictEqual([0, 10, 20, 30, 40, 50, 60]);
    // Irregular spacing: the next kept is the first at least 10 minutes after the last kept.
    const irregular = [0, 4, 9, 11, 12, 21, 30, 31].map((m) => report(m));
    expect(minutesOf(kept(irregular, thinnedAway(irregular, null, 10 * MINUTE, 20)))).toStrictEqual([0, 11, 21, 31]);
  });

  it("keeps every turn of at least turnDegrees against the last kept heading, across north", () => {
    const track = [report(0, 350), report(1, 355), report(2, 10), report(3, 12), report(4, 40), report(5, null), report(6, 45)];
    // 350 → 10 is a turn of 20° across north; 10 → 40 is 30°; a report without a heading is never a turn.
    expect(minutesOf(kept(track, thinnedAway(track, null, 10 * MINUTE, 20)))).toStrictEqual([0, 2, 4]);
  });

  it("starts from the last kept report before the stretch, and thinning a thinned track removes nothing", () => {
    const before = report(-5);
    const track = Array.from({ length: 20 }, (_, i) => report(i));
    const thinned = kept(track, thinnedAway(track, before, 10 * MINUTE, 20));
    expect(minutesOf(thinned)).toStrictEqual([5, 15]);
    expect(thinnedAway(thinned, before, 10 * MINUTE, 20)).toStrictEqual([]);
    // Whatever the spacing and turns, a second pass keeps what the first kept.
    const random = Array.from({ length: 500 }, (_, i) => report(i * 0.7 + (i % 3), (i * 37) % 360));
    const once = kept(random, thinnedAway(random, null, 10 * MINUTE, 20));
    expect(thinnedAway(once, null, 10 * MINUTE, 20)).toStrictEqual([]);
  });
});
