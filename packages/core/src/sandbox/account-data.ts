import { ACCOUNT_DATA_NOUNS, type AccountDataNoun, type Storage } from "../storage/index.js";

/** An account's own data, by noun, exactly as the storage's export returns it. */
export type AccountData = Record<AccountDataNoun, unknown[]>;

const BATCH = 500;

/** Reads every record of the account's own data through the storage-neutral copy port. */
export async function exportAccountData(storage: Storage, accountId: string): Promise<AccountData> {
  const data = {} as AccountData;
  for (const noun of ACCOUNT_DATA_NOUNS) {
    const records: unknown[] = [];
    for (let after: string | null = null; ; ) {
      const batch = await storage.copy.exportBatch(noun, after, BATCH, { accountId });
      if (!batch) break;
      records.push(...batch.records);
      after = batch.after;
    }
    data[noun] = records;
  }
  return data;
}

/** How many records of each noun `data` holds. */
export function recordCounts(data: AccountData): Record<AccountDataNoun, number> {
  return Object.fromEntries(ACCOUNT_DATA_NOUNS.map((noun) => [noun, data[noun].length])) as Record<AccountDataNoun, number>;
}

/** Deletes the account's own data and writes `data` in its place, parents first (reset is `data` = nothing). */
export async function replaceAccountData(storage: Storage, accountId: string, data: AccountData | null): Promise<number> {
  const deleted = await storage.copy.clearAccount(accountId);
  if (data) {
    for (const noun of ACCOUNT_DATA_NOUNS) {
      for (let i = 0; i < data[noun].length; i += BATCH) await storage.copy.importBatch(noun, data[noun].slice(i, i + BATCH));
    }
  }
  return deleted;
}
