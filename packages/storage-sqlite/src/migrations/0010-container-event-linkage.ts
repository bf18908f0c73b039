import { sql, type Kysely } from "kysely";

// As this migration first wrote them (the column is gone since 0015, the read model keeps the linkage).
const NO_EVENT_LINKAGE = '"transport_events":{"data":[]},"raw_events":{"data":[]}';
function containerEventLinkageSql(container: string): string {
  const transport = `select json_group_array(json_object('type', 'transport_event', 'id', id) order by sort_ts, created_at, id) from transport_events where container_id = ${container}`;
  const raw = `select json_group_array(json_object('type', 'raw_event', 'id', id) order by idx, id) from raw_events where container_id = ${container}`;
  return `'"transport_events":{"data":' || (${transport}) || '},"raw_events":{"data":' || (${raw}) || '}'`;
}

/**
 * Each container keeps the JSON:API linkage of its events (`containers.events_json`), null when
 * not kept. A new container has no events: the empty linkage.
 * An index holds the containers without one, for the pass that renders them on open.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql.raw(`alter table containers add column events_json text default '${NO_EVENT_LINKAGE}'`).execute(db);
  await sql.raw(`update containers set events_json = ${containerEventLinkageSql("containers.id")}`).execute(db);
  await sql.raw("create index containers_stale_event_linkage on containers (id) where events_json is null").execute(db);
}

/** Drops the index and the column. */
export async function down(db: Kysely<any>): Promise<void> {
  await sql.raw("drop index containers_stale_event_linkage").execute(db);
  await db.schema.alterTable("containers").dropColumn("events_json").execute();
}
