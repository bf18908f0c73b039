import { type Kysely, sql } from "kysely";

// The outbox retention pass (`pruneDelivered`) finds old delivered notifications on this partial index.
const UP = `create index webhook_notifications_delivered on webhook_notifications (created_at, id) where delivery_status = 'succeeded'`;

/** Creates the index. */
export async function up(db: Kysely<any>): Promise<void> {
  await sql.raw(UP).execute(db);
}

/** Drops the index. */
export async function down(db: Kysely<any>): Promise<void> {
  await sql.raw("drop index webhook_notifications_delivered").execute(db);
}
