import type { Account, ApiKey, User } from "@bollard/core";
import type { AccountRepository, ApiKeyRepository, MetaRepository, UserRepository } from "@bollard/core/storage";
import { pageOfDocs, parseDoc, precompiled, type RepositoryScope, scopedGet } from "./sqlite-doc-rows.js";
import { insertRows } from "./sqlite-writes.js";

const getUser = scopedGet<User>("users");
// Every authenticated request looks these up, so they skip Kysely's per-call compile.
const accountById = precompiled(1, (db, id: string) => db.selectFrom("accounts").select("doc").where("id", "=", id));
const apiKeyByHash = precompiled(1, (db, hash: string) => db.selectFrom("api_keys").select("doc").where("key_hash", "=", hash));

/** Accounts over SQLite: `company_name` is unique (a taken name is conflict). */
export function sqliteAccountRepository({ read, write }: RepositoryScope): AccountRepository {
  return {
    async insert(account: Account) {
      await insertRows(write, "accounts", [
        { id: account.id, company_name: account.company_name, created_at: account.created_at, doc: JSON.stringify(account) },
      ]);
    },
    async get(id) {
      return parseDoc<Account>((await accountById(read, id))[0]);
    },
    async findByName(companyName) {
      return parseDoc<Account>(await read.selectFrom("accounts").select("doc").where("company_name", "=", companyName).executeTakeFirst());
    },
    list(page) {
      return pageOfDocs<Account>(read.selectFrom("accounts"), (q) => q.orderBy("created_at").orderBy("id"), page);
    },
  };
}

/** Users over SQLite. */
export function sqliteUserRepository({ read, write }: RepositoryScope): UserRepository {
  return {
    async insert(user: User) {
      await insertRows(write, "users", [{ id: user.id, account_id: user.account_id, created_at: user.created_at, doc: JSON.stringify(user) }]);
    },
    get(accountId, id) {
      return getUser(read, accountId, id);
    },
    list(accountId, page) {
      return pageOfDocs<User>(read.selectFrom("users").where("account_id", "=", accountId), (q) => q.orderBy("created_at").orderBy("id"), page);
    },
  };
}

/** API keys over SQLite: `key_hash` is unique across accounts. */
export function sqliteApiKeyRepository({ read, write }: RepositoryScope): ApiKeyRepository {
  return {
    async insert(key: ApiKey) {
      await insertRows(write, "api_keys", [{ id: key.id, account_id: key.account_id, key_hash: key.key_hash, doc: JSON.stringify(key) }]);
    },
    async findByHash(hash) {
      return parseDoc<ApiKey>((await apiKeyByHash(read, hash))[0]);
    },
  };
}

/** The storage's key/value bookkeeping over SQLite. */
export function sqliteMetaRepository({ read, write }: RepositoryScope): MetaRepository {
  return {
    async get(key) {
      const row = await read.selectFrom("meta").select("value").where("key", "=", key).executeTakeFirst();
      return row?.value ?? null;
    },
    async set(key, value) {
      await insertRows(write, "meta", [{ key, value }], { kind: "replace", key: ["key"] });
    },
  };
}
