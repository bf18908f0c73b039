import type Database from "better-sqlite3";

/*
 * The event linkage SQLite keeps with each container (`containers.events_json`, migration 0010):
 * its `transport_events` and `raw_events` relationship members as JSON text, exactly as core's
 * `storedEventLinkage` renders them from the ids in the event lists' orders. The hot reads (a
 * shipment with its containers, the lists) read it with the container's row instead of querying
 * both event tables on every request.
 *
 * The event repositories keep it current (`SqlDialect.eventLinkage`): after a write of events they
 * render the linkage of the containers it touched again, atomically with the write. A write of more
 * than `SqlDialect.eventLinkage.renderUpTo` events (a bulk load) sets it to null instead, since
 * rendering reads every event of those containers; null means "not kept": a read then reads the
 * event ids (correct, only slower), until the container's next smaller write or the next open
 * renders it ({@link renderStaleEventLinkage}).
 */

/** The linkage of a container with no events: the column's default, since a new container has none. */
export const NO_EVENT_LINKAGE = '"transport_events":{"data":[]},"raw_events":{"data":[]}';

/** The SQL expression of the linkage of the container whose id is the SQL expression `container`. */
export function containerEventLinkageSql(container: string): string {
  const transport = `select json_group_array(json_object('type', 'transport_event', 'id', id) order by sort_ts, created_at, id) from transport_events where container_id = ${container}`;
  const raw = `select json_group_array(json_object('type', 'raw_event', 'id', id) order by idx, id) from raw_events where container_id = ${container}`;
  return `'"transport_events":{"data":' || (${transport}) || '},"raw_events":{"data":' || (${raw}) || '}'`;
}

/** Renders the linkage of the containers whose ids the one parameter lists (a JSON array). */
export const RENDER_EVENT_LINKAGE = `update containers set events_json = ${containerEventLinkageSql("containers.id")} where id in (select value from json_each(?))`;

/** Sets the linkage of the containers whose ids the one parameter lists (a JSON array) to null: not kept. */
export const DROP_EVENT_LINKAGE = "update containers set events_json = null where id in (select value from json_each(?)) and events_json is not null";

/** Containers rendered per transaction by {@link renderStaleEventLinkage}. */
const BATCH_CONTAINERS = 500;

/**
 * Renders the linkage of every container that has none (after a bulk write), in batches, found
 * through the index of just those rows. Run when the storage opens; returns how many it rendered.
 */
export function renderStaleEventLinkage(db: Database.Database): number {
  const stale = db.prepare(`select id from containers where events_json is null limit ${BATCH_CONTAINERS}`).pluck();
  const render = db.prepare(RENDER_EVENT_LINKAGE);
  let rendered = 0;
  for (let ids = stale.all() as string[]; ids.length > 0; ids = stale.all() as string[]) {
    render.run(JSON.stringify(ids));
    rendered += ids.length;
  }
  return rendered;
}
