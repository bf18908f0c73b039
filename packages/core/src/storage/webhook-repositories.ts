import type { Webhook, WebhookNotification, WebhookNotificationAttempt, WebhookReplayRecord } from "../domain/index.js";
import type { Page, PageResult } from "./pagination.js";

/** Webhook subscriptions of an account. */
export interface WebhookRepository {
  /** Stores a new webhook; `conflict` when the id is taken. */
  insert(webhook: Webhook): Promise<void>;
  /** Replaces the stored webhook; `not_found` when there is none. */
  update(webhook: Webhook): Promise<void>;
  /** Deletes the webhook; true when there was one. */
  delete(accountId: string, id: string): Promise<boolean>;
  /** The account's webhook with this id, or null. */
  get(accountId: string, id: string): Promise<Webhook | null>;
  /** Ordered newest first: `created_at` descending, then `id` descending. */
  list(accountId: string, page: Page): Promise<PageResult<Webhook>>;
  /**
   * The account's webhooks with `active` true (whatever their `events`), ordered by `created_at`,
   * then `id`, ascending. The outbox asks this once per account and write.
   */
  listActive(accountId: string): Promise<Webhook[]>;
}

/** Filters of the webhook notifications listing. */
export interface WebhookNotificationListQuery {
  /** Which page to return. */
  page: Page;
  /** Only notifications of this webhook. */
  webhookId?: string;
  /** Only notifications in this delivery state. */
  deliveryStatus?: WebhookNotification["delivery_status"];
  /** Only notifications created at or after this time (an ISO 8601 timestamp). */
  createdFrom?: string;
  /** Only notifications created before this time (an ISO 8601 timestamp). */
  createdBefore?: string;
}

/** The notifications of one webhook created in a window, read in creation order from a place in it (a replay's batches). */
export interface WebhookNotificationWindow {
  /** Only notifications of this webhook. */
  webhookId: string;
  /** Created at or after this time (an ISO 8601 timestamp). */
  createdFrom: string;
  /** Created before this time (an ISO 8601 timestamp). */
  createdBefore: string;
  /** Only notifications after this one in (`created_at`, `id`) order; from the window's start when absent. */
  after?: {
    /** The `created_at` of the last notification read. */
    created_at: string;
    /** Its `id`. */
    id: string;
  };
}

/** The webhook outbox and its delivery log. */
export interface WebhookNotificationRepository {
  /** Inserts many notifications at once; all or nothing inside a transaction. */
  insertMany(notifications: readonly WebhookNotification[]): Promise<void>;
  /** Replaces the stored notification; `not_found` when there is none. */
  update(notification: WebhookNotification): Promise<void>;
  /** The account's notification with this id, or null. */
  get(accountId: string, id: string): Promise<WebhookNotification | null>;
  /** Ordered newest first: `created_at` descending, then `id` descending. */
  list(accountId: string, query: WebhookNotificationListQuery): Promise<PageResult<WebhookNotification>>;
  /**
   * The account's notifications of the window (see {@link WebhookNotificationWindow}), ordered by
   * `created_at`, then `id`, ascending, strictly after `window.after` in that order, at most `limit`.
   */
  listWindow(accountId: string, window: WebhookNotificationWindow, limit: number): Promise<WebhookNotification[]>;
  /**
   * How many of the account's notifications the window holds (`window.after` ignored), counting no
   * further than `limit`: the count, or `limit` when there are that many or more. Its cost is bounded
   * by `limit`, whatever the window holds.
   */
  countWindow(accountId: string, window: WebhookNotificationWindow, limit: number): Promise<number>;
  /**
   * Claims due notifications for delivery, across all accounts: atomically takes up to `limit`
   * notifications whose `delivery_status` is `pending` and whose `next_attempt_at` is set and at or
   * before `now`, ordered by `next_attempt_at`, then `id`, ascending; sets each one's
   * `next_attempt_at` to `leaseUntil` (nothing else changes) and returns them as stored after that
   * change. While a lease runs (until `leaseUntil`), no other call returns the notification; if the
   * claimer dies, it is due again when the lease ends (at-least-once delivery).
   */
  claimDue(now: string, leaseUntil: string, limit: number): Promise<WebhookNotification[]>;
  /**
   * Across all accounts, up to `limit` of the notifications {@link WebhookNotificationRepository.claimDue}
   * would claim at `now`, in the same order, without claiming them (the sandbox clock looks ahead with it).
   */
  listDue(now: string, limit: number): Promise<WebhookNotification[]>;
  /** Appends one delivery attempt to a notification's log. */
  insertAttempt(attempt: WebhookNotificationAttempt): Promise<void>;
  /** The attempts of one notification, ordered by `attempted_at`, then `id`, ascending. */
  listAttempts(notificationId: string): Promise<WebhookNotificationAttempt[]>;
  /**
   * Outbox retention: across all accounts, deletes up to `limit` notifications whose
   * `delivery_status` is `succeeded` and whose `created_at` is before `before`, oldest first
   * (`created_at`, then `id`), together with their attempts, atomically. Pending and failed
   * notifications are never deleted. Returns how many notifications were deleted.
   */
  pruneDelivered(before: string, limit: number): Promise<number>;
}

/** Webhook replays: requests to send a window of notifications again, and how far each got. */
export interface WebhookReplayRepository {
  /** Stores a new replay; `conflict` when the id is taken. */
  insert(replay: WebhookReplayRecord): Promise<void>;
  /** Replaces the stored replay; `not_found` when there is none. */
  update(replay: WebhookReplayRecord): Promise<void>;
  /** The account's replay with this id, or null. */
  get(accountId: string, id: string): Promise<WebhookReplayRecord | null>;
  /**
   * Replays whose `status` is `running`, ordered by `created_at`, then `id`, ascending, at most
   * `limit`: across all accounts (the background's queue), or only those of one webhook of one
   * account when `of` is given.
   */
  listRunning(limit: number, of?: { accountId: string; webhookId: string }): Promise<WebhookReplayRecord[]>;
}
