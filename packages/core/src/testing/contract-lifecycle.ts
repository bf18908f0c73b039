import { expect } from "vitest";
import type { TrackingRequest } from "../domain/index.js";
import { uuidv7 } from "../ids/index.js";
import { ascendingIds, at, compareText, expectCode, expectPaging, seedAccount, seedContainer, seedShipment, type ContractContext } from "./contract-context.js";
import { makeDomainEvent, makeRawEvent, makeTrackingRequest } from "./fixtures.js";

/** What the tracking lifecycle needs: the scheduler's due queue, raw event updates, domain events. */
export function describeLifecycleContract(ctx: ContractContext): void {
  ctx.test("trackingRequests.listDue returns, across accounts, requests due at or before now by next_attempt_at then id, up to limit", async () => {
    const a = await seedAccount(ctx.storage);
    const b = await seedAccount(ctx.storage);
    const [id1, id2] = [uuidv7(), uuidv7()];
    const due = [
      makeTrackingRequest(b.id, { next_attempt_at: at(1) }),
      makeTrackingRequest(a.id, { id: id1, next_attempt_at: at(2) }),
      makeTrackingRequest(b.id, { id: id2, next_attempt_at: at(2) }),
      makeTrackingRequest(a.id, { next_attempt_at: at(5) }),
    ];
    const notDue = [makeTrackingRequest(a.id, { next_attempt_at: at(6) }), makeTrackingRequest(b.id, { next_attempt_at: null })];
    for (const request of [...notDue, ...[...due].reverse()]) await ctx.storage.trackingRequests.insert(request);
    expect(await ctx.storage.trackingRequests.listDue(at(5), 10)).toStrictEqual(due);
    expect(await ctx.storage.trackingRequests.listDue(at(5), 2)).toStrictEqual(due.slice(0, 2));
    expect(await ctx.storage.trackingRequests.listDue(at(0), 10)).toStrictEqual([]);
  });

  ctx.test("trackingRequests.listDue follows updates of next_attempt_at", async () => {
    const account = await seedAccount(ctx.storage);
    const request = makeTrackingRequest(account.id, { next_attempt_at: at(1) });
    await ctx.storage.trackingRequests.insert(request);
    await ctx.storage.trackingRequests.update({ ...request, next_attempt_at: null });
    expect(await ctx.storage.trackingRequests.listDue(at(10), 10)).toStrictEqual([]);
    await ctx.storage.trackingRequests.update({ ...request, next_attempt_at: at(3) });
    expect((await ctx.storage.trackingRequests.listDue(at(10), 10)).map((r) => r.id)).toStrictEqual([request.id]);
  });

  ctx.test("trackingRequests.claimDue takes due requests of every account by next_attempt_at then id, up to limit, and leases them", async () => {
    const [a, b] = [await seedAccount(ctx.storage), await seedAccount(ctx.storage)];
    const [id1, id2] = ascendingIds(2, uuidv7);
    const first = makeTrackingRequest(b.id, { next_attempt_at: at(1) });
    const tieA = makeTrackingRequest(a.id, { id: id1, next_attempt_at: at(2), retry_count: 2 });
    const tieB = makeTrackingRequest(b.id, { id: id2, next_attempt_at: at(2) });
    const last = makeTrackingRequest(a.id, { next_attempt_at: at(5) });
    const notYet = makeTrackingRequest(a.id, { next_attempt_at: at(11) });
    const unscheduled = makeTrackingRequest(b.id, { next_attempt_at: null });
    for (const request of [last, notYet, tieB, unscheduled, first, tieA]) await ctx.storage.trackingRequests.insert(request);
    const leased = (r: TrackingRequest, lease = at(20)) => ({ ...r, next_attempt_at: lease });
    expect(await ctx.storage.trackingRequests.claimDue(at(10), at(20), 3)).toStrictEqual([first, tieA, tieB].map((r) => leased(r)));
    expect(await ctx.storage.trackingRequests.get(a.id, tieA.id)).toStrictEqual(leased(tieA));
    expect(await ctx.storage.trackingRequests.claimDue(at(10), at(20), 3)).toStrictEqual([leased(last)]);
    expect(await ctx.storage.trackingRequests.claimDue(at(19), at(30), 10)).toStrictEqual([leased(notYet, at(30))]);
    expect(await ctx.storage.trackingRequests.get(b.id, unscheduled.id)).toStrictEqual(unscheduled);
    // A lease that ran out makes the request due again (its claimer is presumed dead).
    const again = await ctx.storage.trackingRequests.claimDue(at(20), at(40), 10);
    expect(again.map((r) => r.id)).toStrictEqual([first.id, tieA.id, tieB.id, last.id].sort(compareText));
  });

  ctx.test("trackingRequests.claimDue calls made at the same time never return the same request", async () => {
    const account = await seedAccount(ctx.storage);
    for (let i = 0; i < 20; i += 1) await ctx.storage.trackingRequests.insert(makeTrackingRequest(account.id, { next_attempt_at: at(i % 4) }));
    const claims = await Promise.all(Array.from({ length: 6 }, () => ctx.storage.trackingRequests.claimDue(at(5), at(30), 4)));
    const ids = claims.flat().map((r) => r.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids.length).toBe(20);
  });

  ctx.test("rawEvents.update replaces a raw event and rejects a missing one with not_found", async () => {
    const account = await seedAccount(ctx.storage);
    const shipment = await seedShipment(ctx.storage, account.id);
    const container = await seedContainer(ctx.storage, shipment);
    const event = makeRawEvent(account.id, shipment.id, container.id, { index: 0, estimated: true });
    await ctx.storage.rawEvents.insertMany([event]);
    const actual = { ...event, estimated: false, timestamp: at(30), actual_at: at(30) };
    await ctx.storage.rawEvents.update(actual);
    expect((await ctx.storage.rawEvents.listByContainers(account.id, [container.id])).items).toStrictEqual([actual]);
    await expectCode(ctx.storage.rawEvents.update(makeRawEvent(account.id, shipment.id, container.id)), "not_found");
    const other = await seedAccount(ctx.storage);
    await expectCode(ctx.storage.rawEvents.update({ ...actual, account_id: other.id }), "not_found");
  });

  ctx.test("domainEvents round-trip their data and list in created_at then id order, filtered by shipment, container and event", async () => {
    const account = await seedAccount(ctx.storage);
    const other = await seedAccount(ctx.storage);
    const [s1, s2, c1] = [uuidv7(), uuidv7(), uuidv7()];
    const events = [
      makeDomainEvent(account.id, { shipment_id: s1, created_at: at(1) }),
      makeDomainEvent(account.id, { shipment_id: s1, container_id: c1, event: "container.updated", reference_object_type: "container_updated_event", created_at: at(2) }),
      makeDomainEvent(account.id, { shipment_id: s2, created_at: at(2) }),
      makeDomainEvent(account.id, { shipment_id: s1, event: "shipment.estimated.arrival", reference_object_type: "estimated_event", created_at: at(3) }),
    ];
    await ctx.storage.domainEvents.insertMany([...events].reverse());
    await ctx.storage.domainEvents.insertMany([makeDomainEvent(other.id, { shipment_id: s1 })]);
    const sorted = [...events].sort((x, y) => (x.created_at < y.created_at ? -1 : x.created_at > y.created_at ? 1 : x.id < y.id ? -1 : 1));
    expect(await ctx.storage.domainEvents.list(account.id, { page: { number: 1, size: 10 } })).toStrictEqual({ items: sorted, total: 4 });
    expect((await ctx.storage.domainEvents.list(account.id, { page: { number: 1, size: 10 }, shipmentId: s1 })).items.map((e) => e.id)).toStrictEqual(
      sorted.filter((e) => e.shipment_id === s1).map((e) => e.id),
    );
    expect((await ctx.storage.domainEvents.list(account.id, { page: { number: 1, size: 10 }, containerId: c1 })).items).toStrictEqual([events[1]]);
    expect((await ctx.storage.domainEvents.list(account.id, { page: { number: 1, size: 10 }, event: "shipment.estimated.arrival" })).items).toStrictEqual([events[3]]);
    expect(await ctx.storage.domainEvents.get(account.id, events[1]!.id)).toStrictEqual(events[1]);
    expect(await ctx.storage.domainEvents.get(other.id, events[1]!.id)).toBeNull();
    await expectPaging((page) => ctx.storage.domainEvents.list(account.id, { page }), sorted);
    await expectCode(ctx.storage.domainEvents.insertMany([events[0]!]), "conflict");
  });

  ctx.test("domainEvents.pruneCreatedBefore deletes the account's oldest events created before the instant, a bounded batch at a time", async () => {
    const account = await seedAccount(ctx.storage);
    const other = await seedAccount(ctx.storage);
    const events = [5, 1, 3, 2, 4, 9].map((minute) => makeDomainEvent(account.id, { created_at: at(minute) }));
    const elsewhere = makeDomainEvent(other.id, { created_at: at(1) });
    await ctx.storage.domainEvents.insertMany([...events, elsewhere]);
    const left = async () => (await ctx.storage.domainEvents.list(account.id, { page: { number: 1, size: 10 } })).items.map((e) => e.created_at);
    expect(await ctx.storage.domainEvents.pruneCreatedBefore(account.id, at(5), 2)).toBe(2);
    expect(await left()).toStrictEqual([at(3), at(4), at(5), at(9)]);
    expect(await ctx.storage.domainEvents.pruneCreatedBefore(account.id, at(5), 10)).toBe(2);
    expect(await left()).toStrictEqual([at(5), at(9)]);
    expect(await ctx.storage.domainEvents.pruneCreatedBefore(account.id, at(5), 10)).toBe(0);
    expect(await ctx.storage.domainEvents.pruneCreatedBefore(account.id, at(99), 0)).toBe(0);
    expect((await ctx.storage.domainEvents.list(other.id, { page: { number: 1, size: 10 } })).items).toStrictEqual([elsewhere]);
  });
}
