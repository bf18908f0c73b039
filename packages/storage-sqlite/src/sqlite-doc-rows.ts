import type { Page } from "@bollard/core";
import { toTimestamp } from "@bollard/core/schemas";
import { type PageResult, pageOffset } from "@bollard/core/storage";
import type Database from "better-sqlite3";
import { type Compilable, CompiledQuery, type Kysely, type SelectQueryBuilder, sql } from "kysely";
import type { BollardDatabase } from "./sqlite-schema.js";

/*
 * The read side of the shared "id + indexed columns + doc" pattern: rows are read back by
 * selecting `doc` alone and parsing it (see sqlite-writes.ts for the write side).
 */

/** A Kysely executor over the schema: the reader, the writer, or an open transaction. */
export type Db = Kysely<BollardDatabase>;
/** The name of a table of the schema. */
export type TableName = keyof BollardDatabase & string;
// Listing helpers accept any typed select; the caller states the row shape it decodes.
type AnySelect = SelectQueryBuilder<any, any, any>;

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

/**
 * A query built and compiled by Kysely once, then run with fresh parameters: the hot reads skip
 * building and compiling (a few µs each) on every call. `build` receives a marker per argument
 * and must use each one as a bound value; the compiled parameter list maps markers back to args.
 */
export function precompiled<R, A extends string[]>(arity: A["length"], build: (db: Db, ...args: A) => Compilable<R>): (db: Db, ...args: A) => Promise<R[]> {
  let template: { sql: string; slots: { arg: number; constant: unknown }[] } | undefined;
  return (db, ...args) => {
    if (!template) {
      const markers = Array.from({ length: arity }, (_, i) => `\u0000bollard-arg-${i}`) as A;
      const compiled = build(db, ...markers).compile();
      template = { sql: compiled.sql, slots: compiled.parameters.map((value) => ({ arg: markers.indexOf(value as string), constant: value })) };
    }
    const parameters = template.slots.map(({ arg, constant }) => (arg === -1 ? constant : args[arg]));
    return db.executeQuery(CompiledQuery.raw(template.sql, parameters)).then((result) => result.rows as R[]);
  };
}

/**
 * A fixed read for the hot paths: on a scope with a reader handle it runs synchronously on a
 * statement prepared once per connection (no query building, no driver hops); otherwise it goes
 * through Kysely on `scope.read`, so inside a transaction it sees the transaction's writes.
 */
export function directRead<R>(text: string): (scope: RepositoryScope, ...parameters: unknown[]) => Promise<R[]> {
  const statements = new WeakMap<Database.Database, Database.Statement>();
  return (scope, ...parameters) => {
    const handle = scope.readHandle();
    if (!handle) return scope.read.executeQuery(CompiledQuery.raw(text, parameters)).then((result) => result.rows as R[]);
    let statement = statements.get(handle);
    if (!statement) statements.set(handle, (statement = handle.prepare(text)));
    return Promise.resolve(statement.all(...parameters) as R[]);
  };
}

/** Tables whose records are scoped by `account_id` and found by `id`. */
type ScopedTable = { [K in TableName]: BollardDatabase[K] extends { id: string; account_id: string | null; doc: string } ? K : never }[TableName];

/** The record of `table` with this id in this account, or null: `select doc … where id and account_id`. */
export function scopedGet<T>(table: ScopedTable): (db: Db, accountId: string, id: string) => Promise<T | null> {
  const query = precompiled(2, (db, id: string, accountId: string) =>
    (db as Kysely<any>).selectFrom(table).select("doc").where("id", "=", id).where("account_id", "=", accountId),
  );
  return (db, accountId, id) => query(db, id, accountId).then((rows) => parseDoc<T>((rows as { doc: string }[])[0]));
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
 * Runs an ordered listing; with `page`, one page of it plus the total count of `filtered`.
 * `select` picks the columns `decode` turns into a record. The count query is skipped when
 * the page itself shows where the listing ends.
 */
export async function pageOfRows<T, R>(
  filtered: AnySelect,
  select: (query: AnySelect) => AnySelect,
  order: (query: AnySelect) => AnySelect,
  page: Page | undefined,
  decode: (rows: readonly R[]) => T[],
): Promise<PageResult<T>> {
  const ordered = order(select(filtered));
  if (!page) {
    const items = decode((await ordered.execute()) as R[]);
    return { items, total: items.length };
  }
  const offset = pageOffset(page);
  const items = decode((await ordered.limit(page.size).offset(offset).execute()) as R[]);
  if (items.length > 0 && items.length < page.size) return { items, total: offset + items.length };
  if (items.length === 0 && offset === 0) return { items, total: 0 };
  const counted = (await filtered.select((eb: any) => eb.fn.countAll().as("n")).executeTakeFirst()) as { n: number } | undefined;
  return { items, total: Number(counted?.n ?? 0) };
}

/** {@link pageOfRows} over `doc` alone: the listing of a plain doc table. */
export function pageOfDocs<T>(filtered: AnySelect, order: (query: AnySelect) => AnySelect, page: Page | undefined): Promise<PageResult<T>> {
  return pageOfRows<T, { doc: string }>(filtered, (query) => query.select("doc"), order, page, parseDocs<T>);
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
  /**
   * The reader's better-sqlite3 handle when reads may bypass Kysely and run synchronously (a file
   * database outside a transaction); undefined otherwise, and the hot reads go through `read`.
   */
  readonly readHandle: () => Database.Database | undefined;
}

/**
 * A time bound in the stored form (`YYYY-MM-DDTHH:mm:ss.sssZ`), so that comparing it with stored
 * timestamps as text compares instants. A bound that does not parse is used as given.
 */
export function canonicalTime(value: string): string {
  return toTimestamp(value) ?? value;
}
