import { type Kysely, sql } from "kysely";

/** Change versions: one row per key (an account's id, or one of core's shared keys) and its version. */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("change_versions")
    .addColumn("key", "text", (col) => col.primaryKey().notNull())
    .addColumn("version", "integer", (col) => col.notNull())
    .modifyEnd(sql`strict, without rowid`)
    .execute();
}

/** Drops the table. */
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("change_versions").execute();
}
