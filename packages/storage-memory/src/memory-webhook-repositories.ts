import type { WebhookNotification, WebhookReplayRecord } from "@bollard/core";
import { type StorageRepositories, toTimestamp, type WebhookNotificationWindow } from "@bollard/core/storage";
import { cmp, copy, deleteScoped, getScoped, insertAllInto, insertInto, listWhere, newestFirst, oldestFirst, updateIn, type Access } from "./memory-records.js";
import { valuesOf, type MemoryTables } from "./memory-table.js";

type WebhookRepositories = Pick<StorageRepositories, "webhooks" | "webhookNotifications" | "webhookReplays">;

/** Webhooks, the notification outbox, its delivery log and the replays. */
export function webhookRepositories(tables: MemoryTables, access: Access): WebhookRepositories {
  const { webhooks, webhookNotifications: notifications, webhookAttempts: attempts, webhookReplays: replays } = tables;
  return {
    webhooks: {
      insert: (webhook) => access.write(() => insertInto(webhooks, webhook, "webhook")),
      update: (webhook) => access.write(() => updateIn(webhooks, webhook, "webhook")),
      delete: (accountId, id) => access.write(() => deleteScoped(webhooks, accountId, id)),
      get: (accountId, id) => access.read(() => getScoped(webhooks, accountId, id)),
      list: (accountId, page) => access.read(() => listWhere(webhooks, (w) => w.account_id === accountId, newestFirst, page)),
      listActive: (accountId) => access.read(() => listWhere(webhooks, (w) => w.account_id === accountId && w.active, oldestFirst).items),
    },
    webhookNotifications: {
      insertMany: (batch) => access.write(() => insertAllInto(notifications, batch, "webhook notification")),
      update: (notification) => access.write(() => updateIn(notifications, notification, "webhook notification")),
      get: (accountId, id) => access.read(() => getScoped(notifications, accountId, id)),
      list: (accountId, query) =>
        access.read(() => {
          const match = (n: WebhookNotification) =>
            n.account_id === accountId &&
            (query.webhookId === undefined || n.webhook_id === query.webhookId) &&
            (query.deliveryStatus === undefined || n.delivery_status === query.deliveryStatus) &&
            (query.createdFrom === undefined || n.created_at >= query.createdFrom) &&
            (query.createdBefore === undefined || n.created_at < query.createdBefore);
          return listWhere(notifications, match, newestFirst, query.page);
        }),
      listWindow: (accountId, window, limit) =>
        access.read(() => listWhere(notifications, inWindow(accountId, window, true), oldestFirst, { number: 1, size: Math.max(0, Math.floor(limit)) }).items),
      countWindow: (accountId, window, limit) => access.read(() => Math.min(Math.max(0, Math.floor(limit)), valuesOf(notifications).filter(inWindow(accountId, window, false)).length)),
      listDue: (now, limit) => access.read(() => dueNotifications(notifications, now, limit)),
      claimDue: (now, leaseUntil, limit) =>
        access.write(() => {
          const claimed = dueNotifications(notifications, now, limit).map((n) => ({ ...n, next_attempt_at: leaseUntil }));
          for (const notification of claimed) notifications.set(notification.id, copy(notification));
          return claimed;
        }),
      insertAttempt: (attempt) => access.write(() => insertInto(attempts, attempt, "delivery attempt")),
      listAttempts: (notificationId) =>
        access.read(
          () =>
            listWhere(attempts, (a) => a.notification_id === notificationId, (a, b) => cmp(a.attempted_at, b.attempted_at) || cmp(a.id, b.id))
              .items,
        ),
      pruneDelivered: (before, limit) =>
        access.write(() => {
          const cutoff = toTimestamp(before) ?? before;
          const old = (n: WebhookNotification) => n.delivery_status === "succeeded" && n.created_at < cutoff;
          const pruned = listWhere(notifications, old, oldestFirst, { number: 1, size: Math.max(0, Math.floor(limit)) }).items;
          const ids = new Set(pruned.map((n) => n.id));
          for (const [id, attempt] of attempts.entries()) if (ids.has(attempt.notification_id)) attempts.delete(id);
          for (const id of ids) notifications.delete(id);
          return pruned.length;
        }),
    },
    webhookReplays: {
      insert: (replay) => access.write(() => insertInto(replays, replay, "webhook replay")),
      update: (replay) => access.write(() => updateIn(replays, replay, "webhook replay")),
      get: (accountId, id) => access.read(() => getScoped(replays, accountId, id)),
      listRunning: (limit, of) =>
        access.read(() => {
          const running = (r: WebhookReplayRecord) => r.status === "running" && (!of || (r.account_id === of.accountId && r.webhook_id === of.webhookId));
          return listWhere(replays, running, oldestFirst, { number: 1, size: Math.max(0, Math.floor(limit)) }).items;
        }),
    },
  };
}

/** Whether a notification is the account's and in the window (after its `after` place, when `fromAfter`). */
function inWindow(accountId: string, window: WebhookNotificationWindow, fromAfter: boolean): (n: WebhookNotification) => boolean {
  const after = fromAfter ? window.after : undefined;
  return (n) =>
    n.account_id === accountId &&
    n.webhook_id === window.webhookId &&
    n.created_at >= window.createdFrom &&
    n.created_at < window.createdBefore &&
    (!after || cmp(n.created_at, after.created_at) > 0 || (n.created_at === after.created_at && cmp(n.id, after.id) > 0));
}

/** Pending notifications due at `now`, by `next_attempt_at`, then `id` (the delivery queue). */
function dueNotifications(notifications: MemoryTables["webhookNotifications"], now: string, limit: number): WebhookNotification[] {
  const due = (n: WebhookNotification) => n.delivery_status === "pending" && n.next_attempt_at !== null && n.next_attempt_at <= now;
  const byDueTime = (a: WebhookNotification, b: WebhookNotification) => cmp(a.next_attempt_at!, b.next_attempt_at!) || cmp(a.id, b.id);
  return listWhere(notifications, due, byDueTime, { number: 1, size: limit }).items;
}
