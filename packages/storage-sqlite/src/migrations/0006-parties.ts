import { type Kysely, sql } from "kysely";

/**
 * Parties (the customers of tracking requests): `id`, the columns lookups and ordering need, and
 * `doc`, like every entity table. A company name is unique within its account.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("parties")
    .addColumn("id", "text", (col) => col.primaryKey().notNull())
    .addColumn("account_id", "text", (col) => col.notNull().references("accounts.id"))
    .addColumn("company_name", "text", (col) => col.notNull())
    .addColumn("created_at", "text", (col) => col.notNull())
    .addColumn("doc", "text", (col) => col.notNull())
    .modifyEnd(sql`strict`)
    .execute();
  await db.schema.createIndex("parties_account_company_name").on("parties").columns(["account_id", "company_name"]).unique().execute();
  await db.schema.createIndex("parties_account_created").on("parties").columns(["account_id", "created_at", "id"]).execute();
}

/** Drops the table. */
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("parties").execute();
}
