import type { Webhook, WebhookNotification, WebhookNotificationAttempt } from "@bollard/core";
import type { WebhookNotificationRepository, WebhookRepository } from "@bollard/core/storage";
import { canonicalTime, pageOfDocs, parseDocs, type RepositoryScope, scopedGet } from "./sqlite-doc-rows.js";
import { atomically, deleteScoped, insertRows, replaceRecord } from "./sqlite-writes.js";

const getWebhook = scopedGet<Webhook>("webhooks");
const getNotification = scopedGet<WebhookNotification>("webhook_notifications");

function webhookRow(webhook: Webhook) {
  return {
    id: webhook.id,
    account_id: webhook.account_id,
    active: webhook.active ? 1 : 0,
    created_at: webhook.created_at,
    doc: JSON.stringify(webhook),
  };
}

function notificationRow(notification: WebhookNotification) {
  return {
    id: notification.id,
    account_id: notification.account_id,
    webhook_id: notification.webhook_id,
    delivery_status: notification.delivery_status,
    next_attempt_at: notification.next_attempt_at,
    created_at: notification.created_at,
    doc: JSON.stringify(notification),
  };
}

function attemptRow(attempt: WebhookNotificationAttempt) {
  return { id: attempt.id, notification_id: attempt.notification_id, attempted_at: attempt.attempted_at, doc: JSON.stringify(attempt) };
}

/** Webhook subscriptions over SQLite. */
export function sqliteWebhookRepository({ read, write }: RepositoryScope): WebhookRepository {
  return {
    async insert(webhook) {
      await insertRows(write, "webhooks", [webhookRow(webhook)]);
    },
    update(webhook) {
      return replaceRecord(write, "webhooks", webhook, webhookRow, "webhook");
    },
    async delete(accountId, id) {
      return (await deleteScoped(write, "webhooks", accountId, { id })) > 0;
    },
    get(accountId, id) {
      return getWebhook(read, accountId, id);
    },
    list(accountId, page) {
      const query = read.selectFrom("webhooks").where("account_id", "=", accountId);
      return pageOfDocs<Webhook>(query, (ordered) => ordered.orderBy("created_at", "desc").orderBy("id", "desc"), page);
    },
    async listActive(accountId) {
      const rows = await read
        .selectFrom("webhooks")
        .select("doc")
        .where("account_id", "=", accountId)
        .where("active", "=", 1)
        .orderBy("created_at")
        .orderBy("id")
        .execute();
      return parseDocs<Webhook>(rows);
    },
  };
}

/**
 * The webhook outbox and delivery log over SQLite. `claimDue` reads and leases in one write
 * transaction, and write transactions are serialized, so concurrent claims never share a row.
 */
export function sqliteWebhookNotificationRepository({ read, write }: RepositoryScope): WebhookNotificationRepository {
  return {
    async insertMany(notifications) {
      await insertRows(write, "webhook_notifications", notifications.map(notificationRow));
    },
    update(notification) {
      return replaceRecord(write, "webhook_notifications", notification, notificationRow, "webhook notification");
    },
    get(accountId, id) {
      return getNotification(read, accountId, id);
    },
    list(accountId, { page, webhookId, deliveryStatus }) {
      let query = read.selectFrom("webhook_notifications").where("account_id", "=", accountId);
      if (webhookId !== undefined) query = query.where("webhook_id", "=", webhookId);
      if (deliveryStatus !== undefined) query = query.where("delivery_status", "=", deliveryStatus);
      return pageOfDocs<WebhookNotification>(query, (ordered) => ordered.orderBy("created_at", "desc").orderBy("id", "desc"), page);
    },
    claimDue(now, leaseUntil, limit) {
      const lease = canonicalTime(leaseUntil);
      return atomically(write, async (db) => {
        const rows = await db
          .selectFrom("webhook_notifications")
          .select("doc")
          .where("delivery_status", "=", "pending")
          .where("next_attempt_at", "is not", null)
          .where("next_attempt_at", "<=", canonicalTime(now))
          .orderBy("next_attempt_at")
          .orderBy("id")
          .limit(limit)
          .execute();
        const claimed = parseDocs<WebhookNotification>(rows).map((notification) => ({ ...notification, next_attempt_at: lease }));
        for (const notification of claimed) {
          await db
            .updateTable("webhook_notifications")
            .set({ next_attempt_at: lease, doc: JSON.stringify(notification) })
            .where("id", "=", notification.id)
            .execute();
        }
        return claimed;
      });
    },
    async insertAttempt(attempt) {
      await insertRows(write, "webhook_notification_attempts", [attemptRow(attempt)]);
    },
    async listAttempts(notificationId) {
      const rows = await read
        .selectFrom("webhook_notification_attempts")
        .select("doc")
        .where("notification_id", "=", notificationId)
        .orderBy("attempted_at")
        .orderBy("id")
        .execute();
      return parseDocs<WebhookNotificationAttempt>(rows);
    },
  };
}
