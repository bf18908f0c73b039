import type { WebhookNotification } from "../domain/index.js";
import { BollardError, NotFoundError } from "../errors/index.js";
import type { Storage, StorageRepositories } from "../storage/index.js";

/*
 * Sending stored notifications again: one by id (redeliver), or every notification of a webhook in
 * a window (replay, a backfill for a receiver that was down: see webhook-replays.ts). A notification
 * sent again keeps its id and its frozen payload, so receivers that dedupe on the id see a
 * duplicate, not a new event; it is put back in the outbox as pending and due now, with a fresh
 * retry schedule, and its attempts are appended to the same delivery log.
 */

/** The notification, pending again and due at `now`, with a fresh retry schedule. */
export function requeued(notification: WebhookNotification, now: string): WebhookNotification {
  return { ...notification, delivery_status: "pending", attempts: 0, next_attempt_at: now, updated_at: now };
}

/** Throws 404 for a webhook that is not the account's, 409 for one that would not receive (inactive). */
export async function assertReceiving(repos: StorageRepositories, accountId: string, webhookId: string): Promise<void> {
  const webhook = await repos.webhooks.get(accountId, webhookId);
  if (!webhook) throw new NotFoundError(`No webhook ${webhookId}: it was deleted, so its notifications cannot be sent again`);
  if (!webhook.active) throw new BollardError("conflict", `The webhook ${webhookId} is inactive: activate it (PATCH /v2/webhooks/${webhookId} with active: true) before sending notifications again`);
}

/** Puts one stored notification back in the outbox (see the file's comment); 409 while it is still pending. */
export async function redeliverNotification(storage: Storage, accountId: string, id: string, now: string): Promise<WebhookNotification> {
  return storage.transaction(async (tx) => {
    const notification = await tx.webhookNotifications.get(accountId, id);
    if (!notification) throw new NotFoundError(`No webhook notification ${id}`);
    if (notification.delivery_status === "pending") throw new BollardError("conflict", `The webhook notification ${id} is still pending: it will be delivered without being asked again`);
    await assertReceiving(tx, accountId, notification.webhook_id);
    const next = requeued(notification, now);
    await tx.webhookNotifications.update(next);
    return next;
  });
}
