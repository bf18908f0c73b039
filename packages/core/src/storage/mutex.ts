/** Runs tasks one at a time, in call order; a failed task does not block the next. */
export type Mutex = <T>(task: () => T | Promise<T>) => Promise<T>;

/** Creates a {@link Mutex}: what storages serialize their transactions with, and the sandbox its changes. */
export function createMutex(): Mutex {
  let tail: Promise<unknown> = Promise.resolve();
  return (task) => {
    const run = tail.then(() => task());
    tail = run.catch(() => undefined);
    return run;
  };
}
