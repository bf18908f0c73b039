import type { Party } from "@bollard/core";
import type { StorageRepositories } from "@bollard/core/storage";
import { copy, getScoped, insertInto, listWhere, oldestFirst, updateIn, type Access } from "./memory-records.js";
import { valuesOf, type MemoryTables } from "./memory-table.js";

/** Parties (customers), unique by (`account_id`, `company_name`). */
export function partyRepositories(tables: MemoryTables, access: Access): Pick<StorageRepositories, "parties"> {
  const { parties } = tables;
  return {
    parties: {
      insert: (party) => access.write(() => insertInto(parties, party, "party", (p) => p.account_id === party.account_id && p.company_name === party.company_name)),
      update: (party) => access.write(() => updateIn(parties, party, "party", (p) => p.account_id === party.account_id && p.company_name === party.company_name)),
      get: (accountId, id) => access.read(() => getScoped(parties, accountId, id)),
      findByName: (accountId, companyName) =>
        access.read(() => copy(valuesOf(parties).find((p) => p.account_id === accountId && p.company_name === companyName) ?? null)),
      list: (accountId, page) => access.read(() => listWhere(parties, (p: Party) => p.account_id === accountId, oldestFirst, page)),
    },
  };
}
