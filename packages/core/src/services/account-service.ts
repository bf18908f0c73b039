import type { Clock } from "../clock/index.js";
import { AccountSchema, UserSchema, type Account, type ApiKey, type User, type UserRole } from "../domain/index.js";
import { BollardError, UnauthorizedError, ValidationError } from "../errors/index.js";
import { uuidv7 } from "../ids/index.js";
import type { Page, Storage } from "../storage/index.js";
import { resolvePage } from "./pagination-defaults.js";
import type { ListResult } from "./read-options.js";
import { loadDemoDataset } from "../demo/load-demo.js";
import type { DemoDataset } from "../demo/demo-dataset.js";
import { apiKeyPrefix, generateApiKey, hashApiKey, parseAuthorization, sameDigest } from "./api-keys.js";

/** Who is calling: an account and one of its users. Every session-scoped read and write uses it. */
export interface Principal {
  /** The account acted for. */
  account: Account;
  /** The user acting; its `role` decides whether writes are allowed. */
  user: User;
}

/** A user with a freshly minted API key; the key is shown once and never stored. */
export interface IssuedKey extends Principal {
  /** The new secret API key; only its hash is stored. */
  apiKey: string;
}

/** Administrative operations on accounts, users and keys (no session needed). */
export interface AccountService {
  /** Creates an account; a taken `company_name` is a 422 `duplicate`. */
  create(companyName: string): Promise<Account>;
  /** The account with this exact name, created when missing. */
  ensure(companyName: string): Promise<{
    /** The account found or created. */
    account: Account;
    /** True when this call created it. */
    created: boolean;
  }>;
  /** The account with this id, or null. */
  get(id: string): Promise<Account | null>;
  /** The account with exactly this `company_name`, or null. */
  findByName(companyName: string): Promise<Account | null>;
  /** Whether any account exists (a fresh database has none). */
  any(): Promise<boolean>;
  /**
   * True for the one caller, of every process sharing the storage, that should create the first
   * account: none exists and no caller claimed it before (the check and the claim are one
   * transaction, so servers starting together on one database agree).
   */
  claimFirst(): Promise<boolean>;
  /** How many shipments an account holds (0 for an unknown account). */
  shipmentCount(accountId: string): Promise<number>;
  /**
   * Writes a demo data set (see `generateDemoDataset`) into its account, in one transaction: all
   * or nothing, and every answer cached for the account is renewed.
   */
  loadDemo(dataset: DemoDataset): Promise<void>;
  /**
   * Creates a user with the role and an API key for it: a new random key, or `apiKey` when the
   * caller brings one (a known key for CI: 16 to 256 visible ASCII characters, no spaces).
   */
  issueKey(accountId: string, options?: IssueKeyOptions): Promise<IssuedKey>;
  /** Accounts by `created_at`, then `id`; default page size 30. */
  list(options?: { page?: Partial<Page> }): Promise<ListResult<Account>>;
  /** API keys by creation order: every account's, or one account's (`accountId`). Revoked keys are listed with their `revoked_at`; default page size 30. */
  listKeys(options?: { accountId?: string; page?: Partial<Page> }): Promise<ListResult<KeySummary>>;
  /** The key with this id, or null. */
  getKey(keyId: string): Promise<KeySummary | null>;
  /**
   * Revokes a key: from `at` (default now, in real time) it authenticates nothing, on every server sharing the
   * storage within a second. An earlier revocation stands. 404 when there is no such key.
   */
  revokeKey(keyId: string, options?: { at?: Date }): Promise<KeySummary>;
  /**
   * Issues a new key for the same user (same role) and revokes the old one after `graceSeconds`
   * (default 0: at once), so clients can switch over. 422 when the old key is already revoked.
   */
  rotateKey(keyId: string, options?: { graceSeconds?: number }): Promise<RotatedKey>;
  /** The principal behind an `Authorization` header value or a bare key; 401 when unknown or revoked. Remembered for 1 s per key, so a key removed on any server stops working within a second. */
  authenticate(authorizationOrKey: string | null | undefined): Promise<Principal>;
  /** The principal for a known account and user id (for embedders that have no keys); 404 when unknown. */
  principal(accountId: string, userId: string): Promise<Principal>;
}

/** What may be shown of an API key: never the secret or its hash. */
export interface KeySummary {
  /** The key's id (what `revokeKey` and `rotateKey` take). */
  id: string;
  /** The key's first characters, e.g. `bol_AbC1`, to tell keys apart. */
  prefix: string;
  /** The account the key acts for. */
  account: {
    /** The account's id. */
    id: string;
    /** The account's name. */
    company_name: string;
  };
  /** The key's user. */
  user_id: string;
  /** The user's name, e.g. `erp-sync`, or null. */
  name: string | null;
  /** The user's role. */
  role: UserRole;
  /** When the key was issued. */
  created_at: string;
  /** When the key last authenticated a request, to the minute and up to an hour behind; null when never. */
  last_used_at: string | null;
  /** When the key stops or stopped working; null while valid. */
  revoked_at: string | null;
}

/** A rotation's outcome: the new key (shown once) and the old key with its revocation time. */
export interface RotatedKey extends IssuedKey {
  /** The new key's summary. */
  key: KeySummary;
  /** The old key, with `revoked_at` set. */
  previous: KeySummary;
}

/** Options of {@link AccountService.issueKey}. */
export interface IssueKeyOptions {
  /**
   * The user's role.
   * @default "editor"
   */
  role?: UserRole;
  /** The user's name, e.g. `erp-sync`. */
  name?: string | null;
  /** The key to store (its hash): for a known key in CI. A new random key when left out. */
  apiKey?: string;
}

/** The stored record of a new key for a user. */
function newKeyRecord(user: User, apiKey: string, createdAt: string): ApiKey {
  return { id: uuidv7(), account_id: user.account_id, user_id: user.id, key_hash: hashApiKey(apiKey), prefix: apiKeyPrefix(apiKey), created_at: createdAt, last_used_at: null, revoked_at: null };
}

/** What a chosen key must look like: visible ASCII, no spaces, long enough not to be guessed. */
const API_KEY_SHAPE = /^[\x21-\x7e]{16,256}$/;

/** How long an authenticated key's principal is remembered, so hot paths skip three lookups per request. */
/** The meta key {@link AccountService.claimFirst} claims with (named for `bollard serve`, its first user, in databases that have it). */
const FIRST_ACCOUNT_CLAIM = "serve.demo_seeded_at";

const PRINCIPAL_CACHE_MS = 1_000;
const PRINCIPAL_CACHE_SIZE = 10_000;
/**
 * A server records a key's use at most this often, so reads do not each cost a write (a disk sync
 * on SQLite). The record raises no change version (see `VERSION_RULES`), so it leaves the response
 * caches alone.
 */
const RECORD_USE_EVERY_MS = 60 * 60_000;
/** The longest grace period a rotation may give the old key: 30 days. */
const MAX_GRACE_SECONDS = 30 * 86_400;

/** Creates the {@link AccountService} over a storage. */
export function createAccountService(storage: Storage, clock: Clock): AccountService {
  const now = () => clock.now().toISOString();
  // Keyed by the key's hash (never the key); real time, since a manual clock may stand still.
  const principals = new Map<string, { principal: Principal; keyId: string; revokedAt: string | null; until: number }>();
  // Per key id: when this process last recorded the key's use (real time).
  const recordedUse = new Map<string, number>();
  const recordUse = async (keyId: string) => {
    const at = Date.now();
    if ((recordedUse.get(keyId) ?? -Infinity) > at - RECORD_USE_EVERY_MS) return;
    if (recordedUse.size >= PRINCIPAL_CACHE_SIZE) recordedUse.clear();
    recordedUse.set(keyId, at);
    // Bookkeeping, not the request's work: a storage that cannot record it does not fail the request
    // (the request's own reads and writes report the storage's state).
    await storage.apiKeys.recordUse(keyId, new Date(Math.floor(at / 60_000) * 60_000).toISOString()).catch(() => recordedUse.delete(keyId));
  };
  const summarize = async (key: ApiKey): Promise<KeySummary> => {
    const [account, user] = await Promise.all([storage.accounts.get(key.account_id), storage.users.get(key.account_id, key.user_id)]);
    return {
      id: key.id,
      prefix: key.prefix,
      account: { id: key.account_id, company_name: account?.company_name ?? "" },
      user_id: key.user_id,
      name: user?.name ?? null,
      role: user?.role ?? "viewer",
      created_at: key.created_at,
      last_used_at: key.last_used_at,
      revoked_at: key.revoked_at ?? null,
    };
  };
  const storedKey = async (keyId: string): Promise<ApiKey> => {
    const key = await storage.apiKeys.get(keyId);
    if (!key) throw new BollardError("not_found", `No API key ${keyId}`);
    return key;
  };
  // Keys live in real time, not the tracker's (perhaps simulated) clock: a revocation made by
  // `bollard keys revoke` holds at once on a server running --clock-speed too.
  const realNow = () => new Date().toISOString();
  const revoked = (revokedAt: string | null | undefined) => revokedAt != null && revokedAt <= realNow();
  // A key revoked through this service stops at once here; other servers drop it within a second.
  const forget = (keyId: string) => {
    for (const [hash, entry] of principals) if (entry.keyId === keyId) principals.delete(hash);
  };
  const service: AccountService = {
    async create(companyName) {
      const name = companyName.trim();
      if (name === "") throw new BollardError("blank", "Company name can't be blank", { pointer: "/data/attributes/company_name" });
      return storage.transaction(async (tx) => {
        if (await tx.accounts.findByName(name)) {
          throw new BollardError("duplicate", `An account named '${name}' already exists`, { pointer: "/data/attributes/company_name" });
        }
        const account = AccountSchema.parse({ id: uuidv7(), company_name: name, created_at: now() });
        await tx.accounts.insert(account);
        return account;
      });
    },
    async ensure(companyName) {
      const existing = await storage.accounts.findByName(companyName.trim());
      if (existing) return { account: existing, created: false };
      return { account: await service.create(companyName), created: true };
    },
    get: (id) => storage.accounts.get(id),
    async list(options = {}) {
      const page = resolvePage(options.page, 30);
      const { items, total } = await storage.accounts.list(page);
      return { data: items, total, page };
    },
    findByName: (companyName) => storage.accounts.findByName(companyName),
    async any() {
      return (await storage.accounts.list({ number: 1, size: 1 })).total > 0;
    },
    claimFirst: () =>
      storage.transaction(async (tx) => {
        if ((await tx.accounts.list({ number: 1, size: 1 })).total > 0) return false;
        if ((await tx.meta.get(FIRST_ACCOUNT_CLAIM)) !== null) return false;
        await tx.meta.set(FIRST_ACCOUNT_CLAIM, now());
        return true;
      }),
    async shipmentCount(accountId) {
      return (await storage.shipments.list(accountId, { page: { number: 1, size: 1 } })).total;
    },
    loadDemo: (dataset) => loadDemoDataset(storage, dataset),
    async issueKey(accountId, options = {}) {
      const apiKey = options.apiKey ?? generateApiKey();
      if (!API_KEY_SHAPE.test(apiKey)) {
        throw new ValidationError([new BollardError("invalid", "A chosen API key has 16 to 256 visible ASCII characters and no spaces", { path: ["apiKey"] })]);
      }
      return storage.transaction(async (tx) => {
        const account = await tx.accounts.get(accountId);
        if (!account) throw new BollardError("not_found", `No account ${accountId}`);
        const createdAt = now();
        const user = UserSchema.parse({ id: uuidv7(), account_id: accountId, name: options.name ?? null, email: null, role: options.role ?? "editor", created_at: createdAt });
        await tx.users.insert(user);
        await tx.apiKeys.insert(newKeyRecord(user, apiKey, createdAt));
        return { account, user, apiKey };
      });
    },
    async listKeys(options = {}) {
      const page = resolvePage(options.page, 30);
      const { items, total } = await storage.apiKeys.list(options.accountId === undefined ? {} : { accountId: options.accountId }, page);
      return { data: await Promise.all(items.map(summarize)), total, page };
    },
    async getKey(keyId) {
      const key = await storage.apiKeys.get(keyId);
      return key ? summarize(key) : null;
    },
    async revokeKey(keyId, options = {}) {
      const at = (options.at ?? new Date()).toISOString();
      if (!(await storage.apiKeys.revoke(keyId, at))) throw new BollardError("not_found", `No API key ${keyId}`);
      forget(keyId);
      return summarize(await storedKey(keyId));
    },
    async rotateKey(keyId, options = {}) {
      const grace = options.graceSeconds ?? 0;
      if (!Number.isFinite(grace) || grace < 0 || grace > MAX_GRACE_SECONDS) {
        throw new ValidationError([new BollardError("out_of_range", `A grace period is 0 to ${MAX_GRACE_SECONDS} seconds (30 days)`, { path: ["graceSeconds"] })]);
      }
      const issued = await storage.transaction(async (tx) => {
        const old = await tx.apiKeys.get(keyId);
        if (!old) throw new BollardError("not_found", `No API key ${keyId}`);
        if (revoked(old.revoked_at)) throw new BollardError("invalid", `The API key ${keyId} is already revoked; issue a new one instead`);
        const [account, user] = await Promise.all([tx.accounts.get(old.account_id), tx.users.get(old.account_id, old.user_id)]);
        if (!account || !user) throw new BollardError("not_found", `No account or user for the API key ${keyId}`);
        const apiKey = generateApiKey();
        const record = newKeyRecord(user, apiKey, now());
        await tx.apiKeys.insert(record);
        await tx.apiKeys.revoke(keyId, new Date(Date.now() + grace * 1000).toISOString());
        return { account, user, apiKey, record };
      });
      forget(keyId);
      const [key, previous] = await Promise.all([summarize(issued.record), summarize(await storedKey(keyId))]);
      return { account: issued.account, user: issued.user, apiKey: issued.apiKey, key, previous };
    },
    async authenticate(authorizationOrKey) {
      const key = authorizationOrKey?.includes(" ") ? parseAuthorization(authorizationOrKey) : (authorizationOrKey ?? null);
      if (!key) throw new UnauthorizedError();
      const hash = hashApiKey(key);
      const cached = principals.get(hash);
      if (cached && cached.until > Date.now()) {
        if (revoked(cached.revokedAt)) throw new UnauthorizedError();
        await recordUse(cached.keyId);
        return cached.principal;
      }
      const stored = await storage.apiKeys.findByHash(hash);
      if (!stored || !sameDigest(stored.key_hash, hash) || revoked(stored.revoked_at)) throw new UnauthorizedError();
      const [account, user] = await Promise.all([storage.accounts.get(stored.account_id), storage.users.get(stored.account_id, stored.user_id)]);
      if (!account || !user) throw new UnauthorizedError();
      if (principals.size >= PRINCIPAL_CACHE_SIZE) principals.clear();
      principals.set(hash, { principal: { account, user }, keyId: stored.id, revokedAt: stored.revoked_at ?? null, until: Date.now() + PRINCIPAL_CACHE_MS });
      await recordUse(stored.id);
      return { account, user };
    },
    async principal(accountId, userId) {
      const [account, user] = await Promise.all([storage.accounts.get(accountId), storage.users.get(accountId, userId)]);
      if (!account || !user) throw new BollardError("not_found", "No such account or user");
      return { account, user };
    },
  };
  return service;
}
