import { expect } from "vitest";
import { uuidv7 } from "../ids/index.js";
import { expectCode, seedAccount, seedShipment, type ContractContext } from "./contract-context.js";
import { makeRefreshLogDay } from "./fixtures-refresh-log.js";

/** The refresh log: one record per shipment and UTC day, appended to, read newest day first. */
export function describeRefreshLogContract(ctx: ContractContext): void {
  ctx.test("refreshLog.append stores a day's record that reads back exactly, empty lists included", async () => {
    const account = await seedAccount(ctx.storage);
    const shipment = await seedShipment(ctx.storage, account.id);
    const day = makeRefreshLogDay(account.id, shipment.id, { attempted: [0, 86_399_999], succeeded: [] });
    await ctx.storage.refreshLog.append(day);
    expect(await ctx.storage.refreshLog.listThrough(account.id, shipment.id, day.day, 10)).toStrictEqual([day]);
  });

  ctx.test("refreshLog.append adds to the day's stored record, each list in the order appended", async () => {
    const account = await seedAccount(ctx.storage);
    const shipment = await seedShipment(ctx.storage, account.id);
    const first = makeRefreshLogDay(account.id, shipment.id, { attempted: [3_600_000], succeeded: [3_600_000] });
    await ctx.storage.refreshLog.append(first);
    await ctx.storage.refreshLog.append({ ...first, attempted: [7_200_000], succeeded: [] });
    await ctx.storage.refreshLog.append({ ...first, attempted: [], succeeded: [10_800_000] });
    await ctx.storage.refreshLog.append({ ...first, attempted: [1_000, 14_400_000], succeeded: [14_400_000] });
    expect(await ctx.storage.refreshLog.listThrough(account.id, shipment.id, first.day, 10)).toStrictEqual([
      { ...first, attempted: [3_600_000, 7_200_000, 1_000, 14_400_000], succeeded: [3_600_000, 10_800_000, 14_400_000] },
    ]);
  });

  ctx.test("refreshLog.listThrough returns the shipment's days through the given one, newest first, at most limit", async () => {
    const account = await seedAccount(ctx.storage);
    const shipment = await seedShipment(ctx.storage, account.id);
    const days = ["2024-02-28", "2024-03-01", "2024-02-29", "2024-03-02"].map((day, i) => makeRefreshLogDay(account.id, shipment.id, { day, attempted: [i], succeeded: [i] }));
    for (const day of days) await ctx.storage.refreshLog.append(day);
    const [feb28, mar1, feb29, mar2] = days;
    expect(await ctx.storage.refreshLog.listThrough(account.id, shipment.id, "2024-03-02", 10)).toStrictEqual([mar2, mar1, feb29, feb28]);
    expect(await ctx.storage.refreshLog.listThrough(account.id, shipment.id, "2024-03-01", 2)).toStrictEqual([mar1, feb29]);
    expect(await ctx.storage.refreshLog.listThrough(account.id, shipment.id, "2024-02-29", 1)).toStrictEqual([feb29]);
    expect(await ctx.storage.refreshLog.listThrough(account.id, shipment.id, "2024-02-27", 10)).toStrictEqual([]);
  });

  ctx.test("refreshLog.listThrough returns only the named shipment's records of the account", async () => {
    const [account, other] = [await seedAccount(ctx.storage), await seedAccount(ctx.storage)];
    const shipment = await seedShipment(ctx.storage, account.id);
    const mine = makeRefreshLogDay(account.id, shipment.id);
    await ctx.storage.refreshLog.append(mine);
    await ctx.storage.refreshLog.append(makeRefreshLogDay(account.id, uuidv7(), { attempted: [1] }));
    await ctx.storage.refreshLog.append(makeRefreshLogDay(other.id, shipment.id, { attempted: [2] }));
    expect(await ctx.storage.refreshLog.listThrough(account.id, shipment.id, mine.day, 10)).toStrictEqual([mine]);
    expect(await ctx.storage.refreshLog.listThrough(uuidv7(), shipment.id, mine.day, 10)).toStrictEqual([]);
  });

  ctx.test("refreshLog.append inside a failed transaction leaves the stored record as it was", async () => {
    const account = await seedAccount(ctx.storage);
    const shipment = await seedShipment(ctx.storage, account.id);
    const stored = makeRefreshLogDay(account.id, shipment.id);
    await ctx.storage.refreshLog.append(stored);
    const failed = ctx.storage.transaction(async (tx) => {
      await tx.refreshLog.append({ ...stored, attempted: [9_000_000], succeeded: [9_000_000] });
      await tx.refreshLog.append({ ...stored, day: "2024-03-02" });
      await tx.shipments.insert(shipment);
    });
    await expectCode(failed, "conflict");
    expect(await ctx.storage.refreshLog.listThrough(account.id, shipment.id, "2024-03-02", 10)).toStrictEqual([stored]);
  });
}
