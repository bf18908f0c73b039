import type { StorageRepositories } from "@bollard/core/storage";
import type { Access } from "./memory-records.js";
import type { MemoryTables } from "./memory-table.js";

/** The table key of an account's kept text. */
const keyOf = (accountId: string, key: string) => `${accountId}\u0000${key}`;

/** Texts kept for readers, per account and key, in the caller's transaction (its overlay) or on their own. */
export function keptTextRepositories(tables: MemoryTables, access: Access): Required<Pick<StorageRepositories, "keptTexts">> {
  const { keptTexts } = tables;
  return {
    keptTexts: {
      get: (accountId, keys, stamp) =>
        access.read(() => {
          const found = new Map<string, string>();
          for (const key of keys) {
            const entry = keptTexts.get(keyOf(accountId, key));
            if (entry?.stamp === stamp) found.set(key, entry.text);
          }
          return found;
        }),
      put: (accountId, texts, stamp, options = {}) =>
        access.write(() => {
          for (const { key, text } of texts) {
            if (options.onlyMissing && keptTexts.get(keyOf(accountId, key))?.stamp === stamp) continue;
            keptTexts.set(keyOf(accountId, key), { account_id: accountId, stamp, text });
          }
        }),
      drop: (accountId, keys) =>
        access.write(() => {
          for (const key of keys) keptTexts.delete(keyOf(accountId, key));
        }),
    },
  };
}
