import type { RefreshLogDay, StorageRepositories } from "@bollard/core/storage";
import { cmp, copy, type Access } from "./memory-records.js";
import { valuesOf, type MemoryTables } from "./memory-table.js";

/** The table key of a refresh log record: its account, shipment and day. */
export function refreshLogKey(record: Pick<RefreshLogDay, "account_id" | "shipment_id" | "day">): string {
  return `${record.account_id}|${record.shipment_id}|${record.day}`;
}

/** The refresh log: one record per shipment and day, appended to. */
export function refreshLogRepositories(tables: MemoryTables, access: Access): Pick<StorageRepositories, "refreshLog"> {
  const { refreshLog } = tables;
  return {
    refreshLog: {
      append: (day) =>
        access.write(() => {
          const key = refreshLogKey(day);
          const stored = refreshLog.get(key);
          refreshLog.set(key, stored ? { ...stored, attempted: [...stored.attempted, ...day.attempted], succeeded: [...stored.succeeded, ...day.succeeded] } : copy(day));
        }),
      listThrough: (accountId, shipmentId, through, limit) =>
        access.read(() =>
          copy(
            valuesOf(refreshLog)
              .filter((r) => r.account_id === accountId && r.shipment_id === shipmentId && r.day <= through)
              .sort((a, b) => cmp(b.day, a.day))
              .slice(0, Math.max(0, limit)),
          ),
        ),
    },
  };
}
