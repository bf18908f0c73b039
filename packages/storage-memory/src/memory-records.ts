import { BollardError, NotFoundError, type Page } from "@bollard/core";
import { type PageResult, type TimeWindow, slicePage } from "@bollard/core/storage";
import { valuesOf, type Table } from "./memory-table.js";

/** How repositories run their work: guarded, and serialized for writes outside a transaction. */
export interface Access {
  read<R>(fn: () => R): Promise<R>;
  write<R>(fn: () => R): Promise<R>;
}

/** A deep copy, so callers never hold a reference into the tables. */
export const copy: <T>(value: T) => T = (value) => structuredClone(value);

/** The conflict error of a taken id or unique key. */
export function conflict(detail: string): BollardError {
  return new BollardError("conflict", detail);
}

interface Keyed {
  id: string;
}

interface Dated extends Keyed {
  created_at: string;
}

interface Scoped extends Dated {
  account_id: string | null;
}

/**
 * Inserts `record` under its id. Rejects with conflict when the id is taken or when a stored
 * record `clashes` with it on a unique key.
 */
export function insertInto<T extends Keyed>(table: Table<T>, record: T, what: string, clashes?: (stored: T) => boolean): void {
  if (table.get(record.id) !== undefined) throw conflict(`A ${what} with id ${record.id} already exists`);
  if (clashes && valuesOf(table).some(clashes)) throw conflict(`A ${what} with the same unique key already exists`);
  table.set(record.id, copy(record));
}

/** Inserts a batch all or nothing: every id must be free and distinct before any is written. */
export function insertAllInto<T extends Keyed>(table: Table<T>, records: readonly T[], what: string): void {
  const ids = new Set<string>();
  for (const record of records) {
    if (ids.has(record.id) || table.get(record.id) !== undefined) throw conflict(`A ${what} with id ${record.id} already exists`);
    ids.add(record.id);
  }
  for (const record of records) table.set(record.id, copy(record));
}

/**
 * Replaces the record found by (account_id, id), keeping its stored `created_at`. Rejects with
 * not_found when there is none and with conflict when another record `clashes` on a unique key.
 */
export function updateIn<T extends Scoped>(table: Table<T>, record: T, what: string, clashes?: (stored: T) => boolean): void {
  const stored = table.get(record.id);
  if (!stored || stored.account_id !== record.account_id) throw new NotFoundError(`No ${what} with id ${record.id}`);
  if (clashes && valuesOf(table).some((other) => other.id !== record.id && clashes(other))) {
    throw conflict(`Another ${what} has the same unique key`);
  }
  table.set(record.id, { ...copy(record), created_at: stored.created_at });
}

/** The account's record with this id, copied, or null. */
export function getScoped<T extends Scoped>(table: Table<T>, accountId: string, id: string): T | null {
  const stored = table.get(id);
  return stored && stored.account_id === accountId ? copy(stored) : null;
}

/** The account's records with these ids, in the order asked for, skipping unknown ids. */
export function getManyScoped<T extends Scoped>(table: Table<T>, accountId: string, ids: readonly string[]): T[] {
  return ids.flatMap((id) => getScoped(table, accountId, id) ?? []);
}

/** Deletes the account's record with this id; true when there was one. */
export function deleteScoped<T extends Scoped>(table: Table<T>, accountId: string, id: string): boolean {
  const stored = table.get(id);
  if (!stored || stored.account_id !== accountId) return false;
  return table.delete(id);
}

/** Deletes every record matching `match`; returns how many. */
export function deleteWhere<T extends Keyed>(table: Table<T>, match: (record: T) => boolean): number {
  const doomed = valuesOf(table).filter(match);
  for (const record of doomed) table.delete(record.id);
  return doomed.length;
}

/** The records matching `match`, ordered by `compare`, copied and cut to `page`. */
export function listWhere<T>(table: Table<T>, match: (record: T) => boolean, compare: (a: T, b: T) => number, page?: Page): PageResult<T> {
  const result = slicePage(valuesOf(table).filter(match).sort(compare), page);
  return { items: result.items.map(copy), total: result.total };
}

/** Orders strings by code unit and numbers numerically. */
export function cmp(a: string | number, b: string | number): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** Orders nullable values ascending with nulls last. */
export function cmpNullsLast(a: string | number | null, b: string | number | null): number {
  if (a === null || b === null) return a === b ? 0 : a === null ? 1 : -1;
  return cmp(a, b);
}

/** `created_at`, then `id`, ascending. */
export function oldestFirst(a: Dated, b: Dated): number {
  return cmp(a.created_at, b.created_at) || cmp(a.id, b.id);
}

/** `created_at`, then `id`, descending. */
export function newestFirst(a: Dated, b: Dated): number {
  return oldestFirst(b, a);
}

/** True when `text` contains `needle`, ignoring case. */
export function containsText(text: string, needle: string): boolean {
  return text.toLowerCase().includes(needle.toLowerCase());
}

/** True when `a` equals `b`, ignoring case. */
export function equalsText(a: string, b: string): boolean {
  return a.toLowerCase() === b.toLowerCase();
}

/** True when `timestamp` lies inside the window; both bounds inclusive, either optional. */
export function inWindow(timestamp: string, window: TimeWindow | undefined): boolean {
  return (!window?.from || timestamp >= window.from) && (!window?.to || timestamp <= window.to);
}
