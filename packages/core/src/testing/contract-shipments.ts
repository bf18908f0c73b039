import { expect } from "vitest";
import type { Shipment } from "../domain/index.js";
import { uuidv7 } from "../ids/index.js";
import type { ShipmentListQuery } from "../storage/index.js";
import { ALL, ascendingIds, at, expectPaging, seedAccount, seedContainer, seedShipment, type ContractContext } from "./contract-context.js";
import { describeCrud } from "./contract-crud.js";
import { makeShipment } from "./fixtures.js";

/** Shipments: the shared rules, ordering, paging and every filter of the listing. */
export function describeShipmentsContract(ctx: ContractContext): void {
  describeCrud(ctx, {
    name: "shipments",
    setup: async (_storage, accountId) => () => makeShipment(accountId),
    insert: (repos, shipment) => repos.shipments.insert(shipment),
    get: (repos, accountId, id) => repos.shipments.get(accountId, id),
    getMany: (repos, accountId, ids) => repos.shipments.getMany(accountId, ids),
    update: (repos, shipment) => repos.shipments.update(shipment),
    list: async (repos, accountId) => (await repos.shipments.list(accountId, { page: ALL })).items,
    change: (s) => ({
      ...makeShipment(s.account_id, {
        ref_numbers: [],
        tags: ["hot", "audit"],
        customer_name: null,
        line_tracking_stopped_at: at(50),
        line_tracking_stopped_reason: "cancelled_by_user",
        line_tracking_stopped_by_user_id: uuidv7(),
        destination_type: "metro_area",
        destination_id: uuidv7(),
      }),
      id: s.id,
      created_at: s.created_at,
    }),
  });

  ctx.test("shipments.list orders newest first with id as tie-breaker", async () => {
    const account = await seedAccount(ctx.storage);
    const [id1, id2] = ascendingIds(2, uuidv7);
    const oldest = makeShipment(account.id, { created_at: at(1) });
    const tieLow = makeShipment(account.id, { id: id1, created_at: at(2) });
    const tieHigh = makeShipment(account.id, { id: id2, created_at: at(2) });
    const newest = makeShipment(account.id, { created_at: at(3) });
    for (const s of [tieLow, newest, oldest, tieHigh]) await ctx.storage.shipments.insert(s);
    expect(await ctx.storage.shipments.list(account.id, { page: ALL })).toStrictEqual({ items: [newest, tieHigh, tieLow, oldest], total: 4 });
  });

  ctx.test("shipments.list pages: totals, slices, no overlap, an empty page past the end", async () => {
    const account = await seedAccount(ctx.storage);
    const shipments = Array.from({ length: 5 }, (_, i) => makeShipment(account.id, { created_at: at(10 - i) }));
    for (const s of [...shipments].reverse()) await ctx.storage.shipments.insert(s);
    await seedShipment(ctx.storage, (await seedAccount(ctx.storage)).id);
    await expectPaging((page) => ctx.storage.shipments.list(account.id, { page }), shipments);
  });

  // Three shipments of one account (newest first: s3, s2, s1) and a look-alike in another account.
  async function seedFilterSet(): Promise<{ accountId: string; s1: Shipment; s2: Shipment; s3: Shipment; twinNumber: string }> {
    const account = await seedAccount(ctx.storage);
    const other = await seedAccount(ctx.storage);
    const s1 = await seedShipment(ctx.storage, account.id, {
      created_at: at(1),
      bill_of_lading_number: "HLCUSEL2406001",
      normalized_number: "SEL2406001",
      ref_numbers: ["PO-ALPHA"],
      line_tracking_stopped_at: at(9),
      line_tracking_stopped_reason: "all_containers_terminated",
    });
    const s2 = await seedShipment(ctx.storage, account.id, {
      created_at: at(2),
      bill_of_lading_number: "MAEU240612345",
      normalized_number: "240612345",
      ref_numbers: ["internal", "po-beta", "X_100%"],
    });
    const s3 = await seedShipment(ctx.storage, account.id, {
      created_at: at(3),
      bill_of_lading_number: "COSU6301234560",
      normalized_number: "6301234560",
      ref_numbers: [],
    });
    await seedContainer(ctx.storage, s2, { number: "MSKU9070323" });
    await seedContainer(ctx.storage, s3, { number: "CSQU3054383" });
    const twin = await seedShipment(ctx.storage, other.id, { bill_of_lading_number: "HLCUSEL2406001", normalized_number: "SEL2406001", ref_numbers: ["PO-ALPHA"] });
    const twinContainer = await seedContainer(ctx.storage, twin);
    return { accountId: account.id, s1, s2, s3, twinNumber: twinContainer.number };
  }

  const listed = async (accountId: string, filters: Omit<ShipmentListQuery, "page">) =>
    (await ctx.storage.shipments.list(accountId, { page: ALL, ...filters })).items;

  ctx.test("shipments.list filter trackingStopped: true keeps stopped shipments, false the others", async () => {
    const { accountId, s1, s2, s3 } = await seedFilterSet();
    expect(await listed(accountId, { trackingStopped: true })).toStrictEqual([s1]);
    expect(await listed(accountId, { trackingStopped: false })).toStrictEqual([s3, s2]);
  });

  ctx.test("shipments.list filter number matches bill_of_lading_number or normalized_number exactly, case-insensitively", async () => {
    const { accountId, s1, s2 } = await seedFilterSet();
    expect(await listed(accountId, { number: "hlcusel2406001" })).toStrictEqual([s1]);
    expect(await listed(accountId, { number: "sel2406001" })).toStrictEqual([s1]);
    expect(await listed(accountId, { number: "240612345" })).toStrictEqual([s2]);
    expect(await listed(accountId, { number: "SEL2406" })).toStrictEqual([]);
    expect(await listed(accountId, { number: "HLCUSEL2406001X" })).toStrictEqual([]);
  });

  ctx.test("shipments.list filter q is a case-insensitive substring of bill_of_lading_number or a ref number", async () => {
    const { accountId, s1, s2 } = await seedFilterSet();
    expect(await listed(accountId, { q: "sel24" })).toStrictEqual([s1]);
    expect(await listed(accountId, { q: "Alph" })).toStrictEqual([s1]);
    expect(await listed(accountId, { q: "PO-" })).toStrictEqual([s2, s1]);
    expect(await listed(accountId, { q: "no such number" })).toStrictEqual([]);
  });

  ctx.test("shipments.list filter q matches container numbers of the shipment", async () => {
    const { accountId, s2, s3, twinNumber } = await seedFilterSet();
    expect(await listed(accountId, { q: "3054383" })).toStrictEqual([s3]);
    expect(await listed(accountId, { q: "msku907" })).toStrictEqual([s2]);
    expect(await listed(accountId, { q: "CSQU3054383" })).toStrictEqual([s3]);
    expect(await listed(accountId, { q: twinNumber })).toStrictEqual([]);
  });

  ctx.test("shipments.list filter q is matched literally: % and _ are not wildcards", async () => {
    const { accountId, s2 } = await seedFilterSet();
    expect(await listed(accountId, { q: "%" })).toStrictEqual([s2]);
    expect(await listed(accountId, { q: "_1" })).toStrictEqual([s2]);
    expect(await listed(accountId, { q: "X%" })).toStrictEqual([]);
    expect(await listed(accountId, { q: "P_-" })).toStrictEqual([]);
  });

  ctx.test("shipments.list combines filters with AND, and totals count the filtered records", async () => {
    const { accountId, s1, s2 } = await seedFilterSet();
    expect(await listed(accountId, { q: "po-", trackingStopped: false })).toStrictEqual([s2]);
    expect(await listed(accountId, { q: "po-", trackingStopped: true })).toStrictEqual([s1]);
    expect(await listed(accountId, { number: "sel2406001", trackingStopped: false })).toStrictEqual([]);
    expect(await listed(accountId, { number: "sel2406001", q: "alpha", trackingStopped: true })).toStrictEqual([s1]);
    expect(await ctx.storage.shipments.list(accountId, { page: { number: 2, size: 1 }, q: "po-" })).toStrictEqual({ items: [s1], total: 2 });
  });
}
