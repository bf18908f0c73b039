import type { Kysely } from "kysely";

/**
 * A narrow index of position times. The positions table is clustered with its documents, so counting
 * and thinning a dense AIS track over it read every document; this index holds the times alone.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.createIndex("vessel_positions_times").on("vessel_positions").columns(["vessel_id", "timestamp"]).execute();
}

/** Drops the index. */
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex("vessel_positions_times").execute();
}
