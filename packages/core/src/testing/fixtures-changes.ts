import type { Change } from "../domain/index.js";
import { uuidv7 } from "../ids/index.js";
import { nowTimestamp } from "./fixture-values.js";

/** A change of a shipment's `pod_eta_at`, learned now from the carrier. */
export function makeChange(accountId: string, resourceId: string, overrides: Partial<Change> = {}): Change {
  return {
    id: uuidv7(),
    account_id: accountId,
    resource_type: "shipment",
    resource_id: resourceId,
    attribute: "pod_eta_at",
    before: "2024-03-10T08:00:00.000Z",
    after: "2024-03-11T14:30:00.000Z",
    source: "carrier",
    learned_at: nowTimestamp(),
    ...overrides,
  };
}
