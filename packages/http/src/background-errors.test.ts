import { createTracker, type Storage } from "@bollard/core";
import { memoryStorage } from "@bollard/storage-memory";
import { describe, expect, it } from "vitest";
import { trackerStorage } from "@bollard/core/storage";

/** Memory storage whose claims fail, as a broken database would make them. */
function failingClaims(): Storage {
  const storage = memoryStorage();
  const broken = () => Promise.reject(new Error("disk I/O error"));
  return {
    ...storage,
    trackingRequests: { ...storage.trackingRequests, claimDue: broken },
    webhookNotifications: { ...storage.webhookNotifications, claimDue: broken },
  };
}

/** Memory storage on which writing the refreshed tracking request `number` fails, inside any transaction. */
function poisoned(number: string): Storage {
  const storage = memoryStorage();
  return {
    ...storage,
    transaction: (work) =>
      storage.transaction((tx) =>
        work({ ...tx, trackingRequests: { ...tx.trackingRequests, update: (request) => (request.request_number === number && request.status !== "pending" ? Promise.reject(new Error("poison")) : tx.trackingRequests.update(request)) } }),
      ),
  };
}

describe("createTracker({ onBackgroundError })", () => {
  it("writes the rest of a refresh batch when one request cannot be written, and reports it", async () => {
    const errors: string[] = [];
    const tracker = await createTracker({ storage: poisoned("TEST-POISON-3"), onBackgroundError: (error) => errors.push((error as Error).message) });
    const { account } = await tracker.accounts.ensure("Poison");
    const session = tracker.session(await tracker.accounts.authenticate((await tracker.accounts.issueKey(account.id)).apiKey));
    for (let i = 1; i <= 6; i++) await session.trackingRequests.create({ request_type: "bill_of_lading", request_number: `TEST-POISON-${i}`, scac: "TEST" });
    const summary = await tracker.refresh.runDue();
    expect([summary.total, summary.skipped]).toStrictEqual([6, 1]);
    const statuses = (await trackerStorage(tracker).trackingRequests.list(account.id, { page: { number: 1, size: 10 } })).items.map((r) => `${r.request_number} ${r.status}`).sort();
    expect(statuses).toStrictEqual(["TEST-POISON-1 created", "TEST-POISON-2 created", "TEST-POISON-3 pending", "TEST-POISON-4 created", "TEST-POISON-5 created", "TEST-POISON-6 created"]);
    expect(errors.length).toBeGreaterThanOrEqual(2); // the slice it was in, then the request on its own
    expect(errors.every((message) => message === "poison")).toBe(true);
    await tracker.close();
  });

  it("receives what the running refresh and webhook loops could not handle, and the loops keep going", async () => {
    const seen: { loop: string; message: string }[] = [];
    const tracker = await createTracker({ storage: failingClaims(), onBackgroundError: (error, loop) => seen.push({ loop, message: (error as Error).message }) });
    tracker.refresh.start(5);
    tracker.webhooks.start(5);
    await expect.poll(() => seen.filter((e) => e.loop === "refresh").length, { timeout: 5_000 }).toBeGreaterThanOrEqual(2);
    await expect.poll(() => seen.filter((e) => e.loop === "webhooks").length, { timeout: 5_000 }).toBeGreaterThanOrEqual(2);
    await tracker.close();
    expect(seen.every((e) => e.message === "disk I/O error")).toBe(true);
  });
});
