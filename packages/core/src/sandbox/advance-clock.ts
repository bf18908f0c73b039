import type { Storage } from "../storage/index.js";
import type { SandboxClock } from "./sandbox-clock.js";

/** What advancing the sandbox clock ran on the way. */
export interface SandboxAdvanceSummary {
  /** The instant the clock was at before. */
  from: string;
  /** The instant it is at now. */
  to: string;
  /** Instants at which work fell due and was run (each a refresh pass and a webhook pass). */
  steps: number;
  /** Tracking requests refreshed on the way. */
  refreshed: number;
  /** Webhook delivery attempts made on the way. */
  delivery_attempts: number;
}

/** What a {@link DuePass} reports of one pass. */
export interface DuePassSummary {
  /** How many requests it refreshed, or delivery attempts it made. */
  total: number;
}

/** A background job run on demand: the refresh scheduler or the webhook worker. */
export interface DuePass {
  /** Runs everything due at the clock's current instant. */
  runDue(): Promise<DuePassSummary>;
}

/** What advancing needs of a tracker: its storage and both background jobs. */
export interface AdvanceDeps {
  /** The sandbox's clock. */
  clock: SandboxClock;
  /** Where the queues of due work are read. */
  storage: Storage;
  /** The refresh scheduler. */
  refresh: DuePass;
  /** The webhook delivery worker. */
  webhooks: DuePass;
  /** The demurrage alert pass and the exception rules' evaluation: run between the refresh and the webhook pass, at least once a day of the way. */
  alerts?: DuePass;
}

/**
 * How far the clock moves at least when work is still due where it stands (re-queued at once): every
 * step moves forward, so an advance always ends.
 */
const MIN_STEP_MS = 1_000;
const DAY_MS = 86_400_000;

/**
 * Moves the paused clock to `target`, stopping at every instant at which a tracking request or a
 * webhook delivery falls due, in time order, and running the refresh pass, then the webhook pass,
 * there (so a delivery sees what the refresh wrote). Resolves when all of it is done.
 */
export async function advanceClock(deps: AdvanceDeps, target: Date): Promise<SandboxAdvanceSummary> {
  const { clock, storage } = deps;
  const from = clock.now().toISOString();
  const wasPaused = clock.state().paused;
  const summary: SandboxAdvanceSummary = { from, to: from, steps: 0, refreshed: 0, delivery_attempts: 0 };
  clock.setPaused(true);
  try {
    for (;;) {
      summary.refreshed += (await deps.refresh.runDue()).total;
      await deps.alerts?.runDue();
      summary.delivery_attempts += (await deps.webhooks.runDue()).total;
      const now = clock.now().getTime();
      if (now >= target.getTime()) break;
      const next = await nextDue(storage, target);
      // With alerts, no step is longer than a day: each day's alerts are raised on their day.
      const until = deps.alerts ? Math.min(target.getTime(), now + DAY_MS) : target.getTime();
      const to = next === null ? until : Math.min(until, Math.max(next, now + MIN_STEP_MS));
      clock.jumpTo(new Date(to));
      if (next !== null) summary.steps += 1;
    }
  } finally {
    clock.setPaused(wasPaused);
  }
  summary.to = clock.now().toISOString();
  return summary;
}

/** The earliest instant at or before `until` when a tracking request or a webhook delivery is due, or null. */
async function nextDue(storage: Storage, until: Date): Promise<number | null> {
  const iso = until.toISOString();
  const [request] = await storage.trackingRequests.listDue(iso, 1);
  const [notification] = await storage.webhookNotifications.listDue(iso, 1);
  const times = [request?.next_attempt_at, notification?.next_attempt_at].filter((at): at is string => typeof at === "string").map((at) => Date.parse(at));
  return times.length === 0 ? null : Math.min(...times);
}
