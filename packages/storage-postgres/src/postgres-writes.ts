import { BollardError } from "@bollard/core";
import { type Kysely, sql } from "kysely";
import { type Db, isUuid, pgTime } from "./postgres-rows.js";
import type { TableName } from "./postgres-schema.js";

/*
 * The write side of the "id + indexed columns + doc" pattern: a per-table `toRow` (in
 * postgres-records.ts) gives every column of a record, the indexed ones derived from it.
 */

/** What an INSERT does when a row's key is taken. */
export type OnConflict =
  /** Nothing is stored and the call rejects with conflict (the contract's `insert`). */
  | { kind: "fail"; noun: string }
  /** The taken rows are skipped; the call resolves with how many rows were stored. */
  | { kind: "ignore" }
  /** Upsert on `key`: replace every other column with the new row's. */
  | { kind: "replace"; key: readonly string[] };

/** The most bind parameters one statement may carry (PostgreSQL's limit is 65535). */
const MAX_PARAMETERS = 60_000;
const MAX_CHUNK_ROWS = 1000;

function conflict(noun: string): BollardError {
  return new BollardError("conflict", `The id or a unique key is already used by another ${noun}`);
}

/** One multi-row INSERT; returns how many rows it stored. */
async function insertChunk(db: Db, table: TableName, rows: readonly Record<string, unknown>[], onConflict: OnConflict): Promise<number> {
  const columns = Object.keys(rows[0]!);
  let query = (db as Kysely<any>).insertInto(table).values(rows as Record<string, unknown>[]);
  if (onConflict.kind === "replace") {
    const updated = columns.filter((column) => !onConflict.key.includes(column));
    query = query.onConflict((oc) => oc.columns([...onConflict.key]).doUpdateSet(Object.fromEntries(updated.map((column) => [column, (eb: any) => eb.ref(`excluded.${column}`)]))));
  } else {
    // A taken key is reported by the row count, not by an error: an error would abort the caller's transaction.
    query = query.onConflict((oc) => oc.doNothing());
  }
  const result = await query.executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0);
}

/**
 * Inserts `rows` (every row with the same keys in the same order) with multi-row INSERTs and
 * returns how many were stored. With `fail`, a taken key rejects with conflict and stores none of
 * the rows: several rows run atomically, in their own transaction or under a savepoint of the
 * caller's.
 */
export async function insertRows(db: Db, table: TableName, rows: readonly Record<string, unknown>[], onConflict: OnConflict): Promise<number> {
  const first = rows[0];
  if (!first) return 0;
  const chunk = Math.max(1, Math.min(MAX_CHUNK_ROWS, Math.floor(MAX_PARAMETERS / Object.keys(first).length)));
  const run = async (executor: Db) => {
    let stored = 0;
    for (let at = 0; at < rows.length; at += chunk) stored += await insertChunk(executor, table, rows.slice(at, at + chunk), onConflict);
    if (onConflict.kind === "fail" && stored < rows.length) throw conflict(onConflict.noun);
    return stored;
  };
  // One row is all or nothing on its own; several need a transaction to undo the ones stored before a conflict.
  const needsAtomicity = rows.length > 1 && onConflict.kind !== "ignore";
  return needsAtomicity ? atomically(db, run) : run(db);
}

/** A record `replaceRecord` can update: scoped by `account_id` (null for templates). */
interface ScopedRecord {
  id: string;
  account_id: string | null;
  created_at: string;
}

/**
 * Replaces the record with `record.id` in its account (the update rule of the contract), keeping
 * the stored `created_at`. Throws not_found when the account has no such record. The table must
 * have `id`, `account_id` and `created_at` columns; `toRow` gives every column of a record.
 */
export async function replaceRecord<T extends ScopedRecord>(db: Db, table: TableName, record: T, toRow: (record: T) => Record<string, unknown>, noun: string): Promise<void> {
  const missing = () => new BollardError("not_found", `No ${noun} with id ${record.id} in this account`);
  if (!isUuid(record.id) || (record.account_id !== null && !isUuid(record.account_id))) throw missing();
  const scoped = (query: any) =>
    record.account_id === null ? query.where("id", "=", record.id).where("account_id", "is", null) : query.where("id", "=", record.id).where("account_id", "=", record.account_id);
  const update = async (next: T, guardCreatedAt: boolean) => {
    const { id: _id, account_id: _account, ...columns } = toRow(next);
    let query = scoped((db as Kysely<any>).updateTable(table).set(columns));
    if (guardCreatedAt) query = query.where("created_at", "=", pgTime(next.created_at));
    const result = await query.executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  };
  // The common case is one statement: the caller kept created_at as stored.
  if (await update(record, true)) return;
  const stored = (await scoped((db as Kysely<any>).selectFrom(table).select("doc")).executeTakeFirst()) as { doc: { created_at: string } } | undefined;
  if (!stored || !(await update({ ...record, created_at: stored.doc.created_at }, false))) throw missing();
}

/** Deletes the rows of `table` matching `where` (uuid columns) inside `accountId`; returns how many went. */
export async function deleteScoped(db: Db, table: TableName, accountId: string, where: Record<string, string>): Promise<number> {
  if (!isUuid(accountId) || !Object.values(where).every(isUuid)) return 0;
  let query = (db as Kysely<any>).deleteFrom(table).where("account_id", "=", accountId);
  for (const [column, value] of Object.entries(where)) query = query.where(column, "=", value);
  const result = await query.executeTakeFirst();
  return Number(result.numDeletedRows);
}

let savepoints = 0;

/**
 * Runs `fn` atomically on `db`: in a new transaction, or under a savepoint when `db` already is
 * one (so a failure undoes only `fn`'s writes and the outer transaction can go on).
 */
export async function atomically<T>(db: Db, fn: (db: Db) => Promise<T>): Promise<T> {
  if (!db.isTransaction) return db.transaction().execute(fn);
  const name = sql.raw(`bollard_atomic_${++savepoints}`);
  await sql`savepoint ${name}`.execute(db);
  try {
    const result = await fn(db);
    await sql`release savepoint ${name}`.execute(db);
    return result;
  } catch (error) {
    await sql`rollback to savepoint ${name}`.execute(db);
    await sql`release savepoint ${name}`.execute(db);
    throw error;
  }
}
