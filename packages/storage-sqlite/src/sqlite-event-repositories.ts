import type { RawEvent, TransportEvent } from "@bollard/core";
import type { RawEventRepository, TransportEventRepository } from "@bollard/core/storage";
import { inList, pageOfDocs, pageOfRows, type RepositoryScope } from "./sqlite-doc-rows.js";
import { insertRows, insertValues, replaceRecord } from "./sqlite-writes.js";
import { decodeTransportEvents, TRANSPORT_EVENT_COLUMNS, type TransportEventRow, writeTransportEventRow } from "./sqlite-transport-event-codec.js";

function rawEventRow(event: RawEvent) {
  return {
    id: event.id,
    account_id: event.account_id,
    container_id: event.container_id,
    idx: event.index,
    created_at: event.created_at,
    doc: JSON.stringify(event),
  };
}

/**
 * Transport events over SQLite, in the compact row format of `sqlite-transport-event-codec.ts`.
 * `insertMany` writes multi-row INSERTs in one transaction (or under a savepoint of the caller's),
 * which is what makes bulk ingest fast.
 */
export function sqliteTransportEventRepository({ read, write }: RepositoryScope): TransportEventRepository {
  return {
    async insertMany(events) {
      await insertValues(write, "transport_events", TRANSPORT_EVENT_COLUMNS, events, writeTransportEventRow);
    },
    async get(accountId, id) {
      const rows = await read
        .selectFrom("transport_events")
        .select(TRANSPORT_EVENT_COLUMNS)
        .where("id", "=", id)
        .where("account_id", "=", accountId)
        .execute();
      return decodeTransportEvents(rows)[0] ?? null;
    },
    async listByContainers(accountId, containerIds, page) {
      if (containerIds.length === 0) return { items: [], total: 0 };
      const query = read.selectFrom("transport_events").where("account_id", "=", accountId);
      const filtered = containerIds.length === 1 ? query.where("container_id", "=", containerIds[0]!) : query.where(inList("container_id", containerIds));
      return pageOfRows<TransportEvent, TransportEventRow>(
        filtered,
        (selected) => selected.select(TRANSPORT_EVENT_COLUMNS),
        (ordered) => ordered.orderBy("sort_ts").orderBy("created_at").orderBy("id"),
        page,
        decodeTransportEvents,
      );
    },
  };
}

/** Raw carrier events over SQLite. */
export function sqliteRawEventRepository({ read, write }: RepositoryScope): RawEventRepository {
  return {
    async insertMany(events) {
      await insertRows(write, "raw_events", events.map(rawEventRow));
    },
    update(event) {
      return replaceRecord(write, "raw_events", event, rawEventRow, "raw event");
    },
    async listByContainers(accountId, containerIds, page) {
      if (containerIds.length === 0) return { items: [], total: 0 };
      const query = read.selectFrom("raw_events").where("account_id", "=", accountId);
      const filtered = containerIds.length === 1 ? query.where("container_id", "=", containerIds[0]!) : query.where(inList("container_id", containerIds));
      return pageOfDocs<RawEvent>(filtered, (ordered) => ordered.orderBy("container_id").orderBy("idx").orderBy("id"), page);
    },
  };
}
