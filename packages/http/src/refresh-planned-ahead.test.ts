import { createTracker, manualClock, type Storage } from "@bollard/core";
import { describe, expect, it } from "vitest";
import { memoryStorage } from "@bollard/storage-memory";
import { countingTransactions } from "./testing/counting-transactions.js";
import { STORAGES } from "./testing/storages.js";

const DAY = 86_400_000;

/**
 * A tracker on `storage` with a shipment to refresh again: created by a first pass, due again a day
 * later. `beforeNextTransaction` runs work right before the next transaction starts, which in a
 * refresh pass is the first write: the refresh has read and planned by then.
 */
async function setup(storage: Storage) {
  const clock = manualClock("2026-03-02T08:00:00Z");
  let pending: (() => Promise<void>) | undefined;
  const transaction: Storage["transaction"] = async (work) => {
    const meanwhile = pending;
    pending = undefined;
    await meanwhile?.();
    return storage.transaction(work);
  };
  const tracker = await createTracker({ storage: { ...storage, transaction }, clock });
  const { account } = await tracker.accounts.ensure("Planned ahead");
  const session = tracker.session(await tracker.accounts.authenticate((await tracker.accounts.issueKey(account.id)).apiKey));
  const request = await session.trackingRequests.create({ request_type: "bill_of_lading", request_number: "TEST-PLANNED-AHEAD", scac: "TEST" });
  expect((await tracker.refresh.runDue()).created).toBe(1);
  const shipmentId = (await session.trackingRequests.get(request.id)).tracked_object_id!;
  clock.advance(DAY);
  return { tracker, session, shipmentId, clock, beforeNextTransaction: (work: () => Promise<void>) => (pending = work) };
}

describe("a refresh planned before its write transaction", () => {
  it("reads the stored shipment outside the transaction", async () => {
    const { storage, open } = countingTransactions();
    const readsOfEvents: number[] = [];
    const listByContainers = storage.transportEvents.listByContainers.bind(storage.transportEvents);
    storage.transportEvents.listByContainers = (...args) => (readsOfEvents.push(open()), listByContainers(...args));
    const { tracker, session, shipmentId, clock } = await setup(storage);
    // Four days after the first answer, the simulated line has news for this number.
    clock.advance(3 * DAY);
    readsOfEvents.length = 0;
    expect((await tracker.refresh.runDue()).updated).toBe(1);
    // The refreshed shipment's events were read once before any transaction.
    expect(readsOfEvents.filter((openTransactions) => openTransactions === 0)).toHaveLength(1);
    expect((await session.shipments.get(shipmentId)).line_tracking_last_attempted_at).toBe("2026-03-06T08:00:00.000Z");
    await tracker.close();
  });

  it("reads no events at all for an answer the same as the last one applied", async () => {
    const memory = memoryStorage();
    let readsOfEvents = 0;
    const counted = (events: Storage["transportEvents"]): Storage["transportEvents"] => ({ ...events, listByContainers: (...args) => (readsOfEvents++, events.listByContainers(...args)) });
    const storage: Storage = {
      ...memory,
      transportEvents: counted(memory.transportEvents),
      transaction: (work) => memory.transaction((tx) => work({ ...tx, transportEvents: counted(tx.transportEvents) })),
    };
    const { tracker, session, shipmentId } = await setup(storage);
    readsOfEvents = 0;
    expect((await tracker.refresh.runDue()).unchanged).toBe(1);
    expect(readsOfEvents).toBe(0);
    expect((await session.shipments.get(shipmentId)).line_tracking_last_attempted_at).toBe("2026-03-03T08:00:00.000Z");
    await tracker.close();
  });
});

describe.each(STORAGES)("a refresh planned ahead, on %s storage", (_name, makeStorage) => {
  it("plans again inside its transaction when the shipment changed in between: an edit made meanwhile is kept", async () => {
    const { tracker, session, shipmentId, beforeNextTransaction } = await setup(makeStorage());
    beforeNextTransaction(async () => void (await session.shipments.update(shipmentId, { tags: ["edited meanwhile"] })));
    expect((await tracker.refresh.runDue()).total).toBe(1);
    const shipment = await session.shipments.get(shipmentId);
    expect(shipment.tags).toStrictEqual(["edited meanwhile"]);
    expect(shipment.line_tracking_last_attempted_at).toBe("2026-03-03T08:00:00.000Z");
    await tracker.close();
  });
});
