import type { RawEvent, TransportEvent } from "@bollard/core";
import type { RawEventRepository, TransportEventRepository } from "@bollard/core/storage";
import { CompiledQuery, type Kysely } from "kysely";
import type { SqlDialect } from "./sql-dialect.js";
import { type Db, idEquals, idOneOf, pageOfDocs, pageOfRows, type SqlScope } from "./sql-rows.js";
import { rowsOf } from "./sql-records.js";
import { atomically, insertRows, insertValues, replaceRecord } from "./sql-writes.js";

/**
 * Runs an event write, then keeps the dialect's event linkage of the containers it touched
 * current (`SqlDialect.eventLinkage`), atomically; the write alone where the dialect keeps none.
 */
function writingEvents<T>(scope: SqlScope, events: readonly { container_id: string }[], write: (scope: SqlScope) => Promise<T>): Promise<T> {
  if (!scope.dialect.eventLinkage || events.length === 0) return write(scope);
  return atomically(scope.write, async (executor) => {
    const written = await write({ ...scope, write: executor });
    await keepEventLinkage(executor, scope.dialect, events);
    return written;
  });
}

/** Renders again (or, for a write of more events than it renders, drops) the linkage of the events' containers. */
export async function keepEventLinkage(executor: Db, dialect: SqlDialect, events: readonly { container_id: string }[]): Promise<void> {
  const linkage = dialect.eventLinkage;
  if (!linkage || events.length === 0) return;
  const containers = JSON.stringify([...new Set(events.map((event) => event.container_id))]);
  await executor.executeQuery(CompiledQuery.raw(events.length <= linkage.renderUpTo ? linkage.render : linkage.drop, [containers]));
}

/**
 * Transport events, in the row format of the dialect's `transportEvents` codec. `insertMany`
 * writes multi-row INSERTs atomically (in one transaction, or under a savepoint of the caller's),
 * which is what makes bulk ingest fast.
 */
export function sqlTransportEventRepository(scope: SqlScope): TransportEventRepository {
  const { read, dialect } = scope;
  const codec = dialect.transportEvents;
  // The codec's columns are the dialect's, which the shared table type does not list.
  const events = () => (read as Kysely<any>).selectFrom("transport_events");
  return {
    async insertMany(records) {
      await writingEvents(scope, records, (inTx) => insertValues(inTx, "transport_events", codec.columns, records, codec.write, { kind: "fail", noun: "transport event" }));
    },
    async get(accountId, id) {
      if (!dialect.isId(id) || !dialect.isId(accountId)) return null;
      const rows = await events().select(codec.selected).where("id", "=", id).where("account_id", "=", accountId).execute();
      return codec.decode(rows)[0] ?? null;
    },
    async listByContainers(accountId, containerIds, page) {
      if (containerIds.length === 0) return { items: [], total: 0 };
      const filtered = events().where(idEquals(dialect, "account_id", accountId)).where(idOneOf(dialect, "container_id", containerIds));
      return pageOfRows<TransportEvent, Record<string, unknown>>(
        filtered,
        (selected) => selected.select(codec.selected),
        (ordered) => ordered.orderBy(codec.timeColumn).orderBy("created_at").orderBy("id"),
        page,
        codec.decode,
      );
    },
  };
}

/** Raw carrier events. */
export function sqlRawEventRepository(scope: SqlScope): RawEventRepository {
  const { read, dialect } = scope;
  return {
    async insertMany(records) {
      await writingEvents(scope, records, (inTx) => insertRows(inTx, "raw_events", records.map((event) => rowsOf.raw_events(event, dialect)), { kind: "fail", noun: "raw event" }));
    },
    async update(event) {
      const replace = (inTx: SqlScope) => replaceRecord(inTx, "raw_events", event, rowsOf.raw_events, "raw event");
      if (!dialect.eventLinkage || !dialect.isId(event.id)) return replace(scope);
      // Where it was is read in the write's transaction, so no other writer moves it in between. The
      // linkage changes only when the event moves: to another container (both change), or within its own.
      await atomically(scope.write, async (executor) => {
        const stored = await executor.selectFrom("raw_events").select(["container_id", "idx"]).where("id", "=", event.id).executeTakeFirst();
        await replace({ ...scope, read: executor, write: executor });
        if (stored && (stored.container_id !== event.container_id || stored.idx !== event.index)) await keepEventLinkage(executor, dialect, [stored, event]);
      });
    },
    async listByContainers(accountId, containerIds, page) {
      if (containerIds.length === 0) return { items: [], total: 0 };
      const filtered = read.selectFrom("raw_events").where(idEquals(dialect, "account_id", accountId)).where(idOneOf(dialect, "container_id", containerIds));
      return pageOfDocs<RawEvent>(dialect, filtered, (ordered) => ordered.orderBy("container_id").orderBy("idx").orderBy("id"), page);
    },
  };
}
