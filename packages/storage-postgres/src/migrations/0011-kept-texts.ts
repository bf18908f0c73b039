import { type Kysely, sql } from "kysely";

// Texts kept for readers (core's read model): one row per account and key, with the stamp it was made under.
const UP = `
create table kept_texts (
  account_id text collate "C" not null,
  key text collate "C" not null,
  stamp text not null,
  text text not null,
  primary key (account_id, key)
);
`;

/** Creates the table. */
export async function up(db: Kysely<any>): Promise<void> {
  await sql.raw(UP).execute(db);
}

/** Drops the table. */
export async function down(db: Kysely<any>): Promise<void> {
  await sql.raw("drop table kept_texts").execute(db);
}
