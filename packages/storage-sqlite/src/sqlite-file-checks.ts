import { existsSync, statSync } from "node:fs";
import Database from "better-sqlite3";

/*
 * Checks of the database file itself: refuse at open a file that is not a Bollard database (so it
 * is never initialised and seeded), and notice while open that the file was deleted or replaced
 * (SQLite would keep writing to the unlinked file, and every acknowledged write would be lost).
 */

/** Which file a path named when the storage opened it. */
export interface FileIdentity {
  dev: number;
  ino: number;
}

/**
 * Refuses an existing file that is not a Bollard database: an empty (0-byte) file, a file that is
 * not SQLite, and a SQLite database with tables but without Bollard's migrations (another
 * application's). Returns without a word for a missing file (it is created) or a Bollard database.
 */
export function checkExistingFile(filename: string): void {
  if (!existsSync(filename)) return;
  if (statSync(filename).size === 0) throw new Error(`${filename} is an empty file (0 bytes), not a Bollard database; remove it to start a new database there`);
  let db: Database.Database | undefined;
  try {
    db = new Database(filename, { readonly: true, fileMustExist: true });
    const tables = db.prepare("select name from sqlite_schema where type = 'table' and name not like 'sqlite_%' order by name").pluck().all() as string[];
    if (tables.length > 0 && !tables.includes("kysely_migration")) {
      const shown = tables.slice(0, 5).join(", ") + (tables.length > 5 ? ", …" : "");
      throw new Error(`${filename} holds another application's SQLite database (tables: ${shown}), not a Bollard database`);
    }
  } catch (error) {
    if ((error as { code?: string }).code === "SQLITE_NOTADB") throw new Error(`${filename} is not a SQLite database`);
    throw error;
  } finally {
    db?.close();
  }
}

/** The identity of the file at `filename` now. */
export function fileIdentity(filename: string): FileIdentity {
  const { dev, ino } = statSync(filename);
  return { dev, ino };
}

/** Why the file at `filename` is no longer the one opened (deleted, replaced), or undefined when it is. */
export function identityProblem(filename: string, opened: FileIdentity): string | undefined {
  let now: FileIdentity;
  try {
    now = fileIdentity(filename);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return `the database file ${filename} was deleted while open`;
    return `the database file ${filename} cannot be checked: ${(error as Error).message}`;
  }
  return now.dev === opened.dev && now.ino === opened.ino ? undefined : `the database file ${filename} was replaced by another file while open`;
}
