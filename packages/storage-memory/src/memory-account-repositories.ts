import type { StorageRepositories } from "@bollard/core/storage";
import { copy, getScoped, insertInto, listWhere, oldestFirst, type Access } from "./memory-records.js";
import { valuesOf, type MemoryTables } from "./memory-table.js";

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
    },
    meta: {
      get: (key) => access.read(() => tables.meta.get(key) ?? null),
      set: (key, value) => access.write(() => tables.meta.set(key, value)),
    },
  };
}
