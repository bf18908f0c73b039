import { type Storage, createTracker } from "@bollard/core";
import { createSqlStorage } from "@bollard/storage-sql";
import { sql } from "kysely";
import { type ConnectionSettings, createKysely, lockNames } from "./postgres-connection.js";
import { postgresDialect } from "./postgres-dialect.js";
import { migrateDatabase } from "./postgres-migrate.js";

/**
 * Options of {@link postgresStorage}.
 *
 * @example
 * const options: PostgresStorageOptions = { connectionString: "postgres://bollard:secret@db.internal:5432/bollard", pool: { max: 20 } };
 */
export interface PostgresStorageOptions {
  /** A libpq-style URL, e.g. `postgres://user:password@host:5432/database` (`?sslmode=…` and the like are honoured by pg). */
  connectionString: string;
  /** The connection pool of this process. */
  pool?: {
    /**
     * Connections open at most. A transaction holds one for its whole duration.
     * @default 10
     */
    max?: number;
  };
  /**
   * The schema Bollard's tables live in (created when missing). Lets several Bollard databases
   * share one PostgreSQL database; a lower-case SQL identifier.
   * @default "public"
   */
  schema?: string;
}

/**
 * A {@link Storage} in a PostgreSQL database (pg's pool under Kysely), with its schema applied by
 * versioned migrations when `open()` runs. Several processes may share one database
 * (`capabilities.multiProcess`): `open()` migrates under an advisory lock, so servers starting
 * together migrate once; the due queues (`claimDue`) take rows with `FOR UPDATE SKIP LOCKED`, so
 * no two processes refresh the same tracking request or deliver the same notification while a
 * lease runs; and every `transaction` holds a transaction-scoped advisory lock, so transactions
 * are serialized across every process on the database, as the storage contract says. Plain calls
 * outside transactions run concurrently on the pool, each atomic on its own, and never see
 * uncommitted writes (read committed).
 *
 * @example
 *  * import { postgresStorage } from "@bollard/storage-postgres";
 *
 * const tracker = await createTracker({ storage: postgresStorage({ connectionString: process.env.DATABASE_URL! }) });
 */
export function postgresStorage(options: PostgresStorageOptions): Storage {
  const settings = checkedSettings(options);
  const db = createKysely(settings);
  const locks = lockNames(settings.schema);
  return createSqlStorage({
    name: "postgres",
    capabilities: { persistent: true, multiProcess: true },
    dialect: postgresDialect,
    reader: db,
    writer: db,
    open: () => migrateDatabase(db, settings),
    destroy: () => db.destroy(),
    async beginTransaction(trx) {
      await sql`select pg_advisory_xact_lock(hashtext(${locks.transactions}))`.execute(trx);
    },
  });
}

/** The settings of `options`, or a TypeError naming what is wrong. */
export function checkedSettings(options: PostgresStorageOptions): ConnectionSettings {
  const { connectionString } = options;
  if (typeof connectionString !== "string" || !/^postgres(ql)?:\/\//i.test(connectionString)) {
    throw new TypeError("postgresStorage: connectionString must be a postgres:// or postgresql:// URL");
  }
  const max = options.pool?.max ?? 10;
  if (!Number.isInteger(max) || max < 1) throw new TypeError(`postgresStorage: pool.max must be a positive integer, not ${String(max)}`);
  const schema = options.schema ?? "public";
  if (!/^[a-z_][a-z0-9_]{0,62}$/.test(schema)) throw new TypeError(`postgresStorage: schema must be a lower-case SQL identifier, not ${JSON.stringify(schema)}`);
  return { connectionString, schema, max };
}
