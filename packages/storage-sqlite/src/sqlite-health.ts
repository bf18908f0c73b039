import { statfsSync } from "node:fs";
import { dirname } from "node:path";
import { BollardError } from "@bollard/core";
import type { StorageHealth } from "@bollard/core/storage";
import type { Db } from "@bollard/storage-sql";
import { sql } from "kysely";
import { type FileIdentity, fileIdentity, identityProblem } from "./sqlite-file-checks.js";
import { sqliteErrorCode, unavailableCause } from "./sqlite-errors.js";

/** The `meta` key the health probe writes when writes had failed (a private key: copies leave it out). */
export const HEALTH_PROBE_KEY = "health_probe";

/**
 * After a write failed, the free space under which the disk still counts as full: a probe row can
 * fit in space SQLite already holds (the write-ahead log) while ordinary writes cannot.
 */
const MIN_FREE_BYTES = 256 * 1024;

/** The bytes free on the file system holding `filename`, or Infinity when that cannot be read. */
function freeBytes(filename: string): number {
  try {
    const { bavail, bsize } = statfsSync(dirname(filename));
    return bavail * bsize;
  } catch {
    return Number.POSITIVE_INFINITY;
  }
}

/** Result codes after which the database is reported unavailable until a write works again. */
const WRITE_FAILURES = ["SQLITE_FULL", "SQLITE_READONLY", "SQLITE_IOERR", "SQLITE_CANTOPEN", "SQLITE_CORRUPT", "SQLITE_NOTADB"];

/** The health of a SQLite storage: the file it opened, the last write failure, and a read. */
export interface SqliteHealth {
  /** Runs before every writer statement: refuses writes once the file was deleted or replaced. */
  checkFile(): void;
  /** Remembers failures that mean writes do not work (a full disk, a read-only file). */
  observeError(error: unknown): void;
  /** Records which file was opened (after the migrations created it). */
  opened(): void;
  /** `Storage.health()`. */
  health(): Promise<StorageHealth>;
}

/**
 * Watches a SQLite database for the faults a server must not hide: a deleted or replaced file
 * (SQLite would go on writing to the unlinked file and every acknowledged write would be lost), a
 * full disk, a read-only file. `health()` reports them until they are gone: a failed write is
 * retried by a probe write (after a full disk, only once the disk has room again), so the storage
 * recovers by itself.
 */
export function sqliteHealth(filename: string, inMemory: boolean, db: { reader: Db; writer: Db }): SqliteHealth {
  let identity: FileIdentity | undefined;
  let writeFailure: string | undefined;
  const fileProblem = () => (identity ? identityProblem(filename, identity) : undefined);
  return {
    checkFile() {
      const problem = fileProblem();
      if (problem) throw new BollardError("storage_unavailable", `The database is unavailable: ${problem}; writes are refused (they would be lost). Restore the file and restart the server`);
    },
    observeError(error) {
      const code = sqliteErrorCode(error);
      if (code && WRITE_FAILURES.some((prefix) => code.startsWith(prefix))) writeFailure = `${unavailableCause(code)} (${code})`;
    },
    opened() {
      if (!inMemory) identity = fileIdentity(filename);
    },
    async health() {
      const problem = fileProblem();
      if (problem) return { status: "unavailable", reason: problem };
      try {
        if (writeFailure) {
          if (!inMemory && writeFailure.includes("SQLITE_FULL") && freeBytes(filename) < MIN_FREE_BYTES) return { status: "unavailable", reason: writeFailure };
          await sql`insert into meta (key, value) values (${HEALTH_PROBE_KEY}, ${new Date().toISOString()}) on conflict (key) do update set value = excluded.value`.execute(db.writer);
          writeFailure = undefined;
        }
        await sql`select 1 from meta limit 1`.execute(db.reader);
        return { status: "ok" };
      } catch (error) {
        const code = sqliteErrorCode(error);
        return { status: "unavailable", reason: writeFailure ?? (code ? `${unavailableCause(code)} (${code})` : (error as Error).message) };
      }
    },
  };
}
