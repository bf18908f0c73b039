import type { Webhook, WebhookNotification, WebhookNotificationAttempt } from "@bollard/core";
import type { WebhookNotificationRepository, WebhookRepository } from "@bollard/core/storage";
import { claimDueRows } from "./postgres-claims.js";
import { docOf, docsOf, isUuid, pageOfDocs, type RepositoryScope, uuidEquals } from "./postgres-rows.js";
import { rows } from "./postgres-records.js";
import { deleteScoped, insertRows, replaceRecord } from "./postgres-writes.js";

/** Webhook subscriptions over PostgreSQL. */
export function postgresWebhookRepository({ db }: RepositoryScope): WebhookRepository {
  return {
    async insert(webhook) {
      await insertRows(db, "webhooks", [rows.webhooks(webhook)], { kind: "fail", noun: "webhook" });
    },
    update(webhook) {
      return replaceRecord(db, "webhooks", webhook, rows.webhooks, "webhook");
    },
    async delete(accountId, id) {
      return (await deleteScoped(db, "webhooks", accountId, { id })) > 0;
    },
    async get(accountId, id) {
      if (!isUuid(id) || !isUuid(accountId)) return null;
      return docOf<Webhook>(await db.selectFrom("webhooks").select("doc").where("id", "=", id).where("account_id", "=", accountId).executeTakeFirst());
    },
    list(accountId, page) {
      const query = db.selectFrom("webhooks").where(uuidEquals("account_id", accountId));
      return pageOfDocs<Webhook>(query, (ordered) => ordered.orderBy("created_at", "desc").orderBy("id", "desc"), page);
    },
    async listActive(accountId) {
      const query = db.selectFrom("webhooks").select("doc").where(uuidEquals("account_id", accountId)).where("active", "=", true);
      return docsOf<Webhook>(await query.orderBy("created_at").orderBy("id").execute());
    },
  };
}

/**
 * The webhook outbox and delivery log over PostgreSQL. `claimDue` locks the rows it takes with
 * `FOR UPDATE SKIP LOCKED`, so delivery workers in several processes never take the same
 * notification while its lease runs.
 */
export function postgresWebhookNotificationRepository({ db }: RepositoryScope): WebhookNotificationRepository {
  return {
    async insertMany(notifications) {
      await insertRows(db, "webhook_notifications", notifications.map(rows.webhook_notifications), { kind: "fail", noun: "webhook notification" });
    },
    update(notification) {
      return replaceRecord(db, "webhook_notifications", notification, rows.webhook_notifications, "webhook notification");
    },
    async get(accountId, id) {
      if (!isUuid(id) || !isUuid(accountId)) return null;
      const row = await db.selectFrom("webhook_notifications").select("doc").where("id", "=", id).where("account_id", "=", accountId).executeTakeFirst();
      return docOf<WebhookNotification>(row);
    },
    list(accountId, { page, webhookId, deliveryStatus }) {
      let query = db.selectFrom("webhook_notifications").where(uuidEquals("account_id", accountId));
      if (webhookId !== undefined) query = query.where(uuidEquals("webhook_id", webhookId));
      if (deliveryStatus !== undefined) query = query.where("delivery_status", "=", deliveryStatus);
      return pageOfDocs<WebhookNotification>(query, (ordered) => ordered.orderBy("created_at", "desc").orderBy("id", "desc"), page);
    },
    claimDue(now, leaseUntil, limit) {
      return claimDueRows<WebhookNotification>(db, { table: "webhook_notifications", pendingOnly: true }, now, leaseUntil, limit);
    },
    async insertAttempt(attempt) {
      await insertRows(db, "webhook_notification_attempts", [rows.webhook_notification_attempts(attempt)], { kind: "fail", noun: "webhook notification attempt" });
    },
    async listAttempts(notificationId) {
      if (!isUuid(notificationId)) return [];
      const query = db.selectFrom("webhook_notification_attempts").select("doc").where("notification_id", "=", notificationId);
      return docsOf<WebhookNotificationAttempt>(await query.orderBy("attempted_at").orderBy("id").execute());
    },
  };
}
