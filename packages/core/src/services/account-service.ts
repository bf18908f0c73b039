import type { Clock } from "../clock/index.js";
import { AccountSchema, UserSchema, type Account, type User, type UserRole } from "../domain/index.js";
import { BollardError, UnauthorizedError, ValidationError } from "../errors/index.js";
import { uuidv7 } from "../ids/index.js";
import type { Page, Storage } from "../storage/index.js";
import { resolvePage } from "./pagination-defaults.js";
import type { ListResult } from "./read-options.js";
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
   * Creates a user with the role and an API key for it: a new random key, or `apiKey` when the
   * caller brings one (a known key for CI: 16 to 256 visible ASCII characters, no spaces).
   */
  issueKey(accountId: string, options?: IssueKeyOptions): Promise<IssuedKey>;
  /** Accounts by `created_at`, then `id`; default page size 30. */
  list(options?: { page?: Partial<Page> }): Promise<ListResult<Account>>;
  /** The principal behind an `Authorization` header value or a bare key; 401 when unknown. Remembered for 1 s per key, so a key removed on any server stops working within a second. */
  authenticate(authorizationOrKey: string | null | undefined): Promise<Principal>;
  /** The principal for a known account and user id (for embedders that have no keys); 404 when unknown. */
  principal(accountId: string, userId: string): Promise<Principal>;
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

/** What a chosen key must look like: visible ASCII, no spaces, long enough not to be guessed. */
const API_KEY_SHAPE = /^[\x21-\x7e]{16,256}$/;

/** How long an authenticated key's principal is remembered, so hot paths skip three lookups per request. */
const PRINCIPAL_CACHE_MS = 1_000;
const PRINCIPAL_CACHE_SIZE = 10_000;

/** Creates the {@link AccountService} over a storage. */
export function createAccountService(storage: Storage, clock: Clock): AccountService {
  const now = () => clock.now().toISOString();
  // Keyed by the key's hash (never the key); real time, since a manual clock may stand still.
  const principals = new Map<string, { principal: Principal; until: number }>();
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
        await tx.apiKeys.insert({ id: uuidv7(), account_id: accountId, user_id: user.id, key_hash: hashApiKey(apiKey), prefix: apiKeyPrefix(apiKey), created_at: createdAt, last_used_at: null });
        return { account, user, apiKey };
      });
    },
    async authenticate(authorizationOrKey) {
      const key = authorizationOrKey?.includes(" ") ? parseAuthorization(authorizationOrKey) : (authorizationOrKey ?? null);
      if (!key) throw new UnauthorizedError();
      const hash = hashApiKey(key);
      const cached = principals.get(hash);
      if (cached && cached.until > Date.now()) return cached.principal;
      const stored = await storage.apiKeys.findByHash(hash);
      if (!stored || !sameDigest(stored.key_hash, hash)) throw new UnauthorizedError();
      const [account, user] = await Promise.all([storage.accounts.get(stored.account_id), storage.users.get(stored.account_id, stored.user_id)]);
      if (!account || !user) throw new UnauthorizedError();
      if (principals.size >= PRINCIPAL_CACHE_SIZE) principals.clear();
      principals.set(hash, { principal: { account, user }, until: Date.now() + PRINCIPAL_CACHE_MS });
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
