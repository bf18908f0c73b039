import { sql, type Kysely } from "kysely";

const HEX = "[0-9a-f]";
/** A lower-case UUID, as the dialect keeps in 16 bytes (a GLOB pattern). */
const UUID_GLOB = [8, 4, 4, 4, 12].map((n) => HEX.repeat(n)).join("-");
/** A canonical timestamp, as the dialect keeps in integer milliseconds (a GLOB pattern). */
const TIME_GLOB = "[0-9][0-9][0-9][0-9]-[0-9][0-9]-[0-9][0-9]T[0-9][0-9]:[0-9][0-9]:[0-9][0-9].[0-9][0-9][0-9]Z";

/**
 * Vessel positions become columns: an AIS feed stores millions of them (about 2,000 a second for
 * the container fleet), and each is a few numbers. Before, a row kept the vessel's id and time as
 * text and the whole record as a JSON document, and a second index repeated the key (0002): 367
 * bytes a position. Now the key is the UUID's 16 bytes and the time in integer milliseconds (any
 * other value, which the storage contract does not produce, is kept as given), and the rest are
 * plain columns in the one clustered table.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`create table vessel_positions_compact (
    vessel_id any not null,
    timestamp any not null,
    latitude real not null,
    longitude real not null,
    heading real,
    speed_knots real,
    source text not null,
    constraint vessel_positions_pk primary key (vessel_id, timestamp)
  ) strict, without rowid`.execute(db);
  await sql`insert into vessel_positions_compact
    select
      case when vessel_id glob ${UUID_GLOB} then unhex(replace(vessel_id, '-', '')) else vessel_id end,
      case when timestamp glob ${TIME_GLOB} then cast(strftime('%s', timestamp) as integer) * 1000 + cast(substr(timestamp, 21, 3) as integer) else timestamp end,
      json_extract(doc, '$.latitude'), json_extract(doc, '$.longitude'), json_extract(doc, '$.heading'),
      json_extract(doc, '$.speed_knots'), json_extract(doc, '$.source')
    from vessel_positions`.execute(db);
  await sql`drop index if exists vessel_positions_times`.execute(db);
  await sql`drop table vessel_positions`.execute(db);
  await sql`alter table vessel_positions_compact rename to vessel_positions`.execute(db);
}

/** Back to text keys and JSON documents, with the narrow time index. */
export async function down(db: Kysely<any>): Promise<void> {
  await sql`create table vessel_positions_documents (
    vessel_id text not null,
    timestamp text not null,
    doc text not null,
    constraint vessel_positions_pk primary key (vessel_id, timestamp)
  ) strict, without rowid`.execute(db);
  await sql`insert into vessel_positions_documents
    select v.id, t.ts, json_object('vessel_id', v.id, 'latitude', latitude, 'longitude', longitude, 'heading', heading, 'speed_knots', speed_knots, 'timestamp', t.ts, 'source', source)
    from vessel_positions,
      (select case when typeof(vessel_id) = 'blob' then lower(substr(hex(vessel_id), 1, 8) || '-' || substr(hex(vessel_id), 9, 4) || '-' || substr(hex(vessel_id), 13, 4) || '-' || substr(hex(vessel_id), 17, 4) || '-' || substr(hex(vessel_id), 21)) else vessel_id end as id) v,
      (select case when typeof(timestamp) = 'integer' then strftime('%Y-%m-%dT%H:%M:%fZ', timestamp / 1000.0, 'unixepoch') else timestamp end as ts) t`.execute(db);
  await sql`drop table vessel_positions`.execute(db);
  await sql`alter table vessel_positions_documents rename to vessel_positions`.execute(db);
  await db.schema.createIndex("vessel_positions_times").on("vessel_positions").columns(["vessel_id", "timestamp"]).execute();
}
