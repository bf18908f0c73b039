import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createTracker, manualClock, type WebhookNotification, type WebhookReplayRecord } from "@bollard/core";
import { makeWebhookNotification } from "@bollard/core/testing";
import { sqliteStorage } from "@bollard/storage-sqlite";
import { afterEach, describe, expect, it } from "vitest";
import { createHttpApp } from "./app.js";
import { createHarness, type Harness } from "./testing/http-harness.js";
import { STORAGES } from "./testing/storages.js";
import { createWebhook, emitMilestones } from "./testing/webhook-fixtures.js";
import { startTestReceiver, type ReceivedWebhook, type TestReceiver } from "./testing/webhook-receiver.js";
import { trackerStorage } from "@bollard/core/storage";

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;
const cleanup: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const close of cleanup.splice(0).reverse()) await close();
});

const DELIVERY = { maxRetries: 2, firstRetryDelayMs: MINUTE, maxRetryDelayMs: MINUTE };

/** A receiver that answers 503 while `down`, and a harness delivering to it with 2 retries a minute apart. */
async function setup(makeStorage: (typeof STORAGES)[number][1], replay?: { maxNotifications?: number; batchSize?: number; batchesPerPass?: number }) {
  const state = { down: false };
  const receiver: TestReceiver = await startTestReceiver(() => (state.down ? 503 : 200));
  const h: Harness = await createHarness({
    storage: makeStorage(),
    tracker: { webhooks: { allowPrivateUrls: true, random: () => 0.5, delivery: DELIVERY, ...(replay && { replay }) } },
  });
  cleanup.push(() => receiver.close(), () => h.tracker.close());
  const webhook = await createWebhook(h, receiver.url, ["container.transport.full_out"]);
  return { state, receiver, h, webhook };
}

/** Runs delivery passes (each moving running replays forward first), a minute apart, until nothing is pending. */
async function deliverAll(h: Harness): Promise<void> {
  for (let pass = 0; pass < 10; pass++) {
    await h.tracker.webhooks.runDue();
    h.clock.advance(MINUTE);
  }
}

const notificationIds = (received: ReceivedWebhook[]) => received.filter((r) => r.status === 200).map((r) => JSON.parse(r.body).data.id as string);
const bodiesById = (received: ReceivedWebhook[]) => new Map(received.map((r) => [JSON.parse(r.body).data.id as string, r.body]));
const stored = async (h: Harness): Promise<WebhookNotification[]> =>
  (await trackerStorage(h.tracker).webhookNotifications.list(h.accounts.acme.id, { page: { number: 1, size: 100 } })).items.reverse();
/** The replay's progress as `GET /v2/webhooks/{id}/replays/{replayId}` reports it. */
const progress = async (h: Harness, webhookId: string, replayId: string) => {
  const res = await h.request("GET", `/v2/webhooks/${webhookId}/replays/${replayId}`);
  expect(res.status).toBe(200);
  return res.body.data.attributes as Record<string, unknown>;
};

describe.each(STORAGES)("webhook redelivery and replay on %s storage", (_name, makeStorage) => {
  it("replay answers 202 with the replay, running, before queuing anything; the background sends every missed notification once more, oldest first, with the original ids and bodies; progress reaches done", async () => {
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
    const self = `http://localhost/v2/webhooks/${webhook.id}/replays/${replay.body.data.id}`;
    expect(replay.headers.get("location")).toBe(self);
    expect(replay.body).toMatchObject({
      data: {
        type: "webhook_replay",
        attributes: { status: "running", events: ["container.transport.full_out"], total: 5, scanned: 0, queued: 0, already_pending: 0, error: null, completed_at: null },
        relationships: { webhook: { data: { type: "webhook", id: webhook.id } } },
      },
      links: { self },
    });
    // Off the request path: the request recorded the replay and queued nothing.
    expect((await stored(h)).filter((n) => n.delivery_status === "pending")).toStrictEqual([]);

    await deliverAll(h);
    expect(await progress(h, webhook.id, replay.body.data.id)).toMatchObject({ status: "done", total: 5, scanned: 5, queued: 5, already_pending: 0, error: null, completed_at: expect.any(String) });
    const again = receiver.received.slice(delivered);
    const all = await stored(h);
    expect(notificationIds(again)).toStrictEqual(all.map((n) => n.id));
    for (const r of again) expect(r.body).toBe(firstSeen.get(JSON.parse(r.body).data.id));
    expect(all.every((n) => n.delivery_status === "succeeded")).toBe(true);
    // Every attempt stays in the notification's delivery log: three refused, then the replay's.
    const log = await h.request("GET", `/v2/webhook_notifications/${missed[0]!.id}`);
    expect(log.body.data.relationships.webhook_notification_logs.data).toHaveLength(4);
  });

  it("replay takes only the window and the events asked for, leaves pending notifications alone, and runs one at a time per webhook (409)", async () => {
    const { state, h, webhook, receiver } = await setup(makeStorage);
    await emitMilestones(h, 1);
    h.clock.advance(10 * MINUTE);
    const middle = h.clock.now().toISOString();
    await emitMilestones(h, 2);
    await deliverAll(h);
    const until = h.clock.now().toISOString();
    h.clock.advance(MINUTE);
    await emitMilestones(h, 1); // after the window
    await deliverAll(h);
    const [first, second, third] = await stored(h);
    const delivered = receiver.received.length;
    const replayOf = async (body: unknown) => {
      const res = await h.request("POST", `/v2/webhooks/${webhook.id}/replay`, { body });
      expect(res.status).toBe(202);
      return res.body.data.id as string;
    };

    // The receiver is down: what the replay queues fails its first attempt and stays pending, retrying.
    state.down = true;
    const windowed = await replayOf({ data: { attributes: { since: middle, until } } });
    const running = await h.request("POST", `/v2/webhooks/${webhook.id}/replay`, { body: { since: middle } });
    expect(running.status).toBe(409);
    expect(running.body.errors[0]).toMatchObject({ code: "conflict", detail: expect.stringContaining(windowed) });
    await h.tracker.webhooks.runDue();
    expect(await progress(h, webhook.id, windowed)).toMatchObject({ status: "done", total: 2, scanned: 2, queued: 2, already_pending: 0 });
    const twice = await replayOf({ since: middle, until, events: ["container.transport.full_out"] });
    await h.tracker.webhooks.replays.runDue();
    expect(await progress(h, webhook.id, twice)).toMatchObject({ status: "done", total: 2, scanned: 2, queued: 0, already_pending: 2 });
    const otherEvents = await replayOf({ since: middle, until, events: ["container.transport.vessel_arrived"] });
    await h.tracker.webhooks.replays.runDue();
    expect(await progress(h, webhook.id, otherEvents)).toMatchObject({ status: "done", total: 2, scanned: 2, queued: 0, already_pending: 0 });

    state.down = false;
    await deliverAll(h);
    const ids = notificationIds(receiver.received.slice(delivered));
    expect(ids).toStrictEqual([second!.id, third!.id]);
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
    const backwards = await replay({ data: { attributes: { since: "2026-10-02T00:00:00Z", until: "2026-10-01T00:00:00Z" } } });
    expect(backwards.status).toBe(422);
    expect(backwards.body.errors[0].source).toStrictEqual({ pointer: "/data/attributes/since" });
    const future = await replay({ since: "2026-11-02T00:00:00Z" });
    expect(future.status).toBe(422);
    expect(future.body.errors[0]).toMatchObject({ code: "invalid", detail: expect.stringContaining("in the past"), source: { pointer: "/since" } });
    expect((await replay({ since: "2026-11-01T00:00:00Z", events: ["no.such_event"] })).status).toBe(422);
    expect((await replay({ since: "2026-11-01T00:00:00Z" }, h.keys.viewer)).status).toBe(403);
    await h.request("PATCH", `/v2/webhooks/${webhook.id}`, { body: { data: { attributes: { active: false } } } });
    const inactive = await replay({ since: "2026-11-01T00:00:00Z" });
    expect(inactive.status).toBe(409);
    expect(inactive.body.errors[0].detail).toContain("inactive");
  });

  it("bounds a replay: a window over 31 days or over the notification cap is 422 out_of_range on since; at the bounds it is accepted", async () => {
    const { h, webhook } = await setup(makeStorage, { maxNotifications: 3 });
    const replay = (body: unknown) => h.request("POST", `/v2/webhooks/${webhook.id}/replay`, { body });
    const iso = (ms: number) => new Date(ms).toISOString();
    await emitMilestones(h, 3);
    h.clock.advance(MINUTE);
    const now = h.clock.now().getTime();

    const long = await replay({ since: iso(now - 31 * DAY - 1_000) });
    expect(long.status).toBe(422);
    expect(long.body.errors[0]).toMatchObject({ code: "out_of_range", source: { pointer: "/since" } });
    expect(long.body.errors[0].detail).toContain("at most 31 days");
    const longAttributes = await replay({ data: { attributes: { since: iso(now - 60 * DAY), until: iso(now - 20 * DAY) } } });
    expect(longAttributes.status).toBe(422);
    expect(longAttributes.body.errors[0].source).toStrictEqual({ pointer: "/data/attributes/since" });
    // `until` is never later than now: a far future one does not widen the window.
    expect((await replay({ since: iso(now - 31 * DAY - 1_000), until: iso(now + 365 * DAY) })).status).toBe(422);

    const atBounds = await replay({ since: iso(now - 31 * DAY) });
    expect(atBounds.status).toBe(202);
    expect(atBounds.body.data.attributes).toMatchObject({ status: "running", total: 3 });
    await h.tracker.webhooks.replays.runDue();
    await emitMilestones(h, 1);
    h.clock.advance(MINUTE);
    const over = await replay({ since: iso(now - DAY) });
    expect(over.status).toBe(422);
    expect(over.body.errors[0]).toMatchObject({ code: "out_of_range", source: { pointer: "/since" } });
    expect(over.body.errors[0].detail).toContain("more than 3 notifications");
    // An empty window is done at once.
    const empty = await replay({ since: iso(now - 20 * DAY), until: iso(now - 10 * DAY) });
    expect(empty.body.data.attributes).toMatchObject({ status: "done", total: 0, scanned: 0, queued: 0, completed_at: expect.any(String) });
  });

  it("reads a replay's progress with any key of the account; another webhook's path, another account or an unknown id is 404", async () => {
    const { h, webhook } = await setup(makeStorage);
    await emitMilestones(h, 2);
    h.clock.advance(MINUTE);
    const since = new Date(h.clock.now().getTime() - DAY).toISOString();
    const created = await h.request("POST", `/v2/webhooks/${webhook.id}/replay`, { body: { since } });
    const id = created.body.data.id as string;
    const viewer = await h.request("GET", `/v2/webhooks/${webhook.id}/replays/${id}`, { key: h.keys.viewer });
    expect(viewer.status).toBe(200);
    expect(viewer.body.data).toMatchObject({ id, type: "webhook_replay", attributes: { status: "running", total: 2 }, links: { self: `/v2/webhooks/${webhook.id}/replays/${id}` } });
    const other = await createWebhook(h, "http://127.0.0.1:9/other", ["container.transport.full_out"]);
    expect((await h.request("GET", `/v2/webhooks/${other.id}/replays/${id}`)).status).toBe(404);
    expect((await h.request("GET", `/v2/webhooks/${webhook.id}/replays/${id}`, { key: h.keys.other })).status).toBe(404);
    expect((await h.request("GET", `/v2/webhooks/${webhook.id}/replays/01890a5d-ac96-774b-bcce-b302099a8057`)).status).toBe(404);
    expect((await h.request("GET", `/v2/webhooks/${webhook.id}/replays/not-an-id`)).status).toBe(404);
    expect((await h.request("DELETE", `/v2/webhooks/${webhook.id}/replays/${id}`)).status).toBe(405);
  });

  it("a replay whose webhook is deactivated or deleted while it runs ends failed, saying why", async () => {
    const { h, webhook } = await setup(makeStorage);
    await emitMilestones(h, 2);
    h.clock.advance(MINUTE);
    const since = new Date(h.clock.now().getTime() - DAY).toISOString();
    const first = (await h.request("POST", `/v2/webhooks/${webhook.id}/replay`, { body: { since } })).body.data.id as string;
    await h.request("PATCH", `/v2/webhooks/${webhook.id}`, { body: { data: { attributes: { active: false } } } });
    await h.tracker.webhooks.replays.runDue();
    expect(await progress(h, webhook.id, first)).toMatchObject({ status: "failed", scanned: 0, queued: 0, error: expect.stringContaining("deactivated") });
    await h.request("PATCH", `/v2/webhooks/${webhook.id}`, { body: { data: { attributes: { active: true } } } });
    const second = (await h.request("POST", `/v2/webhooks/${webhook.id}/replay`, { body: { since } })).body.data.id as string;
    await h.request("DELETE", `/v2/webhooks/${webhook.id}`);
    await h.tracker.webhooks.replays.runDue();
    expect(await progress(h, webhook.id, second)).toMatchObject({ status: "failed", error: "the webhook was deleted" });
  });

  it("answers /healthz between batches while 10,000 notifications are replayed, and queues all of them", async () => {
    const { h, webhook } = await setup(makeStorage);
    const accountId = h.accounts.acme.id;
    const createdAt = new Date(h.clock.now().getTime() - DAY).toISOString();
    const delivered = { delivery_status: "succeeded" as const, next_attempt_at: null, created_at: createdAt, updated_at: createdAt };
    const notifications = Array.from({ length: 10_000 }, () => makeWebhookNotification(accountId, webhook.id, { ...delivered, event: "container.transport.full_out" }));
    for (let i = 0; i < notifications.length; i += 1_000) await trackerStorage(h.tracker).transaction((tx) => tx.webhookNotifications.insertMany(notifications.slice(i, i + 1_000)));

    const created = await h.request("POST", `/v2/webhooks/${webhook.id}/replay`, { body: { since: new Date(h.clock.now().getTime() - 2 * DAY).toISOString() } });
    expect(created.status).toBe(202);
    expect(created.body.data.attributes).toMatchObject({ status: "running", total: 10_000, scanned: 0 });
    const pending = async () => (await trackerStorage(h.tracker).webhookNotifications.list(accountId, { page: { number: 1, size: 1 }, webhookId: webhook.id, deliveryStatus: "pending" })).total;
    expect(await pending()).toBe(0);

    const replayId = created.body.data.id as string;
    const current = async () => (await trackerStorage(h.tracker).webhookReplays.get(accountId, replayId)) as WebhookReplayRecord;
    let finished = false;
    const background = (async () => {
      while ((await current()).status === "running") await h.tracker.webhooks.replays.runDue();
    })().finally(() => (finished = true));
    // Health checks made while the background works: each answered, and the progress seen between them.
    const seen = new Set<number>();
    while (!finished) {
      // One check a turn of the event loop, as a health checker's timer makes them.
      await new Promise((resolve) => setImmediate(resolve));
      const health = await h.app.request("/healthz");
      expect(health.status).toBe(200);
      seen.add((await current()).scanned);
    }
    await background;
    // Checks were answered between batches: while the replay stood at several places short of its end.
    expect([...seen].filter((scanned) => scanned > 0 && scanned < 10_000).length).toBeGreaterThanOrEqual(2);
    expect(await current()).toMatchObject({ status: "done", total: 10_000, scanned: 10_000, queued: 10_000, already_pending: 0 });
    expect(await pending()).toBe(10_000);
  }, 120_000);
});

describe("webhook replay across a restart", () => {
  it("a replay recorded by one tracker is continued from its place by the next one on the same SQLite file: every notification queued and delivered once, none twice", async () => {
    const filename = join(mkdtempSync(join(tmpdir(), "bollard-replay-restart-")), "bollard.sqlite");
    const receiver = await startTestReceiver(() => 200);
    cleanup.push(() => receiver.close());
    const clock = manualClock("2026-11-01T12:00:00Z");
    const webhooks = { allowPrivateUrls: true, random: () => 0.5, delivery: DELIVERY, replay: { batchSize: 2, batchesPerPass: 1 } };
    const first = await createTracker({ storage: sqliteStorage({ filename }), clock, webhooks });
    const { account } = await first.accounts.ensure("Restart Ltd");
    const { apiKey } = await first.accounts.issueKey(account.id, { role: "editor" });
    const session = first.session(await first.accounts.authenticate(apiKey));
    const webhook = await session.webhooks.create({ url: receiver.url, events: ["container.transport.full_out"] });
    const createdAt = new Date(clock.now().getTime() - DAY).toISOString();
    const failed = Array.from({ length: 5 }, () => makeWebhookNotification(account.id, webhook.id, { delivery_status: "failed", next_attempt_at: null, created_at: createdAt, updated_at: createdAt }));
    await trackerStorage(first).webhookNotifications.insertMany(failed);
    const replay = await session.webhooks.replay(webhook.id, { since: new Date(clock.now().getTime() - 2 * DAY).toISOString() });
    await first.webhooks.runDue();
    expect(await session.webhooks.getReplay(webhook.id, replay.id)).toMatchObject({ status: "running", total: 5, scanned: 2, queued: 2 });
    await first.close();

    const second = await createTracker({ storage: sqliteStorage({ filename }), clock, webhooks });
    cleanup.push(() => second.close());
    const app = createHttpApp(second);
    const read = async () => ((await (await app.request(`/v2/webhooks/${webhook.id}/replays/${replay.id}`, { headers: { authorization: `Token ${apiKey}` } })).json()) as { data: { attributes: unknown } }).data.attributes;
    expect(await read()).toMatchObject({ status: "running", scanned: 2, queued: 2 });
    for (let pass = 0; pass < 5; pass++) await second.webhooks.runDue();
    expect(await read()).toMatchObject({ status: "done", total: 5, scanned: 5, queued: 5, already_pending: 0 });
    const ids = receiver.received.map((r) => JSON.parse(r.body).data.id as string);
    expect([...ids].sort()).toStrictEqual(failed.map((n) => n.id).sort());
  });
});
