import type { StorageRepositories } from "@bollard/core/storage";
import type { Access } from "./memory-records.js";
import type { MemoryTables } from "./memory-table.js";

/** Change versions: a number per key, raised in the caller's transaction (its overlay) or on their own. */
export function changeVersionRepositories(tables: MemoryTables, access: Access): Pick<StorageRepositories, "changeVersions"> {
  const { changeVersions } = tables;
  return {
    changeVersions: {
      bump: (keys) =>
        access.write(() => {
          for (const key of keys) changeVersions.set(key, (changeVersions.get(key) ?? 0) + 1);
        }),
      get: (keys) => access.read(() => keys.map((key) => changeVersions.get(key) ?? 0)),
    },
  };
}
