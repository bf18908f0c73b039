/*
 * The storage-neutral export/import port every adapter implements (`Storage.copy`): records by
 * repository noun, in key order and in batches, so a copy between any two storages (`bollard
 * migrate-db`) needs to know no adapter's tables, and resumes from a checkpoint kept in the
 * target's `meta`, written in the same transaction as the batch it covers.
 */

/**
 * The nouns of an account's own data, parents first: what an account-scoped export covers and
 * {@link StorageCopy.clearAccount} deletes (the sandbox's reset and snapshots). The account itself,
 * its users and API keys are not among them (they are how the account signs in), nor the shared
 * reference data, vessels and their positions.
 */
export const ACCOUNT_DATA_NOUNS = [
  "shipments",
  "containers",
  "changes",
  "refreshLog",
  "transportEvents",
  "rawEvents",
  "parties",
  "tariffs",
  "exceptionRules",
  "trackingRequests",
  "customFieldDefinitions",
  "customFieldOptions",
  "customFields",
  "webhooks",
  "webhookNotifications",
  "webhookNotificationAttempts",
  "webhookReplays",
  "domainEvents",
  "exceptions",
  "bulkJobs",
  "bulkJobRows",
] as const;

/**
 * What a copy moves, by repository noun, parents before the records that reference them: the
 * order a copy fills a target in: the accounts and shared records, then every account's own data
 * ({@link ACCOUNT_DATA_NOUNS}). `webhookNotificationAttempts` is the delivery log of
 * `webhookNotifications`; `meta` entries are `{ key, value }` records.
 */
export const COPY_NOUNS = [
  "accounts",
  "users",
  "apiKeys",
  "meta",
  "ports",
  "terminals",
  "railTerminals",
  "metroAreas",
  "shippingLines",
  "vessels",
  "vesselPositions",
  ...ACCOUNT_DATA_NOUNS,
] as const;

/** A kind of record a copy moves; see {@link COPY_NOUNS}. */
export type CopyNoun = (typeof COPY_NOUNS)[number];



/** A kind of record of an account's own data; see {@link ACCOUNT_DATA_NOUNS}. */
export type AccountDataNoun = (typeof ACCOUNT_DATA_NOUNS)[number];

/** Narrows a copy to one account's own data (`count` and `exportBatch` of an {@link AccountDataNoun}). */
export interface CopyScope {
  /** Only this account's records (for delivery attempts: those of its notifications). */
  accountId: string;
}

/** Whether `noun` holds an account's own data, so a {@link CopyScope} applies to it. */
export function isAccountDataNoun(noun: CopyNoun): noun is AccountDataNoun {
  return (ACCOUNT_DATA_NOUNS as readonly CopyNoun[]).includes(noun);
}

/** One entry of the `meta` repository, as a copy moves it. */
export interface MetaEntry {
  /** The entry's key. */
  key: string;
  /** Its value. */
  value: string;
}

/**
 * `meta` keys starting with this are a copy's checkpoints: `count` and `exportBatch` of `meta`
 * leave them out, as they leave out the adapter's own bookkeeping keys.
 */
export const COPY_CHECKPOINT_PREFIX = "migrate_db.";

/** One batch of an export: its records, and the cursor to ask for the next batch with. */
export interface ExportBatch {
  /** Records of the noun, as stored (deep-equal to what was written), in the adapter's key order. */
  records: unknown[];
  /** Opaque cursor after the last record of this batch. */
  after: string;
}

/**
 * The export/import port of a storage (`Storage.copy`): every record of every noun, in batches.
 * Rules (the contract suite tests each one):
 * - `exportBatch(noun, null, n)` starts at the beginning; passing each batch's `after` back returns
 *   the next records, never one twice, until it returns null. Records come in a total key order of
 *   the adapter's choosing and read back exactly as written.
 * - `count(noun)` is how many records `exportBatch` returns in all.
 * - `importBatch(noun, records, checkpoint)` stores the records, skipping those whose id (key) is
 *   already stored, and sets the `meta` entry `checkpoint`, atomically; it returns how many it stored.
 *   A record holding a NUL character is refused with `invalid` naming it.
 * - With a {@link CopyScope}, `count` and `exportBatch` cover only that account's records, in the
 *   same order; a scope on a noun outside {@link ACCOUNT_DATA_NOUNS} is refused (`invalid_parameter`).
 * - `clearAccount(accountId)` deletes every record of the account's own data (every noun of
 *   {@link ACCOUNT_DATA_NOUNS}) atomically and returns how many it deleted; nothing of another
 *   account, and not the account, its users or API keys.
 */
export interface StorageCopy {
  /** How many records of `noun` an export returns (with `scope`: of that account only). */
  count(noun: CopyNoun, scope?: CopyScope): Promise<number>;
  /**
   * The next at most `limit` records of `noun` after the cursor `after` (null: from the start), or
   * null when there are none; with `scope`, of that account only.
   */
  exportBatch(noun: CopyNoun, after: string | null, limit: number, scope?: CopyScope): Promise<ExportBatch | null>;
  /** Stores `records` of `noun` (skipping stored keys) and sets `checkpoint` in `meta`, in one transaction; returns how many were stored. */
  importBatch(noun: CopyNoun, records: readonly unknown[], checkpoint?: MetaEntry): Promise<number>;
  /** Deletes every record of the account's own data ({@link ACCOUNT_DATA_NOUNS}) in one transaction; returns how many. */
  clearAccount(accountId: string): Promise<number>;
}

/** The detail of the `invalid_parameter` error refusing a {@link CopyScope} on a noun that is not an account's own data. */
export function unscopedNounDetail(noun: CopyNoun): string {
  return `${noun} is not an account's own data: an account-scoped copy covers ${ACCOUNT_DATA_NOUNS.join(", ")}`;
}
