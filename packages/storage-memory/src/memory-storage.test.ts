import { makeAccount, makeContainer, makeShipment, runStorageContract } from "@bollard/core/testing";
import { describe, expect, it } from "vitest";
import { memoryStorage } from "./memory-storage.js";

runStorageContract("memory", () => memoryStorage(), { keptTexts: true });

describe("memoryStorage", () => {
  it("keeps copies: mutating a written or returned record does not change what is stored", async () => {
    const storage = memoryStorage();
    await storage.open();
    const account = makeAccount();
    await storage.accounts.insert(account);
    const shipment = makeShipment(account.id, { ref_numbers: ["PO-1"] });
    await storage.shipments.insert(shipment);
    const container = makeContainer(account.id, shipment.id);
    await storage.containers.insert(container);
    const original = structuredClone(container);

    shipment.ref_numbers.push("written-then-mutated");
    container.holds_at_pod_terminal.length = 0;
    const read = await storage.containers.get(account.id, container.id);
    read?.fees_at_pod_terminal.push({ type: "exam", amount: 1, currency_code: "USD" });
    const listed = await storage.shipments.list(account.id, { page: { number: 1, size: 10 } });
    listed.items[0]?.tags.push("returned-then-mutated");

    expect(await storage.containers.get(account.id, container.id)).toStrictEqual(original);
    expect((await storage.shipments.get(account.id, shipment.id))?.ref_numbers).toStrictEqual(["PO-1"]);
    expect((await storage.shipments.get(account.id, shipment.id))?.tags).toStrictEqual(["east-coast"]);
    await storage.close();
  });

  it("declares itself as non-persistent, single-process memory storage", () => {
    const storage = memoryStorage();
    expect({ name: storage.name, capabilities: storage.capabilities }).toStrictEqual({
      name: "memory",
      capabilities: { persistent: false, multiProcess: false },
    });
  });

  it("refuses calls through a transaction's repositories once it has finished", async () => {
    const storage = memoryStorage();
    await storage.open();
    const leaked = await storage.transaction(async (tx) => tx);
    await expect(leaked.meta.set("late", "write")).rejects.toMatchObject({ code: "internal" });
    expect(await storage.meta.get("late")).toBeNull();
  });

  it("makes a write outside a transaction wait until the running transaction has finished", async () => {
    const storage = memoryStorage();
    await storage.open();
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    const order: string[] = [];
    const transaction = storage.transaction(async (tx) => {
      await tx.meta.set("owner", "transaction");
      await held;
      order.push("commit");
    });
    const write = storage.meta.set("owner", "outside").then(() => order.push("outside write"));
    await new Promise((resolve) => setTimeout(resolve, 10));
    release();
    await Promise.all([transaction, write]);
    expect(order).toStrictEqual(["commit", "outside write"]);
    expect(await storage.meta.get("owner")).toBe("outside");
  });
});
