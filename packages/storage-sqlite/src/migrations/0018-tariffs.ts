import { type Kysely, sql } from "kysely";

/**
 * Tariff rules (free time and daily rates for demurrage, detention and storage): `id`, the columns
 * scoping and ordering need, and `doc`, like every entity table. What a rule applies to lives in
 * its `doc`: an account has few rules, and the calculation reads them all.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("tariffs")
    .addColumn("id", "text", (col) => col.primaryKey().notNull())
    .addColumn("account_id", "text", (col) => col.notNull().references("accounts.id"))
    .addColumn("created_at", "text", (col) => col.notNull())
    .addColumn("doc", "text", (col) => col.notNull())
    .modifyEnd(sql`strict`)
    .execute();
  await db.schema.createIndex("tariffs_account_created").on("tariffs").columns(["account_id", "created_at", "id"]).execute();
}

/** Drops the table. */
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("tariffs").execute();
}
