import { createTracker, manualClock, type Session, type Storage, type TransportEvent } from "@bollard/core";
import { describe, expect, it } from "vitest";
import { STORAGES } from "./testing/storages.js";
import { trackerStorage } from "@bollard/core/storage";

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

async function setup(makeStorage: () => Storage) {
  const clock = manualClock("2026-03-02T08:00:00Z");
  const tracker = await createTracker({ storage: makeStorage(), clock });
  const { account } = await tracker.accounts.ensure("Lifecycle");
  const session: Session = tracker.session(await tracker.accounts.authenticate((await tracker.accounts.issueKey(account.id)).apiKey));
  return { clock, tracker, account, session };
}

const ORDER = [
  "empty_out", "full_in", "vessel_loaded", "vessel_departed", "transshipment_arrived", "transshipment_discharged", "transshipment_loaded",
  "transshipment_departed", "vessel_arrived", "vessel_berthed", "vessel_discharged", "available", "not_available", "rail_loaded", "rail_departed",
  "rail_arrived", "arrived_at_inland_destination", "rail_unloaded", "full_out", "empty_in",
];

describe.each(STORAGES)("the tracking lifecycle on %s storage", (_name, makeStorage) => {
  it("creates, refreshes, stops, resumes and catches up, with consistent milestones and no events while stopped", async () => {
    const { clock, tracker, account, session } = await setup(makeStorage);
    const created = await session.trackingRequests.create({ request_type: "bill_of_lading", request_number: "TEST-TR-SUCCEEDED", scac: "TEST", ref_numbers: ["PO-7"], shipment_tags: ["e2e"] });
    expect(created).toMatchObject({ status: "pending", tracked_object_id: null, is_retrying: false, retry_count: null });

    expect((await tracker.refresh.runDue()).created).toBe(1);
    const request = await session.trackingRequests.get(created.id);
    expect(request.status).toBe("created");
    const shipmentId = request.tracked_object_id!;
    const shipment = await session.shipments.get(shipmentId, { include: ["containers"] });
    expect(shipment).toMatchObject({ ref_numbers: ["PO-7"], tags: ["e2e"], shipping_line_scac: "TEST", line_tracking_last_succeeded_at: clock.now().toISOString() });
    const containers = await trackerStorage(tracker).containers.listByShipments(account.id, [shipmentId]);
    expect(containers.length).toBeGreaterThanOrEqual(1);

    const eventsOf = async () => (await trackerStorage(tracker).transportEvents.listByContainers(account.id, containers.map((c) => c.id))).items;
    const domainEventCount = async () => (await trackerStorage(tracker).domainEvents.list(account.id, { page: { number: 1, size: 1 } })).total;
    let previous = (await eventsOf()).length;
    let grew = 0;
    for (let hour = 0; hour < 10 * 24; hour += 6) {
      clock.advance(6 * HOUR);
      await tracker.refresh.runDue();
      const count = (await eventsOf()).length;
      expect(count).toBeGreaterThanOrEqual(previous);
      if (count > previous) grew += 1;
      previous = count;
    }
    expect(grew).toBeGreaterThan(1);
    await expectConsistent(trackerStorage(tracker), account.id, shipmentId, clock.now().toISOString());

    // Stop: a week passes with nothing new and no domain events, and history stays readable.
    const stopped = await session.shipments.stopTracking(shipmentId);
    expect(stopped).toMatchObject({ line_tracking_stopped_reason: "cancelled_by_user", line_tracking_stopped_by_user_id: session.principal.user.id });
    const stoppedAt = stopped.line_tracking_stopped_at;
    clock.advance(HOUR);
    expect((await session.shipments.stopTracking(shipmentId)).line_tracking_stopped_at).toBe(stoppedAt);
    const eventsBefore = (await eventsOf()).length;
    const domainBefore = await domainEventCount();
    for (let day = 0; day < 7; day++) {
      clock.advance(DAY);
      expect((await tracker.refresh.runDue()).total).toBe(0);
    }
    expect((await eventsOf()).length).toBe(eventsBefore);
    expect(await domainEventCount()).toBe(domainBefore);
    expect((await session.containers.transportEvents(containers[0]!.id)).total).toBeGreaterThan(0);
    await expect(tracker.ingest.events({ accountId: account.id, shipmentId, containerNumber: containers[0]!.number, events: [{ event: "container.transport.full_out", timestamp: clock.now().toISOString() }] })).rejects.toMatchObject({ code: "tracking_stopped" });

    // Resume: the next refresh catches up on the missed week.
    const resumed = await session.shipments.resumeTracking(shipmentId);
    expect(resumed.line_tracking_stopped_at).toBeNull();
    await tracker.refresh.runDue();
    expect((await eventsOf()).length).toBeGreaterThan(eventsBefore);
    expect(await domainEventCount()).toBeGreaterThan(domainBefore);
    await expectConsistent(trackerStorage(tracker), account.id, shipmentId, clock.now().toISOString());
    await tracker.close();
  }, 60_000);

  it("moves failures, retries and manifests through their statuses", async () => {
    const { clock, tracker, session } = await setup(makeStorage);
    const make = async (number: string, type: "bill_of_lading" | "container" = "bill_of_lading") =>
      (await session.trackingRequests.create({ request_type: type, request_number: number, scac: "TEST" })).id;
    const failed = await make("TEST-TR-FAILED");
    const retries = await make("TEST-TR-RETRIES-EXHAUSTED");
    const manifest = await make("TEST-TR-AWAITING-MANIFEST");
    const flaky = await make("TEST-TR-FLAKY");
    await tracker.refresh.runDue();
    const status = async (id: string) => await session.trackingRequests.get(id);
    expect(await status(failed)).toMatchObject({ status: "failed", failed_reason: "not_found" });
    expect(await status(retries)).toMatchObject({ status: "pending", is_retrying: true, retry_count: 1, failed_reason: "shipping_line_unreachable" });
    expect(await status(manifest)).toMatchObject({ status: "awaiting_manifest" });
    // Backoff: the second retry comes a minute later, the third two minutes after that.
    const first = Date.parse((await status(retries)).next_attempt_at!);
    expect(first - clock.now().getTime()).toBe(60_000);
    clock.advance(60_000);
    await tracker.refresh.runDue();
    expect(Date.parse((await status(retries)).next_attempt_at!) - clock.now().getTime()).toBe(120_000);
    expect(await status(flaky)).toMatchObject({ status: "pending", is_retrying: true, retry_count: 2 });
    for (let i = 0; i < 40 && (await status(retries)).status !== "failed"; i++) {
      clock.set(new Date((await status(retries)).next_attempt_at!));
      await tracker.refresh.runDue();
    }
    expect(await status(retries)).toMatchObject({ status: "failed", failed_reason: "retries_exhausted", is_retrying: false, retry_count: 14 });
    expect(await status(flaky)).toMatchObject({ status: "created", is_retrying: false, retry_count: null, failed_reason: null });
    clock.advance(3 * DAY);
    await tracker.refresh.runDue();
    expect((await status(manifest)).status).toBe("created");
    await tracker.close();
  }, 60_000);
});

async function expectConsistent(storage: Storage, accountId: string, shipmentId: string, now: string): Promise<void> {
  const containers = await storage.containers.listByShipments(accountId, [shipmentId]);
  const shipment = (await storage.shipments.get(accountId, shipmentId))!;
  for (const container of containers) {
    const events: TransportEvent[] = (await storage.transportEvents.listByContainers(accountId, [container.id])).items;
    // Estimated events carry the time a milestone is expected at, and a moved last free day or
    // appointment the new date (as the hosted service's examples do); every other event has happened.
    expect(events.filter((e) => e.timestamp !== null && e.timestamp > now && !e.event.includes(".estimated.") && !e.event.endsWith(".changed"))).toEqual([]);
    const ranks = events.map((e) => ORDER.indexOf(e.event.replace("container.transport.", ""))).filter((rank) => rank >= 0);
    // Milestones happen in journey order (transshipment legs may repeat, so compare the first and last stages).
    expect(ranks[0]).toBeLessThanOrEqual(ranks.at(-1)!);
    const at = (name: string) => events.filter((e) => e.event === `container.transport.${name}` && e.location_locode === shipment.port_of_discharge_locode).at(-1)?.timestamp ?? null;
    expect(container.pod_arrived_at).toBe(at("vessel_arrived"));
    expect(container.pod_discharged_at).toBe(at("vessel_discharged"));
    const last = events.at(-1)?.event.replace("container.transport.", "");
    if (last === "vessel_departed" || last === "vessel_loaded") expect(container.current_status).toBe("on_ship");
    if (last === "full_out") expect(container.current_status).toBe("picked_up");
  }
}
