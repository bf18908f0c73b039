import type { ExceptionRule } from "../domain/exception-schema.js";
import type { Storage, StorageRepositories } from "../storage/index.js";

/** Every exception rule of an account (at most one per kind, so one read). */
export async function allExceptionRules(storage: Storage | StorageRepositories, accountId: string): Promise<ExceptionRule[]> {
  return (await storage.exceptionRules.list(accountId, { number: 1, size: 100 })).items;
}
