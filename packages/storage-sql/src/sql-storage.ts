import { BollardError } from "@bollard/core";
import {
  createStorageGate,
  createTurnScheduler,
  guardRepositories,
  REPOSITORY_NOUNS,
  type Storage,
  type StorageCapabilities,
  type StorageGate,
  type StorageHealth,
} from "@bollard/core/storage";
import { sqlCopyPort } from "./sql-copy.js";
import { createGroupCommit } from "./sql-group-commit.js";
import type { SqlDialect } from "./sql-dialect.js";
import { sqlRepositories } from "./sql-repositories.js";
import type { Db, DirectRead, ReadStamp, SqlScope } from "./sql-rows.js";

/** What an adapter hands {@link createSqlStorage}: its connections, dialect and lifecycle. */
export interface SqlStorageConfig {
  /** The storage's `name`, e.g. `sqlite`. */
  name: string;
  /** The storage's `capabilities`. */
  capabilities: StorageCapabilities;
  /** What differs in this database. */
  dialect: SqlDialect;
  /** The executor of plain reads (a read-only connection of its own, or the same as `writer`). */
  reader: Db;
  /** The executor of writes and transactions. */
  writer: Db;
  /** Connects and migrates; the storage admits calls once it resolved. Called again after a failure. */
  open(): Promise<void>;
  /** Releases the connections, once every call under way has settled. */
  destroy(): Promise<void>;
  /** Runs first in every transaction (PostgreSQL: the advisory lock that serializes transactions across processes). */
  beginTransaction?(trx: Db): Promise<void>;
  /** The adapter's own `meta` keys, which a copy to another storage does not move. */
  privateMetaKeys?: readonly string[];
  /** Fixed reads run synchronously outside transactions, when the database can (SQLite's file databases); see {@link DirectRead}. */
  directRead?: DirectRead;
  /** A token of what the direct reads see (see {@link ReadStamp}): the change versions are read again only when it moves. */
  readStamp?: ReadStamp;
  /** The storage's optional `health()` (it is refused with the closed-storage error once closed). */
  health?: () => Promise<StorageHealth>;
  /** Sees every error a call rejects with, before translation (to remember that writes fail, for `health()`). */
  observeError?: (error: unknown) => void;
  /** Extra members of the storage (e.g. an export/import port), added to the returned object as they are. */
  extra?: (gate: StorageGate) => object;
}

/**
 * A {@link Storage} over the shared SQL repositories: every call passes core's storage guard (the
 * closed-storage gate, NUL refusal, the dialect's error translation), transactions run on
 * `writer` one at a time in this process, those that waited sharing one commit (see
 * `sql-group-commit.ts`; waiting ones hold no connection), and `close()` waits for the calls
 * under way before `destroy()`.
 *
 * @example
 * const storage = createSqlStorage({ name: "sqlite", capabilities, dialect: sqliteDialect, reader, writer, open, destroy });
 */
export function createSqlStorage(config: SqlStorageConfig): Storage {
  const { dialect, writer } = config;
  const closedError = () => new BollardError("storage_unavailable", `The ${config.name} storage is closed (or was never opened)`);
  const gate = createStorageGate(closedError);
  const translate = (error: unknown, noun: string) => {
    config.observeError?.(error);
    return dialect.translateError(error, noun);
  };
  let opening: Promise<void> | undefined;
  // The tracker's scheduler once it opens the storage (its server's responses share its turns); one of its own until then.
  let turns = createTurnScheduler();
  const commitInGroups = createGroupCommit(writer, { turns: () => turns, ...(config.beginTransaction && { begin: config.beginTransaction }) });

  const scope: SqlScope = { read: config.reader, write: writer, dialect, ...(config.directRead && { directRead: config.directRead }), ...(config.readStamp && { readStamp: config.readStamp }) };
  const repositories = guardRepositories(sqlRepositories(scope), { nouns: REPOSITORY_NOUNS, gate, translate });
  const { copy } = guardRepositories({ copy: sqlCopyPort(scope, config.privateMetaKeys) }, { nouns: { copy: "record" }, gate, translate });

  const storage: Storage = {
    ...repositories,
    name: config.name,
    capabilities: config.capabilities,
    copy,
    ...(config.health && {
      health: async () => {
        if (!gate.isOpen) return { status: "unavailable", reason: `the ${config.name} storage is closed` };
        return config.health!();
      },
    }),

    open(context) {
      if (context) turns = context.turns;
      if (gate.isClosed) return Promise.reject(new BollardError("storage_unavailable", `The ${config.name} storage is closed`));
      opening ??= config.open().then(
        () => gate.markOpen(),
        (error: unknown) => {
          opening = undefined;
          throw error;
        },
      );
      return opening;
    },

    async transaction(fn) {
      const refused = gate.enter();
      if (refused) throw refused;
      try {
        return await commitInGroups(async (trx) => {
          let active = true;
          // A `tx` kept past the end of its transaction must not write outside it.
          const txGate: StorageGate = {
            enter: () => (active ? undefined : new BollardError("internal", "This transaction has already finished; use the storage, not its tx, after it")),
            leave: () => undefined,
          };
          try {
            return await fn(guardRepositories(sqlRepositories({ read: trx, write: trx, dialect }), { nouns: REPOSITORY_NOUNS, gate: txGate, translate }));
          } finally {
            active = false;
          }
        });
      } catch (error) {
        throw translate(error, "transaction");
      } finally {
        gate.leave();
      }
    },

    async close() {
      if (gate.isClosed) return;
      const closing = gate.close();
      // Let calls and transactions already under way finish before the connections go.
      await opening?.catch(() => undefined);
      await closing;
      await config.destroy();
    },
  };
  return config.extra ? Object.assign(storage, config.extra(gate)) : storage;
}
