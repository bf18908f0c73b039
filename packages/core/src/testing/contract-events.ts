import { expect } from "vitest";
import type { Container } from "../domain/index.js";
import { uuidv7 } from "../ids/index.js";
import { ascendingIds, at, expectCode, expectPaging, seedAccount, seedContainer, seedShipment, type ContractContext } from "./contract-context.js";
import { describeCrud } from "./contract-crud.js";
import { makeRawEvent, makeTransportEvent } from "./fixtures.js";

/** Transport events and raw events. */
export function describeEventsContract(ctx: ContractContext): void {
  describeCrud(ctx, {
    name: "transportEvents",
    setup: async (storage, accountId) => {
      const shipment = await seedShipment(storage, accountId);
      const container = await seedContainer(storage, shipment);
      return () => makeTransportEvent(accountId, shipment.id, container.id);
    },
    insert: (repos, event) => repos.transportEvents.insertMany([event]),
    get: (repos, accountId, id) => repos.transportEvents.get(accountId, id),
    list: async (repos, accountId, event) => (await repos.transportEvents.listByContainers(accountId, [event.container_id])).items,
  });

  async function seedContainers(count: number, ids?: string[]): Promise<Container[]> {
    const account = await seedAccount(ctx.storage);
    const shipment = await seedShipment(ctx.storage, account.id);
    const containers: Container[] = [];
    for (let i = 0; i < count; i += 1) containers.push(await seedContainer(ctx.storage, shipment, ids?.[i] ? { id: ids[i] } : {}));
    return containers;
  }

  ctx.test("transportEvents.listByContainers orders by timestamp ascending with null timestamps last, then created_at, then id", async () => {
    const [x, y, z] = await seedContainers(3);
    if (!x || !y || !z) throw new Error("containers were not seeded");
    const event = (c: Container, timestamp: string | null, created: number, id = uuidv7()) =>
      makeTransportEvent(c.account_id, c.shipment_id, c.id, { id, timestamp, created_at: at(created) });
    const [low, high] = ascendingIds(2, uuidv7);
    const expected = [
      event(y, at(1), 9),
      event(x, at(5), 0),
      event(y, at(5), 1, low),
      event(x, at(5), 1, high),
      event(x, null, 1),
      event(y, null, 2),
    ];
    const [e0, e1, e2, e3, e4, e5] = expected;
    await ctx.storage.transportEvents.insertMany([e5, e3, event(z, at(0), 0), e0, e4, e2, e1].flatMap((e) => (e ? [e] : [])));
    expect(await ctx.storage.transportEvents.listByContainers(x.account_id, [x.id, y.id])).toStrictEqual({ items: expected, total: 6 });
    expect(await ctx.storage.transportEvents.listByContainers(x.account_id, [x.id])).toStrictEqual({ items: [e1, e3, e4], total: 3 });
    expect(await ctx.storage.transportEvents.listByContainers(x.account_id, [])).toStrictEqual({ items: [], total: 0 });
  });

  ctx.test("transportEvents.listByContainers without a page returns every event; with one it pages", async () => {
    const [container] = await seedContainers(1);
    if (!container) throw new Error("container was not seeded");
    const events = Array.from({ length: 5 }, (_, i) =>
      makeTransportEvent(container.account_id, container.shipment_id, container.id, { timestamp: at(i) }),
    );
    await ctx.storage.transportEvents.insertMany([...events].reverse());
    expect(await ctx.storage.transportEvents.listByContainers(container.account_id, [container.id])).toStrictEqual({ items: events, total: 5 });
    await expectPaging((page) => ctx.storage.transportEvents.listByContainers(container.account_id, [container.id], page), events);
  });

  ctx.test("transportEvents.insertMany is all or nothing: a taken id rejects with conflict and stores none of the batch", async () => {
    const [container] = await seedContainers(1);
    if (!container) throw new Error("container was not seeded");
    const make = () => makeTransportEvent(container.account_id, container.shipment_id, container.id);
    const stored = make();
    await ctx.storage.transportEvents.insertMany([stored]);
    const fresh = make();
    await expectCode(ctx.storage.transportEvents.insertMany([fresh, { ...make(), id: stored.id }]), "conflict");
    expect(await ctx.storage.transportEvents.get(container.account_id, fresh.id)).toBeNull();
    expect(await ctx.storage.transportEvents.listByContainers(container.account_id, [container.id])).toStrictEqual({ items: [stored], total: 1 });
  });

  ctx.test("transportEvents.insertMany inside a transaction is undone with it", async () => {
    const [container] = await seedContainers(1);
    if (!container) throw new Error("container was not seeded");
    const events = [1, 2].map(() => makeTransportEvent(container.account_id, container.shipment_id, container.id));
    const failure = new Error("ingest failed after the events were written");
    await expect(
      ctx.storage.transaction(async (tx) => {
        await tx.transportEvents.insertMany(events);
        throw failure;
      }),
    ).rejects.toBe(failure);
    expect(await ctx.storage.transportEvents.listByContainers(container.account_id, [container.id])).toStrictEqual({ items: [], total: 0 });
  });

  ctx.test("rawEvents.listByContainers returns exactly what insertMany wrote, ordered by container then index, then id", async () => {
    const containerIds = ascendingIds(3, uuidv7);
    const [c1, c2, c3] = await seedContainers(3, containerIds);
    if (!c1 || !c2 || !c3) throw new Error("containers were not seeded");
    const raw = (c: Container, index: number, id = uuidv7()) => makeRawEvent(c.account_id, c.shipment_id, c.id, { id, index });
    const [low, high] = ascendingIds(2, uuidv7);
    const expected = [
      raw(c1, 1, low),
      raw(c1, 1, high),
      raw(c1, 2),
      { ...raw(c2, 0), event: null, actual_on: null, actual_at: null, estimated: true, estimated_at: at(7), vessel_imo: null },
      raw(c2, 3),
    ];
    const [r0, r1, r2, r3, r4] = expected;
    await ctx.storage.rawEvents.insertMany([r4, r2, raw(c3, 0), r1, r3, r0].flatMap((e) => (e ? [e] : [])));
    expect(await ctx.storage.rawEvents.listByContainers(c1.account_id, [c1.id, c2.id])).toStrictEqual({ items: expected, total: 5 });
    await expectPaging((page) => ctx.storage.rawEvents.listByContainers(c1.account_id, [c1.id, c2.id], page), expected);
  });

  ctx.test("rawEvents: events of another account are invisible to listByContainers", async () => {
    const [mine] = await seedContainers(1);
    const [theirs] = await seedContainers(1);
    if (!mine || !theirs) throw new Error("containers were not seeded");
    const event = makeRawEvent(theirs.account_id, theirs.shipment_id, theirs.id);
    await ctx.storage.rawEvents.insertMany([event]);
    expect(await ctx.storage.rawEvents.listByContainers(mine.account_id, [theirs.id])).toStrictEqual({ items: [], total: 0 });
    expect(await ctx.storage.rawEvents.listByContainers(theirs.account_id, [theirs.id])).toStrictEqual({ items: [event], total: 1 });
  });

  ctx.test("rawEvents.insertMany of an existing id rejects with conflict and stores none of the batch", async () => {
    const [container] = await seedContainers(1);
    if (!container) throw new Error("container was not seeded");
    const make = (index: number) => makeRawEvent(container.account_id, container.shipment_id, container.id, { index });
    const stored = make(0);
    await ctx.storage.rawEvents.insertMany([stored]);
    await expectCode(ctx.storage.rawEvents.insertMany([make(1), { ...make(2), id: stored.id }]), "conflict");
    expect(await ctx.storage.rawEvents.listByContainers(container.account_id, [container.id])).toStrictEqual({ items: [stored], total: 1 });
  });
}
