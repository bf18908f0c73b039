import type { Kysely } from "kysely";

/**
 * Domain events keep one index: by account and time, which the listing and the retention pass
 * use. The indexes by shipment and by container served only filtered listings nothing asks for in
 * production (each event's notifications are written in its own transaction, and nothing reads it
 * again), and they were half the table's bytes again.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex("domain_events_account_shipment").ifExists().execute();
  await db.schema.dropIndex("domain_events_account_container").ifExists().execute();
}

/** Creates the two indexes again. */
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.createIndex("domain_events_account_shipment").on("domain_events").columns(["account_id", "shipment_id", "created_at", "id"]).execute();
  await db.schema.createIndex("domain_events_account_container").on("domain_events").columns(["account_id", "container_id", "created_at", "id"]).execute();
}
