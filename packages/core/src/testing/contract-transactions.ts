import { expect } from "vitest";
import { ALL, at, delay, expectCode, gate, seedAccount, seedShipment, type ContractContext } from "./contract-context.js";
import { makeAccount, makePort, makeShipment, makeVessel, makeVesselPosition, makeWebhook } from "./fixtures.js";

/** Transactions and the storage lifecycle (open, close, name, capabilities). */
export function describeTransactionsContract(ctx: ContractContext): void {
  ctx.test("transaction resolves with what fn returned and commits every write", async () => {
    const account = makeAccount();
    const result = await ctx.storage.transaction(async (tx) => {
      await tx.accounts.insert(account);
      const shipment = makeShipment(account.id);
      await tx.shipments.insert(shipment);
      await tx.meta.set("reference_version", "7");
      return shipment;
    });
    expect(await ctx.storage.accounts.get(account.id)).toStrictEqual(account);
    expect(await ctx.storage.shipments.get(account.id, result.id)).toStrictEqual(result);
    expect(await ctx.storage.meta.get("reference_version")).toBe("7");
  });

  ctx.test("transaction rolls back every write when fn throws and rethrows the error", async () => {
    const account = await seedAccount(ctx.storage);
    const shipment = await seedShipment(ctx.storage, account.id);
    const webhook = makeWebhook(account.id);
    await ctx.storage.webhooks.insert(webhook);
    const port = makePort();
    await ctx.storage.ports.upsertMany([port]);
    await ctx.storage.meta.set("reference_version", "1");
    const vessel = makeVessel();
    await ctx.storage.vessels.upsertMany([vessel]);
    const vesselId = vessel.id;
    const failure = new Error("the carrier snapshot was malformed");
    const newAccount = makeAccount();
    await expect(
      ctx.storage.transaction(async (tx) => {
        await tx.accounts.insert(newAccount);
        await tx.shipments.insert(makeShipment(account.id));
        await tx.shipments.update({ ...shipment, tags: ["changed"], updated_at: at(99) });
        expect(await tx.webhooks.delete(account.id, webhook.id)).toBe(true);
        await tx.ports.upsertMany([{ ...port, name: "Renamed" }, makePort()]);
        await tx.meta.set("reference_version", "2");
        await tx.vesselPositions.insertMany([makeVesselPosition(vesselId)]);
        await delay(1);
        throw failure;
      }),
    ).rejects.toBe(failure);
    expect(await ctx.storage.accounts.get(newAccount.id)).toBeNull();
    expect(await ctx.storage.shipments.list(account.id, { page: ALL })).toStrictEqual({ items: [shipment], total: 1 });
    expect(await ctx.storage.webhooks.get(account.id, webhook.id)).toStrictEqual(webhook);
    expect(await ctx.storage.ports.get(port.id)).toStrictEqual(port);
    expect(await ctx.storage.ports.count()).toBe(1);
    expect(await ctx.storage.meta.get("reference_version")).toBe("1");
    expect(await ctx.storage.vesselPositions.listByVessel(vesselId)).toStrictEqual([]);
  });

  ctx.test("transaction rolls back its earlier writes when a write inside it rejects with conflict, and rethrows it", async () => {
    const account = await seedAccount(ctx.storage);
    const shipment = makeShipment(account.id);
    await expectCode(
      ctx.storage.transaction(async (tx) => {
        await tx.shipments.insert(shipment);
        await tx.accounts.insert(makeAccount({ id: account.id }));
      }),
      "conflict",
    );
    expect(await ctx.storage.shipments.get(account.id, shipment.id)).toBeNull();
  });

  ctx.test("reads through tx see the transaction's own writes", async () => {
    const account = await seedAccount(ctx.storage);
    const shipment = await seedShipment(ctx.storage, account.id);
    const webhook = makeWebhook(account.id);
    await ctx.storage.webhooks.insert(webhook);
    await ctx.storage.transaction(async (tx) => {
      const added = makeShipment(account.id, { created_at: at(500) });
      await tx.shipments.insert(added);
      const changed = { ...shipment, tags: ["changed"] };
      await tx.shipments.update(changed);
      expect(await tx.shipments.get(account.id, added.id)).toStrictEqual(added);
      expect(await tx.shipments.getMany(account.id, [shipment.id, added.id])).toStrictEqual([changed, added]);
      expect((await tx.shipments.list(account.id, { page: ALL })).total).toBe(2);
      await tx.webhooks.delete(account.id, webhook.id);
      expect(await tx.webhooks.get(account.id, webhook.id)).toBeNull();
      await tx.meta.set("reference_version", "9");
      expect(await tx.meta.get("reference_version")).toBe("9");
      await tx.ports.upsertMany([makePort()]);
      expect(await tx.ports.count()).toBe(1);
    });
  });

  ctx.test("reads outside a transaction do not see its uncommitted writes", async () => {
    const account = await seedAccount(ctx.storage);
    const shipment = await seedShipment(ctx.storage, account.id);
    const held = gate();
    const wrote = gate();
    const newAccount = makeAccount();
    const changed = { ...shipment, tags: ["changed"], updated_at: at(77) };
    const transaction = ctx.storage.transaction(async (tx) => {
      await tx.accounts.insert(newAccount);
      await tx.shipments.update(changed);
      wrote.open();
      await held.promise;
      return "committed";
    });
    await wrote.promise;
    // A backend may answer from the committed state (the old one; a snapshot may be taken before the
    // commit even when the answer comes after it, on a busy machine) or make the read wait for the
    // commit (the new one); the two reads are two statements, so each may do either. An answer that
    // came before the commit must be the old state.
    let committed = false;
    let answeredBeforeCommit = false;
    const reads = Promise.all([ctx.storage.accounts.get(newAccount.id), ctx.storage.shipments.get(account.id, shipment.id)]).then((values) => ((answeredBeforeCommit = !committed), values));
    await Promise.race([reads, delay(50)]);
    committed = true;
    held.open();
    expect(await transaction).toBe("committed");
    const values = await reads;
    if (answeredBeforeCommit) expect(values).toStrictEqual([null, shipment]);
    expect([null, newAccount]).toContainEqual(values[0]);
    expect([shipment, changed]).toContainEqual(values[1]);
    expect(await ctx.storage.accounts.get(newAccount.id)).toStrictEqual(newAccount);
    expect(await ctx.storage.shipments.get(account.id, shipment.id)).toStrictEqual(changed);
  });

  ctx.test("transactions are serialized with each other", async () => {
    const log: string[] = [];
    const held = gate();
    const first = ctx.storage.transaction(async (tx) => {
      log.push("first:start");
      await tx.meta.set("owner", "first");
      await held.promise;
      log.push("first:end");
    });
    const second = ctx.storage.transaction(async (tx) => {
      log.push("second:start");
      await tx.meta.set("owner", "second");
      log.push("second:end");
    });
    await delay(30);
    held.open();
    await Promise.all([first, second]);
    const firstWentFirst = log[0] === "first:start";
    expect(log).toStrictEqual(
      firstWentFirst ? ["first:start", "first:end", "second:start", "second:end"] : ["second:start", "second:end", "first:start", "first:end"],
    );
    expect(await ctx.storage.meta.get("owner")).toBe(firstWentFirst ? "second" : "first");
  });

  ctx.test("transactions that waited behind another each keep their own outcome (a storage may commit them together)", async () => {
    const held = gate();
    const first = ctx.storage.transaction(() => held.promise);
    const [kept, thrown, conflicting] = [makeAccount(), makeAccount(), makeAccount()];
    const failure = new Error("refused by the caller");
    const outcomes = [
      ctx.storage.transaction(async (tx) => {
        await tx.accounts.insert(kept);
        return "kept";
      }),
      ctx.storage.transaction(async (tx) => {
        await tx.accounts.insert(thrown);
        throw failure;
      }),
      ctx.storage.transaction(async (tx) => {
        await tx.accounts.insert(conflicting);
        await tx.accounts.insert(makeAccount({ id: kept.id })); // taken by the first one that waited
      }),
      ctx.storage.transaction(async (tx) => {
        await tx.meta.set("last", "yes");
        return (await tx.accounts.get(kept.id))?.id;
      }),
    ];
    // Watched before the first commits: a storage committing them together rejects a failed one at once.
    const settled = Promise.allSettled(outcomes);
    held.open();
    await first;
    const [keptResult, thrownResult, conflictResult, lastResult] = await settled;
    expect(keptResult).toStrictEqual({ status: "fulfilled", value: "kept" });
    expect(thrownResult).toStrictEqual({ status: "rejected", reason: failure });
    expect(conflictResult).toMatchObject({ status: "rejected", reason: { code: "conflict" } });
    expect(lastResult).toStrictEqual({ status: "fulfilled", value: kept.id });
    expect(await ctx.storage.accounts.get(kept.id)).toStrictEqual(kept);
    expect(await ctx.storage.accounts.get(thrown.id)).toBeNull();
    expect(await ctx.storage.accounts.get(conflicting.id)).toBeNull();
    expect(await ctx.storage.meta.get("last")).toBe("yes");
  });

  ctx.test("a failed transaction does not block the next one", async () => {
    const failure = new Error("boom");
    const failed = ctx.storage.transaction(async () => {
      throw failure;
    });
    const next = ctx.storage.transaction(async (tx) => {
      await tx.meta.set("after", "yes");
      return 42;
    });
    await expect(failed).rejects.toBe(failure);
    expect(await next).toBe(42);
    expect(await ctx.storage.meta.get("after")).toBe("yes");
  });

  ctx.test("open is idempotent and keeps the stored data", async () => {
    const account = await seedAccount(ctx.storage);
    await ctx.storage.open();
    expect(await ctx.storage.accounts.get(account.id)).toStrictEqual(account);
  });

  ctx.test("close is idempotent, and calls after close fail", async () => {
    const storage = await ctx.fresh();
    const account = await seedAccount(storage);
    await storage.close();
    await expect(storage.close()).resolves.toBeUndefined();
    const outcome = await Promise.resolve()
      .then(() => storage.accounts.get(account.id))
      .then(
        () => "resolved",
        () => "rejected",
      );
    expect(outcome).toBe("rejected");
  });

  ctx.test("the storage declares a short name and its capabilities", async () => {
    expect(ctx.storage.name).toMatch(/^[a-z0-9-]+$/);
    const { persistent, multiProcess } = ctx.storage.capabilities;
    expect({ persistent: typeof persistent, multiProcess: typeof multiProcess }).toStrictEqual({ persistent: "boolean", multiProcess: "boolean" });
  });
}
