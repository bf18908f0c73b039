import { WebhookEventNameSchema } from "@bollard/core/schemas";
import { beforeAll, describe, expect, it } from "vitest";
import { createHarness, type Harness } from "../testing/http-harness.js";

// The first attempt of every notification fails with a 503; later ones succeed.
const seen = new Set<string>();
let h: Harness;
let webhookId: string;

beforeAll(async () => {
  h = await createHarness({
    tracker: {
      webhooks: {
        lookup: async () => ["93.184.215.14"],
        random: () => 0.5,
        transport: async (request) => {
          const id = request.headers["webhook-id"]!;
          const first = !seen.has(id);
          seen.add(id);
          return first
            ? { status: 503, headers: {}, body: "busy, try later", error: null, durationMs: 5 }
            : { status: 200, headers: {}, body: '{"ok":true}', error: null, durationMs: 4 };
        },
      },
    },
  });
  const created = await h.request("POST", "/v2/webhooks", {
    body: { data: { attributes: { url: "https://hooks.example.com/t49", events: ["container.transport.full_out", "container.updated", "container.transport.available"] } } },
  });
  webhookId = created.body.data.id;
  await h.request("POST", "/v2/webhooks", { key: h.keys.other, body: { data: { attributes: { url: "https://hooks.example.com/globex", events: ["container.transport.full_out"] } } } });
  const shipment = h.data.acme.shipments.find((s) => s.line_tracking_stopped_at === null && s.tracking_request_id && h.data.acme.containers.some((c) => c.shipment_id === s.id))!;
  const container = h.data.acme.containers.find((c) => c.shipment_id === shipment.id)!;
  const timestamp = h.clock.now().toISOString();
  await h.tracker.ingest.events({ accountId: h.accounts.acme.id, shipmentId: shipment.id, containerNumber: container.number, events: [{ event: "container.transport.full_out", timestamp }] });
  await h.tracker.webhooks.runDue(); // every first attempt fails
  h.clock.advance(60_000);
  await h.tracker.webhooks.runDue(); // the retries succeed
  await h.tracker.ingest.events({ accountId: h.accounts.acme.id, shipmentId: shipment.id, containerNumber: container.number, events: [{ event: "container.transport.available", timestamp }] });
});

describe("GET /v2/webhook_notifications", () => {
  it("lists the account's notifications newest first, filtered by webhook and delivery status", async () => {
    const res = await h.request("GET", "/v2/webhook_notifications", { key: h.keys.viewer });
    expect(res.status).toBe(200);
    expect(res.body.data.length).toBeGreaterThanOrEqual(2);
    expect(res.body.data[0].attributes).toMatchObject({ event: "container.transport.available", delivery_status: "pending", attempts: 0 });
    expect(res.body.data.every((n: any) => n.relationships.webhook.data.id === webhookId)).toBe(true);
    const succeeded = await h.request("GET", `/v2/webhook_notifications?filter[delivery_status]=succeeded&filter[webhook_id]=${webhookId}`);
    const pending = await h.request("GET", `/v2/webhook_notifications?filter[delivery_status]=pending`);
    expect(succeeded.body.data.length).toBeGreaterThanOrEqual(1);
    expect(succeeded.body.meta.total + pending.body.meta.total).toBe(res.body.meta.total);
    expect(res.body.meta.pagination).toEqual({ current: 1, last: 1, records: res.body.meta.total });
    const none = await h.request("GET", "/v2/webhook_notifications", { key: h.keys.other });
    expect(none.body.meta).toEqual({ size: 0, total: 0, pagination: { current: 1, records: 0 } });
    expect(pending.body.data.every((n: any) => n.attributes.attempts === 0)).toBe(true);
    expect(succeeded.body.data.every((n: any) => n.attributes.delivery_status === "succeeded" && n.attributes.attempts === 2)).toBe(true);
    const other = await h.request("GET", "/v2/webhook_notifications", { key: h.keys.other });
    expect(other.body.data.every((n: any) => n.relationships.webhook.data.id !== webhookId)).toBe(true);
  });

  it("includes the webhook, the attempts and the reference object on request", async () => {
    const res = await h.request("GET", "/v2/webhook_notifications?filter[delivery_status]=succeeded&include=webhook,webhook_notification_logs,reference_object");
    const types = new Set(res.body.included.map((r: { type: string }) => r.type));
    expect([...types].sort()).toEqual(expect.arrayContaining(["transport_event", "webhook", "webhook_notification_log"]));
    expect(res.body.data[0].relationships.webhook_notification_logs.data).toHaveLength(2);
  });

  it("answers 400 on bad filters and includes", async () => {
    expect((await h.request("GET", "/v2/webhook_notifications?filter[delivery_status]=lost")).body.errors[0].source).toEqual({ parameter: "filter[delivery_status]" });
    expect((await h.request("GET", "/v2/webhook_notifications?filter[webhook_id]=12")).body.errors[0].source).toEqual({ parameter: "filter[webhook_id]" });
    expect((await h.request("GET", "/v2/webhook_notifications?include=payload")).status).toBe(400);
  });
});

describe("GET /v2/webhook_notifications/{id}", () => {
  it("returns delivery status, bookkeeping and the attempts log included by default", async () => {
    const listed = await h.request("GET", "/v2/webhook_notifications?filter[delivery_status]=succeeded");
    const id = listed.body.data[0].id;
    const res = await h.request("GET", `/v2/webhook_notifications/${id}`, { key: h.keys.viewer });
    expect(res.status).toBe(200);
    expect(res.body.data.attributes).toMatchObject({ id, delivery_status: "succeeded", attempts: 2, next_attempt_at: null, last_response_status: 200 });
    const logs = res.body.included.filter((r: { type: string }) => r.type === "webhook_notification_log");
    expect(logs.map((l: any) => [l.attributes.status_code, l.attributes.error, l.attributes.response_excerpt])).toEqual([
      [503, "the receiver answered 503", "busy, try later"],
      [200, null, '{"ok":true}'],
    ]);
    expect(logs[0].relationships.webhook_notification.data).toEqual({ type: "webhook_notification", id });
    expect((await h.request("GET", `/v2/webhook_notifications/${id}`, { key: h.keys.other })).status).toBe(404);
    expect((await h.request("GET", `/v2/webhook_notifications/${id}?include=webhook`)).body.included.map((r: any) => r.type)).toEqual(["webhook"]);
  });
});

describe("GET /v2/webhook_notifications/examples", () => {
  it("answers 400 on the event parameter when it is missing or unknown", async () => {
    for (const path of ["/v2/webhook_notifications/examples", "/v2/webhook_notifications/examples?event=", "/v2/webhook_notifications/examples?event=container.sunk"]) {
      const res = await h.request("GET", path);
      expect(res.status, path).toBe(400);
      expect(res.body.errors[0]).toMatchObject({ status: "400", title: "Bad Request", source: { parameter: "event" } });
    }
  });

  it("returns the payload document of every event, as validated by the OpenAPI document", async () => {
    for (const event of WebhookEventNameSchema.options) {
      const res = await h.request("GET", `/v2/webhook_notifications/examples?event=${event}`, { key: h.keys.viewer });
      expect(res.status, event).toBe(200);
      expect(res.body.data).toHaveLength(1);
      expect(res.body.data[0].attributes.event).toBe(event);
      expect(res.body.data[0].relationships.webhook_notification_logs).toEqual({ data: [] });
    }
  });
});
