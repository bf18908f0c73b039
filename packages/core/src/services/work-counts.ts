import { TrackingRequestStatusSchema, type TrackingRequestStatus } from "../domain/index.js";
import type { Storage } from "../storage/index.js";

/** What work a tracker holds and has waiting, as `countWork` reads it. */
export interface WorkCounts {
  /** Tracking requests by status, over the accounts counted. */
  trackingRequests: Record<TrackingRequestStatus, number>;
  /** Webhook notifications waiting for delivery, over the accounts counted. */
  webhookNotificationsPending: number;
  /** Tracking requests due for a refresh now, counted up to the limit asked for. */
  refreshDue: number;
}

/** Limits of `countWork`: a scrape stays cheap on any database. */
export interface WorkCountOptions {
  /**
   * How many accounts are counted (the oldest first).
   * @default 1_000
   */
  accounts?: number;
  /**
   * Up to how many due refreshes are counted.
   * @default 10_000
   */
  due?: number;
}

/** Reads the counts an operator's gauges show (`bollard serve --metrics-port`): one page total per account and status. */
export async function countWork(storage: Storage, now: string, options: WorkCountOptions = {}): Promise<WorkCounts> {
  const accounts = (await storage.accounts.list({ number: 1, size: options.accounts ?? 1_000 })).items;
  const trackingRequests = Object.fromEntries(TrackingRequestStatusSchema.options.map((status) => [status, 0])) as Record<TrackingRequestStatus, number>;
  let webhookNotificationsPending = 0;
  for (const account of accounts) {
    for (const status of TrackingRequestStatusSchema.options) {
      trackingRequests[status] += (await storage.trackingRequests.list(account.id, { page: { number: 1, size: 1 }, status })).total;
    }
    webhookNotificationsPending += (await storage.webhookNotifications.list(account.id, { page: { number: 1, size: 1 }, deliveryStatus: "pending" })).total;
  }
  const refreshDue = (await storage.trackingRequests.listDue(now, options.due ?? 10_000)).length;
  return { trackingRequests, webhookNotificationsPending, refreshDue };
}
