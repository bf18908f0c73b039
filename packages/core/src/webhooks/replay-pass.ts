import { periodicPass, type StopOptions } from "../background/index.js";
import type { Clock } from "../clock/index.js";
import type { Storage } from "../storage/index.js";
import type { WebhookDispatcher } from "./webhook-dispatcher.js";
import { advanceReplay, type WebhookReplaySettings } from "./webhook-replays.js";

/** What one pass of the replay background did. */
export interface WebhookReplayPassSummary {
  /** Batches run (one transaction each). */
  batches: number;
  /** Notifications put back in the outbox. */
  queued: number;
  /** Replays that ended (`done` or `failed`). */
  ended: number;
}

/** The replay background, a job run in passes like the delivery worker. */
export interface WebhookReplayPass {
  /** Moves running replays forward by one pass now (a second caller waits for the running pass, then runs its own). */
  runDue(): Promise<WebhookReplayPassSummary>;
  /** Runs a pass every `everyMs` of real time (skipping a tick while one is running) until `stop()`. */
  start(everyMs: number): void;
  /** Stops the timer; a pass in progress ends after the batch under way. */
  stop(options?: StopOptions): Promise<void>;
}

/** Running replays read at once; each gets a batch in turn. */
const RUNNING_PER_ROUND = 50;

const empty = (): WebhookReplayPassSummary => ({ batches: 0, queued: 0, ended: 0 });

/** Lets the event loop run what waits (requests, health checks) before the next batch. */
const yieldToEventLoop = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * The replay background: each pass gives every running replay (oldest first) one batch in turn
 * (`advanceReplay`), round after round, until none runs or `batchesPerPass` batches ran, yielding to
 * the event loop between batches; a stop asked for meanwhile ends the pass after the batch under way
 * (the replay goes on from its place at the next start, in this process or another).
 *
 * @example
 * const replays = createReplayPass({ storage, clock, settings: webhookReplaySettings() });
 * await replays.runDue();
 */
export function createReplayPass(config: { storage: Storage; clock: Clock; settings: WebhookReplaySettings; onError?: (error: unknown) => void }): WebhookReplayPass {
  const { storage, clock, settings } = config;
  return periodicPass(
    async (control) => {
      const summary = empty();
      // A replay whose batch failed waits for the next pass (the error is reported), so it cannot hold the others up.
      const failing = new Set<string>();
      while (summary.batches < settings.batchesPerPass && !control.stopping) {
        const running = (await storage.webhookReplays.listRunning(RUNNING_PER_ROUND + failing.size)).filter((replay) => !failing.has(replay.id));
        if (running.length === 0) break;
        for (const replay of running) {
          if (summary.batches >= settings.batchesPerPass || control.stopping) break;
          summary.batches += 1;
          try {
            const next = await advanceReplay(storage, replay.account_id, replay.id, clock.now().toISOString(), settings.batchSize);
            if (next) summary.queued += next.queued - replay.queued;
            if (next && next.status !== "running") summary.ended += 1;
          } catch (error) {
            failing.add(replay.id);
            config.onError?.(error);
          }
          await yieldToEventLoop();
        }
      }
      return summary;
    },
    empty,
    config.onError,
  );
}

/** The webhook worker of a tracker (`tracker.webhooks`): the delivery worker, with the replay background beside it. */
export interface WebhookWorker extends WebhookDispatcher {
  /** The replay background alone: `replays.runDue()` moves running replays forward by one pass and delivers nothing. */
  readonly replays: WebhookReplayPass;
}

/**
 * The delivery worker with the replay background riding along: `start()` starts both (replays every
 * `everyMs`), `stop()` stops both; `runDue()` moves running replays forward by one pass, then
 * delivers what is due (so the notifications a replay queued go out in the same call).
 */
export function withReplays(worker: WebhookDispatcher, replays: WebhookReplayPass, everyMs: number): WebhookWorker {
  return {
    replays,
    async runDue() {
      await replays.runDue();
      return worker.runDue();
    },
    start(deliveryEveryMs) {
      worker.start(deliveryEveryMs);
      replays.start(everyMs);
    },
    async stop(options) {
      await Promise.all([worker.stop(options), replays.stop(options)]);
    },
  };
}
