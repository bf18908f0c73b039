/**
 * `@bollard/storage-postgres`: Bollard's storage contract over PostgreSQL (pg's pool under
 * Kysely), with versioned migrations applied on open, for running several Bollard servers on one
 * database.
 *
 * @example
 * ```ts
 * import { postgresStorage } from "@bollard/storage-postgres";
 *
 * const storage = postgresStorage({ connectionString: "postgres://bollard@localhost:5432/bollard" });
 * await storage.open();
 * ```
 * @packageDocumentation
 */
export { postgresStorage, type PostgresStorageOptions } from "./postgres-storage.js";
