import { type Kysely, sql } from "kysely";

// API keys get `last_used_at` and `revoked_at` columns of their own (canonical ISO text, compared as
// text like the record's own timestamps): recording a use and revoking each change one column.
const UP = `alter table api_keys add column last_used_at text collate "C", add column revoked_at text collate "C"`;

/** Adds the columns. */
export async function up(db: Kysely<any>): Promise<void> {
  await sql.raw(UP).execute(db);
}

/** Drops the columns. */
export async function down(db: Kysely<any>): Promise<void> {
  await sql.raw("alter table api_keys drop column last_used_at, drop column revoked_at").execute(db);
}
