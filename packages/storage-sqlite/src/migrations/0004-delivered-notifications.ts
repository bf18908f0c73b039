import { type Kysely, sql } from "kysely";

/** The outbox retention pass (`pruneDelivered`) finds old delivered notifications on this partial index. */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createIndex("webhook_notifications_delivered")
    .on("webhook_notifications")
    .columns(["created_at", "id"])
    .where(sql.ref("delivery_status"), "=", sql.lit("succeeded"))
    .execute();
}

/** Drops the index. */
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex("webhook_notifications_delivered").execute();
}
