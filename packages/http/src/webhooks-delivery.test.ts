import { createHmac } from "node:crypto";
import { standardWebhooksSecret } from "@bollard/core";
import { WebhookEventNameSchema } from "@bollard/core/schemas";
import { allTerminals } from "@bollard/core/geo";
import { Webhook } from "standardwebhooks";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createHarness, type Harness } from "./testing/http-harness.js";
import { STORAGES } from "./testing/storages.js";
import { startTestReceiver, type ReceivedWebhook, type TestReceiver } from "./testing/webhook-receiver.js";
import { trackerStorage } from "@bollard/core/storage";

const DAY = 86_400_000;

let h: Harness;
let receiver: TestReceiver;
let secret: string;
let webhookId: string;

/** The `included` types each event kind must carry (the reference object first). */
const INCLUDED: Record<string, string[]> = {
  "tracking_request.succeeded": ["tracking_request", "shipment", "container"],
  "tracking_request.tracking_stopped": ["tracking_request", "shipment", "container"],
  "tracking_request.failed": ["tracking_request"],
  "tracking_request.awaiting_manifest": ["tracking_request"],
  "shipment.estimated.arrival": ["estimated_event", "shipment", "port"],
  "container.created": ["container_created_event", "container", "shipment"],
  "container.updated": ["container_updated_event", "container", "shipment", "port", "terminal"],
  "container.pod_terminal_changed": ["container_pod_terminal_changed_event", "container", "shipment", "terminal"],
};

const parsed = (r: ReceivedWebhook) => JSON.parse(r.body);

describe.each(STORAGES)("on %s storage", (_name, makeStorage) => {
  beforeAll(async () => {
    receiver = await startTestReceiver();
    h = await createHarness({ storage: makeStorage(), tracker: { webhooks: { allowPrivateUrls: true } } });
    const created = await h.request("POST", "/v2/webhooks", {
      body: { data: { attributes: { url: receiver.url, active: true, events: WebhookEventNameSchema.options, headers: [{ name: "x-partner-id", value: "acme-42" }] } } },
    });
    expect(created.status).toBe(201);
    ({ id: webhookId, attributes: { secret } } = created.body.data);

    // Tracking request outcomes, new containers and milestones through the refresh path…
    for (const number of ["TEST-TR-SUCCEEDED", "TEST-TR-FAILED", "TEST-TR-AWAITING-MANIFEST"]) {
      const res = await h.request("POST", "/v2/tracking_requests", { body: { data: { attributes: { request_type: "bill_of_lading", request_number: number, scac: "TEST" } } } });
      expect(res.status).toBe(201);
    }
    await h.tracker.refresh.runDue();
    const request = (await trackerStorage(h.tracker).trackingRequests.list(h.accounts.acme.id, { page: { number: 1, size: 10 }, requestNumber: "TEST-TR-SUCCEEDED" })).items[0]!;
    const shipment = (await trackerStorage(h.tracker).shipments.get(h.accounts.acme.id, request.tracked_object_id!))!;
    const container = (await trackerStorage(h.tracker).containers.listByShipments(h.accounts.acme.id, [shipment.id]))[0]!;

    // …an ETA change, terminal data and a new POD terminal through a feed…
    const terminal = allTerminals().find((t) => t.firms_code && t.id !== container.pod_terminal_id)!;
    await h.tracker.ingest.snapshot({
      accountId: h.accounts.acme.id,
      trackingRequestId: request.id,
      snapshot: {
        shipment: { bill_of_lading_number: shipment.bill_of_lading_number, pod_eta_at: new Date(Date.parse(shipment.pod_eta_at ?? h.clock.now().toISOString()) + 2 * DAY).toISOString() },
        containers: [{ number: container.number, available_for_pickup: !container.available_for_pickup, pod_terminal: terminal.firms_code }],
      },
    });
    // …and, months later, the journey's end: tracking stops on its own.
    h.clock.advance(150 * DAY);
    await h.tracker.refresh.runDue();
    await h.tracker.webhooks.runDue();
  }, 60_000);

  afterAll(async () => {
    await receiver.close();
    await h.tracker.close();
  });

  describe("webhook delivery to a real receiver", () => {
    it("delivers every kind of event", () => {
      const events = new Set(receiver.received.map((r) => parsed(r).data.attributes.event as string));
      for (const kind of Object.keys(INCLUDED)) expect(events, kind).toContain(kind);
      expect([...events].filter((e) => e.startsWith("container.transport.")).length).toBeGreaterThan(3);
    });

    it("signs every delivery with X-T49-Webhook-Signature and valid Standard Webhooks headers", () => {
      const standard = new Webhook(standardWebhooksSecret(secret));
      const raw = new Webhook(secret, { format: "raw" });
      for (const delivery of receiver.received) {
        expect(delivery.headers["content-type"]).toBe("application/json");
        expect(delivery.headers["user-agent"]).toBe("Bollard Webhook Bot");
        expect(delivery.headers["x-partner-id"]).toBe("acme-42");
        expect(delivery.headers["x-t49-webhook-signature"]).toBe(createHmac("sha256", secret).update(delivery.body).digest("hex"));
        const headers = delivery.headers as Record<string, string>;
        expect(() => standard.verify(delivery.body, headers)).not.toThrow();
        expect(() => raw.verify(delivery.body, headers)).not.toThrow();
        expect(() => standard.verify(`${delivery.body} `, headers)).toThrow();
        expect(headers["webhook-id"]).toBe(parsed(delivery).data.id);
        expect(Math.abs(Number(headers["webhook-timestamp"]) - Date.now() / 1000)).toBeLessThan(60);
      }
    });

    it("sends the webhook_notification document with the included records of its kind", () => {
      for (const delivery of receiver.received) {
        const { data, included } = parsed(delivery);
        expect(data).toMatchObject({ type: "webhook_notification", attributes: { id: data.id, delivery_status: "pending" }, relationships: { webhook: { data: { id: webhookId, type: "webhook" } }, webhook_notification_logs: { data: [] } } });
        const event: string = data.attributes.event;
        const types: string[] = included.map((r: { type: string }) => r.type);
        const expected = INCLUDED[event] ?? ["transport_event", "shipment", "container"];
        if (event === "tracking_request.failed" || event === "tracking_request.awaiting_manifest") expect(types).toEqual(expected);
        else expect(types).toEqual(expect.arrayContaining(expected));
        expect(included[0]).toMatchObject(data.relationships.reference_object.data);
      }
    });

    it("marks every notification succeeded, once, with one logged attempt each", async () => {
      const all = await trackerStorage(h.tracker).webhookNotifications.list(h.accounts.acme.id, { page: { number: 1, size: 1000 } });
      expect(all.total).toBe(receiver.received.length);
      expect(new Set(receiver.received.map((r) => r.headers["webhook-id"])).size).toBe(all.total);
      expect(all.items.every((n) => n.delivery_status === "succeeded" && n.attempts === 1 && n.last_response_status === 200)).toBe(true);
      const attempts = await trackerStorage(h.tracker).webhookNotifications.listAttempts(all.items[0]!.id);
      expect(attempts).toMatchObject([{ status_code: 200, error: null, response_excerpt: "ok" }]);
    });

    it("POST /v2/webhooks/trigger delivers a signed sample and reports the exchange", async () => {
      const before = receiver.received.length;
      const res = await h.request("POST", "/v2/webhooks/trigger", { body: { url: receiver.url, event: "shipment.estimated.arrival", secret } });
      expect(res.body).toMatchObject({ url: receiver.url, succeeded: true, error: null, status_code: 200, response_body: "ok" });
      const delivery = receiver.received[before]!;
      expect(delivery.body).toBe(res.body.request_body);
      expect(() => new Webhook(standardWebhooksSecret(secret)).verify(delivery.body, delivery.headers as Record<string, string>)).not.toThrow();
      const refused = await h.request("POST", "/v2/webhooks/trigger", { body: { url: "http://127.0.0.1:1/nothing", event: "container.created" } });
      expect(refused.body).toMatchObject({ succeeded: false, status_code: null, error: "connection refused", response_headers: null, response_body: null });
    });
  });
});
