import type { Clock } from "../clock/index.js";
import type { Webhook, WebhookNotification } from "../domain/index.js";
import { uuidv7 } from "../ids/index.js";
import type { Storage, StorageRepositories } from "../storage/index.js";
import { notificationAfterAttempt, webhookAfterAttempt, type AttemptOutcome, type WebhookDeliveryPolicy } from "./delivery-policy.js";

/** One finished attempt, waiting to be written. */
export interface AttemptRecord {
  /** The notification as claimed. */
  notification: WebhookNotification;
  /** What the attempt got back. */
  outcome: AttemptOutcome;
  /** When the attempt started (ISO timestamp). */
  attemptedAt: string;
  /** How long it took, in milliseconds. */
  durationMs: number;
  /** The response body (already capped), or null without a response. */
  responseBody: string | null;
  /** Mark the notification failed whatever the outcome (its webhook is gone or inactive). */
  giveUp: boolean;
}

/** Options of {@link createAttemptRecorder}. */
export interface AttemptRecorderOptions {
  /** Where attempts are written. */
  storage: Storage;
  /** Dates the notification's next attempt. */
  clock: Clock;
  /** Decides retries and when a webhook is deactivated. */
  policy: WebhookDeliveryPolicy;
  /** The jitter source, in [0, 1). */
  random: () => number;
}

/**
 * Writes finished attempts with group commit: attempts that finish while a transaction is being
 * written wait and go into the next one together, so a storage that syncs every commit to disk still
 * records many deliveries per sync. `record` resolves with the notification's next state once it is
 * durable (or rejects with the transaction's error).
 */
export function createAttemptRecorder(options: AttemptRecorderOptions): {
  /** Queues the attempt for the next group commit; resolves with the notification's next state once durable. */
  record(entry: AttemptRecord): Promise<WebhookNotification>;
} {
  const { storage, clock, policy, random } = options;
  const waiting: { entry: AttemptRecord; resolve: (next: WebhookNotification) => void; reject: (error: unknown) => void }[] = [];
  let flushing = false;

  /** Writes one attempt; `webhooks` carries each webhook's state through a batch (written once at the end). */
  async function write(tx: StorageRepositories, entry: AttemptRecord, webhooks: Map<string, { webhook: Webhook | null; changed: boolean }>): Promise<WebhookNotification> {
    const { notification, outcome } = entry;
    const nowMs = clock.now().getTime();
    const after = notificationAfterAttempt(notification, outcome, nowMs, policy, random);
    const next: WebhookNotification = entry.giveUp ? { ...after, delivery_status: "failed", next_attempt_at: null } : after;
    await tx.webhookNotifications.update(next);
    const excerpt = entry.responseBody === null ? null : Buffer.from(entry.responseBody, "utf8").subarray(0, policy.responseExcerptBytes).toString("utf8");
    await tx.webhookNotifications.insertAttempt({
      id: uuidv7(), notification_id: notification.id, attempted_at: entry.attemptedAt, duration_ms: entry.durationMs,
      status_code: outcome.status, error: outcome.error, response_excerpt: excerpt,
    });
    if (!entry.giveUp) {
      let state = webhooks.get(notification.webhook_id);
      if (!state) webhooks.set(notification.webhook_id, (state = { webhook: await tx.webhooks.get(notification.account_id, notification.webhook_id), changed: false }));
      const changed = state.webhook && webhookAfterAttempt(state.webhook, next.delivery_status === "succeeded", new Date(nowMs).toISOString(), policy);
      if (changed) Object.assign(state, { webhook: changed, changed: true });
    }
    return next;
  }

  /** Writes a batch of attempts in one transaction, in order, then each webhook whose failure count moved. */
  function writeAll(entries: readonly AttemptRecord[]): Promise<WebhookNotification[]> {
    return storage.transaction(async (tx) => {
      const webhooks = new Map<string, { webhook: Webhook | null; changed: boolean }>();
      const out: WebhookNotification[] = [];
      for (const entry of entries) out.push(await write(tx, entry, webhooks));
      for (const state of webhooks.values()) if (state.changed && state.webhook) await tx.webhooks.update(state.webhook);
      return out;
    });
  }

  async function flush(): Promise<void> {
    flushing = true;
    try {
      while (waiting.length > 0) {
        const batch = waiting.splice(0);
        try {
          const results = await writeAll(batch.map((item) => item.entry));
          batch.forEach((item, i) => item.resolve(results[i]!));
        } catch (error) {
          if (batch.length === 1) batch[0]!.reject(error);
          // One bad entry must not sink the others: write them one by one.
          else for (const item of batch) await writeAll([item.entry]).then(([next]) => item.resolve(next!), item.reject);
        }
      }
    } finally {
      flushing = false;
    }
  }

  return {
    record(entry) {
      return new Promise((resolve, reject) => {
        waiting.push({ entry, resolve, reject });
        if (!flushing) {
          flushing = true;
          // Let the responses already received this turn of the event loop join the first batch.
          setImmediate(() => void flush());
        }
      });
    },
  };
}
