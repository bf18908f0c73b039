/** A job that runs in passes, on demand or on a timer; what the refresh scheduler and webhook worker are. */
export interface PeriodicPass<S> {
  /** Runs one pass now; a second caller waits for the running pass, then runs its own. */
  runDue(): Promise<S>;
  /** Runs a pass every `everyMs` of real time (skipping a tick while one is running) until {@link PeriodicPass.stop}. */
  start(everyMs: number): void;
  /** Stops the timer and waits for a pass in progress. */
  stop(): Promise<void>;
}

/** Wraps a pass function into a {@link PeriodicPass}; `empty` stands in for a failed previous pass. */
export function periodicPass<S>(pass: () => Promise<S>, empty: () => S, onError?: (error: unknown) => void): PeriodicPass<S> {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<S> | undefined;
  const job: PeriodicPass<S> = {
    runDue() {
      const previous = running ?? Promise.resolve(empty());
      const next = previous.catch(() => empty()).then(pass);
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
    async stop() {
      if (timer) clearInterval(timer);
      timer = undefined;
      await running?.catch(() => undefined);
    },
  };
  return job;
}
