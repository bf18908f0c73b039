import { toTimestamp } from "@bollard/core/storage";
import type { SqlDialect, VesselPositionKeyCodec } from "@bollard/storage-sql";
import { sql, type SqlBool } from "kysely";
import { translateSqliteError } from "./sqlite-errors.js";
import { sqliteTransportEvents } from "./sqlite-transport-event-codec.js";
import { parseSqliteDoc, rawEventDoc } from "./sqlite-raw-event-doc.js";

/** A canonical timestamp, as core writes every one (`2026-03-01T12:00:00.000Z`). */
const CANONICAL_TIME = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/**
 * Position keys in their smallest exact form: a lower-case UUID as its 16 bytes, a canonical
 * timestamp as integer milliseconds (a varint of 6 bytes); anything else, which the storage
 * contract does not produce, as given (the columns are `any`).
 */
export const sqliteVesselPositionKeys: VesselPositionKeyCodec = {
  vessel: (id) => (UUID.test(id) ? Buffer.from(id.replaceAll("-", ""), "hex") : id),
  vesselOf(value) {
    if (typeof value === "string") return value;
    const hex = (value as Buffer).toString("hex");
    return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
  },
  time: (value) => (CANONICAL_TIME.test(value) ? Date.parse(value) : value),
  timeOf: (value) => (typeof value === "number" ? new Date(value).toISOString() : String(value)),
};

/**
 * What SQLite does differently from the shared SQL repositories: text timestamps compared as text
 * (canonical ISO strings order as instants), integer flags, `doc` as JSON text, id lists bound as
 * one JSON array, `instr` for literal substrings, no row locks (the single writer serializes
 * claims), constraint errors that fail one statement only, compact transport events, raw events and position keys.
 */
export const sqliteDialect: SqlDialect = {
  name: "sqlite",
  // Canonical strings (nearly all) pass as they are; a bound that does not parse is used as given.
  time: (value) => (CANONICAL_TIME.test(value) ? value : (toTimestamp(value) ?? value)),
  flag: (value) => (value ? 1 : 0),
  parseDoc: (value) => parseSqliteDoc(value as string),
  rawEventDoc,
  isId: () => true,
  notIndexed: (column) => sql`+${sql.ref(column)}`,
  idIn: (column, values) => sql<SqlBool>`${sql.ref(column)} in (select value from json_each(${JSON.stringify(values)}))`,
  contains: (column, needle) => sql<SqlBool>`instr(${sql.ref(column)}, ${needle}) > 0`,
  // substr counts code points, as Array.from does.
  startsWith: (column, prefix) => sql<SqlBool>`substr(${sql.ref(column)}, 1, ${Array.from(prefix).length}) = ${prefix}`,
  docText: (column, field) => sql<string>`json_extract(${sql.ref(column)}, ${`$.${field}`})`,
  lockForClaim: (query) => query,
  // json_set keeps every other byte of a minified document (strings, numbers and key order as written).
  docWithField: (field, value) => sql<string>`json_set(doc, ${`$.${field}`}, ${value})`,
  insertConflicts: "raise",
  updatesRewriteSetIndexes: true,
  translateError: translateSqliteError,
  transportEvents: sqliteTransportEvents,
  vesselPositions: sqliteVesselPositionKeys,
};
