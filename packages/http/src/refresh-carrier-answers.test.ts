import { createTracker, manualClock, simulatedCarrier, type CarrierResult, type CarrierSource, type Storage } from "@bollard/core";
import { memoryStorage } from "@bollard/storage-memory";
import { describe, expect, it } from "vitest";
import { countingTransactions } from "./testing/counting-transactions.js";

/** The simulated carrier's answers, with each found snapshot's reads reported to `onRead`. */
function watchedCarrier(onRead: () => void): CarrierSource {
  const carrier = simulatedCarrier();
  const watch = (value: unknown): unknown =>
    value !== null && typeof value === "object"
      ? new Proxy(value, {
          get(target, key, receiver) {
            onRead();
            return watch(Reflect.get(target, key, receiver));
          },
        })
      : value;
  return {
    ...carrier,
    async fetch(request, context) {
      const result = await carrier.fetch(request, context);
      return result.status === "found" ? { ...result, snapshot: watch(result.snapshot) as typeof result.snapshot } : result;
    },
  };
}

async function trackerWith(storage: Storage, carrier: CarrierSource, onBackgroundError?: (error: unknown) => void) {
  const tracker = await createTracker({ storage, carrier, ...(onBackgroundError && { onBackgroundError }) });
  const { account } = await tracker.accounts.ensure("Refresh");
  const session = tracker.session(await tracker.accounts.authenticate((await tracker.accounts.issueKey(account.id)).apiKey));
  return { tracker, session };
}

describe("a refresh's carrier answer", () => {
  it("is validated before the write transaction, so the write lock is not held for it", async () => {
    const { storage, open } = countingTransactions();
    const readsInTransactions: number[] = [];
    const { tracker, session } = await trackerWith(storage, watchedCarrier(() => readsInTransactions.push(open())));
    const request = await session.trackingRequests.create({ request_type: "bill_of_lading", request_number: "TEST-CHECKED-1", scac: "TEST" });
    const summary = await tracker.refresh.runDue();
    expect(summary.created).toBe(1);
    expect(readsInTransactions.length).toBeGreaterThan(0);
    expect(readsInTransactions.filter((count) => count > 0)).toStrictEqual([]);
    expect((await session.trackingRequests.get(request.id)).status).toBe("created");
    await tracker.close();
  });

  it("that does not validate is retried as an unrecognized response, and writes nothing else", async () => {
    const invalid: CarrierResult = { status: "found", snapshot: { shipment: { bill_of_lading_number: 42 } } as never };
    const { tracker, session } = await trackerWith(memoryStorage(), { ...simulatedCarrier(), fetch: async () => invalid });
    const request = await session.trackingRequests.create({ request_type: "bill_of_lading", request_number: "TEST-CHECKED-2", scac: "TEST" });
    const summary = await tracker.refresh.runDue();
    expect([summary.total, summary.retrying]).toStrictEqual([1, 1]);
    const retried = await session.trackingRequests.get(request.id);
    expect([retried.status, retried.is_retrying, retried.failed_reason, retried.retry_count]).toStrictEqual(["pending", true, "unrecognized_response", 1]);
    expect((await session.shipments.list()).data).toStrictEqual([]);
    await tracker.close();
  });

  it("whose check throws something other than a validation error (a bug) is retried as an internal error, and reported", async () => {
    const broken = { get shipment(): never { throw new TypeError("a getter that throws") } };
    const reported: unknown[] = [];
    const { tracker, session } = await trackerWith(memoryStorage(), { ...simulatedCarrier(), fetch: async () => ({ status: "found", snapshot: broken as never }) }, (error) => reported.push(error));
    const request = await session.trackingRequests.create({ request_type: "bill_of_lading", request_number: "TEST-CHECKED-3", scac: "TEST" });
    const summary = await tracker.refresh.runDue();
    expect([summary.total, summary.retrying]).toStrictEqual([1, 1]);
    const retried = await session.trackingRequests.get(request.id);
    expect([retried.status, retried.is_retrying, retried.failed_reason]).toStrictEqual(["pending", true, "internal_processing_error"]);
    expect(reported.map((error) => (error as Error).message)).toStrictEqual(["a getter that throws"]);
    await tracker.close();
  });

  it("of many shipments on the same vessels, in one pass: every position each answer reported is stored", async () => {
    const storage = memoryStorage();
    const line = simulatedCarrier();
    const clock = manualClock("2026-03-02T08:00:00Z");
    const tracker = await createTracker({ storage, carrier: line, clock });
    const { account } = await tracker.accounts.ensure("Positions");
    const session = tracker.session(await tracker.accounts.authenticate((await tracker.accounts.issueKey(account.id)).apiKey));
    const requests = [];
    for (let i = 0; i < 40; i++) requests.push(await session.trackingRequests.create({ request_type: "bill_of_lading", request_number: `MAEU${700_000_000 + i}`, scac: "MAEU" }));
    // Ten days on, the ships are under way: each answer reports its vessels' tracks.
    clock.advance(10 * 86_400_000);
    await tracker.refresh.runDue();
    const now = clock.now();
    const reported = new Map<string, Set<string>>();
    for (const request of requests) {
      const answer = await line.fetch({ tracking_request_id: request.id, request_type: "bill_of_lading", request_number: request.request_number, scac: "MAEU", requested_at: request.created_at, attempt: 0 }, { now });
      if (answer.status !== "found") continue;
      for (const vessel of answer.snapshot.vessels ?? []) {
        const times = reported.get(vessel.imo!) ?? new Set<string>();
        for (const position of vessel.positions ?? []) times.add(new Date(position.timestamp).toISOString());
        reported.set(vessel.imo!, times);
      }
    }
    expect([...reported.values()].some((times) => times.size > 0)).toBe(true);
    for (const [imo, times] of reported) {
      const vessel = await storage.vessels.getByImo(imo);
      const stored = new Set((await storage.vesselPositions.listByVessel(vessel!.id)).map((position) => position.timestamp));
      expect([...times].filter((time) => !stored.has(time))).toStrictEqual([]);
    }
    await tracker.close();
  });
});
