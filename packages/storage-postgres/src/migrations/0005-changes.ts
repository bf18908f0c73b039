import { type Kysely, sql } from "kysely";

// Changes (the history of shipments and containers): `id`, the columns a record's history is read
// by, and `doc`, like every entity table. `resource_id` is a plain id: one column names shipments
// and containers alike. Rows are only ever inserted.
const UP = `
create table changes (
  id uuid primary key,
  account_id uuid not null references accounts (id),
  resource_type text collate "C" not null,
  resource_id uuid not null,
  learned_at timestamptz not null,
  doc json not null
);
create index changes_account_resource_learned on changes (account_id, resource_type, resource_id, learned_at, id);
`;

/** Creates the table. */
export async function up(db: Kysely<any>): Promise<void> {
  await sql.raw(UP).execute(db);
}

/** Drops the table. */
export async function down(db: Kysely<any>): Promise<void> {
  await sql.raw("drop table changes").execute(db);
}
