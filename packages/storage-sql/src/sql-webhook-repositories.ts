import type { Webhook, WebhookNotification, WebhookNotificationAttempt, WebhookReplayRecord } from "@bollard/core";
import type { WebhookNotificationRepository, WebhookNotificationWindow, WebhookReplayRepository, WebhookRepository } from "@bollard/core/storage";
import { sql, type SqlBool } from "kysely";
import { claimDueRows, dueRows } from "./sql-claims.js";
import { pruneDeliveredNotifications } from "./sql-outbox-retention.js";
import { docsOf, idEquals, inAccount, pageOfDocs, scopedGet, type SqlScope } from "./sql-rows.js";
import { rowsOf } from "./sql-records.js";
import { deleteScoped, insertRows, replaceRecord } from "./sql-writes.js";

const getWebhook = scopedGet<Webhook>("webhooks");
const getNotification = scopedGet<WebhookNotification>("webhook_notifications");
const getReplay = scopedGet<WebhookReplayRecord>("webhook_replays");
const DELIVERY_QUEUE = { table: "webhook_notifications", pendingOnly: true } as const;

/** Webhook subscriptions. */
export function sqlWebhookRepository(scope: SqlScope): WebhookRepository {
  const { read, dialect } = scope;
  return {
    async insert(webhook) {
      await insertRows(scope, "webhooks", [rowsOf.webhooks(webhook, dialect)], { kind: "fail", noun: "webhook" });
    },
    update(webhook) {
      return replaceRecord(scope, "webhooks", webhook, rowsOf.webhooks, "webhook");
    },
    async delete(accountId, id) {
      return (await deleteScoped(scope, "webhooks", accountId, { id })) > 0;
    },
    get(accountId, id) {
      return getWebhook(scope, accountId, id);
    },
    list(accountId, page) {
      const query = read.selectFrom("webhooks").where(idEquals(dialect, "account_id", accountId));
      return pageOfDocs<Webhook>(dialect, query, (ordered) => ordered.orderBy("created_at", "desc").orderBy("id", "desc"), page);
    },
    async listActive(accountId) {
      const query = read.selectFrom("webhooks").select("doc").where(idEquals(dialect, "account_id", accountId)).where("active", "=", dialect.flag(true));
      return docsOf<Webhook>(dialect, await query.orderBy("created_at").orderBy("id").execute());
    },
  };
}

/**
 * The webhook outbox and delivery log. `claimDue` reads and leases in one transaction, locked as
 * the dialect locks claims, so concurrent claims never share a row.
 */
export function sqlWebhookNotificationRepository(scope: SqlScope): WebhookNotificationRepository {
  const { read, dialect } = scope;
  return {
    async insertMany(notifications) {
      const rows = notifications.map((notification) => rowsOf.webhook_notifications(notification, dialect));
      await insertRows(scope, "webhook_notifications", rows, { kind: "fail", noun: "webhook notification" });
    },
    update(notification) {
      return replaceRecord(scope, "webhook_notifications", notification, rowsOf.webhook_notifications, "webhook notification");
    },
    get(accountId, id) {
      return getNotification(scope, accountId, id);
    },
    list(accountId, { page, webhookId, deliveryStatus, createdFrom, createdBefore }) {
      let query = read.selectFrom("webhook_notifications").where(idEquals(dialect, "account_id", accountId));
      if (webhookId !== undefined) query = query.where(idEquals(dialect, "webhook_id", webhookId));
      if (deliveryStatus !== undefined) query = query.where("delivery_status", "=", deliveryStatus);
      if (createdFrom !== undefined) query = query.where("created_at", ">=", createdFrom);
      if (createdBefore !== undefined) query = query.where("created_at", "<", createdBefore);
      return pageOfDocs<WebhookNotification>(dialect, query, (ordered) => ordered.orderBy("created_at", "desc").orderBy("id", "desc"), page);
    },
    async listWindow(accountId, window, limit) {
      let query = windowRows(scope, accountId, window);
      if (window.after) {
        if (!dialect.isId(window.after.id)) return [];
        query = query.where(sql<SqlBool>`(${sql.ref("created_at")}, ${sql.ref("id")}) > (${dialect.time(window.after.created_at)}, ${window.after.id})`);
      }
      const rows = await query.select("doc").orderBy("created_at").orderBy("id").limit(Math.max(0, Math.floor(limit))).execute();
      return docsOf<WebhookNotification>(dialect, rows);
    },
    async countWindow(accountId, window, limit) {
      // Counted inside a LIMIT: at most `limit` index entries are read, however many the window holds.
      const bounded = windowRows(scope, accountId, window).select(sql<number>`1`.as("one")).limit(Math.max(0, Math.floor(limit)));
      const row = await read.selectFrom(bounded.as("w")).select(sql<string>`count(*)`.as("n")).executeTakeFirst();
      return Number(row?.n ?? 0);
    },
    claimDue(now, leaseUntil, limit) {
      return claimDueRows<WebhookNotification>(scope, DELIVERY_QUEUE, now, leaseUntil, limit);
    },
    async listDue(now, limit) {
      const rows = await dueRows(read, scope, DELIVERY_QUEUE, now).select("doc").limit(Math.max(0, Math.floor(limit))).execute();
      return docsOf<WebhookNotification>(scope.dialect, rows);
    },
    async insertAttempt(attempt: WebhookNotificationAttempt) {
      await insertRows(scope, "webhook_notification_attempts", [rowsOf.webhook_notification_attempts(attempt, dialect)], { kind: "fail", noun: "webhook notification attempt" });
    },
    async listAttempts(notificationId) {
      if (!dialect.isId(notificationId)) return [];
      const query = read.selectFrom("webhook_notification_attempts").select("doc").where("notification_id", "=", notificationId);
      return docsOf<WebhookNotificationAttempt>(dialect, await query.orderBy("attempted_at").orderBy("id").execute());
    },
    pruneDelivered(before, limit) {
      return pruneDeliveredNotifications(scope, before, limit);
    },
  };
}

/**
 * The rows of a replay window, through the `(webhook_id, created_at, id)` index: the account is a
 * filter no index serves (`inAccount`), so the planner never walks the account's notifications instead.
 */
function windowRows({ read, dialect }: SqlScope, accountId: string, window: WebhookNotificationWindow) {
  return read
    .selectFrom("webhook_notifications")
    .where(idEquals(dialect, "webhook_id", window.webhookId))
    .where(inAccount(dialect, accountId))
    .where("created_at", ">=", dialect.time(window.createdFrom))
    .where("created_at", "<", dialect.time(window.createdBefore));
}

/** Webhook replays; the running ones are found through `(status, created_at, id)`. */
export function sqlWebhookReplayRepository(scope: SqlScope): WebhookReplayRepository {
  const { read, dialect } = scope;
  return {
    async insert(replay) {
      await insertRows(scope, "webhook_replays", [rowsOf.webhook_replays(replay, dialect)], { kind: "fail", noun: "webhook replay" });
    },
    update(replay) {
      return replaceRecord(scope, "webhook_replays", replay, rowsOf.webhook_replays, "webhook replay");
    },
    get(accountId, id) {
      return getReplay(scope, accountId, id);
    },
    async listRunning(limit, of) {
      // A literal, so PostgreSQL's partial index on the running ones serves every plan of the query.
      let query = read.selectFrom("webhook_replays").select("doc").where(sql<SqlBool>`${sql.ref("status")} = 'running'`);
      if (of) query = query.where(idEquals(dialect, "account_id", of.accountId)).where(idEquals(dialect, "webhook_id", of.webhookId));
      const rows = await query.orderBy("created_at").orderBy("id").limit(Math.max(0, Math.floor(limit))).execute();
      return docsOf<WebhookReplayRecord>(dialect, rows);
    },
  };
}
