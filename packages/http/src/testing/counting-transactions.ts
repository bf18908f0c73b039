import type { Storage } from "@bollard/core";
import { memoryStorage } from "@bollard/storage-memory";

/** Memory storage that counts its open transactions, for tests of what runs inside one and what before. */
export function countingTransactions(): { storage: Storage; open: () => number } {
  const storage = memoryStorage();
  let open = 0;
  const transaction: Storage["transaction"] = (work) =>
    storage.transaction(async (tx) => {
      open += 1;
      try {
        return await work(tx);
      } finally {
        open -= 1;
      }
    });
  return { storage: { ...storage, transaction }, open: () => open };
}
