import type { Webhook, WebhookNotification } from "../domain/index.js";

const MINUTE = 60_000;

/** How webhook notifications are delivered and retried. */
export interface WebhookDeliveryPolicy {
  /**
   * Retries after the first attempt before a notification is marked `failed`.
   * @default 12
   */
  maxRetries: number;
  /**
   * The delay before the first retry; each later retry doubles it, up to `maxRetryDelayMs`.
   * @default 60_000 (1 minute)
   */
  firstRetryDelayMs: number;
  /**
   * The longest delay between two attempts (before jitter).
   * @default 21_600_000 (6 hours)
   */
  maxRetryDelayMs: number;
  /**
   * Each delay is multiplied by a random factor in [1 − jitter, 1 + jitter], so retries of many
   * notifications to one receiver spread out.
   * @default 0.2
   */
  jitter: number;
  /**
   * How long one attempt may take (connect, send and read the response) before it counts as failed.
   * @default 10_000
   */
  timeoutMs: number;
  /**
   * Failed attempts in a row after which a webhook is deactivated (`active: false`).
   * @default 50
   */
  deactivateAfterFailures: number;
  /**
   * The most response body read per attempt; the rest is discarded unread.
   * @default 65_536
   */
  responseBodyLimitBytes: number;
  /**
   * The most response body kept in the delivery log.
   * @default 1_024
   */
  responseExcerptBytes: number;
}

/** The delivery policy Bollard uses unless told otherwise; see {@link WebhookDeliveryPolicy}. */
export const DEFAULT_WEBHOOK_DELIVERY_POLICY: Readonly<WebhookDeliveryPolicy> = Object.freeze({
  maxRetries: 12,
  firstRetryDelayMs: MINUTE,
  maxRetryDelayMs: 360 * MINUTE,
  jitter: 0.2,
  timeoutMs: 10_000,
  deactivateAfterFailures: 50,
  responseBodyLimitBytes: 64 * 1024,
  responseExcerptBytes: 1024,
});

/** The statuses that mean "delivered"; anything else (or no response) is retried. */
export const WEBHOOK_SUCCESS_STATUSES: readonly number[] = [200, 201, 202, 204];

/**
 * The delay before retry number `retry` (1-based): `firstRetryDelayMs · 2^(retry−1)`, capped at
 * `maxRetryDelayMs`, times a jitter factor from `random()` (0.5 gives the delay without jitter).
 */
export function retryDelayMs(policy: WebhookDeliveryPolicy, retry: number, random: () => number): number {
  const base = Math.min(policy.firstRetryDelayMs * 2 ** Math.max(0, retry - 1), policy.maxRetryDelayMs);
  return Math.round(base * (1 - policy.jitter + 2 * policy.jitter * random()));
}

/** What one delivery attempt got back. */
export interface AttemptOutcome {
  /** The response status, or null when no response came (timeout, refused, unreachable). */
  status: number | null;
  /** Why the attempt failed, or null when it succeeded. */
  error: string | null;
}

/**
 * The notification after an attempt at `now` (pure): succeeded on a success status; otherwise
 * scheduled for the next retry, or `failed` once `maxRetries` retries have been made.
 */
export function notificationAfterAttempt(
  notification: WebhookNotification,
  outcome: AttemptOutcome,
  now: number,
  policy: WebhookDeliveryPolicy,
  random: () => number,
): WebhookNotification {
  const at = new Date(now).toISOString();
  const attempts = notification.attempts + 1;
  const base = { ...notification, attempts, last_attempt_at: at, last_response_status: outcome.status, updated_at: at };
  if (outcome.status !== null && WEBHOOK_SUCCESS_STATUSES.includes(outcome.status)) {
    return { ...base, delivery_status: "succeeded", next_attempt_at: null };
  }
  if (attempts > policy.maxRetries) return { ...base, delivery_status: "failed", next_attempt_at: null };
  return { ...base, delivery_status: "pending", next_attempt_at: new Date(now + retryDelayMs(policy, attempts, random)).toISOString() };
}

/**
 * The webhook after an attempt (pure), or null when nothing changes: a success resets
 * `consecutive_failures`; a failure counts up and deactivates the webhook at `deactivateAfterFailures`.
 */
export function webhookAfterAttempt(webhook: Webhook, succeeded: boolean, now: string, policy: WebhookDeliveryPolicy): Webhook | null {
  if (succeeded) return webhook.consecutive_failures === 0 ? null : { ...webhook, consecutive_failures: 0 };
  const failures = webhook.consecutive_failures + 1;
  const deactivate = webhook.active && failures >= policy.deactivateAfterFailures;
  return { ...webhook, consecutive_failures: failures, ...(deactivate && { active: false, updated_at: now }) };
}
