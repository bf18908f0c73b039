import { BollardError } from "@bollard/core";
import { ACCOUNT_DATA_NOUNS, COPY_CHECKPOINT_PREFIX, type CopyNoun, type CopyScope, isAccountDataNoun, type MetaEntry, refuseNulCharacters, type StorageCopy, type StorageRepositories, unscopedNounDetail } from "@bollard/core/storage";
import { copy, deleteWhere } from "./memory-records.js";
import type { MemoryTables, Table } from "./memory-table.js";
import { refreshLogKey } from "./memory-refresh-log-repositories.js";
import { bulkJobRowKey } from "./memory-bulk-job-repositories.js";

/** The table of each noun (the attempts of the delivery log are `webhookAttempts`). */
const TABLE_OF: Record<CopyNoun, keyof MemoryTables> = {
  accounts: "accounts",
  users: "users",
  apiKeys: "apiKeys",
  meta: "meta",
  ports: "ports",
  terminals: "terminals",
  railTerminals: "railTerminals",
  metroAreas: "metroAreas",
  shippingLines: "shippingLines",
  vessels: "vessels",
  vesselPositions: "vesselPositions",
  shipments: "shipments",
  containers: "containers",
  changes: "changes",
  refreshLog: "refreshLog",
  transportEvents: "transportEvents",
  rawEvents: "rawEvents",
  trackingRequests: "trackingRequests",
  parties: "parties",
  tariffs: "tariffs",
  exceptionRules: "exceptionRules",
  exceptions: "exceptions",
  bulkJobs: "bulkJobs",
  bulkJobRows: "bulkJobRows",
  customFieldDefinitions: "customFieldDefinitions",
  customFieldOptions: "customFieldOptions",
  customFields: "customFields",
  webhooks: "webhooks",
  webhookNotifications: "webhookNotifications",
  webhookNotificationAttempts: "webhookAttempts",
  webhookReplays: "webhookReplays",
  domainEvents: "domainEvents",
};

/** Whether a record of `noun` belongs to the scope's account (attempts: through their notification). */
function inScope(tables: MemoryTables, noun: CopyNoun, scope: CopyScope): (record: any) => boolean {
  if (!isAccountDataNoun(noun)) throw new BollardError("invalid_parameter", unscopedNounDetail(noun));
  if (noun !== "webhookNotificationAttempts") return (record) => record.account_id === scope.accountId;
  return (attempt) => (tables.webhookNotifications.get(attempt.notification_id) as { account_id?: string } | undefined)?.account_id === scope.accountId;
}

/** The records of a noun as a copy sees them, ordered by their table key (checkpoints of `meta` left out). */
function entriesOf(tables: MemoryTables, noun: CopyNoun, scope?: CopyScope): [string, unknown][] {
  const table = TABLE_OF[noun];
  if (!table) throw new BollardError("invalid_parameter", `Unknown record kind ${JSON.stringify(noun)}`);
  let entries = (tables[table] as Table<unknown>).entries();
  if (noun === "meta") entries = entries.filter(([key]) => !key.startsWith(COPY_CHECKPOINT_PREFIX)).map(([key, value]) => [key, { key, value }]);
  if (scope) {
    const belongs = inScope(tables, noun, scope);
    entries = entries.filter(([, record]) => belongs(record));
  }
  return entries.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
}

/** Whether the record of `noun` is already stored (by the key its repository stores it under). */
async function isStored(repos: StorageRepositories, tables: MemoryTables, noun: CopyNoun, record: any): Promise<boolean> {
  if (noun === "meta") return (await repos.meta.get((record as MetaEntry).key)) !== null;
  // insertMany skips a stored (vessel_id, timestamp) itself.
  if (noun === "vesselPositions") return false;
  if (noun === "refreshLog") return tables.refreshLog.get(refreshLogKey(record)) !== undefined;
  if (noun === "bulkJobRows") return tables.bulkJobRows.get(bulkJobRowKey(record)) !== undefined;
  return (tables[TABLE_OF[noun]] as Table<unknown>).get(record.id) !== undefined;
}

/** Stores one record of `noun` through its repository; returns how many were stored (0 or 1). */
async function store(repos: StorageRepositories, tables: MemoryTables, noun: CopyNoun, record: any): Promise<number> {
  if (noun === "vesselPositions") return repos.vesselPositions.insertMany([record]);
  if (noun === "bulkJobRows") {
    // No repository method stores rows alone (a job is inserted with its rows): into the table, refused as the repositories refuse.
    refuseNulCharacters([record], "bulk job row");
    tables.bulkJobRows.set(bulkJobRowKey(record), copy(record));
    return 1;
  }
  await storeOne(repos, noun, record);
  return 1;
}

async function storeOne(repos: StorageRepositories, noun: Exclude<CopyNoun, "vesselPositions" | "bulkJobRows">, record: any): Promise<void> {
  switch (noun) {
    case "meta":
      return repos.meta.set(record.key, record.value);
    case "ports":
    case "terminals":
    case "railTerminals":
    case "metroAreas":
    case "shippingLines":
    case "vessels":
      return repos[noun].upsertMany([record]);
    case "changes":
    case "transportEvents":
    case "rawEvents":
    case "domainEvents":
    case "webhookNotifications":
    case "exceptions":
      return repos[noun].insertMany([record]);
    case "webhookNotificationAttempts":
      return repos.webhookNotifications.insertAttempt(record);
    case "refreshLog":
      return repos.refreshLog.append(record);
    case "bulkJobs":
      return repos.bulkJobs.insert(record, []);
    default:
      return repos[noun].insert(record);
  }
}

/**
 * The `copy` port of a memory storage: exports read the tables in key order (the cursor is the
 * last key); imports go through the repositories of one transaction, so they are checked and
 * atomic like any write.
 */
export function memoryCopyPort(read: () => MemoryTables, transaction: StorageTransaction): StorageCopy {
  return {
    async count(noun, scope) {
      return entriesOf(read(), noun, scope).length;
    },
    async exportBatch(noun, after, limit, scope) {
      const entries = entriesOf(read(), noun, scope);
      const start = after === null ? 0 : entries.findIndex(([key]) => key > (JSON.parse(after) as string));
      const batch = start === -1 ? [] : entries.slice(start, start + Math.max(1, Math.floor(limit)));
      const last = batch.at(-1);
      return last ? { records: batch.map(([, record]) => copy(record)), after: JSON.stringify(last[0]) } : null;
    },
    importBatch(noun, records, checkpoint) {
      return transaction(async (repos, tables) => {
        let stored = 0;
        for (const record of records) {
          if (await isStored(repos, tables, noun, record)) continue;
          stored += await store(repos, tables, noun, record);
        }
        if (checkpoint) await repos.meta.set(checkpoint.key, checkpoint.value);
        return stored;
      });
    },
    clearAccount(accountId) {
      return transaction(async (_repos, tables) => {
        let deleted = 0;
        // Children first, as the SQL adapters must; the scope of attempts reads their notifications.
        for (const noun of [...ACCOUNT_DATA_NOUNS].reverse()) {
          const table = tables[TABLE_OF[noun]] as Table<unknown>;
          for (const [key] of entriesOf(tables, noun, { accountId })) deleted += table.delete(key) ? 1 : 0;
        }
        // The feed's marks of the events go with them; the account's counter stays, so positions are never reused.
        deleteWhere(tables.eventFeed, (mark) => mark.account_id === accountId);
        for (const [key, entry] of tables.keptTexts.entries()) if (entry.account_id === accountId) tables.keptTexts.delete(key);
        return deleted;
      });
    },
  };
}

/** Runs `fn` in a memory transaction with its repositories and tables. */
export type StorageTransaction = <T>(fn: (repos: StorageRepositories, tables: MemoryTables) => Promise<T>) => Promise<T>;
