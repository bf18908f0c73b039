import { expect } from "vitest";
import { ALL, at, expectCode, seedAccount, seedContainer, seedShipment, type ContractContext } from "./contract-context.js";
import { makeShipment, makeWebhook } from "./fixtures.js";

/**
 * The optional `Storage.dataVersion`: the same token while nothing is written, another after every
 * committed write (outside a transaction or by a transaction's commit), refused once closed.
 */
export function describeDataVersionContract(ctx: ContractContext): void {
  const version = () => ctx.storage.dataVersion!();

  ctx.test("dataVersion stays the same while only reads are made", async () => {
    const account = await seedAccount(ctx.storage);
    const shipment = await seedShipment(ctx.storage, account.id);
    await seedContainer(ctx.storage, shipment);
    const before = await version();
    expect(typeof before).toBe("string");
    await ctx.storage.shipments.get(account.id, shipment.id);
    await ctx.storage.shipments.list(account.id, { page: ALL });
    await ctx.storage.containers.listByShipments(account.id, [shipment.id]);
    expect(await version()).toBe(before);
  });

  ctx.test("dataVersion changes after every write made outside a transaction", async () => {
    const account = await seedAccount(ctx.storage);
    const shipment = makeShipment(account.id);
    const webhook = makeWebhook(account.id);
    const writes: (() => Promise<unknown>)[] = [
      () => ctx.storage.shipments.insert(shipment),
      () => ctx.storage.shipments.update({ ...shipment, tags: ["hot"], updated_at: at(5) }),
      () => ctx.storage.webhooks.insert(webhook),
      () => ctx.storage.webhooks.delete(account.id, webhook.id),
      () => ctx.storage.meta.set("reference_version", "9"),
    ];
    const seen = new Set([await version()]);
    for (const write of writes) {
      await write();
      const next = await version();
      expect(seen.has(next), `the token after write ${seen.size} is one seen before`).toBe(false);
      seen.add(next);
    }
  });

  ctx.test("dataVersion changes when a transaction commits", async () => {
    const account = await seedAccount(ctx.storage);
    const before = await version();
    const shipment = makeShipment(account.id);
    await ctx.storage.transaction(async (tx) => {
      await tx.shipments.insert(shipment);
      await tx.shipments.update({ ...shipment, tags: ["hot"], updated_at: at(5) });
    });
    expect(await version()).not.toBe(before);
    expect((await ctx.storage.shipments.get(account.id, shipment.id))?.tags).toStrictEqual(["hot"]);
  });

  ctx.test("dataVersion is refused once the storage is closed", async () => {
    const storage = await ctx.fresh();
    await storage.dataVersion!();
    await storage.close();
    await expectCode(storage.dataVersion!(), "storage_unavailable");
  });
}
