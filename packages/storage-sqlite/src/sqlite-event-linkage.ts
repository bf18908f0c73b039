/*
 * The event linkage SQLite keeps with each container (`containers.events_json`, migration 0010):
 * its `transport_events` and `raw_events` relationship members as JSON text, exactly as core's
 * `storedEventLinkage` renders them from the ids in the event lists' orders.
 */

/** The linkage of a container with no events. */
export const NO_EVENT_LINKAGE = '"transport_events":{"data":[]},"raw_events":{"data":[]}';

/** The SQL expression of the linkage of the container whose id is the SQL expression `container`. */
export function containerEventLinkageSql(container: string): string {
  const transport = `select json_group_array(json_object('type', 'transport_event', 'id', id) order by sort_ts, created_at, id) from transport_events where container_id = ${container}`;
  const raw = `select json_group_array(json_object('type', 'raw_event', 'id', id) order by idx, id) from raw_events where container_id = ${container}`;
  return `'"transport_events":{"data":' || (${transport}) || '},"raw_events":{"data":' || (${raw}) || '}'`;
}

/**
 * Renders the linkage of every container whose events changed since it was last rendered (the
 * triggers set it to null; an index holds just those): run after event writes, in their transaction.
 */
export const RENDER_STALE_EVENT_LINKAGE = `update containers set events_json = ${containerEventLinkageSql("containers.id")} where events_json is null`;
