import { BollardError } from "@bollard/core";
import { sql } from "kysely";
import { createKysely } from "./postgres-connection.js";
import { migrateDatabase } from "./postgres-migrate.js";
import { translatePostgresError } from "./postgres-errors.js";
import { rows } from "./postgres-records.js";
import type { TableName } from "./postgres-schema.js";
import { checkedSettings, type PostgresStorageOptions } from "./postgres-storage.js";
import { insertRows } from "./postgres-writes.js";

/** Every table, parents before the tables that reference them: the order a copy must fill them in. */
export const IMPORT_TABLES = [
  "accounts", "users", "api_keys", "meta",
  "ports", "terminals", "rail_terminals", "metro_areas", "shipping_lines", "vessels", "vessel_positions",
  "shipments", "containers", "transport_events", "raw_events", "tracking_requests",
  "custom_field_definitions", "custom_field_options", "custom_fields",
  "webhooks", "webhook_notifications", "webhook_notification_attempts", "domain_events",
] as const satisfies readonly TableName[];

/** A table an import fills. */
export type ImportTable = (typeof IMPORT_TABLES)[number];

/** Where an import stands in a table: the key of the last row copied (opaque to the target), or done. */
export type ImportCheckpoint =
  | {
      /** The table is copied. */
      done: true;
    }
  | {
      /** The table is not copied yet. */
      done: false;
      /** The key of the last row copied; null when none is yet. */
      after: string | null;
    };

/**
 * The receiving end of a copy into PostgreSQL (`bollard migrate-db`): writes domain records
 * through the adapter's own record → row functions, so copied rows are exactly the rows the
 * storage would have written, and keeps a checkpoint per table in the target's `meta` table, moved
 * in the same transaction as the rows it covers, so an interrupted copy resumes where it stopped.
 */
export interface PostgresImportTarget {
  /** Connects and migrates the schema (as `open()` of the storage does). */
  open(): Promise<void>;
  /**
   * `empty`: no account and no copy started, a copy may begin; `copying`: an earlier copy left
   * checkpoints, it may resume; `occupied`: holds data no copy wrote (a copy must not mix into it).
   */
  state(): Promise<"empty" | "copying" | "occupied">;
  /** Where the copy of `table` stands: not started (`after: null`), after a key, or done. */
  checkpoint(table: ImportTable): Promise<ImportCheckpoint>;
  /**
   * In one transaction: inserts `records` of `table`, skipping rows whose key is already there
   * (ON CONFLICT DO NOTHING), and moves the table's checkpoint to `after`. Returns how many rows
   * were inserted.
   */
  write(table: ImportTable, records: readonly unknown[], after: string): Promise<number>;
  /** Marks a table copied. */
  finish(table: ImportTable): Promise<void>;
  /** Rows in a table of the target (for `meta`, without the copy's checkpoints). */
  count(table: ImportTable): Promise<number>;
  /** Closes the connection pool. */
  close(): Promise<void>;
}

const checkpointKey = (table: ImportTable) => `migrate_db.${table}`;
// Stored as JSON: `{"after": key}` while a table is being copied, `{"done": true}` once it is.
const encode = (checkpoint: ImportCheckpoint) => JSON.stringify(checkpoint.done ? { done: true } : { after: checkpoint.after });

/** Opens the target of a copy into PostgreSQL; see {@link PostgresImportTarget}. */
export function postgresImportTarget(options: PostgresStorageOptions): PostgresImportTarget {
  const settings = checkedSettings(options);
  const db = createKysely(settings);
  const translated = async <T>(run: () => Promise<T>, noun: string): Promise<T> => {
    try {
      return await run();
    } catch (error) {
      throw translatePostgresError(error, noun);
    }
  };
  return {
    open: () => migrateDatabase(db, settings),
    state: () =>
      translated(async () => {
        const started = await db.selectFrom("meta").select("key").where("key", "like", "migrate\\_db.%").limit(1).executeTakeFirst();
        if (started) return "copying";
        const account = await db.selectFrom("accounts").select("id").limit(1).executeTakeFirst();
        return account ? "occupied" : "empty";
      }, "import"),
    checkpoint: (table) =>
      translated(async () => {
        const row = await db.selectFrom("meta").select("value").where("key", "=", checkpointKey(table)).executeTakeFirst();
        if (!row) return { done: false, after: null };
        const stored = JSON.parse(row.value) as { done?: true; after?: string | null };
        return stored.done ? { done: true } : { done: false, after: stored.after ?? null };
      }, "import"),
    write: (table, records, after) =>
      translated(
        () =>
          db.transaction().execute(async (trx) => {
            const toRow = rows[table] as (record: unknown) => Record<string, unknown>;
            const inserted = await insertRows(trx, table, records.map(toRow), { kind: "ignore" });
            await insertRows(trx, "meta", [{ key: checkpointKey(table), value: encode({ done: false, after }) }], { kind: "replace", key: ["key"] });
            return inserted;
          }),
        table,
      ),
    finish: (table) =>
      translated(async () => {
        await insertRows(db, "meta", [{ key: checkpointKey(table), value: encode({ done: true }) }], { kind: "replace", key: ["key"] });
      }, "import"),
    count: (table) =>
      translated(async () => {
        if (!(IMPORT_TABLES as readonly string[]).includes(table)) throw new BollardError("invalid_parameter", `Unknown table ${table}`);
        // The copy's own checkpoints in `meta` are not rows of the source.
        const own = table === "meta" ? sql`where key not like 'migrate\_db.%'` : sql``;
        const { rows: counted } = await sql<{ n: string }>`select count(*) as n from ${sql.table(table)} ${own}`.execute(db);
        return Number(counted[0]?.n ?? 0);
      }, "import"),
    close: () => db.destroy(),
  };
}
