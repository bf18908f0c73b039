import type { RawEvent } from "@bollard/core";
import { type EventFeedEntry, type EventFeedQuery, type EventFeedRepository, learnedAt } from "@bollard/core/storage";
import { type Kysely, sql } from "kysely";
import type { Row, SqlDialect } from "./sql-dialect.js";
import { type Db, docsOf, idEquals, idOneOf, inAccount, type SqlScope } from "./sql-rows.js";
import { rowsOf } from "./sql-records.js";

/*
 * The event feed over the event tables: each row holds its position (`feed_seq`), and
 * `event_feed_positions` holds the last position given in each account. Positions are taken by
 * an UPDATE of the account's row in the writing transaction, which holds that row's lock until
 * commit (PostgreSQL; SQLite has one writer): a later writer of the same account waits, then
 * takes greater positions, so positions follow commit order and a reader never meets a new
 * entry behind one it has read.
 */

/** Takes the next `count` positions of the account's feed in `db`'s transaction; returns the first. */
async function takePositions(db: Db, accountId: string, count: number): Promise<number> {
  const row = await (db as Kysely<any>)
    .insertInto("event_feed_positions")
    .values({ account_id: accountId, last_position: count })
    .onConflict((oc) => oc.column("account_id").doUpdateSet({ last_position: sql`event_feed_positions.last_position + excluded.last_position` }))
    .returning("last_position")
    .executeTakeFirstOrThrow();
  return Number(row.last_position) - count + 1;
}

/** The next feed position of each event, in order (each account's events numbered in turn). */
export async function positionsFor(db: Db, events: readonly { account_id: string }[]): Promise<number[]> {
  const counts = new Map<string, number>();
  for (const event of events) counts.set(event.account_id, (counts.get(event.account_id) ?? 0) + 1);
  const next = new Map<string, number>();
  for (const [accountId, count] of counts) next.set(accountId, await takePositions(db, accountId, count));
  return events.map((event) => {
    const position = next.get(event.account_id)!;
    next.set(event.account_id, position + 1);
    return position;
  });
}

/** A raw event's row with its feed position and the time it was learned. */
export function rawEventRow(event: RawEvent, dialect: SqlDialect, position: number): Row {
  return { ...rowsOf.raw_events(event, dialect), feed_seq: position, learned_at: dialect.time(learnedAt({ type: "raw_event", record: event })) };
}

/** The event feed of the storage: two ordered, limited reads (one per event table) merged by position. */
export function sqlEventFeedRepository(scope: SqlScope): EventFeedRepository {
  const { read, dialect } = scope;
  const codec = dialect.transportEvents;
  const db = () => read as Kysely<any>;
  const feedOf = (table: "transport_events" | "raw_events", accountId: string, query: EventFeedQuery, learnedColumn: string) => {
    let select = db().selectFrom(table);
    // A few containers' events come through their own index (a few dozen rows each), sorted;
    // the account's whole feed through (account_id, feed_seq), in order.
    if (query.containerIds !== undefined) select = select.where(idOneOf(dialect, "container_id", query.containerIds)).where(inAccount(dialect, accountId));
    else select = select.where(idEquals(dialect, "account_id", accountId));
    if (query.after !== undefined) select = select.where("feed_seq", ">", query.after);
    if (query.learnedSince !== undefined) select = select.where(learnedColumn, ">=", dialect.time(query.learnedSince));
    return select.orderBy("feed_seq").limit(query.limit);
  };
  const wants = (query: EventFeedQuery, type: EventFeedEntry["type"]) => query.types === undefined || query.types.includes(type);
  const transportEntries = (rows: Record<string, unknown>[]): EventFeedEntry[] =>
    codec.decode(rows).map((record, i) => ({ position: Number(rows[i]!.feed_seq), type: "transport_event", record }));
  const rawEntries = (rows: { doc: unknown; feed_seq: unknown }[]): EventFeedEntry[] =>
    docsOf<RawEvent>(dialect, rows).map((record, i) => ({ position: Number(rows[i]!.feed_seq), type: "raw_event", record }));
  return {
    async list(accountId, query) {
      if (!dialect.isId(accountId) || (query.containerIds !== undefined && query.containerIds.length === 0)) return [];
      const [transport, raw] = await Promise.all([
        wants(query, "transport_event") ? feedOf("transport_events", accountId, query, "created_at").select([...codec.selected, "feed_seq"]).execute() : [],
        wants(query, "raw_event") ? feedOf("raw_events", accountId, query, "learned_at").select(["doc", "feed_seq"]).execute() : [],
      ]);
      const entries = [...transportEntries(transport), ...rawEntries(raw)];
      return entries.sort((a, b) => a.position - b.position).slice(0, query.limit);
    },
    async get(accountId, id) {
      if (!dialect.isId(accountId) || !dialect.isId(id)) return null;
      const transport = await db().selectFrom("transport_events").select([...codec.selected, "feed_seq"]).where("id", "=", id).where("account_id", "=", accountId).execute();
      if (transport.length > 0) return transportEntries(transport)[0]!;
      const raw = await db().selectFrom("raw_events").select(["doc", "feed_seq"]).where("id", "=", id).where("account_id", "=", accountId).execute();
      return raw.length > 0 ? rawEntries(raw)[0]! : null;
    },
  };
}
