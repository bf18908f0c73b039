import { BollardError, type Storage, createTracker } from "@bollard/core";
import { createSqlStorage, type DirectRead, type ReadStamp } from "@bollard/storage-sql";
import { Migrator, sql } from "kysely";
import type Database from "better-sqlite3";
import { migrationProvider } from "./migrations/index.js";
import { createKysely, openConnection, type SqliteDurability } from "./sqlite-connection.js";
import { sqliteDialect } from "./sqlite-dialect.js";
import { checkExistingFile } from "./sqlite-file-checks.js";
import { HEALTH_PROBE_KEY, sqliteHealth } from "./sqlite-health.js";
import { type ServerLease, takeServerLease } from "./sqlite-server-lease.js";

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
  /**
   * Take the database's server lease on `open()` (released on `close()`): a second storage with
   * this option on the same file, in a live process on this host, fails to open with a message
   * naming the holder, while a lease left by a killed process is taken over at once. `bollard
   * serve` sets it (one server per SQLite file); short-lived commands do not, and share the file.
   * @default false
   */
  serverLease?: boolean;
  /**
   * How long, in milliseconds, a transaction that finds the write lock held by another connection
   * (another process, or another thread of this one) waits for it by **blocking its thread**,
   * before it waits without blocking, letting the event loop go on (up to 5 s in all). Blocking
   * leaves the core to the lock's holder: one running at a lower priority, such as the background
   * thread of `bollard serve`, otherwise waits behind this thread's other work while it holds
   * the lock this thread's writes wait for. `bollard serve` sets 100 for the connection that
   * serves requests (see docs/operating.md); 0 never blocks. Useless when the holder is on the
   * same thread: it can only let go once the wait stops blocking.
   * @default 0
   */
  blockingLockWaitMs?: number;
}

/** The most {@link SqliteStorageOptions.blockingLockWaitMs} may be (the whole wait's limit). */
const MAX_BLOCKING_LOCK_WAIT_MS = 5_000;

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
  const blockingLockWaitMs = options.blockingLockWaitMs ?? 0;
  if (typeof blockingLockWaitMs !== "number" || !(blockingLockWaitMs >= 0 && blockingLockWaitMs <= MAX_BLOCKING_LOCK_WAIT_MS)) {
    throw new TypeError(`sqliteStorage: blockingLockWaitMs must be a number of milliseconds from 0 to ${MAX_BLOCKING_LOCK_WAIT_MS}, not ${String(blockingLockWaitMs)}`);
  }

  const inMemory = filename === ":memory:";
  // Every writer statement first checks that the file is still the one opened (see sqlite-health.ts).
  // Counts this process's commits on the writer, whose own `data_version` they leave unchanged (see readStamp).
  let writerCommits = 0;
  const writerConnection = createKysely(() => openConnection(filename, { durability }), { check: () => watch.checkFile(), blockingLockWaitMs, onCommit: () => void writerCommits++ });
  // The reader connects on its first query, which open() makes after the migrations ran.
  const readerConnection = inMemory ? writerConnection : createKysely(() => openConnection(filename, { durability, readonly: true }));
  const writer = writerConnection.db;
  const reader = readerConnection.db;
  const watch = sqliteHealth(filename, inMemory, { reader, writer });

  let lease: ServerLease | undefined;

  /** Takes the lease when asked, opens the writer, applies pending migrations, then opens the reader. */
  async function migrate(): Promise<void> {
    try {
      if (!inMemory) checkExistingFile(filename);
      if (options.serverLease && !inMemory) lease ??= takeServerLease(filename);
      const { error } = await new Migrator({ db: writer, provider: migrationProvider }).migrateToLatest();
      if (error) throw error;
      await sql`select 1`.execute(reader);
      watch.opened();
    } catch (error) {
      lease?.release();
      lease = undefined;
      const reason = error instanceof Error ? error.message : String(error);
      throw new BollardError("storage_unavailable", `Cannot open the SQLite database ${JSON.stringify(filename)}: ${reason}`, { cause: error });
    }
  }

  // Only a file database is read synchronously: with one connection, a synchronous read could see
  // the uncommitted writes of a transaction another call has open.
  const hotHandle = () => hotReadHandle(writerConnection.handle(), readerConnection.handle());
  const directRead = inMemory ? undefined : sqliteDirectRead(hotHandle);
  const readStamp = inMemory ? undefined : sqliteReadStamp(hotHandle, writerConnection.handle, () => writerCommits);
  return createSqlStorage({
    name: "sqlite",
    capabilities: { persistent: !inMemory, multiProcess: false },
    dialect: sqliteDialect,
    reader,
    writer,
    open: migrate,
    ...(directRead && { directRead }),
    ...(readStamp && { readStamp }),
    async destroy() {
      // The writer goes last: the last connection to close checkpoints and removes the WAL file.
      if (reader !== writer) await reader.destroy();
      await writer.destroy();
      lease?.release();
    },
    privateMetaKeys: [HEALTH_PROBE_KEY],
    health: () => watch.health(),
    observeError: (error) => watch.observeError(error),
  });
}

/** {@link DirectRead} on the connection `handle` gives now, each text prepared once per connection. */
function sqliteDirectRead(handle: () => Database.Database | undefined): DirectRead {
  const statements = new WeakMap<Database.Database, Map<string, Database.Statement>>();
  return (text, parameters) => {
    const db = handle();
    if (!db) return undefined;
    let prepared = statements.get(db);
    if (!prepared) statements.set(db, (prepared = new Map()));
    let statement = prepared.get(text);
    if (!statement) prepared.set(text, (statement = db.prepare(text)));
    return statement.all(...parameters) as Record<string, unknown>[];
  };
}

/**
 * {@link ReadStamp} of the hot reads: the connection they run on now, its `PRAGMA data_version`
 * (which SQLite changes whenever another connection commits: the background thread's, another
 * process's, the writer's when read on the reader) and the writer's own commits, which leave the
 * writer's `data_version` as it was.
 */
function sqliteReadStamp(handle: () => Database.Database | undefined, writer: () => Database.Database | undefined, writerCommits: () => number): ReadStamp {
  const statements = new WeakMap<Database.Database, Database.Statement>();
  return () => {
    const db = handle();
    if (!db) return undefined;
    let statement = statements.get(db);
    if (!statement) statements.set(db, (statement = db.prepare("pragma data_version").pluck()));
    return `${db === writer() ? "w" : "r"}${String(statement.get())}.${writerCommits()}`;
  };
}

/**
 * The connection a synchronous hot read runs on: the writer while no transaction is open on it,
 * else the reader. Both then see the last commit, but the writer reads it from its own page cache,
 * which its commits keep, where every commit empties the reader's (SQLite drops a connection's
 * cache when another connection changed the file): a shipment by id read on the reader while the
 * writer commits costs 40 µs, against 8 µs on the writer. While the writer holds a transaction
 * open (a group commit, a `transaction` call) its reads would see uncommitted writes, so the reader
 * answers.
 */
function hotReadHandle(writer: Database.Database | undefined, reader: Database.Database | undefined): Database.Database | undefined {
  return writer && !writer.inTransaction ? writer : reader;
}
