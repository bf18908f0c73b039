import { periodicPass, type PassControl, type StopOptions } from "../background/index.js";
import { realClock, type Clock } from "../clock/index.js";
import type { Webhook, WebhookNotification } from "../domain/index.js";
import type { Storage } from "../storage/index.js";
import { createAttemptRecorder } from "./attempt-recorder.js";
import { WEBHOOK_SUCCESS_STATUSES, type AttemptOutcome, type WebhookDeliveryPolicy } from "./delivery-policy.js";
import type { WebhookTransport } from "./http-transport.js";
import { deliveryHeaders } from "./webhook-signing.js";
import { openApiWireText, type WireCompat } from "../jsonapi/wire-compat.js";

/** What one pass of the dispatcher did. */
export interface WebhookDeliverySummary {
  /** Attempts made (including notifications given up because their webhook is gone or inactive). */
  total: number;
  /** Attempts the receiver accepted. */
  succeeded: number;
  /** Failed attempts with a retry scheduled. */
  retrying: number;
  /** Notifications marked `failed` (retries exhausted, or the webhook deleted or deactivated). */
  failed: number;
}

/** Delivers due webhook notifications from the outbox, driven by the tracker's clock. */
export interface WebhookDispatcher {
  /**
   * Delivers every notification due at the clock's current time and resolves with what happened.
   * Tests on a manual clock call this after advancing it.
   */
  runDue(): Promise<WebhookDeliverySummary>;
  /** Runs {@link WebhookDispatcher.runDue} every `everyMs` of real time until {@link WebhookDispatcher.stop}. */
  start(everyMs?: number): void;
  /**
   * Stops the loop: a pass in progress claims nothing more and gives back what it claimed but has
   * not sent; requests in flight finish, or are aborted after `timeoutMs` and given back unrecorded
   * (due at once on the next start). Resolves when the pass has ended.
   */
  stop(options?: StopOptions): Promise<void>;
}

/** Options of {@link createWebhookDispatcher}. */
export interface WebhookDispatcherOptions {
  /** The storage holding the outbox. */
  storage: Storage;
  /** Schedules attempts (`next_attempt_at`) and stamps the delivery log. */
  clock: Clock;
  /** Retry, timeout and deactivation rules. */
  policy: WebhookDeliveryPolicy;
  /** Sends the HTTP requests. */
  transport: WebhookTransport;
  /**
   * The jitter source, in [0, 1).
   * @default Math.random
   */
  random?: () => number;
  /**
   * The clock of `webhook-timestamp`: receivers compare it with their own wall clock, so it stays real
   * even when the tracker runs on a manual or scaled clock.
   * @default realClock()
   */
  wallClock?: Clock;
  /**
   * Requests in flight at once.
   * @default 32
   */
  concurrency?: number;
  /** Called with errors a pass could not handle (the loop keeps going). */
  onError?: (error: unknown) => void;
  /** Called after every pass with what it did and how long it took (metrics). */
  onPass?: (summary: WebhookDeliverySummary, durationMs: number) => void;
  /**
   * The wire format payloads are sent in: the outbox keeps the live form, and `openapi` sends each
   * as the published document describes it (see `openApiWireText`), the same bytes on every retry.
   * @default "live"
   */
  wireCompat?: WireCompat;
}

/** Notifications claimed per worker at once; small, so a lease covers the time to deliver them all. */
const CLAIM_PER_WORKER = 4;
const LEASE_MARGIN_MS = 5_000;

function emptySummary(): WebhookDeliverySummary {
  return { total: 0, succeeded: 0, retrying: 0, failed: 0 };
}

/**
 * Creates the webhook delivery worker: workers claim due notifications from storage (a lease, so
 * several processes could share one outbox), POST each frozen payload signed for its webhook, and
 * record every attempt with the notification's next state in one transaction (attempts finishing
 * together share it). A process that dies mid-delivery leaves its claims to expire and be delivered
 * again: delivery is at least once, and the notification id (`webhook-id`) is the receiver's
 * de-duplication key.
 */
export function createWebhookDispatcher(options: WebhookDispatcherOptions): WebhookDispatcher {
  const { storage, clock, policy, transport } = options;
  const random = options.random ?? Math.random;
  const wallClock = options.wallClock ?? realClock();
  const concurrency = options.concurrency ?? 32;
  const inFlight = new Set<string>();
  const recorder = createAttemptRecorder({ storage, clock, policy, random });

  async function deliver(notification: WebhookNotification, webhookOf: (n: WebhookNotification) => Promise<Webhook | null>, signal: AbortSignal): Promise<WebhookNotification | "aborted"> {
    const attemptedAt = clock.now().toISOString();
    const webhook = await webhookOf(notification);
    if (!webhook || !webhook.active) {
      const error = webhook ? "the webhook is inactive" : "the webhook was deleted";
      return recorder.record({ notification, outcome: { status: null, error }, attemptedAt, durationMs: 0, responseBody: null, giveUp: true });
    }
    const body = options.wireCompat === "openapi" ? openApiWireText(notification.payload) : notification.payload;
    const headers = deliveryHeaders({
      id: notification.id, body, secret: webhook.secret,
      timestampSeconds: Math.floor(wallClock.now().getTime() / 1000), custom: webhook.headers,
    });
    const response = await transport({ url: webhook.url, headers, body, timeoutMs: policy.timeoutMs, signal, accountId: notification.account_id });
    // Cut short by a shutdown: not the receiver's doing, so no attempt is counted.
    if (signal.aborted) return "aborted";
    const valid = response.status !== null && response.status >= 100 && response.status <= 599;
    const outcome: AttemptOutcome = valid
      ? { status: response.status, error: WEBHOOK_SUCCESS_STATUSES.includes(response.status!) ? null : `the receiver answered ${response.status}` }
      : { status: null, error: response.error ?? `the receiver answered an invalid status ${response.status}` };
    return recorder.record({ notification, outcome, attemptedAt, durationMs: response.durationMs, responseBody: response.body, giveUp: false });
  }

  /** Gives claimed notifications back: each still under a lease of this process is due at `now` again. */
  async function release(notifications: readonly WebhookNotification[]): Promise<void> {
    if (notifications.length === 0) return;
    const now = clock.now().toISOString();
    await storage.transaction(async (tx) => {
      for (const claimed of notifications) {
        const current = await tx.webhookNotifications.get(claimed.account_id, claimed.id);
        if (current?.delivery_status === "pending" && current.next_attempt_at === claimed.next_attempt_at) {
          await tx.webhookNotifications.update({ ...current, next_attempt_at: now });
        }
      }
    });
  }

  async function pass(control: PassControl): Promise<WebhookDeliverySummary> {
    const summary = emptySummary();
    const batch = CLAIM_PER_WORKER * concurrency;
    const queue: WebhookNotification[] = [];
    const giveBack: WebhookNotification[] = [];
    let exhausted = false;
    let failure: { error: unknown } | undefined;
    let claiming: Promise<void> | undefined;
    // Webhooks are read once per claimed batch: a change (PATCH, deactivation) applies from the next batch.
    let webhooks = new Map<string, Promise<Webhook | null>>();
    const webhookOf = (n: WebhookNotification) => {
      let found = webhooks.get(n.webhook_id);
      if (!found) webhooks.set(n.webhook_id, (found = storage.webhooks.get(n.account_id, n.webhook_id)));
      return found;
    };
    // One claim at a time feeds every worker; a claim's lease covers delivering its whole batch.
    const refill = () =>
      (claiming ??= (async () => {
        if (control.stopping) {
          exhausted = true;
          return;
        }
        const nowMs = clock.now().getTime();
        const lease = new Date(nowMs + (CLAIM_PER_WORKER + 1) * policy.timeoutMs + LEASE_MARGIN_MS).toISOString();
        let claimed: WebhookNotification[];
        try {
          claimed = await storage.webhookNotifications.claimDue(new Date(nowMs).toISOString(), lease, batch);
        } catch (error) {
          // Every worker ends after the delivery it is making; the pass then fails with this error.
          failure = { error };
          exhausted = true;
          return;
        }
        webhooks = new Map();
        if (claimed.length === 0) exhausted = true;
        // A lease can run out while its notification still waits here (a scaled clock, a slow batch):
        // what this process already holds is not taken twice.
        for (const notification of claimed) {
          if (inFlight.has(notification.id)) continue;
          inFlight.add(notification.id);
          queue.push(notification);
        }
      })().finally(() => {
        claiming = undefined;
      }));
    const worker = async () => {
      for (;;) {
        if (control.stopping || failure) return;
        const notification = queue.shift();
        if (!notification) {
          if (exhausted) return;
          await refill();
          continue;
        }
        try {
          const next = await deliver(notification, webhookOf, control.signal);
          if (next === "aborted") {
            giveBack.push(notification);
            continue;
          }
          summary.total += 1;
          if (next.delivery_status === "succeeded") summary.succeeded += 1;
          else if (next.delivery_status === "failed") summary.failed += 1;
          else summary.retrying += 1;
        } catch (error) {
          // The attempt could not be recorded; the claim's lease runs out and it is delivered again.
          options.onError?.(error);
        } finally {
          inFlight.delete(notification.id);
        }
      }
    };
    try {
      // Every worker ends before the pass does: none keeps using storage after it (a stop closes it next).
      await Promise.all(Array.from({ length: concurrency }, worker));
      await release([...queue, ...giveBack]);
    } finally {
      for (const notification of queue) inFlight.delete(notification.id);
    }
    if (failure) throw failure.error;
    return summary;
  }

  const dispatcher = periodicPass(pass, emptySummary, options.onError, options.onPass);
  return { ...dispatcher, start: (everyMs = 500) => dispatcher.start(everyMs) };
}
