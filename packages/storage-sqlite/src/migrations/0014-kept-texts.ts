import type { Kysely } from "kysely";
import { sql } from "kysely";

/** Texts kept for readers (core's read model): one row per account and key, with the stamp it was made under. */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`create table kept_texts (
    account_id text not null,
    key text not null,
    stamp text not null,
    text text not null,
    primary key (account_id, key)
  ) strict`.execute(db);
}

/** Drops the table. */
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("kept_texts").execute();
}
