import { periodicPass, type PeriodicPass } from "../background/index.js";
import type { Clock } from "../clock/index.js";
import type { Storage } from "../storage/index.js";
import type { WebhookDispatcher } from "./webhook-dispatcher.js";

/** How long delivered webhook notifications are kept, and how the pruning pass runs. */
export interface OutboxRetentionOptions {
  /**
   * Delivered (`succeeded`) notifications created longer ago than this are deleted, with their
   * delivery attempts. Pending and failed notifications are kept whatever their age.
   * @default 2_592_000_000 (30 days)
   */
  deliveredMaxAgeMs?: number;
  /**
   * Domain events (the outbox's source: each one's notifications are written in its transaction,
   * and nothing reads it again) created longer ago than this are deleted; they stay that long as an
   * audit trail.
   * @default 604_800_000 (7 days)
   */
  domainEventMaxAgeMs?: number;
  /**
   * Notifications (and domain events) deleted per transaction.
   * @default 500
   */
  batchSize?: number;
  /**
   * How often the pruning pass runs while the delivery worker runs (`tracker.webhooks.start()`).
   * @default 60_000
   */
  everyMs?: number;
}

/** 30 days: the default age after which delivered notifications are pruned. */
export const DEFAULT_DELIVERED_MAX_AGE_MS = 30 * 24 * 60 * 60 * 1000;
/** 7 days: the default age after which domain events are pruned. */
export const DEFAULT_DOMAIN_EVENT_MAX_AGE_MS = 7 * 24 * 60 * 60 * 1000;
/** Accounts read per page when pruning domain events. */
const ACCOUNT_PAGE = 100;
/** Batches one pass deletes at most, so a large backlog is worked off over several passes. */
const MAX_BATCHES_PER_PASS = 100;

/** The pruning pass: `runDue()` resolves with how many notifications it deleted (domain events are not counted). */
export type OutboxRetention = PeriodicPass<number>;

/**
 * The outbox retention pass: deletes delivered notifications (and their attempts) older than
 * `deliveredMaxAgeMs` on the tracker's clock, in batches of `batchSize`
 * (`webhookNotifications.pruneDelivered`), so the outbox stays small however many notifications
 * are delivered; and domain events older than `domainEventMaxAgeMs`, account by account
 * (`domainEvents.pruneCreatedBefore`), so they do not grow with every change ever made.
 *
 * @example
 * const retention = createOutboxRetention({ storage, clock, options: { deliveredMaxAgeMs: 7 * 86_400_000 } });
 * await retention.runDue();
 */
export function createOutboxRetention(config: { storage: Storage; clock: Clock; options?: OutboxRetentionOptions; onError?: (error: unknown) => void }): OutboxRetention {
  const maxAgeMs = config.options?.deliveredMaxAgeMs ?? DEFAULT_DELIVERED_MAX_AGE_MS;
  const eventMaxAgeMs = config.options?.domainEventMaxAgeMs ?? DEFAULT_DOMAIN_EVENT_MAX_AGE_MS;
  const batchSize = config.options?.batchSize ?? 500;
  if (!(maxAgeMs >= 0) || !(eventMaxAgeMs >= 0) || !Number.isInteger(batchSize) || batchSize < 1) {
    throw new TypeError("webhooks.retention: deliveredMaxAgeMs and domainEventMaxAgeMs must be ≥ 0 and batchSize a positive integer");
  }
  const { storage } = config;
  /** Deletes domain events created before `before`, every account, at most `MAX_BATCHES_PER_PASS` batches. */
  async function pruneDomainEvents(before: string): Promise<void> {
    let batches = 0;
    for (let page = 1; ; page++) {
      const accounts = await storage.accounts.list({ number: page, size: ACCOUNT_PAGE });
      for (const account of accounts.items) {
        while (batches < MAX_BATCHES_PER_PASS) {
          batches += 1;
          if ((await storage.domainEvents.pruneCreatedBefore(account.id, before, batchSize)) < batchSize) break;
        }
      }
      if (batches >= MAX_BATCHES_PER_PASS || page * ACCOUNT_PAGE >= accounts.total) return;
    }
  }
  return periodicPass(
    async () => {
      const before = new Date(config.clock.now().getTime() - maxAgeMs).toISOString();
      let deleted = 0;
      for (let batch = 0; batch < MAX_BATCHES_PER_PASS; batch++) {
        const pruned = await storage.webhookNotifications.pruneDelivered(before, batchSize);
        deleted += pruned;
        if (pruned < batchSize) break;
      }
      await pruneDomainEvents(new Date(config.clock.now().getTime() - eventMaxAgeMs).toISOString());
      return deleted;
    },
    () => 0,
    config.onError,
  );
}

/**
 * The delivery worker with the retention pass riding along: `start()` starts both (retention
 * every `options.everyMs`), `stop()` stops both; `runDue()` is delivery alone.
 */
export function withOutboxRetention(dispatcher: WebhookDispatcher, retention: OutboxRetention, options: OutboxRetentionOptions = {}): WebhookDispatcher {
  return {
    runDue: () => dispatcher.runDue(),
    start(everyMs) {
      dispatcher.start(everyMs);
      retention.start(options.everyMs ?? 60_000);
    },
    async stop(stopOptions) {
      await Promise.all([dispatcher.stop(stopOptions), retention.stop(stopOptions)]);
    },
  };
}

/** {@link withOutboxRetention} over a new {@link createOutboxRetention}: what `createTracker` wires. */
export function retainingDispatcher(
  dispatcher: WebhookDispatcher,
  config: { storage: Storage; clock: Clock; options?: OutboxRetentionOptions | undefined; onError?: (error: unknown) => void },
): WebhookDispatcher {
  const { options, ...rest } = config;
  return withOutboxRetention(dispatcher, createOutboxRetention({ ...rest, ...(options && { options }) }), options);
}
