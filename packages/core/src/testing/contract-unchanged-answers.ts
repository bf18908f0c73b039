import { expect } from "vitest";
import { manualClock } from "../clock/index.js";
import { simulatedCarrier } from "../simulated-carrier/index.js";
import type { CarrierResult, CarrierSource } from "../tracking/index.js";
import { createTracker } from "../tracker.js";
import type { ContractContext } from "./contract-context.js";

const HOUR = 3_600_000;

/**
 * The simulated carrier, answering each request with its first answer until `renew` is called
 * (then with its answer at that time): a line whose picture did not move between two refreshes.
 */
function settledCarrier(): CarrierSource & { renew(): void } {
  const carrier = simulatedCarrier();
  const answers = new Map<string, CarrierResult>();
  return {
    ...carrier,
    renew: () => answers.clear(),
    async fetch(request, context) {
      const answer = answers.get(request.tracking_request_id) ?? (await carrier.fetch(request, context));
      answers.set(request.tracking_request_id, answer);
      return structuredClone(answer);
    },
  };
}

/**
 * A refresh whose carrier answer is the same as the last one applied (the common case: most
 * refreshes find nothing new). Run on every storage, through a tracker, whatever capabilities the
 * storage has: with `keptTexts` the refresh skips such an answer by its memo, without it the answer
 * is planned and found empty; the outcome must be the same.
 */
export function describeUnchangedAnswersContract(ctx: ContractContext): void {
  async function setup() {
    const clock = manualClock("2026-03-02T08:00:00Z");
    const carrier = settledCarrier();
    const tracker = await createTracker({ storage: ctx.storage, clock, carrier });
    const { account } = await tracker.accounts.ensure("Unchanged answers");
    const session = tracker.session(await tracker.accounts.authenticate((await tracker.accounts.issueKey(account.id, { role: "editor" })).apiKey));
    await session.webhooks.create({ url: "https://example.com/hooks", events: ["shipment.estimated.arrival", "container.updated", "container.transport.vessel_departed", "container.transport.vessel_arrived", "tracking_request.succeeded"] });
    const request = await session.trackingRequests.create({ request_type: "bill_of_lading", request_number: "TEST-UNCHANGED-1", scac: "TEST" });
    expect((await tracker.refresh.runDue()).created).toBe(1);
    const shipmentId = (await session.trackingRequests.get(request.id)).tracked_object_id!;
    /** What a refresh may add: history entries, domain events and webhook notifications of the shipment. */
    const written = async () => ({
      changes: (await session.shipments.changes(shipmentId)).total,
      domainEvents: (await ctx.storage.domainEvents.list(account.id, { page: { number: 1, size: 1000 } })).total,
      notifications: (await ctx.storage.webhookNotifications.list(account.id, { page: { number: 1, size: 1000 } })).total,
    });
    return { clock, carrier, tracker, session, account, request, shipmentId, written };
  }

  ctx.test("refresh: an answer the same as the last one applied writes no history entry and queues no notification, yet the refresh timestamps advance", async () => {
    const { clock, tracker, session, request, shipmentId, written } = await setup();
    const before = await written();
    const shipmentBefore = await session.shipments.get(shipmentId);
    for (let i = 1; i <= 2; i++) {
      clock.advance(HOUR);
      const summary = await tracker.refresh.runDue();
      expect([summary.total, summary.unchanged]).toStrictEqual([1, 1]);
      const now = clock.now().toISOString();
      const shipment = await session.shipments.get(shipmentId);
      expect([shipment.line_tracking_last_attempted_at, shipment.line_tracking_last_succeeded_at]).toStrictEqual([now, now]);
      expect({ ...shipment, line_tracking_last_attempted_at: null, line_tracking_last_succeeded_at: null }).toStrictEqual({ ...shipmentBefore, line_tracking_last_attempted_at: null, line_tracking_last_succeeded_at: null });
      const refreshed = await session.trackingRequests.get(request.id);
      expect([refreshed.status, refreshed.updated_at]).toStrictEqual(["created", now]);
      expect(await written()).toStrictEqual(before);
    }
  });

  ctx.test("refresh: the same answer is applied again in full after a feed wrote the shipment, and corrects what the feed changed", async () => {
    const { clock, carrier, tracker, session, account, request, shipmentId, written } = await setup();
    // The line's own answer an hour later: what it says is now the standing answer.
    clock.advance(HOUR);
    carrier.renew();
    await tracker.refresh.runDue();
    const carriers = await session.shipments.get(shipmentId);
    // A feed moves the arrival estimate; the line's next answer, the same as before, says otherwise.
    const answer = await carrier.fetch({ tracking_request_id: request.id, request_type: "bill_of_lading", request_number: request.request_number, scac: "TEST", requested_at: request.created_at, attempt: 0 }, { now: clock.now() });
    if (answer.status !== "found") throw new Error("the simulated carrier found no shipment");
    const moved = "2031-01-01T00:00:00.000Z";
    await tracker.ingest.snapshot({ accountId: account.id, trackingRequestId: request.id, snapshot: { ...answer.snapshot, shipment: { ...answer.snapshot.shipment, pod_eta_at: moved } } });
    expect((await session.shipments.get(shipmentId)).pod_eta_at).toBe(moved);
    const before = await written();
    clock.advance(HOUR);
    const summary = await tracker.refresh.runDue();
    expect([summary.total, summary.updated]).toStrictEqual([1, 1]);
    expect((await session.shipments.get(shipmentId)).pod_eta_at).toBe(carriers.pod_eta_at);
    // The correction is a change like any other: recorded, and announced.
    const after = await written();
    expect(after.changes).toBeGreaterThan(before.changes);
    expect(after.domainEvents).toBeGreaterThan(before.domainEvents);
    // And once corrected, the same answer is unchanged again.
    clock.advance(HOUR);
    expect((await tracker.refresh.runDue()).unchanged).toBe(1);
    expect(await written()).toStrictEqual(after);
  });

  ctx.test("refresh: a new answer after unchanged ones is planned and written as usual", async () => {
    const { clock, carrier, tracker, session, shipmentId, written } = await setup();
    clock.advance(HOUR);
    expect((await tracker.refresh.runDue()).unchanged).toBe(1);
    const before = await written();
    // Day by day the simulated line's picture moves on (its journey); the first news is written as usual.
    let days = 0;
    for (let updated = 0; updated === 0 && days < 30; days++) {
      clock.advance(24 * HOUR);
      carrier.renew();
      updated = (await tracker.refresh.runDue()).updated;
    }
    expect(days).toBeLessThan(30);
    const after = await written();
    expect(after.domainEvents).toBeGreaterThan(before.domainEvents);
    expect((await session.shipments.get(shipmentId)).line_tracking_last_attempted_at).toBe(clock.now().toISOString());
  });
}
