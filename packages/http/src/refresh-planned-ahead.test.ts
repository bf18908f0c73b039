import { createTracker, manualClock, simulatedCarrier, type CarrierSource, type Storage } from "@bollard/core";
import { describe, expect, it } from "vitest";
import { countingTransactions } from "./testing/counting-transactions.js";
import { STORAGES } from "./testing/storages.js";

const DAY = 86_400_000;

/**
 * A tracker on `storage` whose carrier is the simulated one, except that its answer for
 * `TEST-PLAN-SLOW` comes 20 ms late, after `meanwhile` runs: the refresh of the other requests in
 * the same pass has planned by then, and not written yet.
 */
async function setup(storage: Storage) {
  const clock = manualClock("2026-03-02T08:00:00Z");
  const simulated = simulatedCarrier();
  let meanwhile: () => Promise<void> = async () => {};
  const carrier: CarrierSource = {
    ...simulated,
    async fetch(request, context) {
      const result = await simulated.fetch(request, context);
      if (request.request_number === "TEST-PLAN-SLOW") {
        await new Promise((resolve) => setTimeout(resolve, 20));
        await meanwhile();
      }
      return result;
    },
  };
  const tracker = await createTracker({ storage, clock, carrier });
  const { account } = await tracker.accounts.ensure("Planned ahead");
  const session = tracker.session(await tracker.accounts.authenticate((await tracker.accounts.issueKey(account.id)).apiKey));
  // A shipment to refresh again: created by a first pass, due again a day later with the slow request.
  const tracked = await session.trackingRequests.create({ request_type: "bill_of_lading", request_number: "TEST-PLAN-FAST", scac: "TEST" });
  expect((await tracker.refresh.runDue()).created).toBe(1);
  const shipmentId = (await session.trackingRequests.get(tracked.id)).tracked_object_id!;
  clock.advance(DAY);
  await session.trackingRequests.create({ request_type: "bill_of_lading", request_number: "TEST-PLAN-SLOW", scac: "TEST" });
  return { tracker, session, shipmentId, whileTheSlowAnswerWaits: (work: () => Promise<void>) => (meanwhile = work) };
}

describe("a refresh planned before its write transaction", () => {
  it("reads and plans the stored shipment outside the transaction", async () => {
    const { storage, open } = countingTransactions();
    const readsOfEvents: number[] = [];
    const listByContainers = storage.transportEvents.listByContainers.bind(storage.transportEvents);
    storage.transportEvents.listByContainers = (...args) => (readsOfEvents.push(open()), listByContainers(...args));
    const { tracker, session, shipmentId } = await setup(storage);
    readsOfEvents.length = 0;
    const summary = await tracker.refresh.runDue();
    expect(summary.total).toBe(2);
    // The refreshed shipment's events were read once before any transaction.
    expect(readsOfEvents.filter((openTransactions) => openTransactions === 0)).toHaveLength(1);
    expect((await session.shipments.get(shipmentId)).line_tracking_last_attempted_at).toBe("2026-03-03T08:00:00.000Z");
    await tracker.close();
  });
});

describe.each(STORAGES)("a refresh planned ahead, on %s storage", (_name, makeStorage) => {
  it("plans again inside its transaction when the shipment changed in between: an edit made meanwhile is kept", async () => {
    const { tracker, session, shipmentId, whileTheSlowAnswerWaits } = await setup(makeStorage());
    whileTheSlowAnswerWaits(async () => void (await session.shipments.update(shipmentId, { tags: ["edited meanwhile"] })));
    const summary = await tracker.refresh.runDue();
    expect(summary.total).toBe(2);
    const shipment = await session.shipments.get(shipmentId);
    expect(shipment.tags).toStrictEqual(["edited meanwhile"]);
    expect(shipment.line_tracking_last_attempted_at).toBe("2026-03-03T08:00:00.000Z");
    await tracker.close();
  });
});
