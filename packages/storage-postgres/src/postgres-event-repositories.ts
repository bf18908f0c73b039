import type { RawEvent, TransportEvent } from "@bollard/core";
import type { RawEventRepository, TransportEventRepository } from "@bollard/core/storage";
import { docOf, isUuid, pageOfDocs, type RepositoryScope, uuidEquals, uuidIn } from "./postgres-rows.js";
import { rows } from "./postgres-records.js";
import { insertRows, replaceRecord } from "./postgres-writes.js";

/** `container_id` in `ids`: one id (the hot read) is a plain equality on the index. */
function inContainers(ids: readonly string[]) {
  return ids.length === 1 ? uuidEquals("container_id", ids[0]!) : uuidIn("container_id", ids);
}

/**
 * Transport events over PostgreSQL. `insertMany` writes multi-row INSERTs, atomically (in one
 * transaction, or under a savepoint of the caller's), which is what makes bulk ingest fast.
 */
export function postgresTransportEventRepository({ db }: RepositoryScope): TransportEventRepository {
  return {
    async insertMany(events) {
      await insertRows(db, "transport_events", events.map(rows.transport_events), { kind: "fail", noun: "transport event" });
    },
    async get(accountId, id) {
      if (!isUuid(id) || !isUuid(accountId)) return null;
      return docOf<TransportEvent>(await db.selectFrom("transport_events").select("doc").where("id", "=", id).where("account_id", "=", accountId).executeTakeFirst());
    },
    async listByContainers(accountId, containerIds, page) {
      if (containerIds.length === 0) return { items: [], total: 0 };
      const query = db.selectFrom("transport_events").where(uuidEquals("account_id", accountId)).where(inContainers(containerIds));
      // Ascending timestamps put nulls last in PostgreSQL, as the contract orders them.
      return pageOfDocs<TransportEvent>(query, (ordered) => ordered.orderBy("timestamp").orderBy("created_at").orderBy("id"), page);
    },
  };
}

/** Raw carrier events over PostgreSQL. */
export function postgresRawEventRepository({ db }: RepositoryScope): RawEventRepository {
  return {
    async insertMany(events) {
      await insertRows(db, "raw_events", events.map(rows.raw_events), { kind: "fail", noun: "raw event" });
    },
    update(event) {
      return replaceRecord(db, "raw_events", event, rows.raw_events, "raw event");
    },
    async listByContainers(accountId, containerIds, page) {
      if (containerIds.length === 0) return { items: [], total: 0 };
      const query = db.selectFrom("raw_events").where(uuidEquals("account_id", accountId)).where(inContainers(containerIds));
      return pageOfDocs<RawEvent>(query, (ordered) => ordered.orderBy("container_id").orderBy("idx").orderBy("id"), page);
    },
  };
}
