import type { Account, ApiKey, User } from "@bollard/core";
import type { AccountRepository, ApiKeyRepository, MetaRepository, UserRepository } from "@bollard/core/storage";
import { docOf, isUuid, pageOfDocs, type RepositoryScope, uuidEquals } from "./postgres-rows.js";
import { rows } from "./postgres-records.js";
import { insertRows } from "./postgres-writes.js";

/** Accounts over PostgreSQL: `company_name` is unique (a taken name is conflict). */
export function postgresAccountRepository({ db }: RepositoryScope): AccountRepository {
  return {
    async insert(account: Account) {
      await insertRows(db, "accounts", [rows.accounts(account)], { kind: "fail", noun: "account" });
    },
    async get(id) {
      if (!isUuid(id)) return null;
      return docOf<Account>(await db.selectFrom("accounts").select("doc").where("id", "=", id).executeTakeFirst());
    },
    async findByName(companyName) {
      return docOf<Account>(await db.selectFrom("accounts").select("doc").where("company_name", "=", companyName).executeTakeFirst());
    },
    list(page) {
      return pageOfDocs<Account>(db.selectFrom("accounts"), (q) => q.orderBy("created_at").orderBy("id"), page);
    },
  };
}

/** Users over PostgreSQL. */
export function postgresUserRepository({ db }: RepositoryScope): UserRepository {
  return {
    async insert(user: User) {
      await insertRows(db, "users", [rows.users(user)], { kind: "fail", noun: "user" });
    },
    async get(accountId, id) {
      const query = db.selectFrom("users").select("doc").where(uuidEquals("id", id)).where(uuidEquals("account_id", accountId));
      return docOf<User>(await query.executeTakeFirst());
    },
    list(accountId, page) {
      return pageOfDocs<User>(db.selectFrom("users").where(uuidEquals("account_id", accountId)), (q) => q.orderBy("created_at").orderBy("id"), page);
    },
  };
}

/** API keys over PostgreSQL: `key_hash` is unique across accounts. */
export function postgresApiKeyRepository({ db }: RepositoryScope): ApiKeyRepository {
  return {
    async insert(key: ApiKey) {
      await insertRows(db, "api_keys", [rows.api_keys(key)], { kind: "fail", noun: "API key" });
    },
    async findByHash(hash) {
      return docOf<ApiKey>(await db.selectFrom("api_keys").select("doc").where("key_hash", "=", hash).executeTakeFirst());
    },
  };
}

/** The storage's key/value bookkeeping over PostgreSQL. */
export function postgresMetaRepository({ db }: RepositoryScope): MetaRepository {
  return {
    async get(key) {
      const row = await db.selectFrom("meta").select("value").where("key", "=", key).executeTakeFirst();
      return row?.value ?? null;
    },
    async set(key, value) {
      await insertRows(db, "meta", [rows.meta({ key, value })], { kind: "replace", key: ["key"] });
    },
  };
}
