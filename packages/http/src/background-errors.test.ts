import { createTracker, type Storage } from "@bollard/core";
import { memoryStorage } from "@bollard/storage-memory";
import { describe, expect, it } from "vitest";

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

describe("createTracker({ onBackgroundError })", () => {
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
