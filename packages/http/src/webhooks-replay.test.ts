import type { WebhookNotification } from "@bollard/core";
import { afterEach, describe, expect, it } from "vitest";
import { createHarness, type Harness } from "./testing/http-harness.js";
import { STORAGES } from "./testing/storages.js";
import { createWebhook, emitMilestones } from "./testing/webhook-fixtures.js";
import { startTestReceiver, type ReceivedWebhook, type TestReceiver } from "./testing/webhook-receiver.js";

const MINUTE = 60_000;
const cleanup: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const close of cleanup.splice(0)) await close();
});

/** A receiver that answers 503 while `down`, and a harness delivering to it with 2 retries a minute apart. */
async function setup(makeStorage: (typeof STORAGES)[number][1]) {
  const state = { down: false };
  const receiver: TestReceiver = await startTestReceiver(() => (state.down ? 503 : 200));
  const h: Harness = await createHarness({
    storage: makeStorage(),
    tracker: { webhooks: { allowPrivateUrls: true, random: () => 0.5, delivery: { maxRetries: 2, firstRetryDelayMs: MINUTE, maxRetryDelayMs: MINUTE } } },
  });
  cleanup.push(() => receiver.close(), () => h.tracker.close());
  const webhook = await createWebhook(h, receiver.url, ["container.transport.full_out"]);
  return { state, receiver, h, webhook };
}

/** Runs delivery passes, a minute apart, until nothing is pending. */
async function deliverAll(h: Harness): Promise<void> {
  for (let pass = 0; pass < 10; pass++) {
    await h.tracker.webhooks.runDue();
    h.clock.advance(MINUTE);
  }
}

const notificationIds = (received: ReceivedWebhook[]) => received.filter((r) => r.status === 200).map((r) => JSON.parse(r.body).data.id as string);
const bodiesById = (received: ReceivedWebhook[]) => new Map(received.map((r) => [JSON.parse(r.body).data.id as string, r.body]));
const stored = async (h: Harness): Promise<WebhookNotification[]> =>
  (await h.tracker.storage.webhookNotifications.list(h.accounts.acme.id, { page: { number: 1, size: 100 } })).items.reverse();

describe.each(STORAGES)("webhook redelivery and replay on %s storage", (_name, makeStorage) => {
  it("replay after a receiver outage delivers every missed notification once more, oldest first, with the original ids and bodies", async () => {
    const { state, receiver, h, webhook } = await setup(makeStorage);
    const before = h.clock.now().toISOString();
    await emitMilestones(h, 2);
    await deliverAll(h);
    state.down = true;
    await emitMilestones(h, 3);
    await deliverAll(h);
    const missed = (await stored(h)).filter((n) => n.delivery_status === "failed");
    expect(missed).toHaveLength(3);
    expect(receiver.received.filter((r) => r.status === 503)).toHaveLength(9); // 3 notifications × (1 + 2 retries)

    state.down = false;
    const firstSeen = bodiesById(receiver.received);
    const delivered = receiver.received.length;
    const replay = await h.request("POST", `/v2/webhooks/${webhook.id}/replay`, { body: { since: before, events: ["container.transport.full_out"] } });
    expect(replay.status).toBe(202);
    expect(replay.body).toStrictEqual({ meta: { queued: 5, already_pending: 0 } });
    await deliverAll(h);

    const again = receiver.received.slice(delivered);
    const all = await stored(h);
    expect(notificationIds(again)).toStrictEqual(all.map((n) => n.id));
    for (const r of again) expect(r.body).toBe(firstSeen.get(JSON.parse(r.body).data.id));
    expect(all.every((n) => n.delivery_status === "succeeded")).toBe(true);
    // Every attempt stays in the notification's delivery log: three refused, then the replay's.
    const log = await h.request("GET", `/v2/webhook_notifications/${missed[0]!.id}`);
    expect(log.body.data.relationships.webhook_notification_logs.data).toHaveLength(4);
  });

  it("replay takes only the window and the events asked for, and leaves pending notifications alone", async () => {
    const { h, webhook, receiver } = await setup(makeStorage);
    await emitMilestones(h, 1);
    h.clock.advance(10 * MINUTE);
    const middle = h.clock.now().toISOString();
    await emitMilestones(h, 2);
    await deliverAll(h);
    const until = h.clock.now().toISOString();
    h.clock.advance(MINUTE);
    await emitMilestones(h, 1); // after the window
    const [first, second, third] = await stored(h);
    const delivered = receiver.received.length;

    const windowed = await h.request("POST", `/v2/webhooks/${webhook.id}/replay`, { body: { data: { attributes: { since: middle, until } } } });
    expect(windowed.body).toStrictEqual({ meta: { queued: 2, already_pending: 0 } });
    const twice = await h.request("POST", `/v2/webhooks/${webhook.id}/replay`, { body: { since: middle, until, events: ["container.transport.full_out"] } });
    expect(twice.body).toStrictEqual({ meta: { queued: 0, already_pending: 2 } });
    const otherEvents = await h.request("POST", `/v2/webhooks/${webhook.id}/replay`, { body: { since: middle, until, events: ["container.transport.vessel_arrived"] } });
    expect(otherEvents.body).toStrictEqual({ meta: { queued: 0, already_pending: 0 } });
    await deliverAll(h);
    const ids = notificationIds(receiver.received.slice(delivered));
    expect(ids.slice(0, 2)).toStrictEqual([second!.id, third!.id]);
    expect(ids).not.toContain(first!.id);
  });

  it("redeliver sends one notification again with its id and body; 409 while pending, 404 when unknown", async () => {
    const { h, receiver } = await setup(makeStorage);
    await emitMilestones(h, 1);
    const [pending] = await stored(h);
    const early = await h.request("POST", `/v2/webhook_notifications/${pending!.id}/redeliver`);
    expect(early.status).toBe(409);
    expect(early.body.errors[0].code).toBe("conflict");
    await deliverAll(h);
    expect(receiver.received).toHaveLength(1);

    const res = await h.request("POST", `/v2/webhook_notifications/${pending!.id}/redeliver`);
    expect(res.status).toBe(202);
    expect(res.body.data).toMatchObject({ id: pending!.id, type: "webhook_notification", attributes: { delivery_status: "pending" } });
    await deliverAll(h);
    expect(receiver.received).toHaveLength(2);
    expect(receiver.received[1]!.body).toBe(receiver.received[0]!.body);
    expect(receiver.received[1]!.headers["webhook-id"]).toBe(receiver.received[0]!.headers["webhook-id"]);

    const unknown = await h.request("POST", "/v2/webhook_notifications/01890a5d-ac96-774b-bcce-b302099a8057/redeliver");
    expect(unknown.status).toBe(404);
  });

  it("refuses a bad window (422 on its attribute), an inactive webhook (409) and a viewer (403)", async () => {
    const { h, webhook } = await setup(makeStorage);
    const replay = (body: unknown, key?: string) => h.request("POST", `/v2/webhooks/${webhook.id}/replay`, { body, ...(key && { key }) });
    const bad = await replay({ since: "yesterday" });
    expect(bad.status).toBe(422);
    expect(bad.body.errors[0].source).toStrictEqual({ pointer: "/since" });
    const backwards = await replay({ data: { attributes: { since: "2026-11-02T00:00:00Z", until: "2026-11-01T00:00:00Z" } } });
    expect(backwards.status).toBe(422);
    expect(backwards.body.errors[0].source).toStrictEqual({ pointer: "/data/attributes/since" });
    expect((await replay({ since: "2026-11-01T00:00:00Z", events: ["no.such_event"] })).status).toBe(422);
    expect((await replay({ since: "2026-11-01T00:00:00Z" }, h.keys.viewer)).status).toBe(403);
    await h.request("PATCH", `/v2/webhooks/${webhook.id}`, { body: { data: { attributes: { active: false } } } });
    const inactive = await replay({ since: "2026-11-01T00:00:00Z" });
    expect(inactive.status).toBe(409);
    expect(inactive.body.errors[0].detail).toContain("inactive");
  });
});
