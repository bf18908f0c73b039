import { join } from "node:path";
import { createTracker, manualClock, type ManualClock, type Tracker } from "@bollard/core";
import { sqliteStorage } from "@bollard/storage-sqlite";
import { pendingBillOfLading } from "./bench-data.js";
import { trackerStorage } from "@bollard/core/storage";

/** A tracker of the refresh benches, its manual clock, and the account holding the requests. */
export interface RefreshTracker {
  tracker: Tracker;
  clock: ManualClock;
  accountId: string;
}

/**
 * A tracker on a new SQLite file `refresh.sqlite` in `dir`, on a manual clock at 2026-06-01, with
 * `count` pending bill of lading requests of one account, all due now: the first refresh cycle
 * creates their shipments.
 */
export async function refreshTracker(dir: string, count: number): Promise<RefreshTracker> {
  const clock = manualClock("2026-06-01T00:00:00Z");
  const tracker = await createTracker({ storage: sqliteStorage({ filename: join(dir, "refresh.sqlite") }), clock });
  const { account } = await tracker.accounts.ensure("Refresh");
  const now = clock.now().toISOString();
  await trackerStorage(tracker).transaction(async (tx) => {
    for (let i = 0; i < count; i++) await tx.trackingRequests.insert(pendingBillOfLading(account.id, i, now));
  });
  return { tracker, clock, accountId: account.id };
}
