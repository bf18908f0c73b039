import { BollardError } from "@bollard/core";
import { type Kysely, Migrator } from "kysely";
import { isUpToDate, migrationProvider } from "./migrations/index.js";
import { type ConnectionSettings, lockNames, redacted, withSessionLock } from "./postgres-connection.js";

/**
 * Brings the schema to the latest migration: one query when it already is; otherwise the Kysely
 * migrator runs under a session advisory lock, so processes opening the same database together
 * migrate one after the other (the later ones find nothing left to do). Failures are
 * storage_unavailable with the connection string's password hidden.
 */
export async function migrateDatabase(db: Kysely<any>, settings: ConnectionSettings): Promise<void> {
  try {
    if (await isUpToDate(db, settings.schema)) return;
    await withSessionLock(settings, lockNames(settings.schema).migrate, async () => {
      const migrator = new Migrator({ db, provider: migrationProvider, migrationTableSchema: settings.schema });
      const { error } = await migrator.migrateToLatest();
      if (error) throw error;
    });
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new BollardError("storage_unavailable", `Cannot open the PostgreSQL database ${redacted(settings.connectionString)}: ${reason}`, { cause: error });
  }
}
