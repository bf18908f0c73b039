import type { WebhookEventName, WebhookNotification } from "../domain/index.js";
import { BollardError, NotFoundError } from "../errors/index.js";
import type { Storage, StorageRepositories } from "../storage/index.js";

/*
 * Sending stored notifications again: one by id (redeliver), or every notification of a webhook in
 * a window (replay, a backfill for a receiver that was down). A notification sent again keeps its
 * id and its frozen payload, so receivers that dedupe on the id see a duplicate, not a new event;
 * it is put back in the outbox as pending and due now, with a fresh retry schedule, and its
 * attempts are appended to the same delivery log.
 */

/** Notifications read per page while a replay collects its window. */
const REPLAY_PAGE = 500;

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

/** A replay's window: notifications of one webhook created in [since, until), optionally of some events only. */
export interface ReplayWindow {
  /** The webhook whose notifications are sent again. */
  webhookId: string;
  /** Created at or after (stored timestamp form). */
  since: string;
  /** Created before (stored timestamp form). */
  until: string;
  /** Only these events; all when absent. */
  events?: readonly WebhookEventName[];
}

/** What a replay did: how many notifications it queued again, and how many of the window were still pending (left as they are). */
export interface WebhookReplayResult {
  /** Notifications of the window put back in the outbox, oldest first. */
  queued: number;
  /** Notifications of the window still pending delivery, left in the outbox as they were. */
  already_pending: number;
}

/**
 * Puts every notification of the window back in the outbox, oldest first (they fall due at once and
 * the dispatcher claims due notifications in id order, which is creation order). Pending ones are
 * left alone: they are on their way.
 */
export async function replayNotifications(storage: Storage, accountId: string, window: ReplayWindow, now: string): Promise<WebhookReplayResult> {
  await assertReceiving(storage, accountId, window.webhookId);
  const events = window.events && new Set<string>(window.events);
  const matching: WebhookNotification[] = [];
  for (let number = 1; ; number += 1) {
    const page = await storage.webhookNotifications.list(accountId, { webhookId: window.webhookId, createdFrom: window.since, createdBefore: window.until, page: { number, size: REPLAY_PAGE } });
    matching.push(...page.items.filter((notification) => !events || events.has(notification.event)));
    if (number * REPLAY_PAGE >= page.total) break;
  }
  matching.reverse();
  const replayed = matching.filter((notification) => notification.delivery_status !== "pending");
  for (let start = 0; start < replayed.length; start += REPLAY_PAGE) {
    const batch = replayed.slice(start, start + REPLAY_PAGE);
    await storage.transaction(async (tx) => {
      for (const notification of batch) await tx.webhookNotifications.update(requeued(notification, now));
    });
  }
  return { queued: replayed.length, already_pending: matching.length - replayed.length };
}
