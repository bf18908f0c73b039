import type { Account, ApiKey, User } from "@bollard/core";
import type { AccountRepository, ApiKeyRepository, MetaRepository, UserRepository } from "@bollard/core/storage";
import type { SqlDialect } from "./sql-dialect.js";
import { docOf, idEquals, pageOfDocs, pageOfRows, precompiled, scopedGet, type SqlScope } from "./sql-rows.js";
import { rowsOf } from "./sql-records.js";
import { insertRows } from "./sql-writes.js";

const getUser = scopedGet<User>("users");
// Every authenticated request looks these up, so they skip Kysely's per-call compile.
const accountById = precompiled(1, (db, id: string) => db.selectFrom("accounts").select("doc").where("id", "=", id));
const apiKeyByHash = precompiled(1, (db, hash: string) => db.selectFrom("api_keys").select(API_KEY_COLUMNS).where("key_hash", "=", hash));

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

/** API keys: `key_hash` is unique across accounts; listed by id, which is creation order (UUID v7). */
export function sqlApiKeyRepository(scope: SqlScope): ApiKeyRepository {
  const { read, dialect } = scope;
  return {
    async insert(key: ApiKey) {
      await insertRows(scope, "api_keys", [rowsOf.api_keys(key)], { kind: "fail", noun: "API key" });
    },
    async findByHash(hash) {
      return decodeApiKeys(dialect, await apiKeyByHash(read, hash))[0] ?? null;
    },
    async get(id) {
      if (!dialect.isId(id)) return null;
      return decodeApiKeys(dialect, await read.selectFrom("api_keys").select(API_KEY_COLUMNS).where("id", "=", id).execute())[0] ?? null;
    },
    list(filter, page) {
      let query = read.selectFrom("api_keys");
      if (filter.accountId !== undefined) query = query.where(idEquals(dialect, "account_id", filter.accountId));
      return pageOfRows<ApiKey, ApiKeyRow>(query, (q) => q.select(API_KEY_COLUMNS), (q) => q.orderBy("id"), page, (rows) => decodeApiKeys(dialect, rows));
    },
    async recordUse(id, at) {
      if (!dialect.isId(id)) return;
      await scope.write
        .updateTable("api_keys")
        .set({ last_used_at: at })
        .where("id", "=", id)
        .where((eb) => eb.or([eb("last_used_at", "is", null), eb("last_used_at", "<", at)]))
        .execute();
    },
    async revoke(id, at) {
      if (!dialect.isId(id)) return false;
      const result = await scope.write.updateTable("api_keys").set({ revoked_at: at }).where("id", "=", id).where((eb) => eb.or([eb("revoked_at", "is", null), eb("revoked_at", ">", at)])).executeTakeFirst();
      if (Number(result.numUpdatedRows) > 0) return true;
      return (await read.selectFrom("api_keys").select("id").where("id", "=", id).executeTakeFirst()) !== undefined;
    },
  };
}

/** The columns an API key is read from: its document and the two columns written after it. */
const API_KEY_COLUMNS = ["doc", "last_used_at", "revoked_at"] as const;

/** A row of {@link API_KEY_COLUMNS}. */
export interface ApiKeyRow {
  doc: unknown;
  last_used_at: string | null;
  revoked_at: string | null;
}

/** The keys the rows hold: the document with its use and revocation from their own columns. */
export function decodeApiKeys(dialect: SqlDialect, rows: readonly ApiKeyRow[]): ApiKey[] {
  return rows.map((row) => ({ ...(dialect.parseDoc(row.doc) as ApiKey), last_used_at: row.last_used_at ?? null, revoked_at: row.revoked_at ?? null }));
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
