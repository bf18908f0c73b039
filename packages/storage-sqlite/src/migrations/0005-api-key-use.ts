import type { Kysely } from "kysely";

/**
 * API keys get `last_used_at` and `revoked_at` columns of their own (canonical ISO text): recording
 * a key's use and revoking it each change one column, so neither undoes the other.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("api_keys").addColumn("last_used_at", "text").execute();
  await db.schema.alterTable("api_keys").addColumn("revoked_at", "text").execute();
}

/** Drops the columns. */
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("api_keys").dropColumn("revoked_at").execute();
  await db.schema.alterTable("api_keys").dropColumn("last_used_at").execute();
}
