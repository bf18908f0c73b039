import type { Tariff } from "../domain/tariff-schema.js";
import type { Storage, StorageRepositories } from "../storage/index.js";

/** Every rule of an account, read a page at a time (the calculation needs them all). */
export async function allTariffs(storage: Storage | StorageRepositories, accountId: string): Promise<Tariff[]> {
  const rules: Tariff[] = [];
  for (let number = 1; ; number++) {
    const page = await storage.tariffs.list(accountId, { number, size: 500 });
    rules.push(...page.items);
    if (page.items.length < 500) return rules;
  }
}
