import type { AddressInfo } from "node:net";
import { createTracker, manualClock, type Tracker } from "@bollard/core";
import { deliveryHeaders } from "@bollard/core/testing";
import { memoryStorage } from "@bollard/storage-memory";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createWebhookReceiver, type ReceivedNotification } from "./receiver.js";
import { verifyStandardWebhook, verifyT49 } from "./verify.js";
import { trackerStorage } from "@bollard/core/storage";

const secret = "3f1d2c4b5a69788796a5b4c3d2e1f0a1b2c3d4e5f60718293a4b5c6d7e8f9012";
const body = JSON.stringify({ data: { id: "0190a1b2-c3d4-7e5f-8a6b-900000000000", type: "webhook_notification", attributes: { event: "container.created" } }, included: [] });
const now = Math.floor(Date.now() / 1000);
// Headers exactly as Bollard's delivery worker signs them.
const signed = deliveryHeaders({ id: "0190a1b2-c3d4-7e5f-8a6b-900000000000", body, secret, timestampSeconds: now });
const standardOf = (h: Record<string, string>) => ({ id: h["webhook-id"], timestamp: h["webhook-timestamp"], signature: h["webhook-signature"] });

describe("the hand-written checks accept what Bollard's signer produces", () => {
  it("X-T49-Webhook-Signature", () => {
    expect(verifyT49(body, secret, signed["X-T49-Webhook-Signature"])).toBe(true);
    expect(verifyT49(`${body} `, secret, signed["X-T49-Webhook-Signature"])).toBe(false);
    expect(verifyT49(body, "another-secret", signed["X-T49-Webhook-Signature"])).toBe(false);
    expect(verifyT49(body, secret, undefined)).toBe(false);
  });

  it("Standard Webhooks, with several signatures and a timestamp tolerance", () => {
    expect(verifyStandardWebhook(body, secret, standardOf(signed))).toBe(true);
    expect(verifyStandardWebhook(body, secret, { ...standardOf(signed), signature: `v1,bm90IGl0 ${signed["webhook-signature"]}` })).toBe(true);
    expect(verifyStandardWebhook(body, secret, { ...standardOf(signed), id: "other" })).toBe(false);
    expect(verifyStandardWebhook(body, secret, standardOf(signed), now + 10 * 60)).toBe(false);
    expect(verifyStandardWebhook(body, "another-secret", standardOf(signed))).toBe(false);
  });
});

describe("the receiver, fed by a Bollard tracker over a real socket", () => {
  let tracker: Tracker;
  let accountId: string;
  let url: string;
  let webhookSecret = "";
  const logs: string[] = [];
  const received: ReceivedNotification[] = [];
  let server: ReturnType<typeof createWebhookReceiver>;

  beforeAll(async () => {
    // Private targets are refused by default; a receiver on 127.0.0.1 needs them allowed (local development).
    tracker = await createTracker({ storage: memoryStorage(), clock: manualClock("2026-05-01T00:00:00Z"), webhooks: { allowPrivateUrls: true } });
    const { account } = await tracker.accounts.ensure("Receiver Demo");
    accountId = account.id;
    const session = tracker.session(await tracker.accounts.authenticate((await tracker.accounts.issueKey(account.id)).apiKey));
    // The secret exists only once the webhook does, and the webhook needs the receiver's URL: read it per request.
    server = createWebhookReceiver({ secret: () => webhookSecret, log: (line) => logs.push(line), onNotification: (n) => received.push(n) });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
    webhookSecret = (await session.webhooks.create({ url, events: ["tracking_request.succeeded", "container.created"] })).secret;
    await session.trackingRequests.create({ request_type: "bill_of_lading", request_number: "TEST-TR-SUCCEEDED", scac: "TEST" });
    await tracker.refresh.runDue();
    await tracker.webhooks.runDue();
  });

  afterAll(async () => {
    await new Promise((resolve) => server.close(resolve));
    await tracker.close();
  });

  it("verifies, acknowledges and logs every notification", async () => {
    expect(received.map((n) => n.event)).toContain("tracking_request.succeeded");
    expect(received.map((n) => n.event)).toContain("container.created");
    expect(logs.some((line) => line.startsWith("rejected"))).toBe(false);
    const stored = await trackerStorage(tracker).webhookNotifications.list(accountId, { page: { number: 1, size: 100 } });
    expect(stored.items.every((n) => n.delivery_status === "succeeded" && n.last_response_status === 204)).toBe(true);
    expect(new Set(received.map((n) => n.id))).toEqual(new Set(stored.items.map((n) => n.id)));
  });

  it("answers 401 to a forged delivery and processes a repeated one only once", async () => {
    const forged = await fetch(url, { method: "POST", headers: { ...signed, "X-T49-Webhook-Signature": "0".repeat(64) }, body });
    expect(forged.status).toBe(401);
    const first = received[0]!;
    const replay = JSON.stringify(first.document);
    const headers = deliveryHeaders({ id: first.id, body: replay, secret: webhookSecret, timestampSeconds: Math.floor(Date.now() / 1000) });
    const count = received.length;
    expect((await fetch(url, { method: "POST", headers, body: replay })).status).toBe(204);
    expect(received.length).toBe(count);
    expect(logs.at(-1)).toBe(`duplicate ${first.id} acknowledged`);
  });
});
