import { expect } from "vitest";
import { at, type ContractContext } from "./contract-context.js";
import { makeVessel, makeVesselPosition } from "./fixtures.js";

/** The vessel position time series. */
export function describeVesselPositionsContract(ctx: ContractContext): void {
  async function seedVessel(): Promise<string> {
    const vessel = makeVessel();
    await ctx.storage.vessels.upsertMany([vessel]);
    return vessel.id;
  }

  ctx.test("vesselPositions.insertMany stores the reports and returns how many it stored", async () => {
    const vesselId = await seedVessel();
    const reports = [
      makeVesselPosition(vesselId, { timestamp: at(1), heading: null, speed_knots: null }),
      makeVesselPosition(vesselId, { timestamp: at(2), latitude: -90, longitude: 180, heading: 360, speed_knots: 0 }),
    ];
    expect(await ctx.storage.vesselPositions.insertMany(reports)).toBe(2);
    expect(await ctx.storage.vesselPositions.insertMany([])).toBe(0);
    expect(await ctx.storage.vesselPositions.listByVessel(vesselId)).toStrictEqual(reports);
  });

  ctx.test("vesselPositions.listByVessel with maxPoints keeps positions 0, step, 2·step, … and the last, in time order", async () => {
    const vesselId = await seedVessel();
    const reports = Array.from({ length: 101 }, (_, i) => makeVesselPosition(vesselId, { timestamp: at(i), latitude: i / 10 }));
    await ctx.storage.vesselPositions.insertMany([...reports].reverse());
    // 101 matches, at most 10: step = ceil(100 / 9) = 12.
    const expected = [0, 12, 24, 36, 48, 60, 72, 84, 96, 100].map((i) => reports[i]);
    expect(await ctx.storage.vesselPositions.listByVessel(vesselId, {}, { maxPoints: 10 })).toStrictEqual(expected);
    expect(await ctx.storage.vesselPositions.listByVessel(vesselId, {}, { maxPoints: 101 })).toStrictEqual(reports);
    // The window applies first: 21 matches (minutes 10..30), at most 5: step = 5.
    expect(await ctx.storage.vesselPositions.listByVessel(vesselId, { from: at(10), to: at(30) }, { maxPoints: 5 })).toStrictEqual(
      [10, 15, 20, 25, 30].map((i) => reports[i]),
    );
  });

  ctx.test("vesselPositions.insertMany skips a report with the (vessel_id, timestamp) of a stored one and does not count it", async () => {
    const vesselId = await seedVessel();
    const stored = makeVesselPosition(vesselId, { timestamp: at(1) });
    await ctx.storage.vesselPositions.insertMany([stored]);
    const duplicate = makeVesselPosition(vesselId, { timestamp: at(1), latitude: 10, source: "other-feed" });
    const fresh = makeVesselPosition(vesselId, { timestamp: at(2) });
    expect(await ctx.storage.vesselPositions.insertMany([duplicate, fresh])).toBe(1);
    expect(await ctx.storage.vesselPositions.listByVessel(vesselId)).toStrictEqual([stored, fresh]);
  });

  ctx.test("vesselPositions.insertMany keeps the first of two reports with the same (vessel_id, timestamp) in one batch", async () => {
    const vesselId = await seedVessel();
    const first = makeVesselPosition(vesselId, { timestamp: at(1), latitude: 1 });
    const second = makeVesselPosition(vesselId, { timestamp: at(1), latitude: 2 });
    expect(await ctx.storage.vesselPositions.insertMany([first, second])).toBe(1);
    expect(await ctx.storage.vesselPositions.listByVessel(vesselId)).toStrictEqual([first]);
  });

  ctx.test("vesselPositions: the same timestamp on another vessel is not a duplicate", async () => {
    const [a, b] = [await seedVessel(), await seedVessel()];
    const reports = [makeVesselPosition(a, { timestamp: at(1) }), makeVesselPosition(b, { timestamp: at(1) })];
    expect(await ctx.storage.vesselPositions.insertMany(reports)).toBe(2);
    expect(await ctx.storage.vesselPositions.listByVessel(a)).toStrictEqual([reports[0]]);
    expect(await ctx.storage.vesselPositions.listByVessel(b)).toStrictEqual([reports[1]]);
  });

  ctx.test("vesselPositions.listByVessel returns only that vessel's reports, ordered by timestamp ascending", async () => {
    const [vesselId, otherId] = [await seedVessel(), await seedVessel()];
    const reports = [3, 1, 4, 2].map((minute) => makeVesselPosition(vesselId, { timestamp: at(minute) }));
    await ctx.storage.vesselPositions.insertMany([...reports, makeVesselPosition(otherId, { timestamp: at(5) })]);
    const ordered = [...reports].sort((x, y) => (x.timestamp < y.timestamp ? -1 : 1));
    expect(await ctx.storage.vesselPositions.listByVessel(vesselId)).toStrictEqual(ordered);
    expect(await ctx.storage.vesselPositions.listByVessel(await seedVessel())).toStrictEqual([]);
  });

  ctx.test("vesselPositions.listByVessel keeps the reports inside the time window, both bounds inclusive", async () => {
    const vesselId = await seedVessel();
    const reports = [1, 2, 3, 4, 5].map((minute) => makeVesselPosition(vesselId, { timestamp: at(minute) }));
    await ctx.storage.vesselPositions.insertMany(reports);
    const [r1, r2, r3, r4, r5] = reports;
    const list = (from?: string, to?: string) =>
      ctx.storage.vesselPositions.listByVessel(vesselId, { ...(from ? { from } : {}), ...(to ? { to } : {}) });
    expect(await list(at(2), at(4))).toStrictEqual([r2, r3, r4]);
    expect(await list(at(4))).toStrictEqual([r4, r5]);
    expect(await list(undefined, at(2))).toStrictEqual([r1, r2]);
    expect(await list()).toStrictEqual(reports);
    expect(await list(at(3), at(3))).toStrictEqual([r3]);
    expect(await list(at(6), at(9))).toStrictEqual([]);
  });

  ctx.test("vesselPositions.latest returns the report with the greatest timestamp, or null", async () => {
    const vesselId = await seedVessel();
    expect(await ctx.storage.vesselPositions.latest(vesselId)).toBeNull();
    const reports = [2, 7, 4].map((minute) => makeVesselPosition(vesselId, { timestamp: at(minute) }));
    await ctx.storage.vesselPositions.insertMany(reports);
    await ctx.storage.vesselPositions.insertMany([makeVesselPosition(await seedVessel(), { timestamp: at(9) })]);
    expect(await ctx.storage.vesselPositions.latest(vesselId)).toStrictEqual(reports[1]);
  });

  ctx.test("vesselPositions keep every number and time exactly as reported", async () => {
    const vesselId = await seedVessel();
    const reports = [
      makeVesselPosition(vesselId, { timestamp: "2026-05-22T12:00:00.123Z", latitude: 1 / 3, longitude: -179.99999999, heading: 359.5, speed_knots: 12.34, source: "ais" }),
      makeVesselPosition(vesselId, { timestamp: "1999-12-31T23:59:59.999Z", latitude: 0, longitude: 0, heading: 0, speed_knots: null, source: "carrier" }),
    ];
    await ctx.storage.vesselPositions.insertMany(reports);
    expect(await ctx.storage.vesselPositions.listByVessel(vesselId)).toStrictEqual([reports[1], reports[0]]);
    expect(await ctx.storage.vesselPositions.latest(vesselId)).toStrictEqual(reports[0]);
  });

  ctx.test("vesselPositions.vesselIds walks the vessels that have reports, ascending, a page at a time", async () => {
    const withReports = [await seedVessel(), await seedVessel(), await seedVessel()];
    const without = await seedVessel();
    await ctx.storage.vesselPositions.insertMany(withReports.flatMap((id) => [makeVesselPosition(id, { timestamp: at(1) }), makeVesselPosition(id, { timestamp: at(2) })]));
    const walked: string[] = [];
    for (let after: string | null = null; ; ) {
      const page = await ctx.storage.vesselPositions.vesselIds(after, 2);
      expect(page.length).toBeLessThanOrEqual(2);
      if (page.length === 0) break;
      walked.push(...page);
      after = page.at(-1)!;
    }
    expect(walked).toStrictEqual([...new Set(walked)].sort());
    for (const id of withReports) expect(walked).toContain(id);
    expect(walked).not.toContain(without);
    const sorted = [...withReports].sort();
    expect(await ctx.storage.vesselPositions.vesselIds(sorted[1]!, 1_000)).not.toContain(sorted[1]);
    expect(await ctx.storage.vesselPositions.vesselIds(sorted[1]!, 1_000)).toContain(sorted[2]);
    expect(await ctx.storage.vesselPositions.vesselIds(null, 0)).toStrictEqual([]);
  });

  ctx.test("vesselPositions.deleteMany deletes the vessel's reports at those times and counts them; other vessels keep theirs", async () => {
    const [vesselId, otherId] = [await seedVessel(), await seedVessel()];
    const reports = [1, 2, 3, 4].map((minute) => makeVesselPosition(vesselId, { timestamp: at(minute) }));
    const other = makeVesselPosition(otherId, { timestamp: at(2) });
    await ctx.storage.vesselPositions.insertMany([...reports, other]);
    expect(await ctx.storage.vesselPositions.deleteMany(vesselId, [at(2), at(4), at(9), at(2)])).toBe(2);
    expect(await ctx.storage.vesselPositions.listByVessel(vesselId)).toStrictEqual([reports[0], reports[2]]);
    expect(await ctx.storage.vesselPositions.listByVessel(otherId)).toStrictEqual([other]);
    expect(await ctx.storage.vesselPositions.deleteMany(vesselId, [])).toBe(0);
    await expect(
      ctx.storage.transaction(async (tx) => {
        await tx.vesselPositions.deleteMany(vesselId, [at(1)]);
        throw new Error("rolled back");
      }),
    ).rejects.toThrow("rolled back");
    expect(await ctx.storage.vesselPositions.listByVessel(vesselId)).toStrictEqual([reports[0], reports[2]]);
  });
}
