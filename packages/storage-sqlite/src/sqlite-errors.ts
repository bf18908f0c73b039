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
    return new BollardError("storage_unavailable", "The database is unavailable", cause);
  }
  return error;
}

/** The error every call on a closed storage rejects with. */
export function closedStorageError(): BollardError {
  return new BollardError("storage_unavailable", "The SQLite storage is closed (or was never opened)");
}

/** The error a call through a transaction's repositories rejects with once the transaction ended. */
export function finishedTransactionError(): BollardError {
  return new BollardError("internal", "This transaction has already finished; use the storage, not its tx, after it");
}
