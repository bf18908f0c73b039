/** How long after the first stop signal a repeat is taken for the same stop, passed on by a wrapper. */
const REPEAT_WINDOW_MS = 2_000;

/** A watch on SIGINT and SIGTERM for the life of a server. */
export interface StopSignals {
  /** Resolves with the first SIGINT or SIGTERM. */
  readonly received: Promise<NodeJS.Signals>;
  /** Ends the watch (Node's default handling of the signals returns). */
  stop(): void;
}

/**
 * Watches SIGINT and SIGTERM from before the first one until `stop()`. A package runner (pnpm,
 * npm) passes on to its child the signal the whole process group has already received, so one
 * Ctrl-C arrives twice, often within a millisecond: a repeat within two seconds of the first is
 * that, and is ignored. A signal after that is a person insisting: `onInsist` runs (it should end
 * the process at once).
 */
export function watchStopSignals(onInsist: (signal: NodeJS.Signals) => void): StopSignals {
  let first: number | undefined;
  let resolve!: (signal: NodeJS.Signals) => void;
  const received = new Promise<NodeJS.Signals>((done) => (resolve = done));
  const onSignal = (signal: NodeJS.Signals) => {
    if (first === undefined) {
      first = Date.now();
      resolve(signal);
    } else if (Date.now() - first >= REPEAT_WINDOW_MS) {
      onInsist(signal);
    }
  };
  process.on("SIGINT", onSignal);
  process.on("SIGTERM", onSignal);
  return {
    received,
    stop() {
      process.off("SIGINT", onSignal);
      process.off("SIGTERM", onSignal);
    },
  };
}
