import { mkdirSync } from "node:fs";
import { dirname } from "node:path";
import type { Storage } from "@bollard/core";
import { memoryStorage } from "@bollard/storage-memory";
import { postgresStorage } from "@bollard/storage-postgres";
import { sqliteStorage } from "@bollard/storage-sqlite";
import { CliError } from "./cli-error.js";

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

/** Options of {@link openStorage}. */
export interface OpenStorageOptions {
  /**
   * The storage serves `bollard serve`: a SQLite file takes its server lease (one server per file;
   * short-lived commands share it).
   * @default false
   */
  server?: boolean;
}

/**
 * The storage for a `--db` value: `:memory:` is memory storage, a `postgres://` or
 * `postgresql://` URL is PostgreSQL storage (several servers may share it), anything else a
 * SQLite file (its folder is created when missing).
 */
export function openStorage(db: string, options: OpenStorageOptions = {}): Storage {
  if (db === ":memory:") return memoryStorage();
  if (isPostgresUrl(db)) return postgresStorage({ connectionString: db });
  try {
    mkdirSync(dirname(db), { recursive: true });
  } catch (error) {
    throw new CliError(`Cannot create the folder for ${db}: ${(error as Error).message}`);
  }
  return sqliteStorage({ filename: db, serverLease: options.server ?? false });
}
