import type { Storage } from "./storage.js";
import type { StorageRepositories } from "./repositories.js";

/*
 * Change versions, kept by core: `versionedStorage` wraps a storage so that every write raises, in
 * its own transaction, the version of each account it changes (and of the shared keys below). Which
 * write changes what is stated once, per repository method, in VERSION_RULES; the compiler holds
 * the table to the storage contract, so a new method cannot be forgotten.
 */

/** Raised by every versioned write, whatever it changed: "something was written" (the background's sign of contention). */
export const EVERY_WRITE_KEY = "*";
/** Raised by writes of reference data every account's answers may include: ports, terminals, shipping lines, … */
export const SHARED_DATA_KEY = "~shared";
/**
 * Raised by writes of vessels, shared by every account like reference data but apart from it: an
 * AIS feed moves them several times a second, which must not turn over every answer with an
 * `include` — only those that may include a vessel.
 */
export const VESSELS_KEY = "~vessels";
/** Raised by writes whose accounts are not known one by one (pruning the outbox, a copy's import): every account's answers change. */
export const EVERY_ACCOUNT_KEY = "~accounts";

/** Which records shared by every account an answer may include. */
export interface SharedDataIncluded {
  /** Reference data: ports, terminals, rail terminals, metro areas, shipping lines. */
  reference?: boolean;
  /** Vessels. */
  vessels?: boolean;
}

/**
 * The keys whose versions together tell whether an account's answer is unchanged: the account's
 * own, {@link EVERY_ACCOUNT_KEY}, {@link SHARED_DATA_KEY} when the answer may include reference
 * data (an `include` of ports, terminals, …) and {@link VESSELS_KEY} when it may include vessels.
 */
export function answerVersionKeys(accountId: string, shared: SharedDataIncluded = {}): string[] {
  return [EVERY_ACCOUNT_KEY, accountId, ...(shared.reference ? [SHARED_DATA_KEY] : []), ...(shared.vessels ? [VESSELS_KEY] : [])];
}

type Keys = readonly string[];
/**
 * What a repository method changes: `"read"` (nothing), `"unversioned"` (a write no answer shows:
 * API keys, scheduler leases, positions, bookkeeping), or the keys it changes, from its arguments
 * and result.
 */
type VersionRule<F> = F extends (...args: infer A) => Promise<infer R> ? "read" | "unversioned" | ((args: A, result: R) => Keys) : never;
/** A rule for every method of every repository. */
type VersionRules = { readonly [N in keyof StorageRepositories]-?: { readonly [M in keyof NonNullable<StorageRepositories[N]>]-?: VersionRule<NonNullable<StorageRepositories[N]>[M]> } };

/** A record's account; a record of no account (a built-in custom field definition) shows in every account. */
const accountOf = (record: { account_id: string | null }): string => record.account_id ?? EVERY_ACCOUNT_KEY;
const ofRecord = ([record]: readonly [{ account_id: string | null }, ...unknown[]]): Keys => [accountOf(record)];
const ofRecords = ([records]: readonly [readonly { account_id: string | null }[], ...unknown[]]): Keys => [...new Set(records.map(accountOf))];
const ofAccountArgument = ([accountId]: readonly [string, ...unknown[]]): Keys => [accountId];
const shared = (): Keys => [SHARED_DATA_KEY];
const reference = { upsertMany: shared, get: "read", getMany: "read", count: "read" } as const;
const vessels = (): Keys => [VESSELS_KEY];

/** Which keys each write of the storage contract changes. */
const VERSION_RULES: VersionRules = {
  accounts: { insert: ([account]) => [account.id], get: "read", findByName: "read", list: "read" },
  users: { insert: ofRecord, get: "read", list: "read" },
  // Keys are checked before any answer is looked up; no answer shows them.
  apiKeys: { insert: "unversioned", findByHash: "read", get: "read", list: "read", recordUse: "unversioned", revoke: "unversioned" },
  ports: { ...reference, getByLocode: "read" },
  terminals: reference,
  railTerminals: reference,
  metroAreas: { ...reference, getByLocode: "read" },
  shippingLines: { ...reference, getByScac: "read", list: "read" },
  vessels: { ...reference, upsertMany: vessels, getByImo: "read", getByMmsi: "read" },
  // Positions show only in the vessel and map routes, which are never cached; a vessel's own position moves with `vessels.upsertMany`.
  vesselPositions: { insertMany: "unversioned", listByVessel: "read", latest: "read", vesselIds: "read", deleteMany: "unversioned" },
  shipments: { insert: ofRecord, update: ofRecord, get: "read", getMany: "read", list: "read" },
  containers: { insert: ofRecord, update: ofRecord, get: "read", getMany: "read", listByShipments: "read", list: "read" },
  changes: { insertMany: ofRecords, listByResource: "read", listLearnedAfter: "read" },
  refreshLog: { append: ofRecord, listThrough: "read" },
  transportEvents: { insertMany: ofRecords, get: "read", listByContainers: "read" },
  rawEvents: { insertMany: ofRecords, update: ofRecord, listByContainers: "read" },
  eventFeed: { list: "read", get: "read" },
  // A claim moves only `next_attempt_at`, the scheduler's lease, which no answer shows.
  trackingRequests: { insert: ofRecord, update: ofRecord, get: "read", list: "read", activeByNumbers: "read", listDue: "read", claimDue: "unversioned" },
  parties: { insert: ofRecord, update: ofRecord, get: "read", findByName: "read", list: "read" },
  tariffs: { insert: ofRecord, update: ofRecord, delete: ofAccountArgument, get: "read", list: "read" },
  exceptionRules: { insert: ofRecord, update: ofRecord, delete: ofAccountArgument, get: "read", list: "read" },
  exceptions: { insertMany: ofRecords, update: ofRecord, get: "read", list: "read", listOpenByShipments: "read" },
  // Jobs are read through routes the response cache never keeps (their progress moves); a claim moves only the lease.
  bulkJobs: { insert: "unversioned", update: "unversioned", get: "read", list: "read", claimNext: "unversioned", listRows: "read", pendingRows: "read", updateRows: "unversioned" },
  customFieldDefinitions: { insert: ofRecord, update: ofRecord, delete: ofAccountArgument, get: "read", getBySlug: "read", list: "read" },
  customFieldOptions: { insert: ofRecord, update: ofRecord, delete: ofAccountArgument, get: "read", listByDefinition: "read", deleteByDefinition: ofAccountArgument },
  customFields: { insert: ofRecord, update: ofRecord, delete: ofAccountArgument, get: "read", getByEntitySlug: "read", list: "read", listByEntities: "read", deleteByDefinition: ofAccountArgument },
  webhooks: { insert: ofRecord, update: ofRecord, delete: ofAccountArgument, get: "read", list: "read", listActive: "read" },
  webhookNotifications: {
    insertMany: ofRecords,
    update: ofRecord,
    get: "read",
    list: "read",
    listWindow: "read",
    countWindow: "read",
    claimDue: "unversioned",
    listDue: "read",
    // An attempt is written with its notification's update (the attempt recorder), which raises the account.
    insertAttempt: "unversioned",
    listAttempts: "read",
    pruneDelivered: (_args, pruned) => (pruned > 0 ? [EVERY_ACCOUNT_KEY] : []),
  },
  webhookReplays: { insert: ofRecord, update: ofRecord, get: "read", listRunning: "read" },
  // No answer shows domain events: pruning them changes none.
  domainEvents: { insertMany: ofRecords, get: "read", list: "read", pruneCreatedBefore: "unversioned" },
  meta: { get: "read", set: "unversioned" },
  changeVersions: { bump: "unversioned", get: "read" },
  // Texts made from records already versioned: keeping one changes no answer.
  keptTexts: { get: "read", put: "unversioned", drop: "unversioned" },
};

type AnyMethod = (...args: unknown[]) => Promise<unknown>;
type AnyRule = "read" | "unversioned" | ((args: unknown[], result: unknown) => Keys);
type Write = (name: string, method: string, call: AnyMethod, rule: (args: unknown[], result: unknown) => Keys) => AnyMethod;

/** `repositories` with each versioned write made by `write`; reads and unversioned writes call the repositories' own methods. */
function wrapWrites(repositories: StorageRepositories, write: Write): StorageRepositories {
  const out: Record<string, Record<string, AnyMethod>> = {};
  for (const [name, rules] of Object.entries(VERSION_RULES) as [keyof StorageRepositories, Record<string, AnyRule>][]) {
    const repository = repositories[name] as unknown as Record<string, AnyMethod> | undefined;
    // An optional capability the storage does not have stays absent.
    if (repository === undefined) continue;
    const wrapped: Record<string, AnyMethod> = {};
    for (const [method, rule] of Object.entries(rules)) {
      // Late-bound, so a method replaced on the wrapped storage afterwards (instrumentation, a test's fault) still answers.
      const call: AnyMethod = (...args) => repository[method]!(...args);
      wrapped[method] = typeof rule === "function" ? write(name, method, call, rule) : call;
    }
    out[name] = wrapped;
  }
  return out as unknown as StorageRepositories;
}

/** The method `name.method` of `repositories`. */
function methodOf(repositories: StorageRepositories, name: string, method: string): AnyMethod {
  return (repositories as unknown as Record<string, Record<string, AnyMethod>>)[name]![method]!;
}

/**
 * The storage with change versions kept: every write that changes an account raises that account's
 * version (and {@link EVERY_WRITE_KEY}; {@link SHARED_DATA_KEY}, {@link VESSELS_KEY} or
 * {@link EVERY_ACCOUNT_KEY} where the rules say) in the write's own transaction, so a version and the
 * data it stands for commit together. A write made outside a transaction runs in one of its own with
 * its raise. A copy's import raises {@link EVERY_ACCOUNT_KEY}, {@link SHARED_DATA_KEY} and
 * {@link VESSELS_KEY} once it is written, clearing
 * an account raises the account's. `createTracker` wraps its storage in it, so everything written
 * through a tracker is versioned.
 *
 * @example
 * const storage = versionedStorage(sqliteStorage({ filename: "bollard.sqlite" }));
 */
export function versionedStorage(storage: Storage): Storage {
  const bump = (repositories: StorageRepositories, keys: Iterable<string>) => repositories.changeVersions.bump([EVERY_WRITE_KEY, ...keys]);
  // Outside a transaction, the write and its raise run in one of their own.
  const outside = wrapWrites(storage, (name, method, _call, rule) => (...args) =>
    storage.transaction(async (tx) => {
      const result = await methodOf(tx, name, method)(...args);
      const keys = rule(args, result);
      if (keys.length > 0) await bump(tx, keys);
      return result;
    }),
  );
  const { copy } = storage;
  return {
    ...storage,
    ...outside,
    transaction: (fn) =>
      storage.transaction(async (tx) => {
        const touched = new Set<string>();
        const result = await fn(
          wrapWrites(tx, (_name, _method, call, rule) => async (...args) => {
            const written = await call(...args);
            for (const key of rule(args, written)) touched.add(key);
            return written;
          }),
        );
        if (touched.size > 0) await bump(tx, touched);
        return result;
      }),
    copy: {
      ...copy,
      importBatch: async (noun, records, checkpoint) => {
        const imported = await copy.importBatch(noun, records, checkpoint);
        if (imported > 0) await bump(storage, [EVERY_ACCOUNT_KEY, SHARED_DATA_KEY, VESSELS_KEY]);
        return imported;
      },
      clearAccount: async (accountId) => {
        const cleared = await copy.clearAccount(accountId);
        await bump(storage, [accountId]);
        return cleared;
      },
    },
  };
}
