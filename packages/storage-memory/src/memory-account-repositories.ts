import type { StorageRepositories } from "@bollard/core/storage";
import { copy, getScoped, insertInto, listWhere, oldestFirst, type Access } from "./memory-records.js";
import { valuesOf, type MemoryTables } from "./memory-table.js";

/** API keys are listed in creation order: by id, a UUID v7 (as the SQL storages order them). */
const byId = (a: { id: string }, b: { id: string }) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);

type AccountRepositories = Pick<StorageRepositories, "accounts" | "users" | "apiKeys" | "meta">;

/** Accounts, users, API keys and the meta store. */
export function accountRepositories(tables: MemoryTables, access: Access): AccountRepositories {
  return {
    accounts: {
      insert: (account) =>
        access.write(() => insertInto(tables.accounts, account, "account", (stored) => stored.company_name === account.company_name)),
      get: (id) => access.read(() => copy(tables.accounts.get(id) ?? null)),
      findByName: (name) => access.read(() => copy(valuesOf(tables.accounts).find((a) => a.company_name === name) ?? null)),
      list: (page) => access.read(() => listWhere(tables.accounts, () => true, oldestFirst, page)),
    },
    users: {
      insert: (user) => access.write(() => insertInto(tables.users, user, "user")),
      get: (accountId, id) => access.read(() => getScoped(tables.users, accountId, id)),
      list: (accountId, page) => access.read(() => listWhere(tables.users, (u) => u.account_id === accountId, oldestFirst, page)),
    },
    apiKeys: {
      insert: (key) => access.write(() => insertInto(tables.apiKeys, key, "API key", (stored) => stored.key_hash === key.key_hash)),
      findByHash: (hash) => access.read(() => copy(valuesOf(tables.apiKeys).find((k) => k.key_hash === hash) ?? null)),
      get: (id) => access.read(() => copy(tables.apiKeys.get(id) ?? null)),
      list: (filter, page) => access.read(() => listWhere(tables.apiKeys, (k) => filter.accountId === undefined || k.account_id === filter.accountId, byId, page)),
      recordUse: (id, at) =>
        access.write(() => {
          const key = tables.apiKeys.get(id);
          if (key && (key.last_used_at === null || key.last_used_at < at)) tables.apiKeys.set(id, { ...key, last_used_at: at });
        }),
      revoke: (id, at) =>
        access.write(() => {
          const key = tables.apiKeys.get(id);
          if (!key) return false;
          if (!key.revoked_at || key.revoked_at > at) tables.apiKeys.set(id, { ...key, revoked_at: at });
          return true;
        }),
    },
    meta: {
      get: (key) => access.read(() => tables.meta.get(key) ?? null),
      set: (key, value) => access.write(() => tables.meta.set(key, value)),
    },
  };
}
