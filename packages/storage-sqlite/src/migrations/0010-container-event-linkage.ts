import { sql, type Kysely } from "kysely";
import { containerEventLinkageSql, NO_EVENT_LINKAGE, RENDER_STALE_EVENT_LINKAGE } from "../sqlite-event-linkage.js";

/*
 * Each container keeps the JSON:API linkage of its events, `containers.events_json`: the
 * `transport_events` and `raw_events` members of its `relationships` as text, as core renders them
 * (`RenderedRecord.toMany`). The hot reads (a shipment with its containers, the shipment list with
 * containers, the container list) read it with the container's row instead of querying both event
 * tables on every request.
 *
 * Null means "not current": triggers on the event tables null it whenever a container's events
 * change, in the statement that changes them, and `RENDER_STALE_EVENT_LINKAGE` renders the stale
 * ones again (the event repositories run it after their writes). A reader meeting a null reads the
 * event ids instead, so a write path that does not render again is slower, never wrong. The linkage
 * of a container is rendered once per write however many of its events the write adds: a trigger
 * rendering it per row would be quadratic in a bulk insert.
 */

/** The triggers, by name: whatever adds, removes or moves an event makes its containers' linkage stale. */
const stale = (container: string) => `update containers set events_json = null where id = ${container} and events_json is not null;`;
const TRIGGERS: Record<string, string> = {
  containers_event_linkage_insert: `after insert on containers when exists (select 1 from transport_events where container_id = new.id) or exists (select 1 from raw_events where container_id = new.id) begin ${stale("new.id")} end`,
  transport_events_linkage_insert: `after insert on transport_events begin ${stale("new.container_id")} end`,
  transport_events_linkage_delete: `after delete on transport_events begin ${stale("old.container_id")} end`,
  transport_events_linkage_update: `after update of container_id, sort_ts, created_at on transport_events begin ${stale("old.container_id")} ${stale("new.container_id")} end`,
  raw_events_linkage_insert: `after insert on raw_events begin ${stale("new.container_id")} end`,
  raw_events_linkage_delete: `after delete on raw_events begin ${stale("old.container_id")} end`,
  raw_events_linkage_update: `after update of container_id, idx on raw_events begin ${stale("old.container_id")} ${stale("new.container_id")} end`,
};

/** Adds the column (a new container has no events yet: the empty linkage), fills it for every container, then keeps it current. */
export async function up(db: Kysely<any>): Promise<void> {
  await sql.raw(`alter table containers add column events_json text default '${NO_EVENT_LINKAGE}'`).execute(db);
  await sql.raw(`update containers set events_json = ${containerEventLinkageSql("containers.id")}`).execute(db);
  await sql.raw("create index containers_stale_event_linkage on containers (id) where events_json is null").execute(db);
  for (const [name, body] of Object.entries(TRIGGERS)) await sql.raw(`create trigger ${name} ${body}`).execute(db);
  await sql.raw(RENDER_STALE_EVENT_LINKAGE).execute(db);
}

/** Drops the triggers, the index and the column. */
export async function down(db: Kysely<any>): Promise<void> {
  for (const name of Object.keys(TRIGGERS)) await sql.raw(`drop trigger ${name}`).execute(db);
  await sql.raw("drop index containers_stale_event_linkage").execute(db);
  await db.schema.alterTable("containers").dropColumn("events_json").execute();
}
