import { expect } from "vitest";
import { uuidv7 } from "../ids/index.js";
import { ALL, ascendingIds, at, expectPaging, seedAccount, seedContainer, seedShipment, type ContractContext } from "./contract-context.js";
import { describeCrud } from "./contract-crud.js";
import { makeContainer } from "./fixtures.js";
import type { ContainerListQuery } from "../storage/index.js";

/** Containers: the shared rules, both listings and the number filter. */
export function describeContainersContract(ctx: ContractContext): void {
  describeCrud(ctx, {
    name: "containers",
    setup: async (storage, accountId) => {
      const shipment = await seedShipment(storage, accountId);
      return () => makeContainer(accountId, shipment.id);
    },
    insert: (repos, container) => repos.containers.insert(container),
    get: (repos, accountId, id) => repos.containers.get(accountId, id),
    getMany: (repos, accountId, ids) => repos.containers.getMany(accountId, ids),
    update: (repos, container) => repos.containers.update(container),
    list: async (repos, accountId) => (await repos.containers.list(accountId, { page: ALL })).items,
    change: (c) => ({
      ...makeContainer(c.account_id, c.shipment_id, {
        current_status: "grounded",
        ref_numbers: ["REF-1", "REF-2"],
        weight_in_lbs: null,
        equipment_type: null,
        equipment_length: null,
        equipment_height: null,
        holds_at_pod_terminal: [],
        fees_at_pod_terminal: [
          { type: "demurrage", amount: 1250.5, currency_code: "USD" },
          { type: "total", amount: 1250.5, currency_code: "USD" },
        ],
        pickup_lfd: at(40),
        import_deadlines: { pickup_lfd_terminal: at(40), pickup_lfd_rail: null, pickup_lfd_line: at(41) },
      }),
      id: c.id,
      created_at: c.created_at,
    }),
  });

  ctx.test("containers.list orders newest first with id as tie-breaker", async () => {
    const account = await seedAccount(ctx.storage);
    const shipment = await seedShipment(ctx.storage, account.id);
    const [id1, id2] = ascendingIds(2, uuidv7);
    const oldest = makeContainer(account.id, shipment.id, { created_at: at(1) });
    const tieLow = makeContainer(account.id, shipment.id, { id: id1, created_at: at(2) });
    const tieHigh = makeContainer(account.id, shipment.id, { id: id2, created_at: at(2) });
    const newest = makeContainer(account.id, shipment.id, { created_at: at(3) });
    for (const c of [tieLow, oldest, newest, tieHigh]) await ctx.storage.containers.insert(c);
    expect(await ctx.storage.containers.list(account.id, { page: ALL })).toStrictEqual({ items: [newest, tieHigh, tieLow, oldest], total: 4 });
  });

  ctx.test("containers.list pages: totals, slices, no overlap, an empty page past the end", async () => {
    const account = await seedAccount(ctx.storage);
    const shipment = await seedShipment(ctx.storage, account.id);
    const containers = Array.from({ length: 5 }, (_, i) => makeContainer(account.id, shipment.id, { created_at: at(10 - i) }));
    for (const c of [...containers].reverse()) await ctx.storage.containers.insert(c);
    await expectPaging((page) => ctx.storage.containers.list(account.id, { page }), containers);
  });

  ctx.test("containers.list filter number matches the container number exactly, case-insensitively", async () => {
    const account = await seedAccount(ctx.storage);
    const shipment = await seedShipment(ctx.storage, account.id);
    const target = await seedContainer(ctx.storage, shipment, { number: "MSKU9070323", created_at: at(1) });
    await seedContainer(ctx.storage, shipment, { number: "CSQU3054383", created_at: at(2) });
    const other = await seedShipment(ctx.storage, (await seedAccount(ctx.storage)).id);
    await seedContainer(ctx.storage, other, { number: "MSKU9070323" });
    expect(await ctx.storage.containers.list(account.id, { page: ALL, number: "msku9070323" })).toStrictEqual({ items: [target], total: 1 });
    expect(await ctx.storage.containers.list(account.id, { page: ALL, number: "MSKU9070323" })).toStrictEqual({ items: [target], total: 1 });
    expect(await ctx.storage.containers.list(account.id, { page: ALL, number: "MSKU907" })).toStrictEqual({ items: [], total: 0 });
  });

  ctx.test("containers.list filter currentStatus keeps containers with one of the statuses, none for an empty list, with the number filter too", async () => {
    const account = await seedAccount(ctx.storage);
    const shipment = await seedShipment(ctx.storage, account.id);
    const onShip = await seedContainer(ctx.storage, shipment, { number: "MSKU9070323", current_status: "on_ship", created_at: at(1) });
    const grounded = await seedContainer(ctx.storage, shipment, { number: "CSQU3054383", current_status: "grounded", created_at: at(2) });
    await seedContainer(ctx.storage, shipment, { current_status: "picked_up", created_at: at(3) });
    const other = await seedShipment(ctx.storage, (await seedAccount(ctx.storage)).id);
    await seedContainer(ctx.storage, other, { current_status: "on_ship" });
    const listed = (query: Omit<ContainerListQuery, "page">) => ctx.storage.containers.list(account.id, { page: ALL, ...query });
    expect(await listed({ currentStatus: ["on_ship"] })).toStrictEqual({ items: [onShip], total: 1 });
    expect(await listed({ currentStatus: ["on_ship", "grounded", "available"] })).toStrictEqual({ items: [grounded, onShip], total: 2 });
    expect(await listed({ currentStatus: [] })).toStrictEqual({ items: [], total: 0 });
    expect(await listed({ currentStatus: ["grounded"], number: "msku9070323" })).toStrictEqual({ items: [], total: 0 });
    expect(await listed({ currentStatus: ["on_ship", "grounded"], number: "msku9070323" })).toStrictEqual({ items: [onShip], total: 1 });
  });

  ctx.test("containers.listByShipments returns the containers of the given shipments, ordered by created_at then id, ascending", async () => {
    const account = await seedAccount(ctx.storage);
    const [a, b, c] = [
      await seedShipment(ctx.storage, account.id),
      await seedShipment(ctx.storage, account.id),
      await seedShipment(ctx.storage, account.id),
    ];
    const [id1, id2] = ascendingIds(2, uuidv7);
    const expected = [
      makeContainer(account.id, b.id, { created_at: at(1) }),
      makeContainer(account.id, a.id, { id: id1, created_at: at(2) }),
      makeContainer(account.id, b.id, { id: id2, created_at: at(2) }),
      makeContainer(account.id, a.id, { created_at: at(3) }),
    ];
    const elsewhere = makeContainer(account.id, c.id, { created_at: at(0) });
    for (const container of [expected[3], elsewhere, expected[2], expected[0], expected[1]]) if (container) await ctx.storage.containers.insert(container);
    expect(await ctx.storage.containers.listByShipments(account.id, [a.id, b.id])).toStrictEqual(expected);
    expect(await ctx.storage.containers.listByShipments(account.id, [c.id])).toStrictEqual([elsewhere]);
    expect(await ctx.storage.containers.listByShipments(account.id, [])).toStrictEqual([]);
  });

  ctx.test("containers.listByShipments never returns another account's containers", async () => {
    const account = await seedAccount(ctx.storage);
    const other = await seedAccount(ctx.storage);
    const theirs = await seedShipment(ctx.storage, other.id);
    const container = await seedContainer(ctx.storage, theirs);
    expect(await ctx.storage.containers.listByShipments(account.id, [theirs.id])).toStrictEqual([]);
    expect(await ctx.storage.containers.listByShipments(other.id, [theirs.id])).toStrictEqual([container]);
  });
}
