import type { TransportEvent } from "@bollard/core";
import { upgradeTransportEvent } from "@bollard/core/storage";
import type { TransportEventCodec } from "@bollard/storage-sql";

/** The `sort_ts` of an event without a timestamp: sorts after every real timestamp. */
export const NULL_TIMESTAMP_SORT_KEY = "9999-99-99T99:99:99.999Z";

/*
 * Transport events are the one bulk table (the ingest path writes millions), so their `doc` is
 * compact: the fields that are not already columns, as a JSON array in a fixed order behind a
 * format version, instead of the whole record as an object. That halves the bytes per row and
 * the serialization time, which is what bulk insert speed depends on. A record whose keys are not
 * exactly the schema's is stored as a whole JSON object instead, so reads stay exact either way.
 */

/** The format version of compact `doc`s written before `value`, `invalidated_at` and `previous_version_id` (read as `null`). */
const COMPACT_V1 = 1;
/** The format version leading a compact `doc` this version writes: {@link DOC_FIELDS} in order. */
const COMPACT_V2 = 2;

/** The fields kept in a compact `doc`, in order; the rest live in their own columns. */
const DOC_FIELDS = [
  "event",
  "voyage_number",
  "location_locode",
  "timezone",
  "data_source",
  "shipment_id",
  "vessel_id",
  "location_id",
  "location_type",
  "terminal_id",
  "terminal_type",
  "raw_event_id",
  "value",
  "invalidated_at",
  "previous_version_id",
] as const satisfies readonly (keyof TransportEvent)[];

const COLUMN_FIELDS = ["id", "account_id", "container_id", "created_at", "timestamp"] as const satisfies readonly (keyof TransportEvent)[];
const FIELD_COUNT = DOC_FIELDS.length + COLUMN_FIELDS.length;

/** The columns of a transport event row, in the order {@link writeTransportEventRow} pushes them. */
export const TRANSPORT_EVENT_COLUMNS = ["id", "account_id", "container_id", "sort_ts", "created_at", "doc"] as const;

/** The row columns {@link decodeTransportEvents} needs. */
export type TransportEventRow = Record<(typeof TRANSPORT_EVENT_COLUMNS)[number], string>;

/** True when `event` has exactly the schema's fields, none undefined. */
function hasExactShape(event: TransportEvent): boolean {
  if (Object.keys(event).length !== FIELD_COUNT) return false;
  for (const field of DOC_FIELDS) if (event[field] === undefined) return false;
  for (const field of COLUMN_FIELDS) if (event[field] === undefined) return false;
  return true;
}

/** The `doc` of a transport event: compact when the record has the schema's exact shape. */
function encodeDoc(e: TransportEvent): string {
  if (!hasExactShape(e)) return JSON.stringify(e);
  return JSON.stringify([
    COMPACT_V2,
    e.event,
    e.voyage_number,
    e.location_locode,
    e.timezone,
    e.data_source,
    e.shipment_id,
    e.vessel_id,
    e.location_id,
    e.location_type,
    e.terminal_id,
    e.terminal_type,
    e.raw_event_id,
    e.value,
    e.invalidated_at,
    e.previous_version_id,
  ]);
}

/** Pushes the values of one transport event row, in {@link TRANSPORT_EVENT_COLUMNS} order. */
export function writeTransportEventRow(event: TransportEvent, out: unknown[]): void {
  out.push(event.id, event.account_id, event.container_id, event.timestamp ?? NULL_TIMESTAMP_SORT_KEY, event.created_at, encodeDoc(event));
}

/** The record a row holds, exactly as it was written (a record written by an older version, upgraded). */
function decode(row: TransportEventRow): TransportEvent {
  const parsed: unknown = JSON.parse(row.doc);
  if (!Array.isArray(parsed)) return upgradeTransportEvent(parsed as TransportEvent);
  if (parsed[0] !== COMPACT_V2 && parsed[0] !== COMPACT_V1) throw new Error(`Unknown transport event doc format ${String(parsed[0])}`);
  if (parsed[0] === COMPACT_V1) return upgradeTransportEvent(decodeFields(row, parsed));
  return decodeFields(row, parsed);
}

function decodeFields(row: TransportEventRow, parsed: unknown[]): TransportEvent {
  // Keys in the schema's order, so a decoded event looks like one built from the schema.
  return {
    event: parsed[1],
    created_at: row.created_at,
    voyage_number: parsed[2],
    timestamp: row.sort_ts === NULL_TIMESTAMP_SORT_KEY ? null : row.sort_ts,
    location_locode: parsed[3],
    timezone: parsed[4],
    data_source: parsed[5],
    value: parsed[13] ?? null,
    id: row.id,
    account_id: row.account_id,
    shipment_id: parsed[6],
    container_id: row.container_id,
    vessel_id: parsed[7],
    location_id: parsed[8],
    location_type: parsed[9],
    terminal_id: parsed[10],
    terminal_type: parsed[11],
    raw_event_id: parsed[12],
    invalidated_at: parsed[14] ?? null,
    previous_version_id: parsed[15] ?? null,
  } as TransportEvent;
}

/** Decodes transport event rows, keeping their order. */
export function decodeTransportEvents(rows: readonly TransportEventRow[]): TransportEvent[] {
  return rows.map(decode);
}

/** SQLite's transport events: `sort_ts` orders them, `doc` is compact. */
export const sqliteTransportEvents: TransportEventCodec = {
  columns: TRANSPORT_EVENT_COLUMNS,
  selected: TRANSPORT_EVENT_COLUMNS,
  write: writeTransportEventRow,
  decode: (rows) => decodeTransportEvents(rows as TransportEventRow[]),
  timeColumn: "sort_ts",
};
