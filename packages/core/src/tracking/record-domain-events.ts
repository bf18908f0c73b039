import type { DomainEvent } from "../domain/index.js";
import type { StorageRepositories } from "../storage/index.js";
import { queueWebhookNotifications } from "../webhooks/outbox.js";

/**
 * Records domain events inside the transaction of the change that caused them. Every write path
 * (refreshes, ingest, tracking request outcomes) goes through here, so whatever must happen in the
 * same transaction as a domain event happens in one place: the webhook outbox rows are written here
 * (see `queueWebhookNotifications`), so a committed change always has its notifications.
 */
export async function recordDomainEvents(tx: StorageRepositories, events: readonly DomainEvent[]): Promise<void> {
  if (events.length === 0) return;
  await tx.domainEvents.insertMany(events);
  await queueWebhookNotifications(tx, events);
}
