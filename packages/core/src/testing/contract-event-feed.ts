import { expect } from "vitest";
import type { Container, RawEvent, TransportEvent } from "../domain/index.js";
import { BollardError } from "../errors/index.js";
import type { EventFeedEntry, EventFeedQuery, Storage } from "../storage/index.js";
import { at, delay, expectCode, gate, seedAccount, seedContainer, seedShipment, type ContractContext } from "./contract-context.js";
import { makeRawEvent, makeTransportEvent } from "./fixtures.js";

/** What an entry shows, for comparisons: its type and its event's id. */
const shown = (entries: readonly EventFeedEntry[]) => entries.map((entry) => `${entry.type}:${entry.record.id}`);
const transport = (e: TransportEvent) => `transport_event:${e.id}`;
const raw = (e: RawEvent) => `raw_event:${e.id}`;

/** Reads the whole feed of an account by pages of `size`, each after the last position read. */
async function readAll(storage: Storage, accountId: string, query: Omit<EventFeedQuery, "limit" | "after"> = {}, size = 2): Promise<EventFeedEntry[]> {
  const all: EventFeedEntry[] = [];
  for (;;) {
    const page = await storage.eventFeed.list(accountId, { ...query, limit: size, ...(all.length > 0 && { after: all.at(-1)!.position }) });
    all.push(...page);
    if (page.length < size) return all;
  }
}

/** The event feed: every transport and raw event of an account, in the order they were learned. */
export function describeEventFeedContract(ctx: ContractContext): void {
  async function seedContainers(count: number): Promise<Container[]> {
    const account = await seedAccount(ctx.storage);
    const shipment = await seedShipment(ctx.storage, account.id);
    const containers: Container[] = [];
    for (let i = 0; i < count; i += 1) containers.push(await seedContainer(ctx.storage, shipment));
    return containers;
  }

  ctx.test("eventFeed.list gives every event of the account in the order written (insertMany in batch order, both tables interleaved), with increasing positions", async () => {
    const [x, y] = await seedContainers(2);
    const t1 = makeTransportEvent(x!.account_id, x!.shipment_id, x!.id, { created_at: at(5) });
    const r1 = makeRawEvent(x!.account_id, x!.shipment_id, x!.id, { index: 0, created_at: at(1) });
    const r2 = makeRawEvent(y!.account_id, y!.shipment_id, y!.id, { index: 0, created_at: at(0) });
    const t2 = makeTransportEvent(y!.account_id, y!.shipment_id, y!.id, { created_at: at(0) });
    const t3 = makeTransportEvent(x!.account_id, x!.shipment_id, x!.id, { created_at: at(9), timestamp: at(-100) });
    await ctx.storage.transportEvents.insertMany([t1]);
    await ctx.storage.rawEvents.insertMany([r1, r2]);
    await ctx.storage.transportEvents.insertMany([t2, t3]);
    const entries = await ctx.storage.eventFeed.list(x!.account_id, { limit: 100 });
    expect(shown(entries)).toStrictEqual([transport(t1), raw(r1), raw(r2), transport(t2), transport(t3)]);
    expect(entries.map((e) => e.record)).toStrictEqual([t1, r1, r2, t2, t3]);
    const positions = entries.map((e) => e.position);
    expect(positions.every((p, i) => Number.isInteger(p) && p >= 1 && (i === 0 || p > positions[i - 1]!))).toBe(true);
  });

  ctx.test("eventFeed.list pages after a position, at most limit entries, and never gives an entry twice", async () => {
    const [x] = await seedContainers(1);
    const events = Array.from({ length: 7 }, (_, i) => makeTransportEvent(x!.account_id, x!.shipment_id, x!.id, { created_at: at(i) }));
    for (const event of events) await ctx.storage.transportEvents.insertMany([event]);
    const all = await ctx.storage.eventFeed.list(x!.account_id, { limit: 100 });
    expect(shown(await readAll(ctx.storage, x!.account_id))).toStrictEqual(events.map(transport));
    expect(shown(await ctx.storage.eventFeed.list(x!.account_id, { limit: 3, after: all[1]!.position }))).toStrictEqual(events.slice(2, 5).map(transport));
    expect(await ctx.storage.eventFeed.list(x!.account_id, { limit: 3, after: all.at(-1)!.position })).toStrictEqual([]);
  });

  ctx.test("rawEvents.update moves the event to the end of the feed; the feed holds it once, as updated", async () => {
    const [x] = await seedContainers(1);
    const estimate = makeRawEvent(x!.account_id, x!.shipment_id, x!.id, { index: 0, estimated: true, actual_on: null, actual_at: null, estimated_at: at(50), timestamp: at(50) });
    const other = makeTransportEvent(x!.account_id, x!.shipment_id, x!.id);
    await ctx.storage.rawEvents.insertMany([estimate]);
    await ctx.storage.transportEvents.insertMany([other]);
    const before = await ctx.storage.eventFeed.list(x!.account_id, { limit: 100 });
    const moved: RawEvent = { ...estimate, timestamp: at(60), estimated_at: at(60), updated_at: at(70) };
    await ctx.storage.rawEvents.update(moved);
    const after = await ctx.storage.eventFeed.list(x!.account_id, { limit: 100 });
    expect(shown(after)).toStrictEqual([transport(other), raw(moved)]);
    expect(after[1]!.record).toStrictEqual(moved);
    expect(after[1]!.position).toBeGreaterThan(before.at(-1)!.position);
    // A reader that had read up to the transport event meets the estimate again, as it now stands.
    expect((await ctx.storage.eventFeed.list(x!.account_id, { limit: 100, after: before.at(-1)!.position })).map((e) => e.record)).toStrictEqual([moved]);
  });

  ctx.test("eventFeed.list filters by type, by container (an empty list matches nothing) and by learned time (raw events: updated_at, else created_at)", async () => {
    const [x, y] = await seedContainers(2);
    const tx = makeTransportEvent(x!.account_id, x!.shipment_id, x!.id, { created_at: at(1) });
    const ty = makeTransportEvent(y!.account_id, y!.shipment_id, y!.id, { created_at: at(5) });
    const rx = makeRawEvent(x!.account_id, x!.shipment_id, x!.id, { index: 0, created_at: at(2), updated_at: at(8) });
    const ry = makeRawEvent(y!.account_id, y!.shipment_id, y!.id, { index: 0, created_at: at(3) });
    await ctx.storage.transportEvents.insertMany([tx, ty]);
    await ctx.storage.rawEvents.insertMany([rx, ry]);
    const accountId = x!.account_id;
    expect(shown(await readAll(ctx.storage, accountId, { types: ["raw_event"] }))).toStrictEqual([raw(rx), raw(ry)]);
    expect(shown(await readAll(ctx.storage, accountId, { types: ["transport_event", "raw_event"] }))).toStrictEqual([transport(tx), transport(ty), raw(rx), raw(ry)]);
    expect(shown(await readAll(ctx.storage, accountId, { containerIds: [y!.id] }))).toStrictEqual([transport(ty), raw(ry)]);
    expect(await ctx.storage.eventFeed.list(accountId, { limit: 10, containerIds: [] })).toStrictEqual([]);
    expect(shown(await readAll(ctx.storage, accountId, { learnedSince: at(3) }))).toStrictEqual([transport(ty), raw(rx), raw(ry)]);
    expect(shown(await readAll(ctx.storage, accountId, { learnedSince: at(4), types: ["raw_event"], containerIds: [x!.id, y!.id] }))).toStrictEqual([raw(rx)]);
  });

  ctx.test("eventFeed.list and get never show another account's events; get finds either kind by id, with its position", async () => {
    const [x] = await seedContainers(1);
    const [other] = await seedContainers(1);
    const mine = makeRawEvent(x!.account_id, x!.shipment_id, x!.id, { index: 0 });
    const theirs = makeTransportEvent(other!.account_id, other!.shipment_id, other!.id);
    const mineToo = makeTransportEvent(x!.account_id, x!.shipment_id, x!.id);
    await ctx.storage.rawEvents.insertMany([mine]);
    await ctx.storage.transportEvents.insertMany([theirs, mineToo]);
    const entries = await ctx.storage.eventFeed.list(x!.account_id, { limit: 100 });
    expect(shown(entries)).toStrictEqual([raw(mine), transport(mineToo)]);
    expect(await ctx.storage.eventFeed.get(x!.account_id, mine.id)).toStrictEqual(entries[0]);
    expect(await ctx.storage.eventFeed.get(x!.account_id, mineToo.id)).toStrictEqual(entries[1]);
    expect(await ctx.storage.eventFeed.get(x!.account_id, theirs.id)).toBeNull();
    expect(await ctx.storage.eventFeed.get(x!.account_id, "not-an-id")).toBeNull();
    expect(await ctx.storage.eventFeed.list("0190a000-0000-7000-8000-000000000000", { limit: 10 })).toStrictEqual([]);
    expect(shown(await ctx.storage.eventFeed.list(other!.account_id, { limit: 10 }))).toStrictEqual([transport(theirs)]);
  });

  ctx.test("events written in a rolled-back transaction never appear in the feed", async () => {
    const [x] = await seedContainers(1);
    const kept = makeTransportEvent(x!.account_id, x!.shipment_id, x!.id);
    await expectCode(
      ctx.storage.transaction(async (tx) => {
        await tx.transportEvents.insertMany([makeTransportEvent(x!.account_id, x!.shipment_id, x!.id)]);
        await tx.rawEvents.insertMany([makeRawEvent(x!.account_id, x!.shipment_id, x!.id, { index: 0 })]);
        throw new BollardError("conflict", "roll back");
      }),
      "conflict",
    );
    await ctx.storage.transportEvents.insertMany([kept]);
    expect(shown(await ctx.storage.eventFeed.list(x!.account_id, { limit: 10 }))).toStrictEqual([transport(kept)]);
  });

  ctx.test("a reader that has seen a position never later meets a new entry at or below it, while a transaction writes events", async () => {
    const [x] = await seedContainers(1);
    const first = makeTransportEvent(x!.account_id, x!.shipment_id, x!.id);
    const held = gate();
    let inside: () => void = () => {};
    const started = new Promise<void>((resolve) => (inside = resolve));
    const writing = ctx.storage.transaction(async (tx) => {
      await tx.transportEvents.insertMany([first]);
      inside();
      await held.promise;
    });
    await started;
    // A backend may answer from the committed state (nothing yet; PostgreSQL's snapshot may be taken
    // before the commit even when the answer comes after it) or make the read wait for the commit
    // (the event). An answer that came before the commit must be the committed state: no dirty read.
    let committed = false;
    let answeredBeforeCommit = false;
    const reading = ctx.storage.eventFeed.list(x!.account_id, { limit: 10 }).then((entries) => ((answeredBeforeCommit = !committed), entries));
    await Promise.race([reading, delay(50)]);
    committed = true;
    held.open();
    await writing;
    const answer = shown(await reading);
    if (answeredBeforeCommit) expect(answer).toStrictEqual([]);
    else expect([[], [transport(first)]]).toContainEqual(answer);
    const seen = await ctx.storage.eventFeed.list(x!.account_id, { limit: 10 });
    expect(shown(seen)).toStrictEqual([transport(first)]);
    const second = makeRawEvent(x!.account_id, x!.shipment_id, x!.id, { index: 0 });
    await ctx.storage.rawEvents.insertMany([second]);
    expect(shown(await ctx.storage.eventFeed.list(x!.account_id, { limit: 10, after: seen[0]!.position }))).toStrictEqual([raw(second)]);
  });
}
