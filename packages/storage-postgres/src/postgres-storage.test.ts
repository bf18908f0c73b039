import type { Storage } from "@bollard/core";
import { runStorageContract } from "@bollard/core/testing";
import pg from "pg";
import { describe, it } from "vitest";
import { postgresStorage } from "./postgres-storage.js";
import { postgresAvailability } from "./testing/postgres-availability.js";
import { useLocalPostgres } from "./testing/postgres-for-tests.js";

const availability = postgresAvailability();

if (availability.available) {
  const cluster = useLocalPostgres();
  let database: string | undefined;
  let schemas = 0;
  // Schemas whose storage closed, emptied, ready for the next fresh storage: re-migrating a
  // schema for each of the suite's hundreds of storages would cost most of its time.
  const emptied: string[] = [];

  /** Deletes every row of a migrated schema (the migration bookkeeping stays). */
  async function empty(schema: string): Promise<void> {
    const client = new pg.Client({ connectionString: database, options: `-c search_path=${schema}` });
    await client.connect();
    try {
      const tables = await client.query<{ name: string }>(
        "select table_name as name from information_schema.tables where table_schema = $1 and table_type = 'BASE TABLE' and table_name not like 'kysely_%'",
        [schema],
      );
      // DELETE is far cheaper than TRUNCATE on tiny tables; the replica role skips foreign key checks.
      await client.query(["set session_replication_role = replica", ...tables.rows.map((t) => `delete from ${t.name}`)].join(";"));
    } finally {
      await client.end();
    }
  }

  /** A storage in a schema of its own: a fresh one, or one a closed storage left emptied. */
  const freshStorage = async (): Promise<Storage> => {
    database ??= await cluster().createDatabase();
    const schema = emptied.pop() ?? `contract_${++schemas}`;
    const storage = postgresStorage({ connectionString: database, schema, pool: { max: 8 } });
    const close = storage.close;
    let closing: Promise<void> | undefined;
    return Object.assign(storage, {
      close: () =>
        (closing ??= (async () => {
          await close();
          await empty(schema);
          emptied.push(schema);
        })()),
    });
  };

  runStorageContract("postgres", freshStorage, { keptTexts: true });
} else {
  describe("postgresStorage", () => it.skip(`needs PostgreSQL: ${availability.reason}`, () => undefined));
}
