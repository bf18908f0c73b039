import { setMaxListeners } from "node:events";

/** What a pass learns about a stop asked for while it runs. */
export interface PassControl {
  /** True once `stop()` was called: take no new work, give back what was taken but not started. */
  readonly stopping: boolean;
  /** Aborts when the stop's time is up: abandon the work in flight (and give it back). */
  readonly signal: AbortSignal;
}

/** Options for stopping a background pass (the refresh scheduler, the webhook worker). */
export interface StopOptions {
  /**
   * How long a pass in progress may take to finish its work in flight; then its `signal` aborts.
   * @default no limit
   */
  timeoutMs?: number;
}

/** A job that runs in passes, on demand or on a timer; what the refresh scheduler and webhook worker are. */
export interface PeriodicPass<S> {
  /** Runs one pass now; a second caller waits for the running pass, then runs its own. */
  runDue(): Promise<S>;
  /** Runs a pass every `everyMs` of real time (skipping a tick while one is running) until `stop()`. */
  start(everyMs: number): void;
  /**
   * Stops the timer and tells a pass in progress to stop: it takes no new work and finishes what is
   * in flight; after `timeoutMs` it is aborted. Resolves when the pass has ended, or, for a pass
   * that does not end within a second of its abort, then.
   */
  stop(options?: StopOptions): Promise<void>;
}

/** How long a stop waits for an aborted pass to end before it returns anyway. */
const ABORT_GRACE_MS = 1_000;

const settlesWithin = (promise: Promise<unknown>, ms: number | undefined): Promise<boolean> =>
  ms === undefined
    ? promise.then(() => true)
    : new Promise((resolve) => {
        const timer = setTimeout(() => resolve(false), ms);
        void promise.then(() => (clearTimeout(timer), resolve(true)));
      });

/**
 * Wraps a pass function into a {@link PeriodicPass}; `empty` stands in for a failed previous pass.
 * `onPass` hears of every pass that completes, with what it did and how long it took.
 */
export function periodicPass<S>(
  pass: (control: PassControl) => Promise<S>,
  empty: () => S,
  onError?: (error: unknown) => void,
  onPass?: (summary: S, durationMs: number) => void,
): PeriodicPass<S> {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<S> | undefined;
  let stopping = false;
  // One signal per stop reaches every request in flight: no listener limit applies.
  const newAbort = () => {
    const controller = new AbortController();
    setMaxListeners(0, controller.signal);
    return controller;
  };
  let abort = newAbort();
  const control: PassControl = {
    get stopping() {
      return stopping;
    },
    get signal() {
      return abort.signal;
    },
  };
  const job: PeriodicPass<S> = {
    runDue() {
      if (!running && stopping) {
        // A pass asked for after a stop has ended: the job works again.
        stopping = false;
        abort = newAbort();
      }
      const previous = running ?? Promise.resolve(empty());
      const next = previous
        .catch(() => empty())
        .then(async () => {
          const started = performance.now();
          const summary = await pass(control);
          onPass?.(summary, performance.now() - started);
          return summary;
        });
      // Compare with the promise stored in `running` (not `next`), or the job would stay "running" forever.
      const tracked: Promise<S> = next.finally(() => {
        if (running === tracked) running = undefined;
      });
      tracked.catch(() => undefined);
      running = tracked;
      return next;
    },
    start(everyMs) {
      if (timer) return;
      timer = setInterval(() => {
        if (running) return;
        job.runDue().catch((error) => onError?.(error));
      }, everyMs);
      timer.unref?.();
    },
    async stop(options = {}) {
      if (timer) clearInterval(timer);
      timer = undefined;
      const current = running?.catch(() => undefined);
      if (!current) return;
      stopping = true;
      if (await settlesWithin(current, options.timeoutMs)) return;
      abort.abort(new Error(`stopped: the pass did not finish within ${options.timeoutMs} ms`));
      await settlesWithin(current, ABORT_GRACE_MS);
    },
  };
  return job;
}
