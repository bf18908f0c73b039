import { createTracker, type Storage } from "@bollard/core";
import { memoryStorage } from "@bollard/storage-memory";
import { describe, expect, it } from "vitest";

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** One transaction as the storage saw it: when it was asked for, when its body began, when it ended. */
interface Seen {
  asked: number;
  began: number;
  ended: number;
}

/**
 * Memory storage as it is next to another writer: every transaction first waits `waitMs` for the
 * lock, each tracking request written in one takes at least `recordMs` (so a batch needs many
 * slices, however fast the machine), and the version every write raises has changed whenever it is
 * asked (the other writer committed meanwhile). It records each transaction's times.
 */
function contended(waitMs: number, recordMs: number): { storage: Storage; seen: Seen[] } {
  const storage = memoryStorage();
  const seen: Seen[] = [];
  let version = 0;
  return {
    seen,
    storage: {
      ...storage,
      // Another writer raised the every-write version whenever it is read.
      changeVersions: { ...storage.changeVersions, get: async (keys) => keys.map(() => version++) },
      transaction: async (work) => {
        const asked = performance.now();
        await sleep(waitMs);
        let began: number | undefined;
        try {
          return await storage.transaction((tx) => {
            // Held from the slice's first write: the refresh measures from inside the transaction's
            // layers (which a busy event loop can enter late), never from before them.
            const slow = { ...tx.trackingRequests, update: async (request: Parameters<typeof tx.trackingRequests.update>[0]) => ((began ??= performance.now()), await sleep(recordMs), tx.trackingRequests.update(request)) };
            return work({ ...tx, trackingRequests: slow });
          });
        } finally {
          const ended = performance.now();
          seen.push({ asked, began: began ?? ended, ended });
        }
      },
    },
  };
}

describe("the refresh's write slices next to other writers", () => {
  it("pause three times as long as they held the lock while another writer commits between them", async () => {
    const { storage, seen } = contended(3, 3);
    const tracker = await createTracker({ storage });
    const { account } = await tracker.accounts.ensure("Contended");
    const session = tracker.session(await tracker.accounts.authenticate((await tracker.accounts.issueKey(account.id)).apiKey));
    for (let i = 1; i <= 80; i++) await session.trackingRequests.create({ request_type: "bill_of_lading", request_number: `TEST-LOCK-${i}`, scac: "TEST" });
    seen.length = 0;
    const summary = await tracker.refresh.runDue();
    expect(summary.created).toBe(80);
    // The batch's write slices (the claim is no transaction); the first two, before the refresh saw the other writer, at its own pace.
    expect(seen.length).toBeGreaterThanOrEqual(8);
    for (let i = 2; i < seen.length; i++) {
      const held = seen[i - 1]!.ended - seen[i - 1]!.began;
      const pause = seen[i]!.asked - seen[i - 1]!.ended;
      // Less 3 ms: a fractional delay is cut to whole milliseconds, and a timer counts from the event loop's cached clock.
      expect(pause).toBeGreaterThanOrEqual(3 * held - 3);
    }
    await tracker.close();
  });

  it("are written at their own pace when the storage cannot tell its change versions", async () => {
    const storage = memoryStorage();
    const tracker = await createTracker({ storage: { ...storage, changeVersions: { ...storage.changeVersions, get: () => Promise.reject(new Error("no version now")) } } });
    const { account } = await tracker.accounts.ensure("Unversioned");
    const session = tracker.session(await tracker.accounts.authenticate((await tracker.accounts.issueKey(account.id)).apiKey));
    for (let i = 1; i <= 20; i++) await session.trackingRequests.create({ request_type: "bill_of_lading", request_number: `TEST-NOVERSION-${i}`, scac: "TEST" });
    expect((await tracker.refresh.runDue()).created).toBe(20);
    await tracker.close();
  });
});
