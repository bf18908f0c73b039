import type { Change } from "@bollard/core";
import type { StorageRepositories } from "@bollard/core/storage";
import { cmp, copy, insertAllInto, listWhere, type Access } from "./memory-records.js";
import { valuesOf, type MemoryTables } from "./memory-table.js";

/** Newest first: `learned_at` descending, then `id` descending. */
const newestLearnedFirst = (a: Change, b: Change) => cmp(b.learned_at, a.learned_at) || cmp(b.id, a.id);

/** The history of shipments and containers, append-only. */
export function changeRepositories(tables: MemoryTables, access: Access): Pick<StorageRepositories, "changes"> {
  const { changes } = tables;
  const ofResource = (accountId: string, type: string, id: string) => (c: Change) => c.account_id === accountId && c.resource_type === type && c.resource_id === id;
  return {
    changes: {
      insertMany: (records) => access.write(() => insertAllInto(changes, records, "change")),
      listByResource: (accountId, type, id, page) => access.read(() => listWhere(changes, ofResource(accountId, type, id), newestLearnedFirst, page)),
      listLearnedAfter: (accountId, type, id, after) =>
        access.read(() => {
          const matches = ofResource(accountId, type, id);
          return copy(valuesOf(changes).filter((c) => matches(c) && c.learned_at > after).sort(newestLearnedFirst));
        }),
    },
  };
}
