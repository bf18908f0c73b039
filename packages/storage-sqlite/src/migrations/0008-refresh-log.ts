import { type Kysely, sql } from "kysely";

/**
 * The refresh log: one row per (account, shipment, UTC day), keyed by those three columns without a
 * rowid (the key is the only index, stored once), the day's refresh instants as comma-separated
 * millisecond offsets. Rows are inserted, then only appended to.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("refresh_log")
    .addColumn("account_id", "text", (col) => col.notNull().references("accounts.id"))
    .addColumn("shipment_id", "text", (col) => col.notNull())
    .addColumn("day", "text", (col) => col.notNull())
    .addColumn("attempted", "text", (col) => col.notNull())
    .addColumn("succeeded", "text", (col) => col.notNull())
    .addPrimaryKeyConstraint("refresh_log_pkey", ["account_id", "shipment_id", "day"])
    .modifyEnd(sql`strict, without rowid`)
    .execute();
}

/** Drops the table. */
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("refresh_log").execute();
}
