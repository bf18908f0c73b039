import { BollardError, type Storage, createTracker } from "@bollard/core";
import type { StorageRepositories } from "@bollard/core/storage";
import { Migrator, sql } from "kysely";
import { migrationProvider } from "./migrations/index.js";
import { createKysely, openConnection, type SqliteDurability } from "./sqlite-connection.js";
import { ensureRenderings, sqliteRenderings } from "./sqlite-renderings.js";
import { closedStorageError, finishedTransactionError, translateSqliteError } from "./sqlite-errors.js";
import { type CallGate, guarded, repositoriesOver } from "./sqlite-repositories.js";

/**
 * Options of {@link sqliteStorage}.
 *
 * @example
 * const options: SqliteStorageOptions = { filename: "./data/bollard.sqlite", durability: "normal" };
 */
export interface SqliteStorageOptions {
  /** Path of the database file (created when missing), or `":memory:"` for a private in-memory database. */
  filename: string;
  /**
   * How a commit is made durable. The journal is always WAL.
   * - `"full"` (`PRAGMA synchronous = FULL`): every commit is synced to disk before it returns,
   *   so a committed change survives a power loss or OS crash.
   * - `"normal"` (`PRAGMA synchronous = NORMAL`): the WAL is synced only at checkpoints; a commit
   *   survives the process crashing, but the last commits may be lost on power loss. Faster for
   *   many small writes.
   * @default "full"
   */
  durability?: SqliteDurability;
}

type Phase = "created" | "open" | "closed";

/**
 * A {@link Storage} in one SQLite database (better-sqlite3 under Kysely), with its schema applied
 * by versioned migrations when `open()` runs.
 *
 * A file database uses two connections: a writer for every write and every `transaction`, and a
 * read-only reader for the repository calls made outside a transaction, so plain reads neither
 * wait for nor see an open transaction. `":memory:"` uses one connection for both, so a plain call
 * made while a transaction is open waits for it to finish. Writes are serialized (one writer);
 * the database is meant for one process at a time (`capabilities.multiProcess` is false), though
 * other processes may read the file. Commits are durable as {@link SqliteStorageOptions.durability}
 * says: by default (`"full"`) they survive power loss.
 *
 * @example
 *  * import { sqliteStorage } from "@bollard/storage-sqlite";
 *
 * const tracker = await createTracker({ storage: sqliteStorage({ filename: "bollard.sqlite" }) });
 */
export function sqliteStorage(options: SqliteStorageOptions): Storage {
  const { filename } = options;
  const durability = options.durability ?? "full";
  if (typeof filename !== "string" || filename === "") throw new TypeError("sqliteStorage: filename must be a path or \":memory:\"");
  if (durability !== "full" && durability !== "normal") throw new TypeError(`sqliteStorage: durability must be "full" or "normal", not ${String(durability)}`);

  const inMemory = filename === ":memory:";
  const writerConnection = createKysely(() => openConnection(filename, { durability }));
  // The reader connects on its first query, which open() makes after the migrations ran.
  const readerConnection = inMemory ? writerConnection : createKysely(() => openConnection(filename, { durability, readonly: true }));
  const writer = writerConnection.db;
  const reader = readerConnection.db;

  let phase: Phase = "created";
  let opening: Promise<void> | undefined;
  // Calls and transactions under way, so close() can let them finish first.
  let running = 0;
  let idle: (() => void) | undefined;
  const gate: CallGate = {
    enter() {
      if (phase !== "open") return closedStorageError();
      running += 1;
      return undefined;
    },
    leave() {
      running -= 1;
      if (running === 0) idle?.();
    },
  };

  /** Opens the writer, applies pending migrations, then opens the reader. */
  async function migrate(): Promise<void> {
    try {
      const { error } = await new Migrator({ db: writer, provider: migrationProvider }).migrateToLatest();
      if (error) throw error;
      ensureRenderings(writerConnection.handle()!);
      await sql`select 1`.execute(reader);
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      throw new BollardError("storage_unavailable", `Cannot open the SQLite database ${JSON.stringify(filename)}: ${reason}`, { cause: error });
    }
  }

  // Only a reader of its own may be read synchronously: with one connection, a synchronous read
  // could see the uncommitted writes of a transaction another call has open.
  const scope = { read: reader, write: writer, readHandle: inMemory ? () => undefined : readerConnection.handle };
  const repositories: StorageRepositories = repositoriesOver(scope, gate);
  const { renderings } = guarded({ renderings: sqliteRenderings(scope) }, { renderings: "shipment" }, gate);

  return {
    ...repositories,
    name: "sqlite",
    capabilities: { persistent: !inMemory, multiProcess: false },
    renderings,

    open() {
      if (phase === "closed") return Promise.reject(closedStorageError());
      opening ??= migrate().then(
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

    async transaction(fn) {
      const refused = gate.enter();
      if (refused) throw refused;
      let active = true;
      // A `tx` kept past the end of its transaction must not write on the bare writer connection.
      const txGate: CallGate = { enter: () => (active ? undefined : finishedTransactionError()), leave: () => undefined };
      try {
        return await writer.transaction().execute((trx) => fn(repositoriesOver({ read: trx, write: trx, readHandle: () => undefined }, txGate)));
      } catch (error) {
        throw translateSqliteError(error, "transaction");
      } finally {
        active = false;
        gate.leave();
      }
    },

    async close() {
      if (phase === "closed") return;
      phase = "closed";
      // Let calls and transactions already under way finish before the connections go.
      await opening?.catch(() => undefined);
      if (running > 0) await new Promise<void>((resolve) => (idle = resolve));
      // The writer goes last: the last connection to close checkpoints and removes the WAL file.
      if (reader !== writer) await reader.destroy();
      await writer.destroy();
    },
  };
}
