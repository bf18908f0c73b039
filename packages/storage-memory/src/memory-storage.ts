import { BollardError, type Storage, createTracker } from "@bollard/core";
import { createMutex, createStorageGate, guardRepositories, REPOSITORY_NOUNS, type StorageRepositories } from "@bollard/core/storage";
import { accountRepositories } from "./memory-account-repositories.js";
import { changeRepositories } from "./memory-change-repositories.js";
import { changeVersionRepositories } from "./memory-change-versions.js";
import { keptTextRepositories } from "./memory-kept-texts.js";
import { memoryCopyPort } from "./memory-copy.js";
import { customFieldRepositories } from "./memory-custom-field-repositories.js";
import { partyRepositories } from "./memory-party-repositories.js";
import type { Access } from "./memory-records.js";
import { refreshLogRepositories } from "./memory-refresh-log-repositories.js";
import { referenceRepositories } from "./memory-reference-repositories.js";
import { tariffRepositories } from "./memory-tariff-repositories.js";
import { exceptionRepositories } from "./memory-exception-repositories.js";
import { bulkJobRepositories } from "./memory-bulk-job-repositories.js";
import { createTables, overlayTables, type MemoryTables } from "./memory-table.js";
import { trackingRepositories } from "./memory-tracking-repositories.js";
import { webhookRepositories } from "./memory-webhook-repositories.js";

function repositories(tables: MemoryTables, access: Access): StorageRepositories {
  // The same wrapper as the SQL adapters': records holding NUL characters are refused alike.
  return guardRepositories(
    {
      ...accountRepositories(tables, access),
      ...referenceRepositories(tables, access),
      ...trackingRepositories(tables, access),
      ...changeRepositories(tables, access),
      ...refreshLogRepositories(tables, access),
      ...customFieldRepositories(tables, access),
      ...partyRepositories(tables, access),
      ...tariffRepositories(tables, access),
      ...exceptionRepositories(tables, access),
      ...bulkJobRepositories(tables, access),
      ...webhookRepositories(tables, access),
      ...changeVersionRepositories(tables, access),
      ...keptTextRepositories(tables, access),
    },
    { nouns: REPOSITORY_NOUNS },
  );
}

/**
 * Creates a storage that keeps everything in memory: nothing survives the process, so it suits
 * tests, demos and examples. Records are deep-copied on the way in and out, so callers can never
 * change stored data by mutating an object.
 *
 * Transactions are serialized; each works on a private overlay of the tables that is merged on
 * commit and dropped on failure, so other callers never see uncommitted writes. Writes made outside
 * a transaction wait for the running one to finish.
 *
 * @example
 *  * import { memoryStorage } from "@bollard/storage-memory";
 *
 * const tracker = await createTracker({ storage: memoryStorage() });
 */
export function memoryStorage(): Storage {
  const base = createTables();
  const exclusive = createMutex();
  let closed = false;

  const ensureOpen = () => {
    if (closed) throw new BollardError("storage_unavailable", "The memory storage is closed");
  };
  const outside: Access = {
    read: async (fn) => {
      ensureOpen();
      return fn();
    },
    write: (fn) =>
      exclusive(() => {
        ensureOpen();
        return fn();
      }),
  };

  function transaction<T>(fn: (tx: StorageRepositories, tables: MemoryTables) => Promise<T>): Promise<T> {
    return exclusive(async () => {
      ensureOpen();
      const overlay = overlayTables(base);
      let active = true;
      const inside = async <R>(work: () => R): Promise<R> => {
        if (!active) throw new BollardError("internal", "This transaction has already finished");
        return work();
      };
      try {
        const result = await fn(repositories(overlay.tables, { read: inside, write: inside }), overlay.tables);
        overlay.commit();
        return result;
      } finally {
        active = false;
      }
    });
  }

  return {
    name: "memory",
    capabilities: { persistent: false, multiProcess: false },
    ...repositories(base, outside),
    copy: memoryCopyPort(() => {
      ensureOpen();
      return base;
    }, transaction),
    open: async () => ensureOpen(),
    close: () =>
      exclusive(() => {
        closed = true;
      }),
    transaction: (fn) => transaction((tx) => fn(tx)),
  };
}
