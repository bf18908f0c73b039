import { type Kysely, sql } from "kysely";

/**
 * The event feed (see `@bollard/storage-sql`'s `sql-event-feed.ts`): each transport and raw event
 * holds its position in its account's feed (`feed_seq`), raw events the time they were learned as
 * they stand (`learned_at`), and `event_feed_positions` the last position given in each account
 * (its row is locked by each writer until commit, so positions follow commit order). Events stored
 * before are numbered in the order they were recorded (`created_at`, transport events first, then by id).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql.raw(`
    alter table transport_events add column feed_seq bigint;
    alter table raw_events add column feed_seq bigint, add column learned_at timestamptz;
    update raw_events set learned_at = created_at;
    create table event_feed_positions (account_id uuid primary key, last_position bigint not null);
    create temporary table feed_order on commit drop as
      select kind, id, account_id, row_number() over (partition by account_id order by created_at, kind, id) as position
      from (select 0 as kind, id, account_id, created_at from transport_events union all select 1, id, account_id, created_at from raw_events) as events;
    create index on feed_order (kind, id);
    update transport_events t set feed_seq = o.position from feed_order o where o.kind = 0 and o.id = t.id;
    update raw_events r set feed_seq = o.position from feed_order o where o.kind = 1 and o.id = r.id;
    insert into event_feed_positions (account_id, last_position) select account_id, max(position) from feed_order group by account_id;
    drop table feed_order;
    create index transport_events_feed on transport_events (account_id, feed_seq);
    create index raw_events_feed on raw_events (account_id, feed_seq);
  `).execute(db);
}

/** Drops the indexes, the positions and the columns. */
export async function down(db: Kysely<any>): Promise<void> {
  await sql.raw(`
    drop index raw_events_feed;
    drop index transport_events_feed;
    drop table event_feed_positions;
    alter table raw_events drop column learned_at, drop column feed_seq;
    alter table transport_events drop column feed_seq;
  `).execute(db);
}
