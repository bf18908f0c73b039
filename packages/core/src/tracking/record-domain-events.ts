import type { DomainEvent } from "../domain/index.js";
import type { StorageRepositories } from "../storage/index.js";

/**
 * Records domain events inside the transaction of the change that caused them. Every write path
 * (refreshes, ingest, tracking request outcomes) goes through here, so whatever must happen in the
 * same transaction as a domain event (such as queueing webhook notifications) happens in one place.
 */
export async function recordDomainEvents(tx: StorageRepositories, events: readonly DomainEvent[]): Promise<void> {
  if (events.length === 0) return;
  await tx.domainEvents.insertMany(events);
}
