import fc from "fast-check";
import { expect } from "vitest";
import type { Container } from "../domain/index.js";
import { storedRendering } from "../jsonapi/rendered.js";
import { storedEventLinkage } from "../jsonapi/rendered-events.js";
import type { RenderedRecord, StoredRenderings } from "../storage/index.js";
import { arbitraryContainer, arbitraryShipment } from "./arbitraries.js";
import { at, delay, gate, seedAccount, seedContainer, seedShipment, type ContractContext } from "./contract-context.js";
import { makeContainer, makeRawEvent, makeShipment, makeTransportEvent } from "./fixtures.js";

const RENDERING_RUNS = 25;

/** Stored renderings: the text equals rendering what the plain reads return, whoever stored it and when. */
export function describeRenderingsContract(ctx: ContractContext): void {
  const renderings = (): StoredRenderings => ctx.storage.renderings!;
  /** The linkage a storage keeping it must hold for a container: its events' ids as the event lists give them. */
  const linkageOf = async (accountId: string, containerId: string) => {
    const ids = <T extends { id: string }>({ items }: { items: T[] }) => items.map((event) => event.id);
    const [transport, raw] = await Promise.all([ctx.storage.transportEvents.listByContainers(accountId, [containerId]), ctx.storage.rawEvents.listByContainers(accountId, [containerId])]);
    return storedEventLinkage({ transport_events: ids(transport), raw_events: ids(raw) });
  };
  /**
   * Expects rendered containers to be the renderings of `containers`, in order, and the linkage
   * each keeps (`toMany`, when the storage keeps it) to be that of its events as stored now.
   */
  const expectContainers = async (accountId: string, rendered: readonly RenderedRecord[], containers: readonly Container[]) => {
    expect(rendered.map(({ toMany: _, ...record }) => record)).toStrictEqual(containers.map((container) => storedRendering("container", container)));
    for (const container of rendered) if (container.toMany !== undefined) expect(container.toMany).toBe(await linkageOf(accountId, container.id));
  };
  ctx.test("renderings.shipment is the rendering of the stored shipment, and follows updates", async () => {
    const account = await seedAccount(ctx.storage);
    const shipment = await seedShipment(ctx.storage, account.id);
    expect(await renderings().shipment(account.id, shipment.id)).toStrictEqual(storedRendering("shipment", shipment));
    const changed = { ...shipment, tags: ["hot"], pod_terminal_id: null, destination_type: "metro_area" as const, destination_id: shipment.id };
    await ctx.storage.shipments.update(changed);
    expect(await renderings().shipment(account.id, shipment.id)).toStrictEqual(storedRendering("shipment", changed));
  });

  ctx.test("renderings outside a transaction do not see its uncommitted writes, and see them once committed", async () => {
    const account = await seedAccount(ctx.storage);
    const shipment = await seedShipment(ctx.storage, account.id);
    const container = await seedContainer(ctx.storage, shipment);
    const changed = { ...shipment, tags: ["uncommitted"] };
    const added = makeContainer(account.id, shipment.id);
    const held = gate();
    const wrote = gate();
    const transaction = ctx.storage.transaction(async (tx) => {
      await tx.shipments.update(changed);
      await tx.containers.insert(added);
      wrote.open();
      await held.promise;
    });
    await wrote.promise;
    const reads = Promise.all([renderings().shipment(account.id, shipment.id), renderings().containersOfShipment(account.id, shipment.id)]);
    // A backend may answer at once (and must then show the committed state) or make the reads wait for the commit.
    const early = await Promise.race([reads.then((values) => ({ values })), delay(50).then(() => null)]);
    held.open();
    await transaction;
    if (early) {
      expect(early.values[0]).toStrictEqual(storedRendering("shipment", shipment));
      await expectContainers(account.id, early.values[1], [container]);
    } else expect((await reads)[0]).toStrictEqual(storedRendering("shipment", changed));
    expect(await renderings().shipment(account.id, shipment.id)).toStrictEqual(storedRendering("shipment", changed));
    expect((await renderings().containersOfShipment(account.id, shipment.id)).map((c) => c.id)).toStrictEqual([container.id, added.id]);
  });

  ctx.test("renderings.shipment is null for an unknown id and for another account's shipment", async () => {
    const account = await seedAccount(ctx.storage);
    const other = await seedAccount(ctx.storage);
    const theirs = await seedShipment(ctx.storage, other.id);
    expect(await renderings().shipment(account.id, theirs.id)).toBeNull();
    expect(await renderings().shipment(account.id, makeShipment(account.id).id)).toBeNull();
    expect(await renderings().shipment(account.id, "not-a-uuid")).toBeNull();
  });

  ctx.test("renderings.containersOfShipment renders listByShipments of one shipment, in its order", async () => {
    const account = await seedAccount(ctx.storage);
    const shipment = await seedShipment(ctx.storage, account.id);
    const later = await seedContainer(ctx.storage, shipment, { created_at: at(3) });
    const earlier = await seedContainer(ctx.storage, shipment, { created_at: at(1) });
    await seedContainer(ctx.storage, await seedShipment(ctx.storage, account.id));
    await expectContainers(account.id, await renderings().containersOfShipment(account.id, shipment.id), [earlier, later]);
    const other = await seedAccount(ctx.storage);
    expect(await renderings().containersOfShipment(other.id, shipment.id)).toStrictEqual([]);
  });

  ctx.test("renderings.containersOfShipments and containerIdsOfShipments give the containers listByShipments lists, in its order, of the account's shipments only", async () => {
    const account = await seedAccount(ctx.storage);
    const [first, second, unasked] = [await seedShipment(ctx.storage, account.id), await seedShipment(ctx.storage, account.id), await seedShipment(ctx.storage, account.id)];
    // Created out of order and interleaved across the shipments: the listing orders them.
    for (const [shipment, minute] of [[second, 4], [first, 3], [second, 1], [unasked, 2], [first, 5]] as const) await seedContainer(ctx.storage, shipment, { created_at: at(minute) });
    const asked = [second.id, first.id];
    const listed = await ctx.storage.containers.listByShipments(account.id, asked);
    const many = await renderings().containersOfShipments?.(account.id, asked);
    if (many) {
      expect(many.map((container) => container.shipment_id)).toStrictEqual(listed.map((container) => container.shipment_id));
      await expectContainers(account.id, many.map(({ shipment_id: _, ...container }) => container), listed);
    }
    const ids = await renderings().containerIdsOfShipments?.(account.id, asked);
    if (ids) expect(ids).toStrictEqual(listed.map(({ id, shipment_id }) => ({ id, shipment_id })));
    const other = await seedAccount(ctx.storage);
    expect(await renderings().containersOfShipments?.(other.id, asked)).toSatisfy((found) => found === undefined || (Array.isArray(found) && found.length === 0));
    expect(await renderings().containerIdsOfShipments?.(other.id, asked)).toSatisfy((found) => found === undefined || (Array.isArray(found) && found.length === 0));
    expect(await renderings().containerIdsOfShipments?.(account.id, [])).toSatisfy((found) => found === undefined || (Array.isArray(found) && found.length === 0));
  });

  ctx.test("renderings.containerEventIds lists the ids the event lists give, in their order, of the account's containers only", async () => {
    const containerEventIds = renderings().containerEventIds?.bind(renderings());
    if (!containerEventIds) return;
    const account = await seedAccount(ctx.storage);
    const shipment = await seedShipment(ctx.storage, account.id);
    const [x, y] = [await seedContainer(ctx.storage, shipment), await seedContainer(ctx.storage, shipment)];
    const transport = [at(5), null, at(1), at(3)].map((timestamp, i) => makeTransportEvent(account.id, shipment.id, [x, y][i % 2]!.id, { timestamp, created_at: at(i) }));
    const raw = [3, 1, 2].map((index, i) => makeRawEvent(account.id, shipment.id, [y, x, y][i]!.id, { index }));
    await ctx.storage.transportEvents.insertMany(transport);
    await ctx.storage.rawEvents.insertMany(raw);
    const ids = [x.id, y.id];
    const idsOf = (events: { id: string; container_id: string }[]) => events.map(({ id, container_id }) => ({ id, container_id }));
    expect(await containerEventIds(account.id, ids)).toStrictEqual({
      transport_events: idsOf((await ctx.storage.transportEvents.listByContainers(account.id, ids)).items),
      raw_events: idsOf((await ctx.storage.rawEvents.listByContainers(account.id, ids)).items),
    });
    expect((await containerEventIds(account.id, ids)).transport_events.map((event) => event.id)).toStrictEqual([transport[2], transport[3], transport[0], transport[1]].map((event) => event!.id));
    const other = await seedAccount(ctx.storage);
    expect(await containerEventIds(other.id, ids)).toStrictEqual({ transport_events: [], raw_events: [] });
    expect(await containerEventIds(account.id, [])).toStrictEqual({ transport_events: [], raw_events: [] });
  });

  ctx.test("a container's kept event linkage follows its events as they are written, in every rendered read of it", async () => {
    const account = await seedAccount(ctx.storage);
    const shipment = await seedShipment(ctx.storage, account.id);
    const [x, y] = [await seedContainer(ctx.storage, shipment, { created_at: at(1) }), await seedContainer(ctx.storage, shipment, { created_at: at(2) })];
    const expectCurrent = async () => {
      await expectContainers(account.id, await renderings().containersOfShipment(account.id, shipment.id), [x, y]);
      const many = await renderings().containersOfShipments?.(account.id, [shipment.id]);
      if (many) await expectContainers(account.id, many.map(({ shipment_id: _, ...container }) => container), [x, y]);
      const page = await renderings().containerPage?.(account.id, { page: { number: 1, size: 30 } });
      if (page) await expectContainers(account.id, [...page.items].sort((a, b) => a.id.localeCompare(b.id)), [x, y].sort((a, b) => a.id.localeCompare(b.id)));
    };
    await expectCurrent();
    // Out of order, across both containers, a timestamp missing (listed last): each container's linkage in its list's order.
    const transport = [at(5), null, at(1), at(3)].map((timestamp, i) => makeTransportEvent(account.id, shipment.id, [x, y][i % 2]!.id, { timestamp, created_at: at(i) }));
    await ctx.storage.transportEvents.insertMany(transport);
    await expectCurrent();
    const raw = [3, 1, 2].map((index, i) => makeRawEvent(account.id, shipment.id, [y, x, y][i]!.id, { index }));
    await ctx.storage.transaction(async (tx) => {
      await tx.rawEvents.insertMany(raw);
      await tx.transportEvents.insertMany([makeTransportEvent(account.id, shipment.id, x.id, { timestamp: at(0), created_at: at(9) })]);
    });
    await expectCurrent();
    await ctx.storage.rawEvents.update({ ...raw[0]!, index: 0 }); // moves to the front of y's raw events
    await expectCurrent();
    const kept = (await renderings().containersOfShipment(account.id, shipment.id)).map((container) => container.toMany);
    if (kept[0] !== undefined) expect(kept).not.toContain(storedEventLinkage({ transport_events: [], raw_events: [] }));
  });

  ctx.test("renderings follow writes committed by a transaction", async () => {
    const account = await seedAccount(ctx.storage);
    const shipment = makeShipment(account.id);
    const container = makeContainer(account.id, shipment.id);
    await ctx.storage.transaction(async (tx) => {
      await tx.shipments.insert(shipment);
      await tx.containers.insert(container);
    });
    expect(await renderings().shipment(account.id, shipment.id)).toStrictEqual(storedRendering("shipment", shipment));
    await expectContainers(account.id, await renderings().containersOfShipment(account.id, shipment.id), [container]);
  });

  ctx.test("property: any shipment and container renders the same as its plain read", async () => {
    const account = await seedAccount(ctx.storage);
    await fc.assert(
      fc.asyncProperty(
        arbitraryShipment(account.id).chain((shipment) => fc.tuple(fc.constant(shipment), arbitraryContainer(account.id, shipment.id))),
        async ([shipment, container]) => {
          await ctx.storage.shipments.insert(shipment);
          await ctx.storage.containers.insert(container);
          const storedShipment = await ctx.storage.shipments.get(account.id, shipment.id);
          const storedContainers = await ctx.storage.containers.listByShipments(account.id, [shipment.id]);
          expect(await renderings().shipment(account.id, shipment.id)).toStrictEqual(storedRendering("shipment", storedShipment!));
          await expectContainers(account.id, await renderings().containersOfShipment(account.id, shipment.id), storedContainers);
        },
      ),
      { numRuns: RENDERING_RUNS },
    );
  });
}
