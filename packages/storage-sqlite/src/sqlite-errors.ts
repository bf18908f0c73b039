import { BollardError } from "@bollard/core";

/** SQLite result codes (prefixes) that mean the database cannot be used right now. */
const UNAVAILABLE_CODES = ["SQLITE_BUSY", "SQLITE_LOCKED", "SQLITE_IOERR", "SQLITE_FULL", "SQLITE_CANTOPEN", "SQLITE_READONLY", "SQLITE_PROTOCOL"];

function sqliteCode(error: unknown): string | undefined {
  if (!(error instanceof Error)) return undefined;
  const code = (error as { code?: unknown }).code;
  return typeof code === "string" && code.startsWith("SQLITE_") ? code : undefined;
}

/** The columns named by a constraint message such as `UNIQUE constraint failed: t.a, t.b`. */
function constrainedColumns(message: string): string {
  const match = /constraint failed: (.+)$/.exec(message);
  if (!match?.[1]) return "key";
  const columns = match[1].split(",").map((part) => part.trim().split(".").pop() ?? part);
  return columns.length === 1 ? (columns[0] ?? "key") : `(${columns.join(", ")})`;
}

/** What an unavailable-database code means, in words for logs and 503 answers. */
export function unavailableCause(code: string): string {
  if (code.startsWith("SQLITE_FULL")) return "the disk is full";
  if (code.startsWith("SQLITE_READONLY")) return "the database file is read-only";
  if (code.startsWith("SQLITE_IOERR")) return "the disk reported an I/O error";
  if (code.startsWith("SQLITE_BUSY") || code.startsWith("SQLITE_LOCKED")) return "another process holds the database lock";
  if (code.startsWith("SQLITE_CANTOPEN")) return "the database file cannot be opened";
  return "the database cannot be used";
}

/** The SQLite result code of a driver error, when it is one. */
export function sqliteErrorCode(error: unknown): string | undefined {
  return sqliteCode(error);
}

/**
 * Turns a better-sqlite3 error into the BollardError the storage contract promises:
 * a taken primary or unique key and a foreign key to a missing record are `conflict`,
 * a busy, locked, full or unwritable database is `storage_unavailable`.
 * Anything else is returned unchanged (it is a bug, not a contract condition).
 *
 * @param noun - what was being written, for the message, e.g. `shipment`.
 */
export function translateSqliteError(error: unknown, noun: string): unknown {
  const code = sqliteCode(error);
  if (code === undefined) return error;
  const cause = { cause: error };
  if (code === "SQLITE_CONSTRAINT_PRIMARYKEY" || code === "SQLITE_CONSTRAINT_UNIQUE") {
    const columns = constrainedColumns((error as Error).message);
    return new BollardError("conflict", `The ${columns} is already used by another ${noun}`, cause);
  }
  if (code === "SQLITE_CONSTRAINT_FOREIGNKEY") {
    return new BollardError("conflict", `The ${noun} references a missing record`, cause);
  }
  if (UNAVAILABLE_CODES.some((prefix) => code.startsWith(prefix))) {
    return new BollardError("storage_unavailable", `The database is unavailable: ${unavailableCause(code)} (${code})`, cause);
  }
  return error;
}
