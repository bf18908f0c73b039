import { type Kysely, sql } from "kysely";

/**
 * Webhook replays: `id`, the columns lookups and ordering need, and `doc`, like every entity table.
 * `webhook_id` is a plain id (a replay outlives a deleted webhook, and reports why it stopped). The
 * background finds the running ones through `(status, created_at, id)`.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("webhook_replays")
    .addColumn("id", "text", (col) => col.primaryKey().notNull())
    .addColumn("account_id", "text", (col) => col.notNull().references("accounts.id"))
    .addColumn("webhook_id", "text", (col) => col.notNull())
    .addColumn("status", "text", (col) => col.notNull())
    .addColumn("created_at", "text", (col) => col.notNull())
    .addColumn("doc", "text", (col) => col.notNull())
    .modifyEnd(sql`strict`)
    .execute();
  await db.schema.createIndex("webhook_replays_status").on("webhook_replays").columns(["status", "created_at", "id"]).execute();
}

/** Drops the table. */
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("webhook_replays").execute();
}
