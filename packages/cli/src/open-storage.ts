import { existsSync, mkdirSync, readdirSync, statSync } from "node:fs";
import { basename, dirname, join, resolve } from "node:path";
import type { Storage } from "@bollard/core";
import { memoryStorage } from "@bollard/storage-memory";
import { postgresStorage } from "@bollard/storage-postgres";
import { sqliteStorage } from "@bollard/storage-sqlite";
import { CliError, usageError } from "./cli-error.js";
import { suggestion } from "./did-you-mean.js";

/** The database used when neither `--db` nor `BOLLARD_DB` is given. */
export const DEFAULT_DB = "./data/bollard.sqlite";

/** True when a `--db` value is a PostgreSQL connection URL (`postgres://…` or `postgresql://…`). */
export function isPostgresUrl(db: string): boolean {
  return /^postgres(ql)?:\/\//i.test(db);
}

/** A `--db` value fit for messages and logs: a PostgreSQL URL's password is hidden. */
export function displayDb(db: string): string {
  if (!isPostgresUrl(db)) return db;
  try {
    const url = new URL(db);
    if (url.password) url.password = "***";
    return url.toString();
  } catch {
    return "(a postgres:// URL)";
  }
}

/** How a command may use a `--db` value. */
export interface DatabaseUse {
  /** The option's name in messages, e.g. `--db` or `--from`. */
  option: string;
  /** `:memory:` is allowed (serve only: nothing of it outlives the process). */
  allowMemory: boolean;
  /** A SQLite file must exist already, unless `create` is set (`--create`). */
  mustExist: boolean;
  /** The user asked for a new database (`--create`). */
  create?: boolean;
  /** The value is the default path: its missing folder may be created. */
  isDefault?: boolean;
}

/** Options of {@link openStorage}. */
export interface OpenStorageOptions {
  /**
   * The storage serves `bollard serve`: a SQLite file takes its server lease (one server per file;
   * short-lived commands share it).
   * @default false
   */
  server?: boolean;
  /**
   * This process answers requests: a SQLite writer that finds the lock held by another connection
   * (the background thread, another process) blocks its thread while it waits, up to
   * {@link REQUESTS_BLOCKING_LOCK_WAIT_MS}, so the holder gets the core and lets go sooner.
   * @default false
   */
  servesRequests?: boolean;
}

/**
 * How long a request's write blocks the thread waiting for SQLite's lock before it waits without
 * blocking (`SqliteStorageOptions.blockingLockWaitMs`). Under the mixed benchmark the background
 * thread (at a lower priority, on the same core) held the lock mostly while waiting for the core
 * the requests kept busy; blocking for 30 ms left that little changed, 100 ms or more did the same
 * as each other (docs/operating.md has the figures).
 */
export const REQUESTS_BLOCKING_LOCK_WAIT_MS = 100;

/**
 * Checks a `--db` value before anything is opened or written: a PostgreSQL URL, `:memory:` where
 * allowed, or a SQLite file that exists (or may be created: `--create`, or serve's own default
 * folder). Anything else is a usage error in the user's terms, with a suggestion for a typo.
 */
export function checkDatabase(db: string, use: DatabaseUse): string {
  const scheme = /^([A-Za-z][A-Za-z0-9+.-]*):\/\//.exec(db)?.[1];
  if (scheme !== undefined) {
    if (isPostgresUrl(db)) return db;
    throw usageError(
      `${use.option} ${displayDb(db).slice(0, 80)}: ${scheme}:// is not a database Bollard uses; give a SQLite file path${use.allowMemory ? ", :memory:" : ""} or a postgres:// URL.${suggestion(scheme, ["postgres", "postgresql"], (s) => `${s}://`)}`,
    );
  }
  if (db === ":memory:") {
    if (use.allowMemory) return db;
    throw usageError(`${use.option} :memory: keeps nothing once this command ends; give the SQLite file or postgres:// URL your server uses`);
  }
  const absolute = resolve(db);
  if (existsSync(absolute)) {
    if (statSync(absolute).isDirectory()) throw usageError(`${use.option} ${db} is a folder; give the database file in it`);
    return db;
  }
  if (use.mustExist && !use.create) {
    throw usageError(`There is no database at ${db} (${absolute}).${nearbyDatabase(absolute)} Add --create to make a new one there.`);
  }
  if (!existsSync(dirname(absolute))) {
    if (!use.isDefault) throw usageError(`The folder of ${use.option} ${db} does not exist (${dirname(absolute)}); create it first`);
    mkdirSync(dirname(absolute), { recursive: true });
  }
  return db;
}

/** A hint naming a database file beside the missing one with a close name, or "". */
function nearbyDatabase(absolute: string): string {
  let names: string[];
  try {
    names = readdirSync(dirname(absolute)).filter((name) => /\.(sqlite3?|db)$/i.test(name));
  } catch {
    return "";
  }
  return suggestion(basename(absolute), names, (name) => join(dirname(absolute), name));
}

/**
 * The storage for a checked `--db` value: `:memory:` is memory storage, a `postgres://` or
 * `postgresql://` URL is PostgreSQL storage (several servers may share it), anything else a SQLite file.
 */
export function openStorage(db: string, options: OpenStorageOptions = {}): Storage {
  if (db === ":memory:") return memoryStorage();
  if (isPostgresUrl(db)) return postgresStorage({ connectionString: db });
  return sqliteStorage({ filename: db, serverLease: options.server ?? false, blockingLockWaitMs: options.servesRequests ? REQUESTS_BLOCKING_LOCK_WAIT_MS : 0 });
}

/** Opens a checked database, turning a failure into one line naming it. */
export function openFailure(db: string, error: unknown): CliError {
  return new CliError(`Cannot open the database ${displayDb(db)}: ${error instanceof Error ? error.message : String(error)}`);
}
