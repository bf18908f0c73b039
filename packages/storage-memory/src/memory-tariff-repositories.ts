import type { Tariff } from "@bollard/core";
import type { StorageRepositories } from "@bollard/core/storage";
import { deleteScoped, getScoped, insertInto, listWhere, oldestFirst, updateIn, type Access } from "./memory-records.js";
import type { MemoryTables } from "./memory-table.js";

/** Tariff rules (free time and daily rates) of accounts. */
export function tariffRepositories(tables: MemoryTables, access: Access): Pick<StorageRepositories, "tariffs"> {
  const { tariffs } = tables;
  return {
    tariffs: {
      insert: (tariff) => access.write(() => insertInto(tariffs, tariff, "tariff")),
      update: (tariff) => access.write(() => updateIn(tariffs, tariff, "tariff")),
      delete: (accountId, id) => access.write(() => deleteScoped(tariffs, accountId, id)),
      get: (accountId, id) => access.read(() => getScoped(tariffs, accountId, id)),
      list: (accountId, page) => access.read(() => listWhere(tariffs, (t: Tariff) => t.account_id === accountId, oldestFirst, page)),
    },
  };
}
