import { BollardError } from "@bollard/core";
import { CompiledQuery, type Kysely, sql } from "kysely";
import type { Db, TableName } from "./sqlite-doc-rows.js";

/*
 * The write side of the "id + indexed columns + doc" pattern: a per-table `toRow` gives every
 * column of a record (the indexed ones derived from it, `doc` = the JSON of all of it).
 */

/** What an INSERT does when a row's key is taken. */
export type OnConflict =
  | { kind: "fail" }
  | { kind: "ignore" }
  /** Upsert on `key`: replace every other column with the new row's. */
  | { kind: "replace"; key: readonly string[] };

const FAIL: OnConflict = { kind: "fail" };

/** Rows per multi-row INSERT; larger batches are split, remainders go in power-of-two chunks. */
const CHUNK_ROWS = 256;

const insertSql = new Map<string, string>();

/**
 * The SQL of a multi-row INSERT of `count` rows, compiled once by Kysely and reused: the text
 * depends only on the table, columns, conflict handling and row count, so it is also what the
 * prepared-statement cache is keyed by (and the power-of-two chunking keeps those texts few).
 */
function multiRowInsertSql(db: Db, table: TableName, columns: readonly string[], count: number, onConflict: OnConflict): string {
  const key = `${table}|${columns.join(",")}|${count}|${onConflict.kind}|${"key" in onConflict ? onConflict.key.join(",") : ""}`;
  let text = insertSql.get(key);
  if (text !== undefined) return text;
  const placeholder = Object.fromEntries(columns.map((column) => [column, null]));
  let query = (db as Kysely<any>).insertInto(table).values(Array.from({ length: count }, () => placeholder));
  if (onConflict.kind === "ignore") query = query.onConflict((oc) => oc.doNothing());
  if (onConflict.kind === "replace") {
    const updated = columns.filter((column) => !onConflict.key.includes(column));
    query = query.onConflict((oc) =>
      oc.columns([...onConflict.key]).doUpdateSet(Object.fromEntries(updated.map((column) => [column, (eb: any) => eb.ref(`excluded.${column}`)]))),
    );
  }
  text = query.compile().sql;
  insertSql.set(key, text);
  return text;
}

/** The chunk sizes `total` rows are inserted in: full chunks, then powers of two. */
function chunkSizes(total: number): number[] {
  const sizes: number[] = [];
  let left = total;
  for (; left >= CHUNK_ROWS; left -= CHUNK_ROWS) sizes.push(CHUNK_ROWS);
  for (let size = CHUNK_ROWS / 2; size >= 1; size /= 2) {
    if (left >= size) {
      sizes.push(size);
      left -= size;
    }
  }
  return sizes;
}

/**
 * Inserts `records` with multi-row INSERTs and returns how many rows were stored. `write`
 * pushes one record's values in `columns` order. Several statements run atomically: in their
 * own transaction, or under a savepoint when `db` already is a transaction.
 */
export async function insertValues<T>(
  db: Db,
  table: TableName,
  columns: readonly string[],
  records: readonly T[],
  write: (record: T, out: unknown[]) => void,
  onConflict: OnConflict = FAIL,
): Promise<number> {
  if (records.length === 0) return 0;
  const sizes = chunkSizes(records.length);
  const run = async (executor: Db) => {
    let stored = 0;
    let at = 0;
    for (const size of sizes) {
      const parameters: unknown[] = [];
      for (const end = at + size; at < end; at++) write(records[at]!, parameters);
      const text = multiRowInsertSql(executor, table, columns, size, onConflict);
      const result = await executor.executeQuery(CompiledQuery.raw(text, parameters));
      stored += Number(result.numAffectedRows ?? 0);
    }
    return stored;
  };
  return sizes.length === 1 ? run(db) : atomically(db, run);
}

/** {@link insertValues} for rows given as objects (every row with the same keys in the same order). */
export function insertRows(db: Db, table: TableName, rows: readonly Record<string, unknown>[], onConflict: OnConflict = FAIL): Promise<number> {
  const first = rows[0];
  if (!first) return Promise.resolve(0);
  const columns = Object.keys(first);
  return insertValues(db, table, columns, rows, (row, out) => {
    for (const column of columns) out.push(row[column]);
  }, onConflict);
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
  const scoped = (query: any) =>
    record.account_id === null
      ? query.where("id", "=", record.id).where("account_id", "is", null)
      : query.where("id", "=", record.id).where("account_id", "=", record.account_id);
  const update = async (next: T, guardCreatedAt: boolean) => {
    const { id: _id, account_id: _account, ...columns } = toRow(next);
    let query = scoped((db as Kysely<any>).updateTable(table).set(columns));
    if (guardCreatedAt) query = query.where("created_at", "=", next.created_at);
    const result = await query.executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  };
  // The common case is one statement: the caller kept created_at as stored.
  if (await update(record, true)) return;
  const stored = (await scoped((db as Kysely<any>).selectFrom(table).select("created_at")).executeTakeFirst()) as { created_at: string } | undefined;
  if (!stored || !(await update({ ...record, created_at: stored.created_at }, false))) {
    throw new BollardError("not_found", `No ${noun} with id ${record.id} in this account`);
  }
}

/** Deletes the rows of `table` matching `where` inside `accountId`; returns how many went. */
export async function deleteScoped(db: Db, table: TableName, accountId: string, where: Record<string, string>): Promise<number> {
  let query = (db as Kysely<any>).deleteFrom(table).where("account_id", "=", accountId);
  for (const [column, value] of Object.entries(where)) query = query.where(column, "=", value);
  const result = await query.executeTakeFirst();
  return Number(result.numDeletedRows);
}

/**
 * Runs `fn` atomically on `db`: in a new transaction, or under a savepoint when `db` already is
 * one (so a failure undoes only `fn`'s writes and the outer transaction can go on).
 */
export async function atomically<T>(db: Db, fn: (db: Db) => Promise<T>): Promise<T> {
  if (!db.isTransaction) return db.transaction().execute(fn);
  await sql`savepoint bollard_atomic`.execute(db);
  try {
    const result = await fn(db);
    await sql`release bollard_atomic`.execute(db);
    return result;
  } catch (error) {
    await sql`rollback to bollard_atomic`.execute(db);
    await sql`release bollard_atomic`.execute(db);
    throw error;
  }
}
