import type Database from "better-sqlite3";

/**
 * `Storage.dataVersion` of a SQLite database, read synchronously from one connection.
 *
 * A file database asks its reader connection for `PRAGMA data_version`, which SQLite changes
 * whenever another connection commits: the writer of this storage, the background thread's, another
 * process's. The reader sees only committed data, so the token and what the reads return agree.
 *
 * `":memory:"` has one connection, whose own commits leave `data_version` unchanged; it counts
 * `total_changes()` instead. That count includes a running transaction's writes, but plain reads
 * there wait for the transaction to end, and the count never goes back: a rolled-back write only
 * changes the token needlessly.
 */
export function sqliteDataVersion(handle: () => Database.Database | undefined, inMemory: boolean): () => string {
  let statement: Database.Statement | undefined;
  let statementOf: Database.Database | undefined;
  return () => {
    const db = handle();
    if (!db) throw new Error("the SQLite storage has no open connection yet");
    if (statementOf !== db) {
      statement = db.prepare(inMemory ? "select total_changes()" : "pragma data_version").pluck();
      statementOf = db;
    }
    return String(statement!.get());
  };
}
