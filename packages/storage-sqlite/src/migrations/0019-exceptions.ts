import { type Kysely, sql } from "kysely";

/**
 * Exception rules (`exception_rules`: an account's thresholds, the rule in `doc`, like tariffs) and
 * the exceptions raised on shipments (`shipment_exceptions`): the columns the listing filters and
 * orders by (newest raised first), the shipment and status the evaluation pass reads open ones by,
 * and `doc`.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("exception_rules")
    .addColumn("id", "text", (col) => col.primaryKey().notNull())
    .addColumn("account_id", "text", (col) => col.notNull().references("accounts.id"))
    .addColumn("created_at", "text", (col) => col.notNull())
    .addColumn("doc", "text", (col) => col.notNull())
    .modifyEnd(sql`strict`)
    .execute();
  await db.schema.createIndex("exception_rules_account_created").on("exception_rules").columns(["account_id", "created_at", "id"]).execute();
  await db.schema
    .createTable("shipment_exceptions")
    .addColumn("id", "text", (col) => col.primaryKey().notNull())
    .addColumn("account_id", "text", (col) => col.notNull().references("accounts.id"))
    .addColumn("shipment_id", "text", (col) => col.notNull())
    .addColumn("container_id", "text")
    .addColumn("kind", "text", (col) => col.notNull())
    .addColumn("status", "text", (col) => col.notNull())
    .addColumn("raised_at", "text", (col) => col.notNull())
    .addColumn("created_at", "text", (col) => col.notNull())
    .addColumn("doc", "text", (col) => col.notNull())
    .modifyEnd(sql`strict`)
    .execute();
  await db.schema.createIndex("shipment_exceptions_account_raised").on("shipment_exceptions").columns(["account_id", "raised_at", "id"]).execute();
  await db.schema.createIndex("shipment_exceptions_account_status_raised").on("shipment_exceptions").columns(["account_id", "status", "raised_at", "id"]).execute();
  await db.schema.createIndex("shipment_exceptions_shipment_status").on("shipment_exceptions").columns(["shipment_id", "status"]).execute();
}

/** Drops the tables. */
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("shipment_exceptions").execute();
  await db.schema.dropTable("exception_rules").execute();
}
