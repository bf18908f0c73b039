import type { RefreshLogDay } from "../storage/index.js";

/** A refresh log record of one day with two hourly refreshes, both succeeded. */
export function makeRefreshLogDay(accountId: string, shipmentId: string, overrides: Partial<RefreshLogDay> = {}): RefreshLogDay {
  return { account_id: accountId, shipment_id: shipmentId, day: "2024-03-01", attempted: [3_600_000, 7_200_000], succeeded: [3_600_000, 7_200_000], ...overrides };
}
