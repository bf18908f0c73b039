import { expect } from "vitest";
import { manualClock } from "../clock/index.js";
import { createPositionRetention } from "../vessels/position-retention.js";
import { at, type ContractContext } from "./contract-context.js";
import { makeVessel, makeVesselPosition } from "./fixtures.js";

/** Core's position retention over the adapter: `vesselIds`, `listByVessel`, `deleteMany` and `meta` together. */
export function describePositionRetentionContract(ctx: ContractContext): void {
  ctx.test("position retention thins what leaves the full-resolution window to one report per interval, keeping turns, and goes on where it stopped", async () => {
    const [ship, sparse] = [makeVessel(), makeVessel()];
    await ctx.storage.vessels.upsertMany([ship, sparse]);
    // Three days of a report every 2 minutes, heading 90° but for a turn to 140° at minute 1000 and back at 1002.
    const minutes = Array.from({ length: 2_160 }, (_, i) => i * 2);
    const heading = (m: number) => (m === 1_000 ? 140 : 90);
    await ctx.storage.vesselPositions.insertMany(minutes.map((m) => makeVesselPosition(ship.id, { timestamp: at(m), heading: heading(m) })));
    // Every half hour: nothing to thin.
    await ctx.storage.vesselPositions.insertMany(Array.from({ length: 100 }, (_, i) => makeVesselPosition(sparse.id, { timestamp: at(i * 30) })));
    const clock = manualClock(at(4_320));
    const retention = createPositionRetention({ storage: ctx.storage, clock, options: { fullResolutionMs: 12 * 3_600_000, thinnedIntervalMs: 10 * 60_000, turnDegrees: 20 } });
    const range = (from: number, to: number, step: number) => Array.from({ length: Math.floor((to - from) / step) + 1 }, (_, i) => from + i * step);
    const stored = async (id: string) => (await ctx.storage.vesselPositions.listByVessel(id)).map((p) => p.timestamp);

    // The window's edge is minute 3600: before it, every 10 minutes up to the turn, the turn back, then every 10 minutes from there.
    const first = await retention.runDue();
    const thinned = [...range(0, 1_000, 10), ...range(1_002, 3_592, 10)];
    expect(await stored(ship.id)).toStrictEqual([...thinned, ...range(3_600, 4_318, 2)].map(at));
    expect(first).toStrictEqual({ vessels: 2, examined: 1_800 + 100, deleted: 1_800 - thinned.length });
    expect(await stored(sparse.id)).toHaveLength(100);

    // Again at the same time: nothing to do. Six hours later: the next stretch, continuing from the last kept report.
    expect((await retention.runDue()).deleted).toBe(0);
    clock.advance(6 * 3_600_000);
    const second = await retention.runDue();
    expect(await stored(ship.id)).toStrictEqual([...thinned, ...range(3_602, 3_952, 10), ...range(3_960, 4_318, 2)].map(at));
    expect(second.deleted).toBe(180 - 36);
  });

  ctx.test("position retention with fullResolutionMs Infinity deletes nothing", async () => {
    const vessel = makeVessel();
    await ctx.storage.vessels.upsertMany([vessel]);
    await ctx.storage.vesselPositions.insertMany(Array.from({ length: 50 }, (_, i) => makeVesselPosition(vessel.id, { timestamp: at(i) })));
    const retention = createPositionRetention({ storage: ctx.storage, clock: manualClock(at(100_000)), options: { fullResolutionMs: Number.POSITIVE_INFINITY } });
    expect(await retention.runDue()).toStrictEqual({ vessels: 0, examined: 0, deleted: 0 });
    expect(await ctx.storage.vesselPositions.listByVessel(vessel.id)).toHaveLength(50);
  });
}
