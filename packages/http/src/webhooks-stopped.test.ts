import { WebhookEventNameSchema } from "@bollard/core/schemas";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createHarness, type Harness } from "./testing/http-harness.js";
import { createWebhook, emitMilestones, trackedShipment } from "./testing/webhook-fixtures.js";
import { startTestReceiver, type TestReceiver } from "./testing/webhook-receiver.js";
import { trackerStorage } from "@bollard/core/storage";

const DAY = 86_400_000;
let h: Harness;
let receiver: TestReceiver;

beforeAll(async () => {
  receiver = await startTestReceiver();
  h = await createHarness({ tracker: { webhooks: { allowPrivateUrls: true } } });
  await createWebhook(h, receiver.url, WebhookEventNameSchema.options);
});

afterAll(async () => {
  await receiver.close();
  await h.tracker.close();
});

const total = async () => (await trackerStorage(h.tracker).webhookNotifications.list(h.accounts.acme.id, { page: { number: 1, size: 1 } })).total;

describe("stopped shipments", () => {
  it("send nothing while stopped, through refreshes and feeds, and resume afterwards", async () => {
    await h.request("POST", "/v2/tracking_requests", { body: { data: { attributes: { request_type: "bill_of_lading", request_number: "TEST-TR-SUCCEEDED", scac: "TEST" } } } });
    await h.tracker.refresh.runDue();
    const request = (await trackerStorage(h.tracker).trackingRequests.list(h.accounts.acme.id, { page: { number: 1, size: 1 }, requestNumber: "TEST-TR-SUCCEEDED" })).items[0]!;
    const shipmentId = request.tracked_object_id!;
    await h.tracker.webhooks.runDue();
    const deliveredBeforeStop = receiver.received.length;
    expect(deliveredBeforeStop).toBeGreaterThan(0);

    expect((await h.request("PATCH", `/v2/shipments/${shipmentId}/stop_tracking`)).status).toBe(200);
    const queuedAtStop = await total();
    for (let day = 0; day < 45; day++) {
      h.clock.advance(DAY);
      await h.tracker.refresh.runDue();
    }
    const container = (await trackerStorage(h.tracker).containers.listByShipments(h.accounts.acme.id, [shipmentId]))[0]!;
    await expect(
      h.tracker.ingest.events({ accountId: h.accounts.acme.id, shipmentId, containerNumber: container.number, events: [{ event: "container.transport.full_out", timestamp: h.clock.now().toISOString() }] }),
    ).rejects.toMatchObject({ code: "tracking_stopped" });
    await h.tracker.webhooks.runDue();
    expect(await total()).toBe(queuedAtStop);
    expect(receiver.received.length).toBe(deliveredBeforeStop);

    expect((await h.request("PATCH", `/v2/shipments/${shipmentId}/resume_tracking`)).status).toBe(200);
    await h.tracker.refresh.runDue();
    await h.tracker.webhooks.runDue();
    expect(await total()).toBeGreaterThan(queuedAtStop);
    expect(receiver.received.length).toBeGreaterThan(deliveredBeforeStop);
  });
});
