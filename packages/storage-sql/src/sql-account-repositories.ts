import type { Account, ApiKey, User } from "@bollard/core";
import type { AccountRepository, ApiKeyRepository, MetaRepository, UserRepository } from "@bollard/core/storage";
import { docOf, idEquals, pageOfDocs, precompiled, scopedGet, type SqlScope } from "./sql-rows.js";
import { rowsOf } from "./sql-records.js";
import { insertRows } from "./sql-writes.js";

const getUser = scopedGet<User>("users");
// Every authenticated request looks these up, so they skip Kysely's per-call compile.
const accountById = precompiled(1, (db, id: string) => db.selectFrom("accounts").select("doc").where("id", "=", id));
const apiKeyByHash = precompiled(1, (db, hash: string) => db.selectFrom("api_keys").select("doc").where("key_hash", "=", hash));

/** Accounts: `company_name` is unique (a taken name is CONFLICT). */
export function sqlAccountRepository(scope: SqlScope): AccountRepository {
  const { read, dialect } = scope;
  return {
    async insert(account: Account) {
      await insertRows(scope, "accounts", [rowsOf.accounts(account, dialect)], { kind: "fail", noun: "account" });
    },
    async get(id) {
      if (!dialect.isId(id)) return null;
      return docOf<Account>(dialect, (await accountById(read, id))[0]);
    },
    async findByName(companyName) {
      return docOf<Account>(dialect, await read.selectFrom("accounts").select("doc").where("company_name", "=", companyName).executeTakeFirst());
    },
    list(page) {
      return pageOfDocs<Account>(dialect, read.selectFrom("accounts"), (q) => q.orderBy("created_at").orderBy("id"), page);
    },
  };
}

/** Users of an account. */
export function sqlUserRepository(scope: SqlScope): UserRepository {
  const { read, dialect } = scope;
  return {
    async insert(user: User) {
      await insertRows(scope, "users", [rowsOf.users(user, dialect)], { kind: "fail", noun: "user" });
    },
    get(accountId, id) {
      return getUser(scope, accountId, id);
    },
    list(accountId, page) {
      const query = read.selectFrom("users").where(idEquals(dialect, "account_id", accountId));
      return pageOfDocs<User>(dialect, query, (q) => q.orderBy("created_at").orderBy("id"), page);
    },
  };
}

/** API keys: `key_hash` is unique across accounts. */
export function sqlApiKeyRepository(scope: SqlScope): ApiKeyRepository {
  const { read, dialect } = scope;
  return {
    async insert(key: ApiKey) {
      await insertRows(scope, "api_keys", [rowsOf.api_keys(key)], { kind: "fail", noun: "API key" });
    },
    async findByHash(hash) {
      return docOf<ApiKey>(dialect, (await apiKeyByHash(read, hash))[0]);
    },
  };
}

/** The storage's key/value bookkeeping. */
export function sqlMetaRepository(scope: SqlScope): MetaRepository {
  return {
    async get(key) {
      const row = await scope.read.selectFrom("meta").select("value").where("key", "=", key).executeTakeFirst();
      return row?.value ?? null;
    },
    async set(key, value) {
      await insertRows(scope, "meta", [{ key, value }], { kind: "replace", key: ["key"] });
    },
  };
}
