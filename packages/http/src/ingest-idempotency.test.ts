import { createTracker, manualClock, simulatedCarrier, type Storage } from "@bollard/core";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { STORAGES } from "./testing/storages.js";
import { trackerStorage } from "@bollard/core/storage";

const DAY = 86_400_000;
const START = Date.parse("2026-05-01T00:00:00Z");

/** Everything stored for one account's tracked data, for before/after comparisons. */
async function snapshotOf(storage: Storage, accountId: string) {
  const page = { number: 1, size: 10_000 };
  const shipments = (await storage.shipments.list(accountId, { page })).items;
  const containers = await storage.containers.listByShipments(accountId, shipments.map((s) => s.id));
  const ids = containers.map((c) => c.id);
  return {
    shipments,
    containers,
    transportEvents: (await storage.transportEvents.listByContainers(accountId, ids)).items,
    rawEvents: (await storage.rawEvents.listByContainers(accountId, ids)).items,
    domainEvents: (await storage.domainEvents.list(accountId, { page })).items,
  };
}

describe.each(STORAGES)("ingest idempotency on %s storage", (_name, makeStorage) => {
  it("applying any sequence of snapshots twice equals applying it once", async () => {
    const carrier = simulatedCarrier();
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom("TEST-TR-SUCCEEDED", "TEST-TR-RAIL", "TEST-TR-CUSTOMS-HOLD", "TEST-TR-ROLLOVER", "MAEU123456789", "HLCUHAM250912345"),
        fc.array(fc.integer({ min: 0, max: 60 * 24 }), { minLength: 1, maxLength: 6 }).map((hours) => [...hours].sort((a, b) => a - b)),
        async (number, hours) => {
          const clock = manualClock(new Date(START));
          const tracker = await createTracker({ storage: makeStorage(), clock, carrier });
          const { account } = await tracker.accounts.ensure("Feed");
          const scac = number.startsWith("TEST") ? "TEST" : number.slice(0, 4);
          let trackingRequestId: string | undefined;
          for (const hour of hours) {
            clock.set(new Date(START + hour * 3_600_000));
            const result = await carrier.fetch(
              { tracking_request_id: "00000000-0000-7000-8000-000000000000", request_type: "bill_of_lading", request_number: number, scac, requested_at: new Date(START).toISOString(), attempt: 0 },
              { now: clock.now() },
            );
            if (result.status !== "found") continue;
            const input = trackingRequestId ? { accountId: account.id, trackingRequestId, snapshot: result.snapshot } : { accountId: account.id, scac, snapshot: result.snapshot };
            const once = await tracker.ingest.snapshot(input);
            trackingRequestId = once.trackingRequestId;
            const before = await snapshotOf(trackerStorage(tracker), account.id);
            const twice = await tracker.ingest.snapshot({ accountId: account.id, trackingRequestId, snapshot: result.snapshot });
            expect(twice).toEqual({ ...once, created: false, containersAdded: 0, containersUpdated: 0, transportEventsAdded: 0, rawEventsWritten: 0, domainEvents: 0 });
            expect(await snapshotOf(trackerStorage(tracker), account.id)).toEqual(before);
          }
          await tracker.close();
        },
      ),
      { numRuns: 15 },
    );
  }, 120_000);

  it("refuses invalid snapshots with 422s that point into the snapshot", async () => {
    const tracker = await createTracker({ storage: makeStorage(), clock: manualClock(new Date(START)) });
    const { account } = await tracker.accounts.ensure("Feed");
    const attempt = tracker.ingest.snapshot({ accountId: account.id, scac: "MAEU", snapshot: { shipment: { bill_of_lading_number: "" }, containers: [{ number: "ABCD1234567" }] } });
    await expect(attempt).rejects.toMatchObject({ status: 422 });
    const error = await attempt.catch((e) => e);
    const paths = error.issues.map((issue: { path: (string | number)[] }) => issue.path.join("/"));
    expect(paths).toContain("snapshot/shipment/bill_of_lading_number");
    expect(paths).toContain("snapshot/containers/0/number");
    await tracker.close();
  });

  it("stopping and resuming a shipment fed by ingest does not start polling the carrier source", async () => {
    const clock = manualClock(new Date(START));
    const carrier = simulatedCarrier();
    const tracker = await createTracker({ storage: makeStorage(), clock, carrier });
    const { account } = await tracker.accounts.ensure("Feed");
    const { apiKey } = await tracker.accounts.issueKey(account.id, { role: "editor" });
    const session = tracker.session(await tracker.accounts.authenticate(apiKey));
    const request = { tracking_request_id: "00000000-0000-7000-8000-000000000000", request_type: "bill_of_lading" as const, request_number: "MAEU123456789", scac: "MAEU", requested_at: clock.now().toISOString(), attempt: 0 };
    const found = await carrier.fetch(request, { now: clock.now() });
    if (found.status !== "found") throw new Error(`the simulated carrier answered ${found.status}`);
    const { shipmentId, trackingRequestId } = await tracker.ingest.snapshot({ accountId: account.id, scac: "MAEU", snapshot: found.snapshot });
    // A request made through the API, for comparison: resuming it polls again.
    const polled = await session.trackingRequests.create({ request_type: "bill_of_lading", request_number: "TEST-TR-SUCCEEDED", scac: "TEST" });
    await tracker.refresh.runDue();
    const polledShipment = (await session.trackingRequests.get(polled.id)).tracked_object_id!;

    for (const id of [shipmentId, polledShipment]) {
      await session.shipments.stopTracking(id);
      await session.shipments.resumeTracking(id);
    }
    const before = await snapshotOf(trackerStorage(tracker), account.id);
    expect((await trackerStorage(tracker).trackingRequests.get(account.id, trackingRequestId))?.next_attempt_at).toBeNull();
    expect((await trackerStorage(tracker).trackingRequests.get(account.id, polled.id))?.next_attempt_at).not.toBeNull();
    clock.advance(10 * DAY);
    await tracker.refresh.runDue();
    const after = await snapshotOf(trackerStorage(tracker), account.id);
    const fedBy = (data: typeof before, id: string) => ({
      shipment: data.shipments.find((s) => s.id === id),
      containers: data.containers.filter((c) => c.shipment_id === id),
      events: data.transportEvents.filter((e) => e.shipment_id === id).length,
    });
    expect(fedBy(after, shipmentId)).toEqual(fedBy(before, shipmentId));
    expect(fedBy(after, polledShipment)).not.toEqual(fedBy(before, polledShipment));
    await tracker.close();
  });
});
