import { expect } from "vitest";
import { EVERY_ACCOUNT_KEY, EVERY_WRITE_KEY, SHARED_DATA_KEY, VESSELS_KEY, versionedStorage } from "../storage/change-versions.js";
import { at, delay, expectCode, gate, seedAccount, type ContractContext } from "./contract-context.js";
import { makeShipment, makeTrackingRequest } from "./fixtures.js";
import { knownTotals } from "../read-model/known-totals.js";
import { makePort, makeVessel } from "./fixtures-reference.js";
import { makeWebhook } from "./fixtures-webhooks.js";

/**
 * `changeVersions` (a version per key, raised with a transaction or on its own) and core's
 * `versionedStorage` over the adapter: which writes raise which accounts' versions.
 */
export function describeChangeVersionsContract(ctx: ContractContext): void {
  ctx.test("a key never raised is at 0; versions come in the order asked for", async () => {
    const { changeVersions } = ctx.storage;
    expect(await changeVersions.get([])).toStrictEqual([]);
    expect(await changeVersions.get(["a", "b"])).toStrictEqual([0, 0]);
    await changeVersions.bump(["b"]);
    await changeVersions.bump(["b", "c"]);
    expect(await changeVersions.get(["c", "a", "b", "b"])).toStrictEqual([1, 0, 2, 2]);
  });

  ctx.test("a raise inside a transaction is seen inside it, commits with it and rolls back with it", async () => {
    const { storage } = ctx;
    await storage.transaction(async (tx) => {
      await tx.changeVersions.bump(["k"]);
      expect(await tx.changeVersions.get(["k"])).toStrictEqual([1]);
    });
    expect(await storage.changeVersions.get(["k"])).toStrictEqual([1]);
    await expect(
      storage.transaction(async (tx) => {
        await tx.changeVersions.bump(["k", "l"]);
        throw new Error("rolled back");
      }),
    ).rejects.toThrow("rolled back");
    expect(await storage.changeVersions.get(["k", "l"])).toStrictEqual([1, 0]);
  });

  ctx.test("a read outside a transaction does not see its uncommitted raise", async () => {
    const { storage } = ctx;
    await storage.changeVersions.bump(["k"]);
    const held = gate();
    const raised = gate();
    const transaction = storage.transaction(async (tx) => {
      await tx.changeVersions.bump(["k"]);
      raised.open();
      await held.promise;
    });
    await raised.promise;
    let committed = false;
    let answeredBeforeCommit = false;
    const read = storage.changeVersions.get(["k"]).then((versions) => ((answeredBeforeCommit = !committed), versions));
    // A backend may answer at once (and must then show the committed version) or make the read wait for the commit.
    await delay(50);
    committed = true;
    held.open();
    await transaction;
    const [seen] = await read;
    if (answeredBeforeCommit) expect(seen).toBe(1);
    else expect([1, 2]).toContain(seen);
    expect(await storage.changeVersions.get(["k"])).toStrictEqual([2]);
  });

  ctx.test("transactions raising the same key at once both count", async () => {
    const { storage } = ctx;
    await Promise.all(Array.from({ length: 5 }, () => storage.transaction((tx) => tx.changeVersions.bump(["shared", "other"]))));
    expect(await storage.changeVersions.get(["shared", "other"])).toStrictEqual([5, 5]);
  });

  ctx.test("change versions are refused once the storage is closed", async () => {
    const storage = await ctx.fresh();
    await storage.close();
    await expectCode(storage.changeVersions.get(["k"]), "storage_unavailable");
  });

  ctx.test("versionedStorage: a write raises its account's version and the every-write key, never another account's", async () => {
    const storage = versionedStorage(ctx.storage);
    const a = await seedAccount(storage);
    const b = await seedAccount(storage);
    const versions = () => storage.changeVersions.get([a.id, b.id, EVERY_WRITE_KEY, SHARED_DATA_KEY, EVERY_ACCOUNT_KEY]);
    const [, bBefore, everyBefore, sharedBefore, allBefore] = await versions();
    const shipment = makeShipment(a.id);
    await storage.shipments.insert(shipment);
    const [aAfterInsert, bAfterInsert, everyAfterInsert] = await versions();
    expect(bAfterInsert).toBe(bBefore);
    expect(everyAfterInsert).toBeGreaterThan(everyBefore!);
    await storage.transaction(async (tx) => {
      await tx.shipments.update({ ...shipment, tags: ["hot"], updated_at: at(5) });
      await tx.webhooks.insert(makeWebhook(a.id));
    });
    const [aAfterTransaction, bAfterTransaction, , shared, all] = await versions();
    expect(aAfterTransaction).toBeGreaterThan(aAfterInsert!);
    expect([bAfterTransaction, shared, all]).toStrictEqual([bBefore, sharedBefore, allBefore]);
    // Reads raise nothing.
    const before = await versions();
    await storage.shipments.get(a.id, shipment.id);
    await storage.transaction((tx) => tx.shipments.list(a.id, { page: { number: 1, size: 10 } }));
    expect(await versions()).toStrictEqual(before);
  });

  ctx.test("versionedStorage: a rolled-back transaction raises nothing; shared data raises the shared key", async () => {
    const storage = versionedStorage(ctx.storage);
    const a = await seedAccount(storage);
    const before = await storage.changeVersions.get([a.id, EVERY_WRITE_KEY, SHARED_DATA_KEY]);
    await expect(
      storage.transaction(async (tx) => {
        await tx.shipments.insert(makeShipment(a.id));
        throw new Error("rolled back");
      }),
    ).rejects.toThrow("rolled back");
    expect(await storage.changeVersions.get([a.id, EVERY_WRITE_KEY, SHARED_DATA_KEY])).toStrictEqual(before);
    const vesselsBefore = (await storage.changeVersions.get([VESSELS_KEY]))[0]!;
    await storage.vessels.upsertMany([makeVessel()]);
    const [account, , shared, vessels] = await storage.changeVersions.get([a.id, EVERY_WRITE_KEY, SHARED_DATA_KEY, VESSELS_KEY]);
    expect(account).toBe(before[0]);
    // Vessels move with every AIS report: they raise a key of their own, not the reference data's.
    expect(shared).toBe(before[2]);
    expect(vessels).toBe(vesselsBefore + 1);
    await storage.ports.upsertMany([makePort()]);
    expect((await storage.changeVersions.get([SHARED_DATA_KEY]))[0]).toBe(before[2]! + 1);
  });

  ctx.test("known totals: a page's total stays exact across writes in its account, in another account, through a copy's import and a cleared account", async () => {
    const storage = knownTotals(versionedStorage(ctx.storage));
    const a = await seedAccount(storage);
    const b = await seedAccount(storage);
    const page = { number: 1, size: 1 };
    const total = async (accountId: string) => (await storage.shipments.list(accountId, { page })).total;
    for (let i = 0; i < 3; i++) await storage.shipments.insert(makeShipment(a.id));
    expect(await total(a.id)).toBe(3);
    expect(await total(a.id)).toBe(3);
    await storage.shipments.insert(makeShipment(a.id));
    expect(await total(a.id)).toBe(4);
    await storage.transaction(async (tx) => tx.shipments.insert(makeShipment(b.id)));
    expect(await total(a.id)).toBe(4);
    expect(await total(b.id)).toBe(1);
    // Other filters are other totals.
    expect((await storage.shipments.list(a.id, { page, number: "NO-SUCH-NUMBER" })).total).toBe(0);
    const requests = async () => (await storage.trackingRequests.list(a.id, { page })).total;
    await storage.trackingRequests.insert(makeTrackingRequest(a.id));
    await storage.trackingRequests.insert(makeTrackingRequest(a.id));
    expect(await requests()).toBe(2);
    await storage.trackingRequests.insert(makeTrackingRequest(a.id));
    expect(await requests()).toBe(3);
    await storage.copy.clearAccount(a.id);
    expect(await total(a.id)).toBe(0);
  });

  ctx.test("known totals: a storage that cannot tell its versions counts every page", async () => {
    const unversioned = { ...ctx.storage, changeVersions: { ...ctx.storage.changeVersions, get: () => Promise.reject(new Error("no versions now")) } };
    const storage = knownTotals(unversioned);
    const a = await seedAccount(ctx.storage);
    for (let i = 0; i < 2; i++) await ctx.storage.shipments.insert(makeShipment(a.id));
    expect((await storage.shipments.list(a.id, { page: { number: 1, size: 1 } })).total).toBe(2);
    // Written around every wrapper (no version raised): counted anyway.
    await ctx.storage.shipments.insert(makeShipment(a.id));
    expect((await storage.shipments.list(a.id, { page: { number: 1, size: 1 } })).total).toBe(3);
  });
}
