/**
 * `@bollard/storage-sqlite`: Bollard's storage contract over one SQLite database file
 * (better-sqlite3 under Kysely), with versioned migrations applied on open.
 *
 * @example
 * ```ts
 * import { sqliteStorage } from "@bollard/storage-sqlite";
 *
 * const storage = sqliteStorage({ filename: "bollard.sqlite" });
 * await storage.open();
 * ```
 * @packageDocumentation
 */
export { sqliteStorage, type SqliteStorageOptions } from "./sqlite-storage.js";
export type { SqliteDurability } from "./sqlite-connection.js";
