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

  async function readNow(keys: readonly string[]): Promise<Map<string, number>> {
    // Read on every cached request: directly where the database can (a fixed text per number of keys).
    const rows = scope.directRead
      ? await readFixed<{ key: string; version: number | bigint }>(scope, `select key, version from change_versions where key in (${keys.map(() => "?").join(", ")})`, keys)
      : await scope.read.selectFrom("change_versions").select(["key", "version"]).where("key", "in", [...keys]).execute();
    return new Map(rows.map((row) => [row.key, Number(row.version)]));
  }
  // Where a read is a round trip (PostgreSQL), reads share queries: one asked while another runs
  // waits for the next, which starts as that one ends and reads every key asked for meanwhile. Each
  // caller's versions are still read after it asked; the server makes one query per round trip
  // instead of one per request.
  const readShared = scope.directRead ? readNow : sharedReads(readNow);
  const read = async (keys: readonly string[]): Promise<number[]> => {
    const versions = await readShared(keys);
    return keys.map((key) => versions.get(key) ?? 0);
  };

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

/** The keys of one query waiting for the one under way, and its callers' promise. */
interface WaitingRead {
  readonly keys: Set<string>;
  readonly versions: Promise<Map<string, number>>;
  start(): void;
}

/** {@link readNow} with concurrent callers sharing queries: at most one runs, and the callers that asked meanwhile share the next. */
function sharedReads(readNow: (keys: readonly string[]) => Promise<Map<string, number>>): (keys: readonly string[]) => Promise<Map<string, number>> {
  let running = false;
  let waiting: WaitingRead | undefined;

  function run(keys: readonly string[]): Promise<Map<string, number>> {
    running = true;
    const versions = readNow(keys);
    void versions.then(next, next);
    return versions;
  }
  function next(): void {
    running = false;
    const read = waiting;
    waiting = undefined;
    read?.start();
  }
  return (keys) => {
    if (!running) return run(keys);
    if (!waiting) {
      let start = () => {};
      const keySet = new Set<string>();
      const versions = new Promise<Map<string, number>>((resolve, reject) => (start = () => run([...keySet]).then(resolve, reject)));
      waiting = { keys: keySet, versions, start: () => start() };
    }
    for (const key of keys) waiting.keys.add(key);
    return waiting.versions;
  };
}
