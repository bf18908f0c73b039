import { BollardError, type RawEvent, type TransportEvent } from "@bollard/core";
import { ACCOUNT_DATA_NOUNS, COPY_CHECKPOINT_PREFIX, type CopyNoun, type CopyScope, isAccountDataNoun, type MetaEntry, refuseNulCharacters, REPOSITORY_NOUNS, type StorageCopy, unscopedNounDetail } from "@bollard/core/storage";
import { type Kysely, sql, type SqlBool } from "kysely";
import type { Row, SqlDialect } from "./sql-dialect.js";
import { type Db, docsOf, idEquals, type SqlScope } from "./sql-rows.js";
import { rowsOf } from "./sql-records.js";
import { type ApiKeyRow, decodeApiKeys } from "./sql-account-repositories.js";
import type { TableName } from "./sql-schema.js";
import { insertRawEvents, insertTransportEvents } from "./sql-event-repositories.js";
import { positionsFor } from "./sql-event-feed.js";
import { decodeVesselPositions, VESSEL_POSITION_COLUMNS } from "./sql-reference-repositories.js";
import { insertRows } from "./sql-writes.js";
import { refreshLogDayOf } from "./sql-refresh-log-repositories.js";
import { BULK_JOB_COLUMNS, BULK_JOB_ROW_COLUMNS, decodeBulkJobRows, decodeBulkJobs } from "./sql-bulk-job-repositories.js";

/** How one noun is stored: its table, key columns, the columns a read needs and both directions. */
interface CopiedTable {
  table: TableName;
  keys: readonly string[];
  selected: readonly string[];
  decode(rows: readonly Record<string, unknown>[], dialect: SqlDialect): unknown[];
  /** The cursor of a row and the key values it stands for, where a key column holds something JSON cannot (SQLite's position keys). */
  cursor?: { of(row: Record<string, unknown>, dialect: SqlDialect): unknown[]; bound(values: readonly unknown[], dialect: SqlDialect): unknown[] };
}

const docs = (rows: readonly Record<string, unknown>[], dialect: SqlDialect) => docsOf(dialect, rows as { doc: unknown }[]);
const byId = (table: TableName): CopiedTable => ({ table, keys: ["id"], selected: ["doc"], decode: docs });

const TABLES: Record<CopyNoun, CopiedTable> = {
  accounts: byId("accounts"),
  users: byId("users"),
  apiKeys: { table: "api_keys", keys: ["id"], selected: ["doc", "last_used_at", "revoked_at"], decode: (rows, dialect) => decodeApiKeys(dialect, rows as unknown as readonly ApiKeyRow[]) },
  meta: { table: "meta", keys: ["key"], selected: ["value"], decode: (rows) => rows.map((row) => ({ key: row.key, value: row.value })) },
  ports: byId("ports"),
  terminals: byId("terminals"),
  railTerminals: byId("rail_terminals"),
  metroAreas: byId("metro_areas"),
  shippingLines: byId("shipping_lines"),
  vessels: byId("vessels"),
  vesselPositions: {
    table: "vessel_positions",
    keys: ["vessel_id", "timestamp"],
    selected: VESSEL_POSITION_COLUMNS,
    decode: (rows, dialect) => decodeVesselPositions(dialect, rows),
    cursor: {
      of: (row, dialect) => [dialect.vesselPositions.vesselOf(row.vessel_id), dialect.vesselPositions.timeOf(row.timestamp)],
      bound: ([vesselId, timestamp], dialect) => [dialect.vesselPositions.vessel(vesselId as string), dialect.vesselPositions.time(timestamp as string)],
    },
  },
  shipments: byId("shipments"),
  containers: byId("containers"),
  changes: byId("changes"),
  refreshLog: { table: "refresh_log", keys: ["account_id", "shipment_id", "day"], selected: ["attempted", "succeeded"], decode: (rows) => rows.map((row) => refreshLogDayOf(row as never)) },
  transportEvents: { table: "transport_events", keys: ["id"], selected: [], decode: (rows, dialect) => dialect.transportEvents.decode(rows) },
  rawEvents: byId("raw_events"),
  trackingRequests: byId("tracking_requests"),
  parties: byId("parties"),
  tariffs: byId("tariffs"),
  exceptionRules: byId("exception_rules"),
  exceptions: byId("shipment_exceptions"),
  bulkJobs: { table: "bulk_jobs", keys: ["id"], selected: BULK_JOB_COLUMNS, decode: (rows) => decodeBulkJobs(rows as never) },
  bulkJobRows: { table: "bulk_job_rows", keys: ["job_id", "idx"], selected: BULK_JOB_ROW_COLUMNS, decode: (rows) => decodeBulkJobRows(rows as never) },
  customFieldDefinitions: byId("custom_field_definitions"),
  customFieldOptions: byId("custom_field_options"),
  customFields: byId("custom_fields"),
  webhooks: byId("webhooks"),
  webhookNotifications: byId("webhook_notifications"),
  webhookNotificationAttempts: byId("webhook_notification_attempts"),
  webhookReplays: byId("webhook_replays"),
  domainEvents: byId("domain_events"),
};

/**
 * Stores imported records, skipping stored keys; events take the next positions of their
 * accounts' feeds, in the order they come (a copy's feed follows its import order).
 */
async function importRecords(scope: SqlScope, noun: CopyNoun, records: readonly unknown[]): Promise<number> {
  if (noun === "transportEvents" || noun === "rawEvents") {
    const events = records as (TransportEvent & RawEvent)[];
    const positions = await positionsFor(scope.write, events);
    const positioned = events.map((event, i) => ({ event, position: positions[i]! }));
    return noun === "transportEvents" ? insertTransportEvents(scope, positioned, { kind: "ignore" }) : insertRawEvents(scope, positioned, { kind: "ignore" });
  }
  return insertRows(scope, copied(noun).table, records.map((record) => ROWS[noun](record as never, scope.dialect)), { kind: "ignore" });
}

/** The row function of every noun whose rows `insertRows` writes (events get their feed positions in {@link importRecords}). */
const ROWS: Record<Exclude<CopyNoun, "transportEvents" | "rawEvents">, (record: never, dialect: SqlDialect) => Row> = {
  accounts: rowsOf.accounts,
  users: rowsOf.users,
  apiKeys: rowsOf.api_keys,
  meta: (entry: MetaEntry) => ({ key: entry.key, value: entry.value }),
  ports: rowsOf.ports,
  terminals: rowsOf.terminals,
  railTerminals: rowsOf.rail_terminals,
  metroAreas: rowsOf.metro_areas,
  shippingLines: rowsOf.shipping_lines,
  vessels: rowsOf.vessels,
  vesselPositions: rowsOf.vessel_positions,
  shipments: rowsOf.shipments,
  containers: rowsOf.containers,
  changes: rowsOf.changes,
  refreshLog: rowsOf.refresh_log,
  trackingRequests: rowsOf.tracking_requests,
  parties: rowsOf.parties,
  tariffs: rowsOf.tariffs,
  exceptionRules: rowsOf.exception_rules,
  exceptions: rowsOf.shipment_exceptions,
  bulkJobs: rowsOf.bulk_jobs,
  bulkJobRows: rowsOf.bulk_job_rows,
  customFieldDefinitions: rowsOf.custom_field_definitions,
  customFieldOptions: rowsOf.custom_field_options,
  customFields: rowsOf.custom_fields,
  webhooks: rowsOf.webhooks,
  webhookNotifications: rowsOf.webhook_notifications,
  webhookNotificationAttempts: rowsOf.webhook_notification_attempts,
  webhookReplays: rowsOf.webhook_replays,
  domainEvents: rowsOf.domain_events,
};

/** What the records of the copy nouns that are no repository's are called, for messages. */
const RECORD_NOUNS = { webhookNotificationAttempts: "webhook notification attempt", bulkJobRows: "bulk job row" } as const;

/** The `meta` keys a copy leaves out: its checkpoints and the adapter's own bookkeeping. */
function ownMetaKeys(privateKeys: readonly string[]) {
  return sql<SqlBool>`not (${sql.ref("key")} like ${`${COPY_CHECKPOINT_PREFIX.replace("_", "\\_")}%`} escape '\\' or ${sql.ref("key")} in (${sql.join([...privateKeys, ""])}))`;
}

/** The noun a copy refers to, checked. */
function copied(noun: CopyNoun): CopiedTable {
  const table = TABLES[noun];
  if (!table) throw new BollardError("invalid_parameter", `Unknown record kind ${JSON.stringify(noun)}`);
  return table;
}

/**
 * The `copy` port over the shared tables: exports read in key order with a keyset cursor (the key
 * columns of the last row, as JSON), imports write through the same row functions as the
 * repositories, skipping stored keys, with the checkpoint in the same transaction.
 * `privateMetaKeys` are the adapter's own `meta` entries, which a copy does not move.
 */
export function sqlCopyPort(scope: SqlScope, privateMetaKeys: readonly string[] = []): StorageCopy {
  const { read, dialect } = scope;
  const from = (noun: CopyNoun, copyScope?: CopyScope, db: Kysely<any> = read as Kysely<any>) => {
    const table = copied(noun);
    const query = db.selectFrom(table.table);
    if (copyScope) return query.where(accountCondition(dialect, noun, copyScope.accountId));
    return table.table === "meta" ? query.where(ownMetaKeys(privateMetaKeys)) : query;
  };
  return {
    async count(noun, copyScope) {
      const row = await from(noun, copyScope).select(sql<string>`count(*)`.as("n")).executeTakeFirst();
      return Number(row?.n ?? 0);
    },
    async exportBatch(noun, after, limit, copyScope) {
      const table = copied(noun);
      const selected = noun === "transportEvents" ? dialect.transportEvents.selected : table.selected;
      let query = from(noun, copyScope).select([...new Set([...table.keys, ...selected])]);
      if (after !== null) {
        const parsed = JSON.parse(after) as unknown[];
        const values = table.cursor ? table.cursor.bound(parsed, dialect) : parsed;
        query = query.where(sql<SqlBool>`(${sql.join(table.keys.map((key) => sql.ref(key)))}) > (${sql.join(values)})`);
      }
      for (const key of table.keys) query = query.orderBy(key);
      const rows = (await query.limit(Math.max(1, Math.floor(limit))).execute()) as Record<string, unknown>[];
      const last = rows.at(-1);
      if (!last) return null;
      const cursor = table.cursor ? table.cursor.of(last, dialect) : table.keys.map((key) => (last[key] instanceof Date ? (last[key] as Date).toISOString() : last[key]));
      return { records: table.decode(rows, dialect), after: JSON.stringify(cursor) };
    },
    async importBatch(noun, records, checkpoint) {
      const table = copied(noun);
      refuseNulCharacters([records, checkpoint], REPOSITORY_NOUNS[noun as keyof typeof REPOSITORY_NOUNS] ?? RECORD_NOUNS[noun as keyof typeof RECORD_NOUNS]);
      return scope.write.transaction().execute(async (trx: Db) => {
        const inTx: SqlScope = { read: trx, write: trx, dialect };
        const stored = await importRecords(inTx, noun, records);
        if (checkpoint) await insertRows(inTx, "meta", [{ key: checkpoint.key, value: checkpoint.value }], { kind: "replace", key: ["key"] });
        return stored;
      });
    },
    clearAccount(accountId) {
      return scope.write.transaction().execute(async (trx: Db) => {
        let deleted = 0;
        // Children first: the foreign keys point from events to containers to shipments.
        for (const noun of [...ACCOUNT_DATA_NOUNS].reverse()) {
          const result = await (trx as Kysely<any>).deleteFrom(copied(noun).table).where(accountCondition(dialect, noun, accountId)).executeTakeFirst();
          deleted += Number(result.numDeletedRows);
        }
        // What the read model kept of the account's records goes with them (not counted: no record).
        await (trx as Kysely<any>).deleteFrom("kept_texts").where("account_id", "=", accountId).execute();
        return deleted;
      });
    },
  };
}

/** The rows of `noun` that are the account's own data (delivery attempts: those of its notifications). */
function accountCondition(dialect: SqlDialect, noun: CopyNoun, accountId: string) {
  if (!isAccountDataNoun(noun)) throw new BollardError("invalid_parameter", unscopedNounDetail(noun));
  const ofAccount = idEquals(dialect, "account_id", accountId);
  if (noun !== "webhookNotificationAttempts") return ofAccount;
  return sql<SqlBool>`${sql.ref("notification_id")} in (select ${sql.ref("id")} from ${sql.table("webhook_notifications")} where ${ofAccount})`;
}
