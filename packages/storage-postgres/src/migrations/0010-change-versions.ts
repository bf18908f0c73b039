import { type Kysely, sql } from "kysely";

// Change versions: one row per key (an account's id, or one of core's shared keys) and its version.
const UP = `
create table change_versions (
  key text collate "C" primary key,
  version bigint not null
);
`;

/** Creates the table. */
export async function up(db: Kysely<any>): Promise<void> {
  await sql.raw(UP).execute(db);
}

/** Drops the table. */
export async function down(db: Kysely<any>): Promise<void> {
  await sql.raw("drop table change_versions").execute(db);
}
