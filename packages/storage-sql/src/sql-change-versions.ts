import type { ChangeVersionRepository } from "@bollard/core/storage";
import { type Kysely, sql } from "kysely";
import { readFixed, type SqlScope } from "./sql-rows.js";

/** The most sets of keys whose versions are kept at once (one or two per account that reads). */
const MAX_KEPT = 10_000;

/**
 * Change versions in `change_versions` (key → version): a raise is one upsert adding 1 to each
 * key's row, in the caller's transaction; a read is one lookup of the keys' primary key, made
 * directly (synchronously) where the scope can, since the response cache reads it on every request.
 * Where the scope has a {@link SqlScope.readStamp} (SQLite's file databases), the versions read are
 * kept while the stamp is unchanged: no commit anywhere since, so no version can have moved.
 * Keys are raised in sorted order, so two writers never wait for each other's rows in turn.
 */
export function sqlChangeVersionRepository(scope: SqlScope): ChangeVersionRepository {
  let keptStamp: string | undefined;
  let kept = new Map<string, number[]>();

  async function read(keys: readonly string[]): Promise<number[]> {
    // Read on every cached request: directly where the database can (a fixed text per number of keys).
    const rows = scope.directRead
      ? await readFixed<{ key: string; version: number | bigint }>(scope, `select key, version from change_versions where key in (${keys.map(() => "?").join(", ")})`, keys)
      : await scope.read.selectFrom("change_versions").select(["key", "version"]).where("key", "in", [...keys]).execute();
    const byKey = new Map(rows.map((row) => [row.key, Number(row.version)]));
    return keys.map((key) => byKey.get(key) ?? 0);
  }

  return {
    async bump(keys) {
      const distinct = [...new Set(keys)].sort();
      if (distinct.length === 0) return;
      await (scope.write as Kysely<any>)
        .insertInto("change_versions")
        .values(distinct.map((key) => ({ key, version: 1 })))
        .onConflict((oc) => oc.column("key").doUpdateSet({ version: sql`change_versions.version + 1` }))
        .execute();
    },
    async get(keys) {
      if (keys.length === 0) return [];
      const stamp = scope.readStamp?.();
      if (stamp === undefined) return read(keys);
      if (stamp !== keptStamp) {
        keptStamp = stamp;
        kept = new Map();
      }
      const memo = keys.join("\n");
      const found = kept.get(memo);
      if (found) return found;
      const versions = await read(keys);
      // Kept only if nothing committed meanwhile (a direct read is synchronous, but the scope may have read through Kysely).
      if (scope.readStamp?.() === stamp && keptStamp === stamp && kept.size < MAX_KEPT) kept.set(memo, Object.freeze(versions) as number[]);
      return versions;
    },
  };
}
