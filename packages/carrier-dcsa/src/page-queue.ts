/**
 * Runs the pages of the DCSA events APIs a few at a time. A page is work without I/O on SQLite (each
 * read resolves at once), so many pages at once would share the event loop's turns with each other
 * and hold every other request (a health check, a `/v2` read) for several turns each; queued, they
 * wait their turn at no cost to others.
 */
export interface PageQueue {
  /** Runs `page` once fewer than the queue's `concurrency` are running; pages run in the order asked. */
  run<T>(page: () => Promise<T>): Promise<T>;
}

/** Creates a {@link PageQueue} that runs at most `concurrency` pages at once. */
export function createPageQueue(concurrency: number): PageQueue {
  if (!Number.isSafeInteger(concurrency) || concurrency < 1) throw new RangeError(`concurrency must be a whole number from 1, not ${String(concurrency)}`);
  let running = 0;
  const waiting: (() => void)[] = [];
  const next = () => {
    running -= 1;
    waiting.shift()?.();
  };
  return {
    async run(page) {
      if (running >= concurrency) await new Promise<void>((resolve) => waiting.push(resolve));
      running += 1;
      try {
        return await page();
      } finally {
        next();
      }
    },
  };
}
