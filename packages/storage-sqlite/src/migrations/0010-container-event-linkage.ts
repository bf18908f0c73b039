import { sql, type Kysely } from "kysely";
import { containerEventLinkageSql, NO_EVENT_LINKAGE } from "../sqlite-event-linkage.js";

/**
 * Each container keeps the JSON:API linkage of its events (`containers.events_json`; see
 * `sqlite-event-linkage.ts`), null when not kept. A new container has no events: the empty linkage.
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
