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

/**
 * The storage for a `--db` value: `:memory:` is memory storage, a `postgres://` or
 * `postgresql://` URL is PostgreSQL storage (several servers may share it), anything else a
 * SQLite file (its folder is created when missing).
 */
export function openStorage(db: string): Storage {
  if (db === ":memory:") return memoryStorage();
  if (isPostgresUrl(db)) return postgresStorage({ connectionString: db });
  try {
    mkdirSync(dirname(db), { recursive: true });
  } catch (error) {
    throw new CliError(`Cannot create the folder for ${db}: ${(error as Error).message}`);
  }
  return sqliteStorage({ filename: db });
}
