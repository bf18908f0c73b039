import { type Kysely, sql } from "kysely";

/**
 * Changes (the history of shipments and containers): `id`, the columns a record's history is read
 * by, and `doc`, like every entity table. `resource_id` is a plain id: one column names shipments
 * and containers alike. Rows are only ever inserted.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("changes")
    .addColumn("id", "text", (col) => col.primaryKey().notNull())
    .addColumn("account_id", "text", (col) => col.notNull().references("accounts.id"))
    .addColumn("resource_type", "text", (col) => col.notNull())
    .addColumn("resource_id", "text", (col) => col.notNull())
    .addColumn("learned_at", "text", (col) => col.notNull())
    .addColumn("doc", "text", (col) => col.notNull())
    .modifyEnd(sql`strict`)
    .execute();
  await db.schema.createIndex("changes_account_resource_learned").on("changes").columns(["account_id", "resource_type", "resource_id", "learned_at", "id"]).execute();
}

/** Drops the table. */
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("changes").execute();
}
