import type { PeriodicPass, StopOptions } from "./periodic-pass.js";

/** A loop another pass rides along: started and stopped with it. */
export interface Loop<S> {
  /** Runs one pass of the loop itself. */
  runDue(): Promise<S>;
  /** Starts the loop (and the passes riding along). */
  start(everyMs?: number): void;
  /** Stops the loop (and the passes riding along). */
  stop(options?: StopOptions): Promise<void>;
}

/**
 * A loop with other passes riding along: `start()` starts the loop and each pass on its own timer
 * (`everyMs`), `stop()` stops them all; `runDue()` is the loop alone. How position retention and the
 * demurrage alerts go with the refresh loop.
 */
export function ridingAlong<S, L extends Loop<S>>(loop: L, passes: readonly { pass: PeriodicPass<unknown>; everyMs: number }[]): L {
  return {
    ...loop,
    runDue: () => loop.runDue(),
    start(everyMs?: number) {
      loop.start(everyMs);
      for (const { pass, everyMs: passEveryMs } of passes) pass.start(passEveryMs);
    },
    async stop(options?: StopOptions) {
      await Promise.all([loop.stop(options), ...passes.map(({ pass }) => pass.stop(options))]);
    },
  };
}
