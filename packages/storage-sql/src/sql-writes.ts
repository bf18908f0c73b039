import { BollardError } from "@bollard/core";
import { CompiledQuery, type Kysely, sql } from "kysely";
import type { Row, SqlDialect } from "./sql-dialect.js";
import { type Db, docsOf, type SqlScope } from "./sql-rows.js";
import { INDEXED_COLUMNS, type TableName } from "./sql-schema.js";

/*
 * The write side of the "id + indexed columns + doc" pattern: a per-table row function (in
 * sql-records.ts) gives every column of a record, and these write them.
 */

/** What an INSERT does when a row's key is taken. */
export type OnConflict =
  /** Nothing is stored and the call rejects with CONFLICT (the contract's `insert`). */
  | { kind: "fail"; noun: string }
  /** The taken rows are skipped; the call resolves with how many rows were stored. */
  | { kind: "ignore" }
  /** Upsert on `key`: replace every other column with the new row's. */
  | { kind: "replace"; key: readonly string[] };

/** Rows per multi-row INSERT; larger batches are split, remainders go in power-of-two chunks. */
const CHUNK_ROWS = 256;

const insertSql = new WeakMap<object, Map<string, string>>();

/**
 * The SQL of a multi-row INSERT of `count` rows, compiled once by Kysely and reused: the text
 * depends only on the table, columns, conflict handling and row count, so it is also what a
 * prepared-statement cache is keyed by (and the power-of-two chunking keeps those texts few).
 */
function multiRowInsertSql(db: Db, table: TableName, columns: readonly string[], count: number, onConflict: OnConflict, skipTaken: boolean): string {
  const adapter = db.getExecutor().adapter;
  let texts = insertSql.get(adapter);
  if (!texts) insertSql.set(adapter, (texts = new Map()));
  const key = `${table}|${columns.join(",")}|${count}|${onConflict.kind}|${skipTaken}|${"key" in onConflict ? onConflict.key.join(",") : ""}`;
  let text = texts.get(key);
  if (text !== undefined) return text;
  const placeholder = Object.fromEntries(columns.map((column) => [column, null]));
  let query = (db as Kysely<any>).insertInto(table).values(Array.from({ length: count }, () => placeholder));
  if (onConflict.kind === "replace") {
    const updated = columns.filter((column) => !onConflict.key.includes(column));
    query = query.onConflict((oc) =>
      oc.columns([...onConflict.key]).doUpdateSet(Object.fromEntries(updated.map((column) => [column, (eb: any) => eb.ref(`excluded.${column}`)]))),
    );
  } else if (skipTaken) {
    query = query.onConflict((oc) => oc.doNothing());
  }
  text = query.compile().sql;
  texts.set(key, text);
  return text;
}

/** The chunk sizes `total` rows are inserted in: full chunks, then powers of two. */
function chunkSizes(total: number, maxRows: number): number[] {
  const sizes: number[] = [];
  let left = total;
  for (; left >= maxRows; left -= maxRows) sizes.push(maxRows);
  for (let size = 2 ** Math.floor(Math.log2(maxRows)); size >= 1; size /= 2) {
    if (left >= size && size < maxRows) {
      sizes.push(size);
      left -= size;
    }
  }
  return sizes;
}

/**
 * Inserts `records` with multi-row INSERTs and returns how many rows were stored. `write` pushes
 * one record's values in `columns` order. Several statements, or a `fail` insert the dialect
 * counts, run atomically: in their own transaction, or under a savepoint of the caller's.
 */
export async function insertValues<T>(
  { write: db, dialect }: SqlScope,
  table: TableName,
  columns: readonly string[],
  records: readonly T[],
  writeRecord: (record: T, out: unknown[]) => void,
  onConflict: OnConflict,
): Promise<number> {
  if (records.length === 0) return 0;
  // Taken keys are counted rather than raised where an error would abort the caller's transaction.
  const skipTaken = onConflict.kind === "ignore" || (onConflict.kind === "fail" && dialect.insertConflicts === "count");
  const sizes = chunkSizes(records.length, Math.max(1, Math.min(CHUNK_ROWS, Math.floor(30_000 / columns.length))));
  const run = async (executor: Db) => {
    let stored = 0;
    let at = 0;
    for (const size of sizes) {
      const parameters: unknown[] = [];
      for (const end = at + size; at < end; at++) writeRecord(records[at]!, parameters);
      const text = multiRowInsertSql(executor, table, columns, size, onConflict, skipTaken);
      const result = await executor.executeQuery(CompiledQuery.raw(text, parameters));
      stored += Number(result.numAffectedRows ?? 0);
    }
    if (onConflict.kind === "fail" && stored < records.length) {
      throw new BollardError("conflict", `The id or a unique key is already used by another ${onConflict.noun}`);
    }
    return stored;
  };
  const atomic = sizes.length > 1 || (skipTaken && onConflict.kind === "fail" && records.length > 1);
  return atomic ? atomically(db, run) : run(db);
}

/** {@link insertValues} for rows given as objects (every row with the same keys in the same order). */
export function insertRows(scope: SqlScope, table: TableName, rows: readonly Row[], onConflict: OnConflict): Promise<number> {
  const first = rows[0];
  if (!first) return Promise.resolve(0);
  const columns = Object.keys(first);
  return insertValues(scope, table, columns, rows, (row, out) => {
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
export async function replaceRecord<T extends ScopedRecord>(
  { write: db, dialect }: SqlScope,
  table: keyof typeof INDEXED_COLUMNS,
  record: T,
  toRow: (record: T, dialect: SqlDialect) => Row,
  noun: string,
): Promise<void> {
  const missing = () => new BollardError("not_found", `No ${noun} with id ${record.id} in this account`);
  if (!dialect.isId(record.id) || (record.account_id !== null && !dialect.isId(record.account_id))) throw missing();
  const scoped = (query: any) =>
    record.account_id === null ? query.where("id", "=", record.id).where("account_id", "is", null) : query.where("id", "=", record.id).where("account_id", "=", record.account_id);
  const update = async (row: Row, guardCreatedAt: boolean) => {
    const { id: _id, account_id: _account, ...columns } = row;
    let query = scoped((db as Kysely<any>).updateTable(table).set(columns));
    if (guardCreatedAt) query = query.where("created_at", "=", dialect.time(record.created_at));
    const result = await query.executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  };
  const row = toRow(record, dialect);
  // On SQLite the common case is one statement that leaves the indexes alone: the caller kept
  // created_at and every indexed column as stored (a tag, a custom field, a refresh's milestones).
  if (dialect.updatesRewriteSetIndexes && (await updateUnindexed(db, table, scoped, row))) return;
  // Otherwise one statement that sets every column, when the caller kept created_at as stored.
  if (await update(row, true)) return;
  const stored = (await scoped((db as Kysely<any>).selectFrom(table).select(["doc"])).executeTakeFirst()) as { doc: unknown } | undefined;
  if (!stored) throw missing();
  const createdAt = docsOf<ScopedRecord>(dialect, [stored])[0]!.created_at;
  if (!(await update(toRow({ ...record, created_at: createdAt }, dialect), false))) throw missing();
}

/**
 * Updates the row's columns that no index holds, where its indexed columns (and `created_at`)
 * already hold `row`'s values; false when they do not (or there is no such row), nothing written.
 */
async function updateUnindexed(db: Db, table: keyof typeof INDEXED_COLUMNS, scoped: (query: any) => any, row: Row): Promise<boolean> {
  const kept: readonly string[] = INDEXED_COLUMNS[table];
  const { id: _id, account_id: _account, ...columns } = row;
  let query = (db as Kysely<any>).updateTable(table).set(Object.fromEntries(Object.entries(columns).filter(([column]) => column !== "created_at" && !kept.includes(column))));
  for (const column of new Set(["created_at", ...kept])) {
    if (!(column in columns)) return false;
    const value = columns[column];
    query = value === null ? query.where(column, "is", null) : query.where(column, "=", value);
  }
  const result = await scoped(query).executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Deletes the rows of `table` matching `where` (id columns) inside `accountId`; returns how many went. */
export async function deleteScoped({ write: db, dialect }: SqlScope, table: TableName, accountId: string, where: Record<string, string>): Promise<number> {
  if (!dialect.isId(accountId) || !Object.values(where).every((value) => dialect.isId(value))) return 0;
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
  const outcome = await underSavepoint(db, fn);
  if (!outcome.ok) throw outcome.error;
  return outcome.value;
}

/** How `fn` ended under {@link underSavepoint}: with its value, or with its error (its writes undone). */
export type SavepointOutcome<T> = { ok: true; value: T } | { ok: false; error: unknown };

// One name for every level: a rollback or release names the innermost savepoint of that name
// (both databases), and a constant text keeps these statements in the prepared-statement cache.
const SAVEPOINT = sql.raw("bollard_savepoint");

/**
 * Runs `fn` under a savepoint of the open transaction `trx`. When `fn` fails, its writes alone are
 * rolled back and its error is returned as the outcome; this rejects only when the savepoint cannot
 * be taken, rolled back to or released, which means the transaction itself failed (on SQLite,
 * after a rollback of its own nothing can then start a new transaction by accident).
 */
export async function underSavepoint<T>(trx: Db, fn: (db: Db) => Promise<T>): Promise<SavepointOutcome<T>> {
  await sql`savepoint ${SAVEPOINT}`.execute(trx);
  let outcome: SavepointOutcome<T>;
  try {
    outcome = { ok: true, value: await fn(trx) };
  } catch (error) {
    await sql`rollback to savepoint ${SAVEPOINT}`.execute(trx);
    outcome = { ok: false, error };
  }
  await sql`release savepoint ${SAVEPOINT}`.execute(trx);
  return outcome;
}
