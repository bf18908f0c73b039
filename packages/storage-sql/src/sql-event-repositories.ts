import type { RawEvent, TransportEvent } from "@bollard/core";
import type { RawEventRepository, TransportEventRepository } from "@bollard/core/storage";
import { CompiledQuery, type Kysely } from "kysely";
import type { SqlDialect } from "./sql-dialect.js";
import { type Db, idEquals, idOneOf, inAccount, pageOfDocs, pageOfRows, type SqlScope } from "./sql-rows.js";
import { positionsFor, rawEventRow } from "./sql-event-feed.js";
import { insertRows, insertValues, type OnConflict, replaceRecord } from "./sql-writes.js";

/**
 * Runs an event write with the feed positions of its events (see `sql-event-feed.ts`), in one
 * transaction: the caller's, or one of its own (the positions must commit with the write).
 */
function writingEvents<T>(scope: SqlScope, events: readonly { account_id: string; container_id: string }[], write: (scope: SqlScope, positions: number[]) => Promise<T>): Promise<T> {
  return inTransaction(scope.write, async (executor) => {
    return write({ ...scope, write: executor }, await positionsFor(executor, events));
  });
}

/** Runs `fn` in `db`'s transaction, or in a new one when `db` is none. */
function inTransaction<T>(db: Db, fn: (db: Db) => Promise<T>): Promise<T> {
  return db.isTransaction ? fn(db) : db.transaction().execute(fn);
}

/** Events paired with their feed positions, for the row writers. */
function withPositions<T>(events: readonly T[], positions: readonly number[]): { event: T; position: number }[] {
  return events.map((event, i) => ({ event, position: positions[i]! }));
}

/** Inserts transport events with their feed positions, in the row format of the dialect's codec. */
export function insertTransportEvents(scope: SqlScope, events: readonly { event: TransportEvent; position: number }[], onConflict: OnConflict): Promise<number> {
  const codec = scope.dialect.transportEvents;
  return insertValues(scope, "transport_events", [...codec.columns, "feed_seq"], events, ({ event, position }, out) => {
    codec.write(event, out);
    out.push(position);
  }, onConflict);
}

/** Inserts raw events with their feed positions. */
export function insertRawEvents(scope: SqlScope, events: readonly { event: RawEvent; position: number }[], onConflict: OnConflict): Promise<number> {
  return insertRows(scope, "raw_events", events.map(({ event, position }) => rawEventRow(event, scope.dialect, position)), onConflict);
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
      if (records.length === 0) return;
      await writingEvents(scope, records, (inTx, positions) => insertTransportEvents(inTx, withPositions(records, positions), { kind: "fail", noun: "transport event" }));
    },
    async get(accountId, id) {
      if (!dialect.isId(id) || !dialect.isId(accountId)) return null;
      const rows = await events().select(codec.selected).where("id", "=", id).where("account_id", "=", accountId).execute();
      return codec.decode(rows)[0] ?? null;
    },
    async listByContainers(accountId, containerIds, page) {
      if (containerIds.length === 0) return { items: [], total: 0 };
      // The account as a filter no index serves: the containers' index finds their few events (the feed's index would walk the account's).
      const filtered = events().where(inAccount(dialect, accountId)).where(idOneOf(dialect, "container_id", containerIds));
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
      if (records.length === 0) return;
      await writingEvents(scope, records, (inTx, positions) => insertRawEvents(inTx, withPositions(records, positions), { kind: "fail", noun: "raw event" }));
    },
    async update(event) {
      // The event is learned again: it takes the next position of its account's feed, in the update's transaction.
      const replace = (inTx: SqlScope, position: number) => replaceRecord(inTx, "raw_events", event, (record, d) => rawEventRow(record, d, position), "raw event");
      await inTransaction(scope.write, async (executor) => {
        const inTx = { ...scope, read: executor, write: executor };
        if (!dialect.isId(event.id) || !dialect.isId(event.account_id)) return replace(inTx, 0);
        const [position] = await positionsFor(executor, [event]);
        return replace(inTx, position!);
      });
    },
    async listByContainers(accountId, containerIds, page) {
      if (containerIds.length === 0) return { items: [], total: 0 };
      const filtered = read.selectFrom("raw_events").where(inAccount(dialect, accountId)).where(idOneOf(dialect, "container_id", containerIds));
      return pageOfDocs<RawEvent>(dialect, filtered, (ordered) => ordered.orderBy("container_id").orderBy("idx").orderBy("id"), page);
    },
  };
}
