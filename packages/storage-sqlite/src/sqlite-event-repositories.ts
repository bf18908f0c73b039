import type { RawEvent, RawEventRepository, TransportEvent, TransportEventRepository } from "@bollard/core";
import { inList, insertRows, pageOfDocs, parseDoc, replaceRecord, type RepositoryScope } from "./sqlite-doc-rows.js";
import { NULL_TIMESTAMP_SORT_KEY } from "./sqlite-schema.js";

function transportEventRow(event: TransportEvent) {
  return {
    id: event.id,
    account_id: event.account_id,
    container_id: event.container_id,
    sort_ts: event.timestamp ?? NULL_TIMESTAMP_SORT_KEY,
    created_at: event.created_at,
    doc: JSON.stringify(event),
  };
}

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
 * Transport events over SQLite. `insertMany` writes multi-row INSERTs in one transaction (or under
 * a savepoint of the caller's), which is what makes bulk ingest fast.
 */
export function sqliteTransportEventRepository({ read, write }: RepositoryScope): TransportEventRepository {
  return {
    async insertMany(events) {
      await insertRows(write, "transport_events", events.map(transportEventRow));
    },
    async get(accountId, id) {
      return parseDoc<TransportEvent>(
        await read.selectFrom("transport_events").select("doc").where("id", "=", id).where("account_id", "=", accountId).executeTakeFirst(),
      );
    },
    async listByContainers(accountId, containerIds, page) {
      if (containerIds.length === 0) return { items: [], total: 0 };
      const query = read.selectFrom("transport_events").where("account_id", "=", accountId);
      const filtered = containerIds.length === 1 ? query.where("container_id", "=", containerIds[0]!) : query.where(inList("container_id", containerIds));
      return pageOfDocs<TransportEvent>(filtered, (ordered) => ordered.orderBy("sort_ts").orderBy("created_at").orderBy("id"), page);
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
