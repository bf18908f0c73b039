import { expect } from "vitest";
import type { WebhookNotification } from "../domain/index.js";
import { uuidv7 } from "../ids/index.js";
import type { WebhookNotificationListQuery } from "../storage/index.js";
import { ALL, ascendingIds, at, compareText, expectCode, expectPaging, seedAccount, type ContractContext } from "./contract-context.js";
import { describeCrud } from "./contract-crud.js";
import { makeWebhook, makeWebhookNotification, makeWebhookNotificationAttempt } from "./fixtures.js";

/** Webhooks, the notification outbox and the delivery log. */
export function describeWebhooksContract(ctx: ContractContext): void {
  describeCrud(ctx, {
    name: "webhooks",
    setup: async (_storage, accountId) => () => makeWebhook(accountId),
    insert: (repos, webhook) => repos.webhooks.insert(webhook),
    get: (repos, accountId, id) => repos.webhooks.get(accountId, id),
    update: (repos, webhook) => repos.webhooks.update(webhook),
    delete: (repos, accountId, id) => repos.webhooks.delete(accountId, id),
    list: async (repos, accountId) => (await repos.webhooks.list(accountId, ALL)).items,
    change: (w) => ({
      ...makeWebhook(w.account_id, { url: "http://localhost:8080/hooks?x=1", active: false, headers: null, events: ["container.updated"], consecutive_failures: 4 }),
      id: w.id,
      created_at: w.created_at,
    }),
  });

  ctx.test("webhooks.list orders newest first with id as tie-breaker, and pages", async () => {
    const account = await seedAccount(ctx.storage);
    const [id1, id2] = ascendingIds(2, uuidv7);
    const webhooks = [
      makeWebhook(account.id, { created_at: at(4) }),
      makeWebhook(account.id, { created_at: at(3) }),
      makeWebhook(account.id, { id: id2, created_at: at(2) }),
      makeWebhook(account.id, { id: id1, created_at: at(2) }),
      makeWebhook(account.id, { created_at: at(1) }),
    ];
    for (const w of [webhooks[3], webhooks[0], webhooks[4], webhooks[2], webhooks[1]]) if (w) await ctx.storage.webhooks.insert(w);
    expect(await ctx.storage.webhooks.list(account.id, ALL)).toStrictEqual({ items: webhooks, total: 5 });
    await expectPaging((page) => ctx.storage.webhooks.list(account.id, page), webhooks);
  });

  describeCrud(ctx, {
    name: "webhookNotifications",
    setup: async (storage, accountId) => {
      const webhook = makeWebhook(accountId);
      await storage.webhooks.insert(webhook);
      return () => makeWebhookNotification(accountId, webhook.id);
    },
    insert: (repos, notification) => repos.webhookNotifications.insertMany([notification]),
    get: (repos, accountId, id) => repos.webhookNotifications.get(accountId, id),
    update: (repos, notification) => repos.webhookNotifications.update(notification),
    list: async (repos, accountId) => (await repos.webhookNotifications.list(accountId, { page: ALL })).items,
    change: (n) => ({
      ...n,
      delivery_status: "failed" as const,
      attempts: 12,
      next_attempt_at: null,
      last_attempt_at: at(90),
      last_response_status: 503,
      updated_at: at(90),
    }),
  });

  ctx.test("webhookNotifications.insertMany of an existing id rejects with conflict and stores none of the batch", async () => {
    const account = await seedAccount(ctx.storage);
    const webhook = makeWebhook(account.id);
    await ctx.storage.webhooks.insert(webhook);
    const stored = makeWebhookNotification(account.id, webhook.id);
    await ctx.storage.webhookNotifications.insertMany([stored]);
    const fresh = makeWebhookNotification(account.id, webhook.id);
    await expectCode(ctx.storage.webhookNotifications.insertMany([fresh, { ...stored, event: "container.created" }]), "conflict");
    expect(await ctx.storage.webhookNotifications.get(account.id, fresh.id)).toBeNull();
    expect(await ctx.storage.webhookNotifications.get(account.id, stored.id)).toStrictEqual(stored);
  });

  ctx.test("webhookNotifications.list orders newest first with id as tie-breaker, and pages", async () => {
    const account = await seedAccount(ctx.storage);
    const webhook = makeWebhook(account.id);
    await ctx.storage.webhooks.insert(webhook);
    const [id1, id2] = ascendingIds(2, uuidv7);
    const notifications = [
      makeWebhookNotification(account.id, webhook.id, { created_at: at(4) }),
      makeWebhookNotification(account.id, webhook.id, { id: id2, created_at: at(3) }),
      makeWebhookNotification(account.id, webhook.id, { id: id1, created_at: at(3) }),
      makeWebhookNotification(account.id, webhook.id, { created_at: at(2) }),
      makeWebhookNotification(account.id, webhook.id, { created_at: at(1) }),
    ];
    await ctx.storage.webhookNotifications.insertMany([2, 4, 0, 3, 1].flatMap((i) => notifications[i] ?? []));
    expect(await ctx.storage.webhookNotifications.list(account.id, { page: ALL })).toStrictEqual({ items: notifications, total: 5 });
    await expectPaging((page) => ctx.storage.webhookNotifications.list(account.id, { page }), notifications);
  });

  ctx.test("webhookNotifications.list filters by webhookId and deliveryStatus, combined with AND", async () => {
    const [account, other] = [await seedAccount(ctx.storage), await seedAccount(ctx.storage)];
    const [hookA, hookB] = [makeWebhook(account.id), makeWebhook(account.id)];
    await ctx.storage.webhooks.insert(hookA);
    await ctx.storage.webhooks.insert(hookB);
    const n = (webhookId: string, status: WebhookNotification["delivery_status"], minute: number) =>
      makeWebhookNotification(account.id, webhookId, { delivery_status: status, created_at: at(minute) });
    const [a1, a2, b1, b2] = [n(hookA.id, "pending", 4), n(hookA.id, "succeeded", 3), n(hookB.id, "pending", 2), n(hookB.id, "failed", 1)];
    await ctx.storage.webhookNotifications.insertMany([b2, a1, b1, a2]);
    await ctx.storage.webhookNotifications.insertMany([makeWebhookNotification(other.id, hookA.id, { delivery_status: "pending" })]);
    const listed = async (filters: Omit<WebhookNotificationListQuery, "page">) =>
      (await ctx.storage.webhookNotifications.list(account.id, { page: ALL, ...filters })).items;
    expect(await listed({ webhookId: hookA.id })).toStrictEqual([a1, a2]);
    expect(await listed({ deliveryStatus: "pending" })).toStrictEqual([a1, b1]);
    expect(await listed({ deliveryStatus: "failed" })).toStrictEqual([b2]);
    expect(await listed({ webhookId: hookB.id, deliveryStatus: "pending" })).toStrictEqual([b1]);
    expect(await listed({ webhookId: hookA.id, deliveryStatus: "failed" })).toStrictEqual([]);
    expect(await listed({ webhookId: uuidv7() })).toStrictEqual([]);
    expect(await ctx.storage.webhookNotifications.list(account.id, { page: { number: 1, size: 1 }, deliveryStatus: "pending" })).toStrictEqual({
      items: [a1],
      total: 2,
    });
  });

  ctx.test("webhookNotifications.list filters by a creation window: createdFrom inclusive, createdBefore exclusive", async () => {
    const account = await seedAccount(ctx.storage);
    const hook = makeWebhook(account.id);
    await ctx.storage.webhooks.insert(hook);
    const [n1, n2, n3, n4] = [1, 2, 3, 4].map((minute) => makeWebhookNotification(account.id, hook.id, { created_at: at(minute) }));
    await ctx.storage.webhookNotifications.insertMany([n3!, n1!, n4!, n2!]);
    const listed = async (filters: Omit<WebhookNotificationListQuery, "page">) =>
      (await ctx.storage.webhookNotifications.list(account.id, { page: ALL, ...filters })).items;
    expect(await listed({ createdFrom: at(2), createdBefore: at(4) })).toStrictEqual([n3, n2]);
    expect(await listed({ createdFrom: at(4) })).toStrictEqual([n4]);
    expect(await listed({ createdBefore: at(2) })).toStrictEqual([n1]);
    expect(await listed({ webhookId: hook.id, createdFrom: at(3), createdBefore: at(3) })).toStrictEqual([]);
  });

  ctx.test("webhooks.listActive returns the account's active webhooks ordered by created_at then id, ascending, whatever their events", async () => {
    const [account, other] = [await seedAccount(ctx.storage), await seedAccount(ctx.storage)];
    const [id1, id2] = ascendingIds(2, uuidv7);
    const later = makeWebhook(account.id, { created_at: at(3), events: ["container.created"] });
    const tieB = makeWebhook(account.id, { id: id2, created_at: at(2) });
    const tieA = makeWebhook(account.id, { id: id1, created_at: at(2), events: ["shipment.estimated.arrival"] });
    const inactive = makeWebhook(account.id, { created_at: at(1), active: false });
    for (const w of [later, inactive, tieB, tieA, makeWebhook(other.id)]) await ctx.storage.webhooks.insert(w);
    expect(await ctx.storage.webhooks.listActive(account.id)).toStrictEqual([tieA, tieB, later]);
    expect(await ctx.storage.webhooks.listActive(uuidv7())).toStrictEqual([]);
  });

  ctx.test("webhookNotifications.listDue shows and claimDue takes due pending notifications of every account by next_attempt_at then id, up to limit; claimDue leases them", async () => {
    const [account, other] = [await seedAccount(ctx.storage), await seedAccount(ctx.storage)];
    const [hook, otherHook] = [makeWebhook(account.id), makeWebhook(other.id)];
    await ctx.storage.webhooks.insert(hook);
    await ctx.storage.webhooks.insert(otherHook);
    const [id1, id2] = ascendingIds(2, uuidv7);
    const due = (accountId: string, webhookId: string, minute: number, overrides: Partial<WebhookNotification> = {}) =>
      makeWebhookNotification(accountId, webhookId, { next_attempt_at: at(minute), ...overrides });
    const first = due(other.id, otherHook.id, 1);
    const tieA = due(account.id, hook.id, 2, { id: id1, attempts: 3 });
    const tieB = due(account.id, hook.id, 2, { id: id2 });
    const last = due(account.id, hook.id, 5);
    const notYet = due(account.id, hook.id, 11);
    const done = due(account.id, hook.id, 0, { delivery_status: "succeeded" });
    const failed = due(account.id, hook.id, 0, { delivery_status: "failed" });
    const unscheduled = due(account.id, hook.id, 0, { next_attempt_at: null });
    await ctx.storage.webhookNotifications.insertMany([last, notYet, tieB, done, first, failed, tieA]);
    await ctx.storage.webhookNotifications.insertMany([unscheduled]);
    const lease = at(20);
    const leased = (n: WebhookNotification) => ({ ...n, next_attempt_at: lease });
    // listDue looks at the same queue without taking anything from it.
    expect(await ctx.storage.webhookNotifications.listDue(at(10), 10)).toStrictEqual([first, tieA, tieB, last]);
    expect(await ctx.storage.webhookNotifications.listDue(at(10), 1)).toStrictEqual([first]);
    expect(await ctx.storage.webhookNotifications.claimDue(at(10), lease, 3)).toStrictEqual([first, tieA, tieB].map(leased));
    expect(await ctx.storage.webhookNotifications.get(account.id, tieA.id)).toStrictEqual(leased(tieA));
    expect(await ctx.storage.webhookNotifications.claimDue(at(10), lease, 3)).toStrictEqual([leased(last)]);
    expect(await ctx.storage.webhookNotifications.claimDue(at(19), at(30), 10)).toStrictEqual([leased(notYet)].map((n) => ({ ...n, next_attempt_at: at(30) })));
    expect(await ctx.storage.webhookNotifications.get(account.id, done.id)).toStrictEqual(done);
    expect(await ctx.storage.webhookNotifications.get(account.id, unscheduled.id)).toStrictEqual(unscheduled);
    // A lease that ran out makes the notification due again (its claimer is presumed dead).
    const again = await ctx.storage.webhookNotifications.claimDue(at(20), at(40), 10);
    expect(again.map((n) => n.id)).toStrictEqual([first.id, tieA.id, tieB.id, last.id].sort(compareText));
  });

  ctx.test("webhookNotifications.claimDue calls made at the same time never return the same notification", async () => {
    const account = await seedAccount(ctx.storage);
    const hook = makeWebhook(account.id);
    await ctx.storage.webhooks.insert(hook);
    const batch = Array.from({ length: 20 }, (_, i) => makeWebhookNotification(account.id, hook.id, { next_attempt_at: at(i % 4) }));
    await ctx.storage.webhookNotifications.insertMany(batch);
    const claims = await Promise.all(Array.from({ length: 6 }, () => ctx.storage.webhookNotifications.claimDue(at(5), at(30), 4)));
    const ids = claims.flat().map((n) => n.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids.length).toBe(20);
  });

  ctx.test("webhookNotifications.listAttempts returns the notification's attempts ordered by attempted_at then id, ascending", async () => {
    const account = await seedAccount(ctx.storage);
    const webhook = makeWebhook(account.id);
    await ctx.storage.webhooks.insert(webhook);
    const [notification, other] = [makeWebhookNotification(account.id, webhook.id), makeWebhookNotification(account.id, webhook.id)];
    await ctx.storage.webhookNotifications.insertMany([notification, other]);
    const [id1, id2] = ascendingIds(2, uuidv7);
    const attempts = [
      makeWebhookNotificationAttempt(notification.id, { attempted_at: at(1), status_code: null, error: "ECONNREFUSED", response_excerpt: null }),
      makeWebhookNotificationAttempt(notification.id, { id: id1, attempted_at: at(2), status_code: 500 }),
      makeWebhookNotificationAttempt(notification.id, { id: id2, attempted_at: at(2), status_code: 502 }),
      makeWebhookNotificationAttempt(notification.id, { attempted_at: at(3) }),
    ];
    for (const i of [3, 1, 0, 2]) {
      const attempt = attempts[i];
      if (attempt) await ctx.storage.webhookNotifications.insertAttempt(attempt);
    }
    await ctx.storage.webhookNotifications.insertAttempt(makeWebhookNotificationAttempt(other.id, { attempted_at: at(0) }));
    expect(await ctx.storage.webhookNotifications.listAttempts(notification.id)).toStrictEqual(attempts);
    expect(await ctx.storage.webhookNotifications.listAttempts(uuidv7())).toStrictEqual([]);
  });

  ctx.test("webhookNotifications.insertAttempt of an existing id rejects with conflict", async () => {
    const account = await seedAccount(ctx.storage);
    const webhook = makeWebhook(account.id);
    await ctx.storage.webhooks.insert(webhook);
    const notification = makeWebhookNotification(account.id, webhook.id);
    await ctx.storage.webhookNotifications.insertMany([notification]);
    const attempt = makeWebhookNotificationAttempt(notification.id);
    await ctx.storage.webhookNotifications.insertAttempt(attempt);
    await expectCode(ctx.storage.webhookNotifications.insertAttempt({ ...attempt, status_code: 500 }), "conflict");
    expect(await ctx.storage.webhookNotifications.listAttempts(notification.id)).toStrictEqual([attempt]);
  });
}
