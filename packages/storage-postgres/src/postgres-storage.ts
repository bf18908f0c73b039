import { type Storage, createTracker } from "@bollard/core";
import type { StorageRepositories } from "@bollard/core/storage";
import { sql } from "kysely";
import { type ConnectionSettings, createKysely, lockNames } from "./postgres-connection.js";
import { migrateDatabase } from "./postgres-migrate.js";
import { closedStorageError, finishedTransactionError, translatePostgresError } from "./postgres-errors.js";
import { type CallGate, repositoriesOver } from "./postgres-repositories.js";

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

type Phase = "created" | "open" | "closed";

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

  let phase: Phase = "created";
  let opening: Promise<void> | undefined;
  const running = new Set<Promise<unknown>>();
  // Transactions of this process queue here before they ask for the database-wide lock, so a
  // waiting transaction never holds a pool connection that plain calls could use.
  let queue: Promise<unknown> = Promise.resolve();

  const track = <T>(promise: Promise<T>): Promise<T> => {
    running.add(promise);
    const forget = () => running.delete(promise);
    promise.then(forget, forget);
    return promise;
  };
  const gate: CallGate = (call) => (phase === "open" ? track(call()) : Promise.reject(closedStorageError()));

  function serialized<T>(task: () => Promise<T>): Promise<T> {
    const result = queue.then(task, task);
    queue = result.catch(() => undefined);
    return result;
  }

  const repositories: StorageRepositories = repositoriesOver({ db }, gate);

  return {
    ...repositories,
    name: "postgres",
    capabilities: { persistent: true, multiProcess: true },

    open() {
      if (phase === "closed") return Promise.reject(closedStorageError());
      opening ??= migrateDatabase(db, settings).then(
        () => {
          if (phase === "created") phase = "open";
        },
        (error: unknown) => {
          opening = undefined;
          throw error;
        },
      );
      return opening;
    },

    transaction(fn) {
      return gate(() =>
        serialized(async () => {
          let active = true;
          // A `tx` kept past the end of its transaction must not run statements on a pooled connection.
          const txGate: CallGate = (call) => (active ? call() : Promise.reject(finishedTransactionError()));
          try {
            return await db.transaction().execute(async (trx) => {
              await sql`select pg_advisory_xact_lock(hashtext(${locks.transactions}))`.execute(trx);
              return fn(repositoriesOver({ db: trx }, txGate));
            });
          } catch (error) {
            throw translatePostgresError(error, "transaction");
          } finally {
            active = false;
          }
        }),
      );
    },

    async close() {
      if (phase === "closed") return;
      phase = "closed";
      // Let calls and transactions already under way finish before the pool goes.
      await opening?.catch(() => undefined);
      await Promise.allSettled([...running]);
      await db.destroy();
    },
  };
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
