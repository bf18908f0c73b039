import type { Party } from "../domain/index.js";
import { uuidv7 } from "../ids/index.js";
import { nextSerial, nowTimestamp } from "./fixture-values.js";

/** A party (customer) of the account with a company name unique to this call. */
export function makeParty(accountId: string, overrides: Partial<Party> = {}): Party {
  const now = nowTimestamp();
  return { id: uuidv7(), account_id: accountId, company_name: `Customer ${nextSerial()} Ltd`, created_at: now, updated_at: now, ...overrides };
}
