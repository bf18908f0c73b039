import { type Kysely, sql } from "kysely";

// Vessel positions become columns: an AIS feed stores millions, and each is a few numbers (before,
// the whole record was a `json` document beside its key).
const UP = `
create table vessel_positions_compact (
  vessel_id uuid not null,
  timestamp timestamptz not null,
  latitude double precision not null,
  longitude double precision not null,
  heading double precision,
  speed_knots double precision,
  source text not null,
  primary key (vessel_id, timestamp)
);
insert into vessel_positions_compact
  select vessel_id, timestamp, (doc->>'latitude')::double precision, (doc->>'longitude')::double precision,
    (doc->>'heading')::double precision, (doc->>'speed_knots')::double precision, doc->>'source'
  from vessel_positions;
drop table vessel_positions;
alter table vessel_positions_compact rename to vessel_positions;
alter table vessel_positions rename constraint vessel_positions_compact_pkey to vessel_positions_pkey;
`;

const DOWN = `
create table vessel_positions_documents (vessel_id uuid not null, timestamp timestamptz not null, doc json not null, primary key (vessel_id, timestamp));
insert into vessel_positions_documents
  select vessel_id, timestamp, json_build_object('vessel_id', vessel_id, 'latitude', latitude, 'longitude', longitude, 'heading', heading,
    'speed_knots', speed_knots, 'timestamp', to_char(timestamp at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'), 'source', source)
  from vessel_positions;
drop table vessel_positions;
alter table vessel_positions_documents rename to vessel_positions;
alter table vessel_positions rename constraint vessel_positions_documents_pkey to vessel_positions_pkey;
`;

/** Rewrites the positions as columns. */
export async function up(db: Kysely<any>): Promise<void> {
  await sql.raw(UP).execute(db);
}

/** Back to documents. */
export async function down(db: Kysely<any>): Promise<void> {
  await sql.raw(DOWN).execute(db);
}
