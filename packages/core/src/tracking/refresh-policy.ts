const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** How often and how long Bollard polls carriers; every duration in milliseconds. */
export interface RefreshPolicy {
  /**
   * Between refreshes of a tracked shipment.
   * @default 1 hour
   */
  refreshIntervalMs: number;
  /**
   * Between checks of a bill of lading or booking the carrier does not know yet.
   * @default 1 day
   */
  awaitingManifestIntervalMs: number;
  /**
   * How long a number may await its manifest before the request fails as `expired`.
   * @default 7 days
   */
  awaitingManifestWindowMs: number;
  /**
   * Retries of transient carrier failures before `retries_exhausted`.
   * @default 14
   */
  maxRetries: number;
  /**
   * The first retry delay; each further retry doubles it, up to `retryMaxMs`.
   * @default 1 minute
   */
  retryBaseMs: number;
  /** @default 4 hours */
  retryMaxMs: number;
  /**
   * Tracking stops this long after arrival at the destination (`past_arrival_window`).
   * @default 56 days
   */
  arrivalWindowMs: number;
  /**
   * Tracking stops after this long without any new data from the carrier (`no_updates_at_line`).
   * @default 56 days
   */
  noUpdatesWindowMs: number;
}

/** The defaults, from the real service's documented lifecycle. */
export const DEFAULT_REFRESH_POLICY: RefreshPolicy = {
  refreshIntervalMs: HOUR,
  awaitingManifestIntervalMs: DAY,
  awaitingManifestWindowMs: 7 * DAY,
  maxRetries: 14,
  retryBaseMs: MINUTE,
  retryMaxMs: 4 * HOUR,
  arrivalWindowMs: 56 * DAY,
  noUpdatesWindowMs: 56 * DAY,
};

/** The delay before retry number `retry` (1-based): exponential from `retryBaseMs`, capped. */
export function retryDelay(policy: RefreshPolicy, retry: number): number {
  return Math.min(policy.retryMaxMs, policy.retryBaseMs * 2 ** Math.max(0, retry - 1));
}
