import { mkdirSync } from "node:fs";
import { dirname } from "node:path";
import type { Storage } from "@bollard/core";
import { memoryStorage } from "@bollard/storage-memory";
import { sqliteStorage } from "@bollard/storage-sqlite";
import { CliError } from "./cli-error.js";

/** The database used when neither `--db` nor `BOLLARD_DB` is given. */
export const DEFAULT_DB = "./data/bollard.sqlite";

/**
 * The storage for a `--db` value: `:memory:` is memory storage, anything else a SQLite file
 * (its folder is created when missing). `postgres://` URLs are refused until PostgreSQL storage exists.
 */
export function openStorage(db: string): Storage {
  if (db === ":memory:") return memoryStorage();
  if (/^postgres(ql)?:\/\//i.test(db)) throw new CliError("PostgreSQL storage is not available yet; use a SQLite file path or :memory:");
  try {
    mkdirSync(dirname(db), { recursive: true });
  } catch (error) {
    throw new CliError(`Cannot create the folder for ${db}: ${(error as Error).message}`);
  }
  return sqliteStorage({ filename: db });
}
