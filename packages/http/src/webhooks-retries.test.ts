import type { Storage, WebhookNotification } from "@bollard/core";
import { afterEach, describe, expect, it } from "vitest";
import { createHarness, type Harness } from "./testing/http-harness.js";
import { STORAGES } from "./testing/storages.js";
import { createWebhook, emitMilestones } from "./testing/webhook-fixtures.js";
import { startTestReceiver, type TestReceiver } from "./testing/webhook-receiver.js";
import { trackerStorage } from "@bollard/core/storage";

const MINUTE = 60_000;
const cleanup: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const close of cleanup.splice(0)) await close();
});

async function setup(options: { respond?: Parameters<typeof startTestReceiver>[0]; delivery?: Record<string, number>; lookup?: (name: string) => Promise<string[]>; allowPrivateUrls?: boolean; storage?: Storage } = {}) {
  const receiver: TestReceiver = await startTestReceiver(options.respond);
  const h: Harness = await createHarness({
    ...(options.storage && { storage: options.storage }),
    tracker: { webhooks: { allowPrivateUrls: options.allowPrivateUrls ?? true, random: () => 0.5, ...(options.delivery && { delivery: options.delivery }), ...(options.lookup && { lookup: options.lookup }) } },
  });
  cleanup.push(() => receiver.close(), () => h.tracker.close());
  return { receiver, h };
}

const notificationsOf = async (h: Harness): Promise<WebhookNotification[]> => (await trackerStorage(h.tracker).webhookNotifications.list(h.accounts.acme.id, { page: { number: 1, size: 100 } })).items;

describe.each(STORAGES)("webhook retries on %s storage", (_name, makeStorage) => {
  it("follow the exponential schedule on a manual clock, 12 retries, then failed", async () => {
    const { receiver, h } = await setup({ respond: () => 500, storage: makeStorage() });
    const webhook = await createWebhook(h, receiver.url, ["container.transport.full_out"]);
    await emitMilestones(h);
    const [queued] = await notificationsOf(h);
    expect(queued).toMatchObject({ delivery_status: "pending", attempts: 0, next_attempt_at: h.clock.now().toISOString() });

    const delays: number[] = [];
    for (let attempt = 1; attempt <= 13; attempt++) {
      expect(await h.tracker.webhooks.runDue()).toMatchObject({ total: 1 });
      expect((await h.tracker.webhooks.runDue()).total).toBe(0); // nothing is due before its time
      const [current] = await notificationsOf(h);
      expect(current!.attempts).toBe(attempt);
      if (current!.next_attempt_at === null) break;
      delays.push((Date.parse(current!.next_attempt_at) - h.clock.now().getTime()) / MINUTE);
      h.clock.set(current!.next_attempt_at);
    }
    expect(delays).toEqual([1, 2, 4, 8, 16, 32, 64, 128, 256, 360, 360, 360]);
    const [final] = await notificationsOf(h);
    expect(final).toMatchObject({ delivery_status: "failed", attempts: 13, next_attempt_at: null, last_response_status: 500 });
    expect(receiver.received).toHaveLength(13);
    expect(new Set(receiver.received.map((r) => r.headers["webhook-id"]))).toEqual(new Set([final!.id]));
    expect(new Set(receiver.received.map((r) => r.body)).size).toBe(1);
    const attempts = await trackerStorage(h.tracker).webhookNotifications.listAttempts(final!.id);
    expect(attempts.map((a) => a.status_code)).toEqual(new Array(13).fill(500));
    expect(attempts[0]).toMatchObject({ error: "the receiver answered 500", response_excerpt: "nope" });
    expect((await trackerStorage(h.tracker).webhooks.get(h.accounts.acme.id, webhook.id))!.consecutive_failures).toBe(13);
  });
});

describe("webhook retries", () => {
  it("count a redirect as a failure, time out slow receivers, and read response bodies with a cap", async () => {
    let mode = "redirect";
    const { receiver, h } = await setup({
      delivery: { timeoutMs: 300 },
      respond: (_request, response) => {
        if (mode === "redirect") return (response.setHeader("location", "http://example.com/"), 301);
        if (mode === "hang") return null;
        response.writeHead(200, { "content-type": "text/plain" }).end("x".repeat(200_000));
        return null;
      },
    });
    await createWebhook(h, receiver.url, ["container.transport.full_out"]);
    await emitMilestones(h);
    await h.tracker.webhooks.runDue();
    mode = "hang";
    h.clock.advance(MINUTE);
    await h.tracker.webhooks.runDue();
    mode = "big";
    h.clock.advance(2 * MINUTE);
    await h.tracker.webhooks.runDue();
    const [notification] = await notificationsOf(h);
    expect(notification).toMatchObject({ delivery_status: "succeeded", attempts: 3 });
    const attempts = await trackerStorage(h.tracker).webhookNotifications.listAttempts(notification!.id);
    expect(attempts.map((a) => [a.status_code, a.error])).toEqual([
      [301, "the receiver answered 301"],
      [null, "timed out after 300 ms"],
      [200, null],
    ]);
    expect(attempts[1]!.duration_ms).toBeGreaterThanOrEqual(250);
    expect(attempts[2]!.response_excerpt).toHaveLength(1024);
  });

  it("deactivate a webhook after many failures in a row; its other notifications then fail", async () => {
    const { receiver, h } = await setup({ respond: () => 503, delivery: { deactivateAfterFailures: 3 } });
    const webhook = await createWebhook(h, receiver.url, ["container.transport.full_out"]);
    await emitMilestones(h, 2);
    await h.tracker.webhooks.runDue(); // 2 failures
    h.clock.advance(MINUTE);
    // The retries run concurrently: the 3rd failure deactivates the webhook (a 4th may already be in flight).
    expect(await h.tracker.webhooks.runDue()).toMatchObject({ total: 2 });
    const deactivated = (await trackerStorage(h.tracker).webhooks.get(h.accounts.acme.id, webhook.id))!;
    expect(deactivated.active).toBe(false);
    expect(deactivated.consecutive_failures).toBeGreaterThanOrEqual(3);
    h.clock.advance(10 * MINUTE);
    await h.tracker.webhooks.runDue();
    const notifications = await notificationsOf(h);
    expect(notifications.map((n) => n.delivery_status)).toEqual(["failed", "failed"]);
    const errors = (await Promise.all(notifications.map((n) => trackerStorage(h.tracker).webhookNotifications.listAttempts(n.id)))).map((a) => a.at(-1)!.error);
    expect(errors).toContain("the webhook is inactive");
    const sent = receiver.received.length;
    expect(sent).toBeGreaterThanOrEqual(3);
    expect(sent).toBeLessThanOrEqual(4);
    // Nothing new is queued for an inactive webhook; re-activating resets the count.
    await emitMilestones(h);
    expect(await notificationsOf(h)).toHaveLength(2);
    expect(receiver.received).toHaveLength(sent);
    const patched = await h.request("PATCH", `/v2/webhooks/${webhook.id}`, { body: { data: { attributes: { active: true } } } });
    expect(patched.body.data.attributes.active).toBe(true);
    expect((await trackerStorage(h.tracker).webhooks.get(h.accounts.acme.id, webhook.id))!.consecutive_failures).toBe(0);
  });

  it("give up on the notifications of a deleted webhook", async () => {
    const { receiver, h } = await setup({ respond: () => 500 });
    const webhook = await createWebhook(h, receiver.url, ["container.transport.full_out"]);
    await emitMilestones(h);
    await h.tracker.webhooks.runDue();
    expect((await h.request("DELETE", `/v2/webhooks/${webhook.id}`)).status).toBe(200);
    h.clock.advance(MINUTE);
    await h.tracker.webhooks.runDue();
    const [notification] = await notificationsOf(h);
    expect(notification).toMatchObject({ delivery_status: "failed", attempts: 2 });
    expect((await trackerStorage(h.tracker).webhookNotifications.listAttempts(notification!.id)).at(-1)).toMatchObject({ status_code: null, error: "the webhook was deleted" });
  });

  it("check the target again at delivery: a name that now resolves to a private address is refused", async () => {
    const dns: Record<string, string[]> = { "hooks.test": ["93.184.215.14"] };
    const { receiver, h } = await setup({ allowPrivateUrls: false, lookup: async (name) => dns[name] ?? [] });
    const port = new URL(receiver.url).port;
    await createWebhook(h, `http://hooks.test:${port}/hook`, ["container.transport.full_out"]);
    dns["hooks.test"] = ["127.0.0.1"];
    await emitMilestones(h);
    await h.tracker.webhooks.runDue();
    const [notification] = await notificationsOf(h);
    expect(notification).toMatchObject({ delivery_status: "pending", attempts: 1 });
    const [attempt] = await trackerStorage(h.tracker).webhookNotifications.listAttempts(notification!.id);
    expect(attempt).toMatchObject({ status_code: null, error: "refused: hooks.test resolves to 127.0.0.1, a loopback address" });
    expect(receiver.received).toHaveLength(0);
  });
});
