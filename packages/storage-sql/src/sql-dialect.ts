import type { RawEvent, TransportEvent } from "@bollard/core";
import type { Expression, SelectQueryBuilder, SqlBool } from "kysely";
import type { TableName } from "./sql-schema.js";

/** A row as the repositories write it: column name to bound value. */
export type Row = Record<string, unknown>;

/**
 * How transport events, the bulk table, are kept: the columns an insert writes (in `write` order),
 * the columns a read selects, how rows become records again, and the column that orders them by time
 * (null timestamps last).
 */
export interface TransportEventCodec {
  /** The columns of a row, in the order {@link TransportEventCodec.write} pushes values. */
  readonly columns: readonly string[];
  /** The columns {@link TransportEventCodec.decode} needs. */
  readonly selected: readonly string[];
  /** Pushes one event's values in `columns` order. */
  write(event: TransportEvent, out: unknown[]): void;
  /** The records the rows hold, in order. */
  decode(rows: readonly Record<string, unknown>[]): TransportEvent[];
  /** The column ordering events by timestamp, ascending with null timestamps last. */
  readonly timeColumn: string;
}

/**
 * How the key of a vessel position row is kept: the vessel's id and the report's time, each in the
 * database's most compact exact form (SQLite: the UUID's 16 bytes and integer milliseconds). The
 * other columns (`latitude`, `longitude`, `heading`, `speed_knots`, `source`) are plain values
 * everywhere.
 */
export interface VesselPositionKeyCodec {
  /** A vessel id as the `vessel_id` column holds it. */
  vessel(id: string): unknown;
  /** The vessel id a `vessel_id` value holds. */
  vesselOf(value: unknown): string;
  /** A canonical timestamp as the `timestamp` column holds it. */
  time(value: string): unknown;
  /** The canonical timestamp a `timestamp` value holds. */
  timeOf(value: unknown): string;
}

/**
 * What differs between the databases the shared SQL repositories run on, and nothing else (the
 * way Kysely's dialects override small parts of its default query compiler). Everything a
 * repository does is written once in this package against these members.
 */
export interface SqlDialect {
  /** The storage's name for logs and messages, e.g. `sqlite`. */
  readonly name: string;
  /**
   * A timestamp as the database stores and compares it, from a canonical ISO string. May throw a
   * BollardError `invalid_parameter` for a value that is no timestamp.
   */
  time(value: string): string;
  /** A boolean as the database stores it (SQLite: 0 or 1). */
  flag(value: boolean): boolean | number;
  /** The record a `doc` column value holds (SQLite reads text, PostgreSQL's driver parses `json`). */
  parseDoc(value: unknown): unknown;
  /**
   * The `doc` of a raw event, the largest table, where the database keeps it compact (SQLite: its
   * values without their keys; `parseDoc` reads it back). Default: the whole record as JSON.
   */
  rawEventDoc?(event: RawEvent): string;
  /** False for an id the id columns cannot hold (PostgreSQL's `uuid`): a lookup of it finds nothing. */
  isId(value: string): boolean;
  /** `column IN (…values)` for an id column, with one bound parameter so the SQL text never varies. */
  idIn(column: string, values: readonly string[]): Expression<SqlBool>;
  /**
   * The column as an expression no index serves (SQLite: `+column`), so the planner reads a small
   * set of rows through another filter's index instead of walking this column's (the events of a
   * few containers, not the account's feed order). Where the planner weighs the choice by its own
   * statistics (PostgreSQL), the plain column.
   */
  notIndexed(column: string): Expression<unknown>;
  /** A literal (no wildcards), case-sensitive substring test: `needle` occurs in `column`. */
  contains(column: string, needle: string): Expression<SqlBool>;
  /** A literal prefix test: `column` starts with `prefix`. */
  startsWith(column: string, prefix: string): Expression<SqlBool>;
  /** The text of the top-level `field` of the JSON document in `column` (SQLite: `json_extract`, PostgreSQL: `->>`). */
  docText(column: string, field: string): Expression<string>;
  /** The select of a claim, locked so that concurrent claims skip its rows (PostgreSQL: `FOR UPDATE SKIP LOCKED`). */
  lockForClaim<Q extends SelectQueryBuilder<any, any, any>>(query: Q): Q;
  /**
   * The row's `doc` with its top-level `field` set to the string `value`, computed by the database
   * and otherwise the same text byte for byte (SQLite: `json_set`), so a claim rewrites documents
   * without parsing them in the writing transaction. None where the database would change the rest
   * of the text (PostgreSQL's `jsonb` orders keys its own way): the claim then rewrites them in
   * JavaScript.
   */
  docWithField?(field: string, value: string): Expression<string>;
  /**
   * `raise`: a taken key fails the statement alone (SQLite), so inserts let the database report it;
   * `count`: an error aborts the whole transaction (PostgreSQL), so inserts skip taken keys and
   * count the rows stored instead.
   */
  readonly insertConflicts: "raise" | "count";
  /**
   * True when an UPDATE rewrites the index entries of every indexed column it sets, changed or not
   * (SQLite), so `replaceRecord` first tries one that leaves the `INDEXED_COLUMNS` out. False when
   * the database compares the values itself (PostgreSQL), where that try would only cost a round trip.
   */
  readonly updatesRewriteSetIndexes: boolean;
  /** Turns a driver error into the BollardError the contract promises, or returns it unchanged. */
  translateError(error: unknown, noun: string): unknown;
  /** Columns this database keeps beside the shared ones of `table` (e.g. PostgreSQL's exact custom field numbers). */
  extraColumns?(table: TableName, record: never): Row;
  /** How transport events are stored. */
  readonly transportEvents: TransportEventCodec;
  /** How the keys of vessel positions, the time series an AIS feed fills, are stored. */
  readonly vesselPositions: VesselPositionKeyCodec;
}

