import { expect } from "vitest";
import { ALL, at, expectCode, seedAccount, seedContainer, seedShipment, type ContractContext } from "./contract-context.js";
import { makeAccount, makeShipment, makeTransportEvent } from "./fixtures.js";
import { makeVessel } from "./fixtures-reference.js";

/**
 * Records holding a NUL character (U+0000) in any string: PostgreSQL cannot store one in text, so
 * every adapter refuses them alike with `invalid` (never a driver error), and data stays copyable
 * from any adapter to any other.
 */
export function describeNulCharactersContract(ctx: ContractContext): void {
  ctx.test("insert refuses a record holding a NUL character with INVALID and stores nothing", async () => {
    await expectCode(ctx.storage.accounts.insert(makeAccount({ company_name: "Acme\u0000" })), "invalid");
    expect((await ctx.storage.accounts.list(ALL)).total).toBe(0);
    const account = await seedAccount(ctx.storage);
    const shipment = makeShipment(account.id, { ref_numbers: ["PO-1", "PO\u00002"] });
    await expectCode(ctx.storage.shipments.insert(shipment), "invalid");
    expect(await ctx.storage.shipments.get(account.id, shipment.id)).toBeNull();
  });

  ctx.test("update refuses a record holding a NUL character with INVALID and keeps the stored one", async () => {
    const account = await seedAccount(ctx.storage);
    const shipment = await seedShipment(ctx.storage, account.id);
    await expectCode(ctx.storage.shipments.update({ ...shipment, tags: ["a\u0000b"] }), "invalid");
    expect(await ctx.storage.shipments.get(account.id, shipment.id)).toStrictEqual(shipment);
  });

  ctx.test("bulk writes refuse a batch with one NUL character whole, inside a transaction too", async () => {
    const account = await seedAccount(ctx.storage);
    const shipment = await seedShipment(ctx.storage, account.id);
    const container = await seedContainer(ctx.storage, shipment);
    const good = makeTransportEvent(account.id, shipment.id, container.id, { timestamp: at(1) });
    const bad = makeTransportEvent(account.id, shipment.id, container.id, { timestamp: at(2), voyage_number: "\u0000" });
    await expectCode(ctx.storage.transportEvents.insertMany([good, bad]), "invalid");
    await expectCode(
      ctx.storage.transaction(async (tx) => {
        await tx.transportEvents.insertMany([good]);
        await tx.transportEvents.insertMany([bad]);
      }),
      "invalid",
    );
    expect((await ctx.storage.transportEvents.listByContainers(account.id, [container.id])).items).toStrictEqual([]);
    await expectCode(ctx.storage.vessels.upsertMany([makeVessel({ name: "NUL\u0000" })]), "invalid");
    await expectCode(ctx.storage.meta.set("key", "value\u0000"), "invalid");
    expect(await ctx.storage.meta.get("key")).toBeNull();
  });
}
