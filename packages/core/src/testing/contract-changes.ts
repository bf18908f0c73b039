import { expect } from "vitest";
import type { Change } from "../domain/index.js";
import { uuidv7 } from "../ids/index.js";
import { ALL, ascendingIds, at, expectCode, expectPaging, seedAccount, seedShipment, type ContractContext } from "./contract-context.js";
import { makeChange } from "./fixtures.js";

/** The history of shipments and containers: append-only changes, listed newest first. */
export function describeChangesContract(ctx: ContractContext): void {
  ctx.test("changes.insertMany stores changes that read back exactly, any JSON value as before and after", async () => {
    const account = await seedAccount(ctx.storage);
    const shipment = await seedShipment(ctx.storage, account.id);
    const changes: Change[] = [
      makeChange(account.id, shipment.id, { learned_at: at(1), attribute: "tags", before: [], after: ["urgent", "reefer"], source: "user" }),
      makeChange(account.id, shipment.id, { learned_at: at(2), attribute: "holds_at_pod_terminal", before: [{ name: "customs", status: "hold", description: "" }], after: [], source: "terminal" }),
      makeChange(account.id, shipment.id, { learned_at: at(3), attribute: "weight_in_lbs", before: null, after: 41_887.5, source: "ingest" }),
      makeChange(account.id, shipment.id, { learned_at: at(4), attribute: "available_for_pickup", before: false, after: true, source: "terminal" }),
      makeChange(account.id, shipment.id, { learned_at: at(5), attribute: "pod_eta_at", before: "2024-03-10T08:00:00.000Z", after: null }),
    ];
    await ctx.storage.changes.insertMany(changes);
    expect(await ctx.storage.changes.listByResource(account.id, "shipment", shipment.id, ALL)).toStrictEqual({ items: [...changes].reverse(), total: 5 });
  });

  ctx.test("changes.listByResource orders by learned_at then id, descending, and pages", async () => {
    const account = await seedAccount(ctx.storage);
    const shipment = await seedShipment(ctx.storage, account.id);
    const [id1, id2, id3] = ascendingIds(3, uuidv7);
    const ordered = [
      makeChange(account.id, shipment.id, { learned_at: at(9) }),
      makeChange(account.id, shipment.id, { id: id3, learned_at: at(5), attribute: "pod_vessel_name" }),
      makeChange(account.id, shipment.id, { id: id2, learned_at: at(5), attribute: "pod_voyage_number" }),
      makeChange(account.id, shipment.id, { id: id1, learned_at: at(5), attribute: "pod_vessel_imo" }),
      makeChange(account.id, shipment.id, { learned_at: at(1) }),
    ];
    for (const change of [ordered[3], ordered[0], ordered[4], ordered[1], ordered[2]]) if (change) await ctx.storage.changes.insertMany([change]);
    await expectPaging((page) => ctx.storage.changes.listByResource(account.id, "shipment", shipment.id, page), ordered);
  });

  ctx.test("changes.listByResource returns only the named record's changes, of its type and account", async () => {
    const [account, other] = [await seedAccount(ctx.storage), await seedAccount(ctx.storage)];
    const shipment = await seedShipment(ctx.storage, account.id);
    const mine = makeChange(account.id, shipment.id);
    await ctx.storage.changes.insertMany([
      mine,
      makeChange(account.id, uuidv7()),
      makeChange(account.id, shipment.id, { resource_type: "container" }),
      makeChange(other.id, shipment.id),
    ]);
    expect(await ctx.storage.changes.listByResource(account.id, "shipment", shipment.id, ALL)).toStrictEqual({ items: [mine], total: 1 });
    expect(await ctx.storage.changes.listByResource(other.id, "container", shipment.id, ALL)).toStrictEqual({ items: [], total: 0 });
  });

  ctx.test("changes.listLearnedAfter returns the record's changes learned strictly after the instant, newest first", async () => {
    const account = await seedAccount(ctx.storage);
    const shipment = await seedShipment(ctx.storage, account.id);
    const [id1, id2] = ascendingIds(2, uuidv7);
    const early = makeChange(account.id, shipment.id, { learned_at: at(1) });
    const atInstant = makeChange(account.id, shipment.id, { learned_at: at(2) });
    const later = makeChange(account.id, shipment.id, { id: id1, learned_at: at(3), attribute: "pod_vessel_name" });
    const sameTime = makeChange(account.id, shipment.id, { id: id2, learned_at: at(3), attribute: "pod_voyage_number" });
    await ctx.storage.changes.insertMany([sameTime, early, later, atInstant, makeChange(account.id, shipment.id, { resource_type: "container", learned_at: at(4) })]);
    expect(await ctx.storage.changes.listLearnedAfter(account.id, "shipment", shipment.id, at(2))).toStrictEqual([sameTime, later]);
    expect(await ctx.storage.changes.listLearnedAfter(account.id, "shipment", shipment.id, at(9))).toStrictEqual([]);
    expect(await ctx.storage.changes.listLearnedAfter(uuidv7(), "shipment", shipment.id, at(0))).toStrictEqual([]);
  });

  ctx.test("changes.insertMany with a taken id rejects with conflict and stores none of the batch inside a transaction", async () => {
    const account = await seedAccount(ctx.storage);
    const shipment = await seedShipment(ctx.storage, account.id);
    const stored = makeChange(account.id, shipment.id, { learned_at: at(1) });
    await ctx.storage.changes.insertMany([stored]);
    const fresh = makeChange(account.id, shipment.id, { learned_at: at(2) });
    await expectCode(ctx.storage.transaction((tx) => tx.changes.insertMany([fresh, { ...stored, attribute: "tags" }])), "conflict");
    expect(await ctx.storage.changes.listByResource(account.id, "shipment", shipment.id, ALL)).toStrictEqual({ items: [stored], total: 1 });
  });
}
