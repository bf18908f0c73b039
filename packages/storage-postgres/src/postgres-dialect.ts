import { BollardError, type CustomField, type TransportEvent } from "@bollard/core";
import { toTimestamp, upgradeTransportEvent } from "@bollard/core/storage";
import type { SqlDialect, TransportEventCodec } from "@bollard/storage-sql";
import { sql, type SqlBool } from "kysely";
import { translatePostgresError } from "./postgres-errors.js";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * A timestamp as PostgreSQL reads it. Canonical timestamps pass through, except years before 1:
 * ISO year 0000 is 1 BC, which PostgreSQL spells `0001-… BC` (it has no year zero). A value that
 * is not a date-time is refused with INVALID_PARAMETER rather than reaching the server.
 */
export function pgTime(value: string): string {
  const canonical = toTimestamp(value);
  if (canonical === null) throw new BollardError("invalid_parameter", `${JSON.stringify(value)} is not an ISO 8601 timestamp`);
  return canonical.startsWith("0000-") ? `0001${canonical.slice(4)} BC` : canonical;
}

/** `stored_value` when it is a decimal that fits `numeric(18, 6)`, else null. */
function exactNumber(field: CustomField): string | null {
  const text = field.stored_value;
  return typeof field.value === "number" && text !== null && /^-?\d{1,12}(\.\d{1,6})?$/.test(text) ? text : null;
}

/** PostgreSQL's transport events: the whole record in `doc` (older ones read with `value: null`), ordered by a nullable `timestamptz` (nulls sort last ascending). */
const postgresTransportEvents: TransportEventCodec = {
  columns: ["id", "account_id", "container_id", "timestamp", "created_at", "doc"],
  selected: ["doc"],
  write(e: TransportEvent, out) {
    out.push(e.id, e.account_id, e.container_id, e.timestamp === null ? null : pgTime(e.timestamp), pgTime(e.created_at), JSON.stringify(e));
  },
  // Records written by older versions read with the fields added since (value, invalidated_at, ...).
  decode: (rows) => rows.map((row) => upgradeTransportEvent(row.doc as TransportEvent)),
  timeColumn: "timestamp",
};

/**
 * What PostgreSQL does differently from the shared SQL repositories: `timestamptz` times (year
 * 0000 as 1 BC), booleans, `json` documents the driver parses, `uuid` ids (a malformed id finds
 * nothing instead of failing), id lists as one bound `uuid[]`, `strpos`/`starts_with`, claims with
 * `FOR UPDATE SKIP LOCKED`, inserts that count taken keys (an error would abort the caller's
 * transaction), the exact value of number custom fields as `numeric`.
 */
export const postgresDialect: SqlDialect = {
  name: "postgres",
  time: pgTime,
  flag: (value) => value,
  parseDoc: (value) => value,
  isId: (value) => UUID.test(value),
  notIndexed: (column) => sql.ref(column),
  idIn: (column, values) => sql<SqlBool>`${sql.ref(column)} = any(${values}::uuid[])`,
  contains: (column, needle) => sql<SqlBool>`strpos(${sql.ref(column)}, ${needle}) > 0`,
  startsWith: (column, prefix) => sql<SqlBool>`starts_with(${sql.ref(column)}, ${prefix})`,
  docText: (column, field) => sql<string>`${sql.ref(column)}->>${field}`,
  lockForClaim: (query) => query.forUpdate().skipLocked() as typeof query,
  insertConflicts: "count",
  updatesRewriteSetIndexes: false,
  translateError: translatePostgresError,
  extraColumns(table, record: CustomField) {
    return table === "custom_fields" ? { number_value: exactNumber(record) } : {};
  },
  transportEvents: postgresTransportEvents,
  vesselPositions: {
    vessel: (id) => id,
    vesselOf: (value) => String(value),
    time: pgTime,
    timeOf: (value) => (value instanceof Date ? value.toISOString() : String(value)),
  },
};
