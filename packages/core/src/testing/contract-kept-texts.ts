import { expect } from "vitest";
import { keepingTexts } from "../read-model/keeping-texts.js";
import { eventLinkageText, recordText, rendererFingerprint, textKeys } from "../read-model/resource-texts.js";
import { createTextReader } from "../read-model/text-reader.js";
import { versionedStorage } from "../storage/change-versions.js";
import type { KeptTextRepository } from "../storage/kept-text-repositories.js";
import type { Storage } from "../storage/storage.js";
import { seedAccount, type ContractContext } from "./contract-context.js";
import { makeContainer, makeRawEvent, makeShipment, makeTransportEvent } from "./fixtures.js";

/**
 * `keptTexts` (optional): key → text per account, under a stamp; what core's read model keeps.
 * Run for every storage that declares it.
 */
export function describeKeptTextsContract(ctx: ContractContext): void {
  const texts = (): KeptTextRepository => {
    const repository = ctx.storage.keptTexts;
    if (!repository) throw new Error("the storage declares no keptTexts");
    return repository;
  };

  ctx.test("kept texts: a text comes back under the stamp it was kept with, and only that one", async () => {
    const { id } = await seedAccount(ctx.storage);
    expect(await texts().get(id, [], "s1")).toStrictEqual(new Map());
    await texts().put(id, [{ key: "a", text: '{"a":1}' }, { key: "b", text: "" }], "s1");
    expect(await texts().get(id, ["b", "a", "c"], "s1")).toStrictEqual(new Map([["b", ""], ["a", '{"a":1}']]));
    expect(await texts().get(id, ["a", "b"], "s2")).toStrictEqual(new Map());
    // Replaced, stamp and all.
    await texts().put(id, [{ key: "a", text: "new" }], "s2");
    expect(await texts().get(id, ["a", "b"], "s2")).toStrictEqual(new Map([["a", "new"]]));
    expect(await texts().get(id, ["a", "b"], "s1")).toStrictEqual(new Map([["b", ""]]));
  });

  ctx.test("kept texts: each account has its own keys", async () => {
    const a = await seedAccount(ctx.storage);
    const b = await seedAccount(ctx.storage);
    await texts().put(a.id, [{ key: "k", text: "of a" }], "s");
    await texts().put(b.id, [{ key: "k", text: "of b" }], "s");
    expect(await texts().get(a.id, ["k"], "s")).toStrictEqual(new Map([["k", "of a"]]));
    await texts().drop(a.id, ["k", "never kept"]);
    expect(await texts().get(a.id, ["k"], "s")).toStrictEqual(new Map());
    expect(await texts().get(b.id, ["k"], "s")).toStrictEqual(new Map([["k", "of b"]]));
  });

  ctx.test("kept texts: onlyMissing keeps what is kept under the same stamp, and replaces what is missing or of another stamp", async () => {
    const { id } = await seedAccount(ctx.storage);
    await texts().put(id, [{ key: "written", text: "writer's" }, { key: "old", text: "old renderer's" }], "s1");
    await texts().put(id, [{ key: "old", text: "old renderer's" }], "s0");
    await texts().put(
      id,
      [
        { key: "written", text: "reader's" },
        { key: "old", text: "reader's" },
        { key: "missing", text: "reader's" },
      ],
      "s1",
      { onlyMissing: true },
    );
    expect(await texts().get(id, ["written", "old", "missing"], "s1")).toStrictEqual(
      new Map([
        ["written", "writer's"],
        ["old", "reader's"],
        ["missing", "reader's"],
      ]),
    );
  });

  ctx.test("kept texts: a put or drop inside a transaction commits and rolls back with it", async () => {
    const { id } = await seedAccount(ctx.storage);
    await texts().put(id, [{ key: "kept", text: "1" }], "s");
    await ctx.storage.transaction(async (tx) => {
      await tx.keptTexts!.put(id, [{ key: "new", text: "2" }], "s");
      expect(await tx.keptTexts!.get(id, ["new"], "s")).toStrictEqual(new Map([["new", "2"]]));
    });
    await expect(
      ctx.storage.transaction(async (tx) => {
        await tx.keptTexts!.drop(id, ["kept", "new"]);
        await tx.keptTexts!.put(id, [{ key: "rolled back", text: "3" }], "s");
        throw new Error("rolled back");
      }),
    ).rejects.toThrow("rolled back");
    expect(await texts().get(id, ["kept", "new", "rolled back"], "s")).toStrictEqual(
      new Map([
        ["kept", "1"],
        ["new", "2"],
      ]),
    );
  });

  ctx.test("kept texts: many keys at once, and texts of any size", async () => {
    const { id } = await seedAccount(ctx.storage);
    const many = Array.from({ length: 700 }, (_, i) => ({ key: `k${i}`, text: `"${"x".repeat(i * 7)}\u00e9\u2603"` }));
    await texts().put(id, many, "s");
    const found = await texts().get(id, many.map((t) => t.key).reverse(), "s");
    expect(found.size).toBe(700);
    for (const { key, text } of many) expect(found.get(key)).toBe(text);
    await texts().drop(id, many.map((t) => t.key));
    expect((await texts().get(id, many.map((t) => t.key), "s")).size).toBe(0);
  });

  ctx.test("kept texts: clearing an account drops its texts and no other account's", async () => {
    const mine = await seedAccount(ctx.storage);
    const other = await seedAccount(ctx.storage);
    await texts().put(mine.id, [{ key: "k", text: "mine" }], "s");
    await texts().put(other.id, [{ key: "k", text: "other" }], "s");
    await ctx.storage.copy.clearAccount(mine.id);
    expect(await texts().get(mine.id, ["k"], "s")).toStrictEqual(new Map());
    expect(await texts().get(other.id, ["k"], "s")).toStrictEqual(new Map([["k", "other"]]));
  });

  /** A shipment with two containers and events of the first, written as a tracker writes (its read model kept). */
  async function seedJourney(storage: Storage) {
    const { id: accountId } = await seedAccount(ctx.storage);
    const shipment = makeShipment(accountId);
    const first = makeContainer(accountId, shipment.id, { created_at: "2026-01-01T00:00:00.000Z" });
    const second = makeContainer(accountId, shipment.id, { created_at: "2026-01-02T00:00:00.000Z" });
    // Out of timestamp order: the linkage follows the list's order, not the write's.
    const later = makeTransportEvent(accountId, shipment.id, first.id, { timestamp: "2026-02-02T00:00:00.000Z" });
    const earlier = makeTransportEvent(accountId, shipment.id, first.id, { timestamp: "2026-02-01T00:00:00.000Z" });
    const raw = makeRawEvent(accountId, shipment.id, first.id);
    await storage.transaction(async (tx) => {
      await tx.shipments.insert(shipment);
      await tx.containers.insert(second);
      await tx.containers.insert(first);
      await tx.transportEvents.insertMany([later, earlier]);
      await tx.rawEvents.insertMany([raw]);
    });
    return { accountId, shipment, first, second, events: { transport_events: [earlier.id, later.id], raw_events: [raw.id] } };
  }

  ctx.test("read model: a write keeps the texts it changed in its own transaction", async () => {
    const storage = keepingTexts(versionedStorage(ctx.storage));
    const { accountId, shipment, first, second, events } = await seedJourney(storage);
    const keys = [textKeys.record("shipment", shipment.id), textKeys.shipmentContainers(shipment.id), textKeys.record("container", first.id), textKeys.containerEvents(first.id), textKeys.containerEvents(second.id)];
    expect(await texts().get(accountId, keys, rendererFingerprint())).toStrictEqual(
      new Map([
        [keys[0]!, recordText("shipment", shipment)],
        [keys[1]!, JSON.stringify([first.id, second.id])],
        [keys[2]!, recordText("container", first)],
        [keys[3]!, eventLinkageText(events)],
        // A container without events has its empty linkage kept from its insert.
        [keys[4]!, eventLinkageText({ transport_events: [], raw_events: [] })],
      ]),
    );
    // An update outside a transaction runs in one of its own, which keeps the new text.
    const tagged = { ...shipment, tags: ["kept"] };
    await storage.shipments.update(tagged);
    expect((await texts().get(accountId, keys, rendererFingerprint())).get(keys[0]!)).toBe(recordText("shipment", tagged));
    // A write that rolls back keeps nothing.
    await expect(
      storage.transaction(async (tx) => {
        await tx.shipments.update({ ...tagged, tags: ["rolled back"] });
        throw new Error("rolled back");
      }),
    ).rejects.toThrow("rolled back");
    expect((await texts().get(accountId, keys, rendererFingerprint())).get(keys[0]!)).toBe(recordText("shipment", tagged));
  });

  ctx.test("read model: a reader makes a missing text from the records and keeps it; without the capability it makes every text", async () => {
    const storage = keepingTexts(versionedStorage(ctx.storage));
    const { accountId, shipment, first, second, events } = await seedJourney(storage);
    const wants = { shipments: [shipment.id, "00000000-0000-7000-8000-000000000000"], containerIdsOf: [shipment.id], containers: [first.id, second.id], eventLinkageOf: [first.id, second.id] };
    const expected = async (reader: ReturnType<typeof createTextReader>) => {
      const read = await reader.read(accountId, wants);
      expect([...read.shipments.keys()]).toStrictEqual([shipment.id]);
      expect(read.shipments.get(shipment.id)!.attributes + "\n" + read.shipments.get(shipment.id)!.relationships).toBe(recordText("shipment", shipment));
      expect(read.containerIds.get(shipment.id)).toStrictEqual([first.id, second.id]);
      expect(read.containers.get(second.id)!.attributes + "\n" + read.containers.get(second.id)!.relationships).toBe(recordText("container", second));
      expect(read.eventLinkage.get(first.id)).toBe(eventLinkageText(events));
      expect(read.eventLinkage.get(second.id)).toBe(eventLinkageText({ transport_events: [], raw_events: [] }));
    };
    const everyKey = [textKeys.record("shipment", shipment.id), textKeys.shipmentContainers(shipment.id), ...[first, second].flatMap((c) => [textKeys.record("container", c.id), textKeys.containerEvents(c.id)])];
    await texts().drop(accountId, everyKey);
    const reader = createTextReader(storage);
    await expected(reader);
    await reader.settled();
    // The reader kept every text it made, the second container's empty linkage too.
    expect((await texts().get(accountId, everyKey, rendererFingerprint())).size).toBe(everyKey.length);
    await expected(reader);
    // Texts of another renderer read as missing, and are made again.
    await texts().put(accountId, everyKey.map((key) => ({ key, text: "stale" })), "another renderer");
    await expected(reader);
    await reader.settled();
    expect([...(await texts().get(accountId, everyKey, rendererFingerprint())).values()]).not.toContain("stale");
    // A storage without kept texts: the same texts, made on every read.
    await expected(createTextReader({ ...storage, keptTexts: undefined } as Storage));
  });
}
