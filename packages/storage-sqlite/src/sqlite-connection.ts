import Database from "better-sqlite3";
import { CompiledQuery, type DatabaseConnection, type Driver, Kysely, type SqliteDatabase, SqliteDialect, type SqliteDialectConfig, SqliteDriver } from "kysely";
import type { SqlDatabase as BollardDatabase } from "@bollard/storage-sql";

/**
 * How a commit is made durable: `"full"` survives power loss, `"normal"` survives a process crash
 * (see `SqliteStorageOptions.durability`).
 *
 * @example
 * const durability: SqliteDurability = process.env.NODE_ENV === "test" ? "normal" : "full";
 */
export type SqliteDurability = "full" | "normal";

/** How to open one connection. */
export interface ConnectionOptions {
  durability: SqliteDurability;
  /** Open read-only (the reader connection of a file database). */
  readonly?: boolean;
}

/** How long a connection waits for another process's lock before failing with SQLITE_BUSY. */
const BUSY_TIMEOUT_MS = 5000;
/** Page cache per connection, in KiB (a ceiling; SQLite grows the cache as pages are used). */
const CACHE_KIB = 65536;
/** What the WAL file is truncated to after a checkpoint. */
const WAL_SIZE_LIMIT_BYTES = 64 * 1024 * 1024;
/**
 * Address space each connection maps the database file into (SQLite caps it at 2 GiB). Random
 * reads of a file larger than the page cache then copy nothing through `read()`; pages still come
 * from the OS page cache, so this is address space, not memory. The writer maps it too: the hot
 * reads run on it (see `hotReadHandle`), and on the 100,000-shipment bench file a read by id cost
 * 30% less mapped. SQLite only reads through the mapping; it writes with `write()` either way.
 */
const MMAP_BYTES = 2 * 1024 * 1024 * 1024;
/** Prepared statements kept per connection. */
const STATEMENT_CACHE_SIZE = 512;

/**
 * Opens a better-sqlite3 connection and applies Bollard's PRAGMAs: WAL journal, the chosen
 * `synchronous` level, foreign keys, a busy timeout, a larger page cache and memory-mapped
 * reads.
 */
export function openConnection(filename: string, options: ConnectionOptions): Database.Database {
  const readonly = options.readonly ?? false;
  const db = new Database(filename, { readonly, fileMustExist: readonly, timeout: BUSY_TIMEOUT_MS });
  try {
    if (!readonly) {
      // Only takes effect while the file is still empty; 8 KiB pages suit the JSON documents.
      db.pragma("page_size = 8192");
      db.pragma("journal_mode = WAL");
      // A bulk insert grows the WAL; give the disk space back after the checkpoint.
      db.pragma(`journal_size_limit = ${WAL_SIZE_LIMIT_BYTES}`);
    }
    // FULL syncs the WAL on every commit (survives power loss); NORMAL syncs only at checkpoints
    // (survives a process crash, may lose the last commits on power loss).
    db.pragma(`synchronous = ${options.durability === "normal" ? "NORMAL" : "FULL"}`);
    db.pragma("foreign_keys = ON");
    db.pragma(`busy_timeout = ${BUSY_TIMEOUT_MS}`);
    db.pragma(`cache_size = -${CACHE_KIB}`);
    db.pragma(`mmap_size = ${MMAP_BYTES}`);
    return db;
  } catch (error) {
    db.close();
    throw error;
  }
}

/**
 * Wraps a connection for Kysely so `prepare(sql)` returns a cached statement for SQL text seen
 * before. Kysely's SQLite driver prepares every query it runs, which costs more than running it;
 * the cache keeps the most recently used {@link STATEMENT_CACHE_SIZE} statements.
 */
export function withStatementCache(db: Database.Database, capacity = STATEMENT_CACHE_SIZE): SqliteDatabase {
  const statements = new Map<string, Database.Statement>();
  return {
    close() {
      statements.clear();
      db.close();
    },
    prepare(sql) {
      let statement = statements.get(sql);
      if (statement) {
        // Re-insert so the Map's insertion order is least recently used first.
        statements.delete(sql);
      } else {
        statement = db.prepare(sql);
        if (statements.size >= capacity) statements.delete(statements.keys().next().value as string);
      }
      statements.set(sql, statement);
      return statement;
    },
  };
}

const BEGIN = CompiledQuery.raw("begin immediate");
const NO_WAIT = CompiledQuery.raw("pragma busy_timeout = 0");
const WAIT = CompiledQuery.raw(`pragma busy_timeout = ${BUSY_TIMEOUT_MS}`);
/** The longest pause between two tries for the write lock, in milliseconds (shorter than the refresh's pause between its slices). */
const MAX_LOCK_RETRY_MS = 4;
/** The pause between two tries while the wait blocks the thread, in milliseconds. */
const BLOCKING_RETRY_MS = 0.5;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
/** A value no one changes, to block the thread on for `ms` (`Atomics.wait`, which leaves the core to other threads). */
const NEVER_CHANGED = new Int32Array(new SharedArrayBuffer(4));
const sleepBlocking = (ms: number) => void Atomics.wait(NEVER_CHANGED, 0, 0, ms);
const isBusy = (error: unknown) => String((error as { code?: unknown }).code ?? "").startsWith("SQLITE_BUSY");

/**
 * SQLite's driver with `BEGIN IMMEDIATE` transactions: a transaction takes the write lock when it
 * starts, so one that reads before it writes waits for another connection's writer instead of
 * failing with SQLITE_BUSY when it first writes. That is what lets `bollard keys create` or `demo`
 * write to the file of a running server, and the server's background thread write next to it.
 * BEGIN asks for the lock without SQLite's busy handler, which sleeps in the calling thread for
 * coarse steps (up to 100 ms), and tries again after a pause until the busy timeout has passed:
 * - for the first `blockingLockWaitMs`, the pause blocks the thread (0.5 ms each), so the lock's
 *   holder in another thread or process gets the core: a holder at a lower priority would
 *   otherwise wait behind this thread's other work while holding what it waits for;
 * - after that, the pause is asynchronous (1 ms, doubling to 4 ms), so the event loop goes on.
 * `check`, when given, runs before every statement (the writer's: refuse writes to a deleted
 * database file).
 */
class CheckedSqliteDriver extends SqliteDriver {
  readonly #check: (() => void) | undefined;
  readonly #blockingLockWaitMs: number;
  readonly #onCommit: (() => void) | undefined;
  constructor(config: SqliteDialectConfig, options: DriverOptions) {
    super(config);
    this.#check = options.check;
    this.#onCommit = options.onCommit;
    this.#blockingLockWaitMs = options.blockingLockWaitMs ?? 0;
  }
  #inTransaction = false;
  override async acquireConnection(): Promise<DatabaseConnection> {
    const connection = await super.acquireConnection();
    const check = this.#check;
    const onCommit = this.#onCommit;
    if (!check && !onCommit) return connection;
    // Inside a transaction the check ran at BEGIN and runs again at COMMIT: nothing is acknowledged unchecked.
    const checked = () => {
      if (!this.#inTransaction) check?.();
    };
    // A statement outside a transaction commits on its own.
    const committed = <T>(result: Promise<T>): Promise<T> => (onCommit && !this.#inTransaction ? result.finally(onCommit) : result);
    return {
      executeQuery: (query) => (checked(), committed(connection.executeQuery(query))),
      streamQuery: (query, chunkSize) => (checked(), connection.streamQuery(query, chunkSize)),
    };
  }
  override async beginTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(NO_WAIT);
    try {
      const deadline = Date.now() + BUSY_TIMEOUT_MS;
      const blockUntil = performance.now() + this.#blockingLockWaitMs;
      for (let pause = 1; ; pause = Math.min(pause * 2, MAX_LOCK_RETRY_MS)) {
        try {
          await connection.executeQuery(BEGIN);
          break;
        } catch (error) {
          if (!isBusy(error) || Date.now() >= deadline) throw error;
          if (performance.now() < blockUntil) sleepBlocking(BLOCKING_RETRY_MS);
          else await sleep(pause);
        }
      }
    } finally {
      await connection.executeQuery(WAIT);
    }
    this.#inTransaction = true;
  }
  override async commitTransaction(connection: DatabaseConnection): Promise<void> {
    this.#check?.();
    await super.commitTransaction(connection);
    this.#inTransaction = false;
    this.#onCommit?.();
  }
  override async rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    this.#inTransaction = false;
    try {
      await super.rollbackTransaction(connection);
    } catch (error) {
      // SQLite already rolled back (a full disk, an I/O error): keep the error that caused it, not this one.
      if (!/no transaction is active/.test((error as Error).message)) throw error;
    }
  }
}

/** {@link SqliteDialect} with {@link CheckedSqliteDriver}. */
class CheckedSqliteDialect extends SqliteDialect {
  readonly #config: SqliteDialectConfig;
  readonly #options: DriverOptions;
  constructor(config: SqliteDialectConfig, options: DriverOptions) {
    super(config);
    this.#config = config;
    this.#options = options;
  }
  override createDriver(): Driver {
    return new CheckedSqliteDriver(this.#config, this.#options);
  }
}

/** What {@link createKysely}'s connection does besides running queries. */
export interface DriverOptions {
  /** Runs before every statement and may throw to refuse it. */
  check?: () => void;
  /** How long a transaction waiting for another connection's write lock blocks the thread first (`SqliteStorageOptions.blockingLockWaitMs`). */
  blockingLockWaitMs?: number;
  /** Runs after every commit: of a transaction, or of a statement run outside one (even one that only read). */
  onCommit?: () => void;
}

/**
 * A Kysely instance over one connection, with prepared statements cached, and access to that
 * connection's handle. `connect` runs when the first query does, so building it opens nothing.
 */
export function createKysely(connect: () => Database.Database, options: DriverOptions = {}): SqliteConnection {
  let handle: Database.Database | undefined;
  const db = new Kysely<BollardDatabase>({ dialect: new CheckedSqliteDialect({ database: async () => withStatementCache((handle = connect())) }, options) });
  return { db, handle: () => handle };
}

/** A Kysely instance over one connection, and that connection once it is open. */
export interface SqliteConnection {
  readonly db: Kysely<BollardDatabase>;
  /** The better-sqlite3 handle, for the synchronous hot reads; undefined until the first query connects. */
  handle(): Database.Database | undefined;
}
