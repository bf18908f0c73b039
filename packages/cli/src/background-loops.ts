import { dcsaCarrierSource } from "@bollard/carrier-dcsa";
import { createTracker, scaledClock, simulatedCarrier, type BackgroundPass, type OutboxRetentionOptions, type PositionRetentionOptions, type Tracker, type TrackerOptions, type WireCompat } from "@bollard/core";
import { openFailure, openStorage } from "./open-storage.js";
import type { DcsaServeConfig, ServeConfig } from "./serve-config.js";

/**
 * Everything the background loops (refreshes, webhook deliveries) need besides the database, as
 * plain data: what `bollard serve` hands its worker thread and `bollard worker` reads from its
 * options. Both build their tracker from it with {@link backgroundTrackerOptions}, so the loops run
 * the same wherever they run.
 */
export interface BackgroundSettings {
  /** The `--db` value: a SQLite file or a postgres:// URL (never `:memory:`, which one process holds). */
  db: string;
  allowPrivateWebhooks: boolean;
  webhookRetention: OutboxRetentionOptions;
  positionRetention: PositionRetentionOptions;
  /** The DCSA carriers of the config file: their SCACs are pulled from their endpoints. */
  dcsaCarriers: DcsaServeConfig["carriers"];
  /** A faster clock (`--clock-speed`), anchored at one instant so the API and the loops agree. */
  clock: { speed: number; origin: string } | undefined;
  /** The wire format webhooks are delivered in (`--wire-compat`). */
  wireCompat: WireCompat;
}

/**
 * The settings of `db` and the serve options (`bollard worker` reads the same ones). A faster clock
 * is anchored now unless `--clock-origin` fixes the instant, so a server and its thread agree; a
 * sandbox keeps its own clock.
 */
export function backgroundSettings(db: string, config: ServeConfig): BackgroundSettings {
  const clock = config.sandbox || config.clockSpeed === 1 ? undefined : { speed: config.clockSpeed, origin: config.clockOrigin ?? new Date().toISOString() };
  return { db, allowPrivateWebhooks: config.allowPrivateWebhooks, webhookRetention: config.webhookRetention, positionRetention: config.positionRetention, dcsaCarriers: config.dcsa.carriers, clock, wireCompat: config.wireCompat };
}

/** An error as a log line carries it: its stack, else its message. */
export function describeError(error: unknown): string {
  return error instanceof Error ? (error.stack ?? error.message) : String(error);
}

/** The tracker options of a process or thread running the loops (or of a server running them inline). */
export function backgroundTrackerOptions(settings: BackgroundSettings): Omit<TrackerOptions, "storage"> {
  return {
    webhooks: { allowPrivateUrls: settings.allowPrivateWebhooks, retention: settings.webhookRetention },
    positions: { retention: settings.positionRetention },
    wireCompat: settings.wireCompat,
    // Configured SCACs go to their DCSA endpoints; TEST and every other line stay simulated.
    ...(settings.dcsaCarriers.length > 0 && { carrier: dcsaCarrierSource({ carriers: settings.dcsaCarriers, fallback: simulatedCarrier() }) }),
    ...(settings.clock && { clock: scaledClock(settings.clock.speed, undefined, settings.clock.origin) }),
  };
}

/** How often the refresh loop looks for due tracking requests, in milliseconds of real time. */
export const REFRESH_EVERY_MS = 1_000;
/** How often the webhook worker looks for notifications to deliver. */
export const WEBHOOKS_EVERY_MS = 250;

/** How often the bulk job runner looks for a job another process left (a new job starts it at once). */
export const BULK_JOBS_EVERY_MS = 5_000;

/** Where running loops report: every completed pass, and the errors they could not handle. */
export interface BackgroundReports {
  onPass(pass: BackgroundPass): void;
  onError(error: unknown, loop: "refresh" | "webhooks"): void;
}

/** Starts the refresh loop, the webhook worker and the bulk job runner of a tracker. */
export function startLoops(tracker: Tracker): void {
  tracker.refresh.start(REFRESH_EVERY_MS);
  tracker.webhooks.start(WEBHOOKS_EVERY_MS);
  tracker.bulkJobs.start(BULK_JOBS_EVERY_MS);
}

/**
 * Opens the database (without the SQLite server lease: the server holds it, or the file is shared
 * like a short-lived command's) and starts both loops on it; `close` stops them, finishing the work
 * in flight within its timeout. The body of the worker thread and of `bollard worker`.
 */
export async function runLoops(settings: BackgroundSettings, reports: BackgroundReports): Promise<Tracker> {
  const tracker = await createTracker({
    storage: openStorage(settings.db),
    ...backgroundTrackerOptions(settings),
    onBackgroundError: (error, loop) => reports.onError(error, loop),
    onBackgroundPass: (pass) => reports.onPass(pass),
  }).catch((error: unknown) => {
    throw openFailure(settings.db, error);
  });
  startLoops(tracker);
  return tracker;
}
