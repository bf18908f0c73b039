import type { WebhookEventName, WebhookReplayRecord } from "../domain/index.js";
import { BollardError } from "../errors/index.js";
import { uuidv7 } from "../ids/index.js";
import type { Storage, StorageRepositories } from "../storage/index.js";
import { assertReceiving, requeued } from "./redelivery.js";

/*
 * Replaying a window of a webhook's notifications, off the request path. The request checks the
 * window against the bounds, counts it (bounded by the cap) and records a replay durably: that is
 * all it does, so it answers at once however large the window. The background then works the
 * replay off in batches of a few hundred notifications, one transaction each, which puts the
 * batch's notifications back in the outbox and moves the replay's place and counts forward
 * together: a process that stops between batches (or dies in one) leaves the replay where its last
 * committed batch put it, and whichever process runs the background next goes on from there.
 */

/** How large a replay may be, and how the background works replays off. */
export interface WebhookReplayOptions {
  /**
   * The longest window a replay takes (`until` − `since`); a longer one is refused with 422 `out_of_range` on `since`.
   * @default 2_678_400_000 (31 days)
   */
  maxSpanMs?: number;
  /**
   * The most notifications (of every event) a replay's window may hold; a fuller one is refused
   * with 422 `out_of_range` on `since`. The request counts no further than this.
   * @default 10_000
   */
  maxNotifications?: number;
  /**
   * Notifications put back in the outbox per transaction; the background yields to other work between batches.
   * @default 200
   */
  batchSize?: number;
  /**
   * Batches one pass of the background runs at most; the next pass goes on.
   * @default 50
   */
  batchesPerPass?: number;
  /**
   * How often the background looks for running replays while the delivery worker runs (`tracker.webhooks.start()`).
   * @default 1_000
   */
  everyMs?: number;
}

/** {@link WebhookReplayOptions} with every default applied. */
export type WebhookReplaySettings = Required<WebhookReplayOptions>;

/** The defaults of {@link WebhookReplayOptions}. */
export const DEFAULT_WEBHOOK_REPLAY_SETTINGS: WebhookReplaySettings = {
  maxSpanMs: 31 * 86_400_000,
  maxNotifications: 10_000,
  batchSize: 200,
  batchesPerPass: 50,
  everyMs: 1_000,
};

/** Completes {@link WebhookReplayOptions} with the defaults; a TypeError for values that are not positive whole numbers. */
export function webhookReplaySettings(options: WebhookReplayOptions = {}): WebhookReplaySettings {
  const settings: WebhookReplaySettings = { ...DEFAULT_WEBHOOK_REPLAY_SETTINGS, ...options };
  for (const [name, value] of Object.entries(settings)) {
    if (!Number.isInteger(value) || value < 1) throw new TypeError(`webhooks.replay.${name} must be a positive whole number, not ${String(value)}`);
  }
  return settings;
}

/** What a replay is asked for: the window (stored timestamp forms) and, optionally, which events. */
export interface ReplayRequest {
  /** The webhook whose notifications are sent again. */
  webhookId: string;
  /** Notifications created at or after this time. */
  since: string;
  /** Notifications created before this time; now when absent, and never later than now. */
  until?: string | undefined;
  /** Only these events; all when absent. */
  events?: readonly WebhookEventName[] | undefined;
}

const DAY_MS = 86_400_000;
const days = (ms: number) => `${Number((ms / DAY_MS).toFixed(1))} days`;
const count = (n: number) => n.toLocaleString("en-US");

/**
 * Checks the window and records a replay of it, running (or `done` at once for an empty window).
 * 422 on `since` for a window that is empty of time, longer than `maxSpanMs` or holding more than
 * `maxNotifications` notifications; 404 for an unknown webhook, 409 for an inactive one or one
 * whose previous replay is still running.
 */
export async function recordReplay(storage: Storage, accountId: string, request: ReplayRequest, now: string, settings: WebhookReplaySettings): Promise<WebhookReplayRecord> {
  const { webhookId, since } = request;
  // The window closes when it is asked for: its count stays its size, whatever is written after.
  const until = request.until === undefined || request.until > now ? now : request.until;
  if (since >= until) throw new BollardError("invalid", request.until === undefined || request.until > now ? "since must be in the past: a replay sends notifications already created" : "since must be before until", { path: ["since"] });
  const span = Date.parse(until) - Date.parse(since);
  if (span > settings.maxSpanMs) {
    throw new BollardError("out_of_range", `The window from since to until spans ${days(span)}; a replay takes at most ${days(settings.maxSpanMs)}: replay a longer stretch as several windows, one after the other`, { path: ["since"] });
  }
  await assertReceiving(storage, accountId, webhookId);
  await assertNoneRunning(storage, accountId, webhookId);
  const window = { webhookId, createdFrom: since, createdBefore: until };
  const total = await storage.webhookNotifications.countWindow(accountId, window, settings.maxNotifications + 1);
  if (total > settings.maxNotifications) {
    throw new BollardError("out_of_range", `The window holds more than ${count(settings.maxNotifications)} notifications of this webhook, the most one replay sends: replay it as several shorter windows`, { path: ["since"] });
  }
  const replay: WebhookReplayRecord = {
    id: uuidv7(), account_id: accountId, webhook_id: webhookId, status: total === 0 ? "done" : "running", since, until,
    events: request.events ? [...request.events] : null, total, scanned: 0, queued: 0, already_pending: 0, error: null,
    after_created_at: null, after_id: null, created_at: now, updated_at: now, completed_at: total === 0 ? now : null,
  };
  // Checked again where the replay is written: two requests at once cannot both start one.
  await storage.transaction(async (tx) => {
    await assertReceiving(tx, accountId, webhookId);
    await assertNoneRunning(tx, accountId, webhookId);
    await tx.webhookReplays.insert(replay);
  });
  return replay;
}

/** 409 while a replay of the webhook runs: one at a time per webhook bounds the work queued for a receiver. */
async function assertNoneRunning(repos: StorageRepositories, accountId: string, webhookId: string): Promise<void> {
  const [running] = await repos.webhookReplays.listRunning(1, { accountId, webhookId });
  if (!running) return;
  const progress = `${count(running.scanned)} of ${count(running.total)} notifications done`;
  throw new BollardError("conflict", `A replay of the webhook ${webhookId} is running (${running.id}, ${progress}): ask for the next one when it is done (GET /v2/webhooks/${webhookId}/replays/${running.id})`);
}

/**
 * Runs one batch of a running replay in one transaction: the next `batchSize` notifications of its
 * window after its place, oldest first; those of its events that are not pending are put back in
 * the outbox (due at `now`), pending ones are counted and left alone; the replay's place and counts
 * move with them, and it is `done` once a batch comes back short. A replay whose webhook was
 * deleted or deactivated meanwhile ends `failed`. Returns the replay as it stands after the batch,
 * or null when it is not running (any more).
 */
export async function advanceReplay(storage: Storage, accountId: string, replayId: string, now: string, batchSize: number): Promise<WebhookReplayRecord | null> {
  return storage.transaction(async (tx) => {
    // Read inside the transaction: another process running the same replay has moved it on or not, never half.
    const replay = await tx.webhookReplays.get(accountId, replayId);
    if (!replay || replay.status !== "running") return null;
    const webhook = await tx.webhooks.get(accountId, replay.webhook_id);
    if (!webhook || !webhook.active) {
      const error = webhook ? "the webhook was deactivated: activate it and ask for a new replay" : "the webhook was deleted";
      const failed: WebhookReplayRecord = { ...replay, status: "failed", error, updated_at: now, completed_at: now };
      await tx.webhookReplays.update(failed);
      return failed;
    }
    const after = replay.after_created_at !== null && replay.after_id !== null ? { created_at: replay.after_created_at, id: replay.after_id } : undefined;
    const batch = await tx.webhookNotifications.listWindow(accountId, { webhookId: replay.webhook_id, createdFrom: replay.since, createdBefore: replay.until, ...(after && { after }) }, batchSize);
    const events = replay.events && new Set<string>(replay.events);
    let queued = 0;
    let pending = 0;
    for (const notification of batch) {
      if (events && !events.has(notification.event)) continue;
      if (notification.delivery_status === "pending") pending += 1;
      else {
        await tx.webhookNotifications.update(requeued(notification, now));
        queued += 1;
      }
    }
    const last = batch.at(-1);
    const done = batch.length < batchSize;
    const next: WebhookReplayRecord = {
      ...replay,
      status: done ? "done" : "running",
      scanned: replay.scanned + batch.length,
      queued: replay.queued + queued,
      already_pending: replay.already_pending + pending,
      after_created_at: last?.created_at ?? replay.after_created_at,
      after_id: last?.id ?? replay.after_id,
      updated_at: now,
      completed_at: done ? now : null,
    };
    await tx.webhookReplays.update(next);
    return next;
  });
}
