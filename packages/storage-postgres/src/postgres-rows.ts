import { BollardError, type Page } from "@bollard/core";
import { toTimestamp } from "@bollard/core/schemas";
import { type PageResult, pageOffset } from "@bollard/core/storage";
import { type Expression, type Kysely, type SelectQueryBuilder, type SqlBool, sql } from "kysely";
import type { BollardDatabase } from "./postgres-schema.js";

/*
 * The read side of the "id + indexed columns + doc" pattern: rows are read back by selecting
 * `doc` alone (the pg driver parses `json`), plus the guards that keep values PostgreSQL would
 * reject (a malformed uuid, year 0000) from ever reaching it.
 */

/** A Kysely executor over the schema: the pool, or an open transaction. */
export type Db = Kysely<BollardDatabase>;

/** Where a repository's statements run: the pool, or inside `transaction(fn)` the open transaction. */
export interface RepositoryScope {
  readonly db: Db;
}
// Listing helpers accept any typed select; the caller states the row shape it decodes.
type AnySelect = SelectQueryBuilder<any, any, any>;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * True when `value` is a UUID string (the domain's `UuidSchema`). Every id lookup checks this
 * first: a `uuid` column rejects anything else with an error, while the contract wants "absent".
 */
export function isUuid(value: string): boolean {
  return UUID.test(value);
}

/** The UUIDs among `values`, in order (the rest can match no row). */
export function uuidsOnly(values: readonly string[]): string[] {
  return values.filter(isUuid);
}

/** `column = value` for a uuid column; a non-UUID value matches nothing (instead of failing). */
export function uuidEquals(column: string, value: string): Expression<SqlBool> {
  return isUuid(value) ? sql<SqlBool>`${sql.ref(column)} = ${value}` : sql<SqlBool>`false`;
}

/** `column = any(values)` for a uuid column, non-UUIDs dropped; one bound array, so the SQL text never varies. */
export function uuidIn(column: string, values: readonly string[]): Expression<SqlBool> {
  return sql<SqlBool>`${sql.ref(column)} = any(${uuidsOnly(values)}::uuid[])`;
}

/**
 * A timestamp as PostgreSQL reads it. Canonical timestamps pass through, except years before 1:
 * ISO year 0000 is 1 BC, which PostgreSQL spells `0001-… BC` (it has no year zero). A value that
 * is not a date-time is refused with invalid_parameter rather than reaching the server.
 */
export function pgTime(value: string): string {
  const canonical = toTimestamp(value);
  if (canonical === null) throw new BollardError("invalid_parameter", `${JSON.stringify(value)} is not an ISO 8601 timestamp`);
  return canonical.startsWith("0000-") ? `0001${canonical.slice(4)} BC` : canonical;
}

/** {@link pgTime} of a nullable timestamp. */
export function pgTimeOrNull(value: string | null): string | null {
  return value === null ? null : pgTime(value);
}

/** The record a `doc` row holds, or null when there is no row. */
export function docOf<T>(row: { doc: unknown } | undefined): T | null {
  return row === undefined ? null : (row.doc as T);
}

/** The records `doc` rows hold, in order. */
export function docsOf<T>(rows: readonly { doc: unknown }[]): T[] {
  return rows.map((row) => row.doc as T);
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

/**
 * Runs an ordered listing of `doc`s; with `page`, one page of it plus the total count of
 * `filtered`. The count query is skipped when the page itself shows where the listing ends.
 */
export async function pageOfDocs<T>(filtered: AnySelect, order: (query: AnySelect) => AnySelect, page: Page | undefined): Promise<PageResult<T>> {
  const ordered = order(filtered.select("doc"));
  if (!page) {
    const items = docsOf<T>((await ordered.execute()) as { doc: unknown }[]);
    return { items, total: items.length };
  }
  const offset = pageOffset(page);
  const items = docsOf<T>((await ordered.limit(page.size).offset(offset).execute()) as { doc: unknown }[]);
  if (items.length > 0 && items.length < page.size) return { items, total: offset + items.length };
  if (items.length === 0 && offset === 0) return { items, total: 0 };
  const counted = (await filtered.select(sql<string>`count(*)`.as("n")).executeTakeFirst()) as { n: string } | undefined;
  return { items, total: Number(counted?.n ?? 0) };
}

/** Lower-cased texts joined for substring search; see `SEARCH_SEPARATOR`. */
export function searchText(parts: readonly string[], separator: string): string {
  return parts.map((part) => part.toLowerCase()).join(separator);
}

/**
 * A literal, case-insensitive substring test on a `search_text` column: `strpos` matches the
 * needle as is (no LIKE wildcards), and a needle holding the separator could only match across
 * two numbers, so it matches nothing.
 */
export function containsNeedle(column: string, q: string, separator: string): Expression<SqlBool> {
  const needle = q.toLowerCase();
  return needle.includes(separator) ? sql<SqlBool>`false` : sql<SqlBool>`strpos(${sql.ref(column)}, ${needle}) > 0`;
}
