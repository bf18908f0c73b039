import { Kysely, PostgresDialect } from "kysely";
import pg from "pg";
import type { SqlDatabase as BollardDatabase } from "@bollard/storage-sql";

/** What the storage connects with, after its options were checked. */
export interface ConnectionSettings {
  connectionString: string;
  /** The schema every table lives in (the connection's `search_path`). */
  schema: string;
  /** Pool size. */
  max: number;
}

/** The pg client settings of one connection: the URL, the schema as `search_path`, a name in `pg_stat_activity`. */
export function clientConfig(settings: ConnectionSettings): pg.ClientConfig {
  return { connectionString: settings.connectionString, options: `-c search_path=${settings.schema}`, application_name: "bollard" };
}

/**
 * A Kysely instance over a pg pool. Connections open on the first query, so building it opens
 * nothing. An idle connection the server drops (a restart, a failover) is discarded quietly: the
 * pool opens a new one for the next query, and a query that fails meanwhile reports
 * storage_unavailable.
 */
export function createKysely(settings: ConnectionSettings): Kysely<BollardDatabase> {
  const pool = new pg.Pool({ ...clientConfig(settings), max: settings.max, idleTimeoutMillis: 30_000 });
  pool.on("error", () => undefined);
  return new Kysely<BollardDatabase>({ dialect: new PostgresDialect({ pool }) });
}

/** Advisory lock keys (`hashtext` of these) of the storage's schema. */
export function lockNames(schema: string): { migrate: string; transactions: string } {
  return { migrate: `bollard:migrate:${schema}`, transactions: `bollard:transactions:${schema}` };
}

/**
 * Runs `fn` while holding the session advisory lock `name` on a connection of its own, so that
 * processes opening the same database at once run the migrations one after the other.
 */
export async function withSessionLock<T>(settings: ConnectionSettings, name: string, fn: () => Promise<T>): Promise<T> {
  const client = new pg.Client(clientConfig(settings));
  client.on("error", () => undefined);
  await client.connect();
  try {
    await client.query("select pg_advisory_lock(hashtext($1))", [name]);
    try {
      return await fn();
    } finally {
      await client.query("select pg_advisory_unlock(hashtext($1))", [name]);
    }
  } finally {
    await client.end();
  }
}

/** The connection string with its password hidden, for messages. */
export function redacted(connectionString: string): string {
  try {
    const url = new URL(connectionString);
    if (url.password) url.password = "***";
    return url.toString();
  } catch {
    return "(the connection string)";
  }
}
