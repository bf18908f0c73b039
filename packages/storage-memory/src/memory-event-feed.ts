import { type EventFeedEntry, type EventFeedRepository, type EventFeedType, learnedAt } from "@bollard/core/storage";
import { copy, type Access } from "./memory-records.js";
import { type FeedMark, valuesOf, type MemoryTables } from "./memory-table.js";

/**
 * Gives each event the next positions of its account's feed, in order. Writes are serialized
 * (a transaction holds the storage's lock until it commits), so positions follow commit order.
 */
export function markLearned(tables: MemoryTables, type: EventFeedType, events: readonly { id: string; account_id: string }[]): void {
  for (const event of events) {
    const position = (tables.feedCounters.get(event.account_id) ?? 0) + 1;
    tables.feedCounters.set(event.account_id, position);
    tables.eventFeed.set(event.id, { id: event.id, account_id: event.account_id, type, position });
  }
}

function entryOf(tables: MemoryTables, mark: FeedMark): EventFeedEntry | null {
  if (mark.type === "transport_event") {
    const record = tables.transportEvents.get(mark.id);
    return record ? { position: mark.position, type: "transport_event", record: copy(record) } : null;
  }
  const record = tables.rawEvents.get(mark.id);
  return record ? { position: mark.position, type: "raw_event", record: copy(record) } : null;
}

/** The event feed over the memory tables: marks in position order, joined to their events. */
export function memoryEventFeed(tables: MemoryTables, access: Access): EventFeedRepository {
  return {
    list: (accountId, query) =>
      access.read(() => {
        const after = query.after ?? 0;
        const types = query.types && new Set(query.types);
        const containers = query.containerIds && new Set(query.containerIds);
        const marks = valuesOf(tables.eventFeed)
          .filter((mark) => mark.account_id === accountId && mark.position > after && (!types || types.has(mark.type)))
          .sort((a, b) => a.position - b.position);
        const entries: EventFeedEntry[] = [];
        for (const mark of marks) {
          if (entries.length >= query.limit) break;
          const entry = entryOf(tables, mark);
          if (!entry || (containers && !containers.has(entry.record.container_id))) continue;
          if (query.learnedSince !== undefined && learnedAt(entry) < query.learnedSince) continue;
          entries.push(entry);
        }
        return entries;
      }),
    get: (accountId, id) =>
      access.read(() => {
        const mark = tables.eventFeed.get(id);
        return mark && mark.account_id === accountId ? entryOf(tables, mark) : null;
      }),
  };
}

