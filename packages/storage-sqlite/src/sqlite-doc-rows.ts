import { BollardError, type Page, type PageResult, pageOffset, toTimestamp } from "@bollard/core";
import { CompiledQuery, type Kysely, type SelectQueryBuilder, sql } from "kysely";
import type { BollardDatabase } from "./sqlite-schema.js";

/*
 * The shared "id + indexed columns + doc" pattern: rows are written from records by a
 * per-table `toRow`, and read back by selecting `doc` alone and parsing it.
 */

/** A Kysely executor over the schema: the reader, the writer, or an open transaction. */
export type Db = Kysely<BollardDatabase>;
type TableName = keyof BollardDatabase & string;
// Listing helpers accept any typed select over a doc table; its rows are read as `{ doc }`.
type DocSelect = SelectQueryBuilder<any, any, any>;

/** Rows per multi-row INSERT; larger batches are split, remainders go in power-of-two chunks. */
const CHUNK_ROWS = 256;

/** Parses one stored document. */
export function parseDoc<T>(row: { doc: string } | undefined): T | null {
  return row === undefined ? null : (JSON.parse(row.doc) as T);
}

/** Parses stored documents, keeping their order. */
export function parseDocs<T>(rows: readonly { doc: string }[]): T[] {
  const out = new Array<T>(rows.length);
  for (let i = 0; i < rows.length; i++) out[i] = JSON.parse(rows[i]!.doc) as T;
  return out;
}

/** Orders records found by id as `ids` asks, skipping unknown ids. */
export function inIdOrder<T extends { id: string }>(found: readonly T[], ids: readonly string[]): T[] {
  const byId = new Map(found.map((record) => [record.id, record]));
  const out: T[] = [];
  for (const id of ids) {
    const record = byId.get(id);
    if (record) out.push(record);
  }
  return out;
}

/** A SQL fragment testing `column IN (…ids)` with one bound JSON array, so its text never varies. */
export function inList(column: string, values: readonly string[]) {
  return sql<boolean>`${sql.ref(column)} in (select value from json_each(${JSON.stringify(values)}))`;
}

/**
 * Runs an ordered `doc` listing; with `page`, one page of it plus the total count of `filtered`.
 * The count query is skipped when the page itself shows where the listing ends.
 */
export async function pageOfDocs<T>(
  filtered: DocSelect,
  order: (query: DocSelect) => DocSelect,
  page: Page | undefined,
): Promise<PageResult<T>> {
  const ordered = order(filtered.select("doc"));
  if (!page) {
    const rows = (await ordered.execute()) as { doc: string }[];
    return { items: parseDocs<T>(rows), total: rows.length };
  }
  const offset = pageOffset(page);
  const rows = (await ordered.limit(page.size).offset(offset).execute()) as { doc: string }[];
  const items = parseDocs<T>(rows);
  if (items.length > 0 && items.length < page.size) return { items, total: offset + items.length };
  if (items.length === 0 && offset === 0) return { items, total: 0 };
  const counted = (await filtered.select((eb: any) => eb.fn.countAll().as("n")).executeTakeFirst()) as { n: number } | undefined;
  return { items, total: Number(counted?.n ?? 0) };
}

/** What an INSERT does when a row's key is taken. */
export type OnConflict =
  | { kind: "fail" }
  | { kind: "ignore" }
  /** Upsert on `key`: replace every other column with the new row's. */
  | { kind: "replace"; key: readonly string[] };

const FAIL: OnConflict = { kind: "fail" };
const insertSql = new Map<string, string>();

/**
 * The SQL of a multi-row INSERT of `count` rows, compiled once by Kysely and reused: the text
 * depends only on the table, columns, conflict handling and row count, so it is also what the
 * prepared-statement cache is keyed by.
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
  while (left >= CHUNK_ROWS) {
    sizes.push(CHUNK_ROWS);
    left -= CHUNK_ROWS;
  }
  for (let size = CHUNK_ROWS / 2; size >= 1; size /= 2) {
    if (left >= size) {
      sizes.push(size);
      left -= size;
    }
  }
  return sizes;
}

/**
 * Inserts rows (objects with the same keys in the same order) with multi-row INSERTs and
 * returns how many were stored. Several statements run atomically: in their own transaction,
 * or under a savepoint when `db` is already a transaction.
 */
export async function insertRows(db: Db, table: TableName, rows: readonly Record<string, unknown>[], onConflict: OnConflict = FAIL): Promise<number> {
  const first = rows[0];
  if (!first) return 0;
  const columns = Object.keys(first);
  const sizes = chunkSizes(rows.length);
  const run = async (executor: Db) => {
    let stored = 0;
    let at = 0;
    for (const size of sizes) {
      const parameters: unknown[] = [];
      for (let i = at; i < at + size; i++) {
        const row = rows[i]!;
        for (const column of columns) parameters.push(row[column]);
      }
      at += size;
      const result = await executor.executeQuery(CompiledQuery.raw(multiRowInsertSql(executor, table, columns, size, onConflict), parameters));
      stored += Number(result.numAffectedRows ?? 0);
    }
    return stored;
  };
  return sizes.length === 1 ? run(db) : atomically(db, run);
}

/** A record `replaceRecord` can update: scoped by `account_id` (null for templates). */
interface ScopedRecord {
  id: string;
  account_id: string | null;
  created_at: string;
}

/**
 * Replaces the record with `record.id` in its account (the update rule of the contract), keeping
 * the stored `created_at`. Throws NOT_FOUND when the account has no such record. The table must
 * have `id`, `account_id` and `created_at` columns; `toRow` gives every column of a record.
 */
export async function replaceRecord<T extends ScopedRecord>(db: Db, table: TableName, record: T, toRow: (record: T) => Record<string, unknown>, noun: string): Promise<void> {
  const scoped = (query: any) =>
    record.account_id === null ? query.where("id", "=", record.id).where("account_id", "is", null) : query.where("id", "=", record.id).where("account_id", "=", record.account_id);
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
    throw new BollardError("NOT_FOUND", `No ${noun} with id ${record.id} in this account`);
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

/** Lower-cased texts joined for substring search; see `SEARCH_SEPARATOR`. */
export function searchText(parts: readonly string[], separator: string): string {
  return parts.map((part) => part.toLowerCase()).join(separator);
}

/**
 * Where a repository's statements run. Outside a transaction `read` is the reader connection and
 * `write` the writer; inside `transaction(fn)` both are the open transaction.
 */
export interface RepositoryScope {
  readonly read: Db;
  readonly write: Db;
}

/**
 * A time bound in the stored form (`YYYY-MM-DDTHH:mm:ss.sssZ`), so that comparing it with stored
 * timestamps as text compares instants. A bound that does not parse is used as given.
 */
export function canonicalTime(value: string): string {
  return toTimestamp(value) ?? value;
}
