/*
 * The end of the event loop's turn, shared by the storages' group commits and the HTTP server's
 * responses, so that they happen in this order:
 * 1. the responses ready in the turn (the reads') leave together;
 * 2. the turn's jobs run: a group commit of the writes the turn's requests asked for, whose work
 *    overlaps with the clients reading those responses and sending their next requests;
 * 3. the responses those jobs made ready without waiting for I/O (the writes', once a SQLite group
 *    committed) leave together, in the same turn.
 * Each on its own `setImmediate`, a write's response finished after the turn's responses had left
 * and waited for the next turn's: a whole further turn of request work. Measured under the mixed
 * workload of `pnpm bench mixed`: writes then took twice as long as reads and made most of the
 * slowest hundredth; in this order, the p99 fell from 97 to 86 ms (median of 11 interleaved runs).
 */

/**
 * The end of the event loop's turn, for the jobs and the responses of one process (see the top of
 * this file): created with the tracker (`tracker.turns`) and handed to its storage (`Storage.open`)
 * and to `startServer`, so they share one, and nothing is kept in a module.
 */
export interface TurnScheduler {
  /**
   * Runs `job` at the end of the event loop's current turn (one `setImmediate` for every job of the
   * turn, run in the order they were given), after the responses waiting in `endOfTurn` left.
   * Responses that wait for the end of the turn while a job works without I/O (the continuations of
   * the transactions a SQLite group commit resolved) leave right after it, in the same turn.
   * @example
   * turns.atEndOfTurn(() => void drain()); // a group commit of what the turn's requests asked for
   */
  atEndOfTurn(job: () => void): void;
  /**
   * Resolves at the end of the event loop's current turn: every caller of one turn is released
   * together, before the turn's `atEndOfTurn` jobs run; one who waits while they run is released
   * with the others of that moment right after them. A server waits for it before it writes a
   * response, so the responses to the requests read in one turn leave back to back and a client
   * waiting on many connections is woken once for them, not once each (on loopback those wake-ups
   * cost the server more than writing the bytes; docs/operating.md#responses-leave-together).
   */
  endOfTurn(): Promise<void>;
}

/** Creates a {@link TurnScheduler}. */
export function createTurnScheduler(): TurnScheduler {
  let scheduled = false;
  let jobs: (() => void)[] = [];
  let turnEnd: Promise<void> | undefined;
  let release: (() => void) | undefined;
  /** True from the end of a turn until its second release: responses that wait meanwhile join that release. */
  let ending = false;

  const schedule = () => {
    if (scheduled) return;
    scheduled = true;
    setImmediate(endTurn);
  };
  const releaseWaiting = () => {
    const resolve = release;
    turnEnd = undefined;
    release = undefined;
    resolve?.();
  };
  function endTurn(): void {
    scheduled = false;
    ending = true;
    releaseWaiting();
    const turnJobs = jobs;
    jobs = [];
    afterReactions(() => {
      try {
        for (const job of turnJobs) job();
      } finally {
        afterReactions(() => {
          ending = false;
          releaseWaiting();
        });
      }
    });
  }
  return {
    atEndOfTurn(job) {
      jobs.push(job);
      schedule();
    },
    endOfTurn() {
      if (turnEnd) return turnEnd;
      turnEnd = new Promise<void>((resolve) => (release = resolve));
      if (!ending) schedule();
      return turnEnd;
    },
  };
}

/**
 * Calls `fn` once every promise reaction pending now, and every one they start, has run: a tick
 * asked for from a reaction runs only when none is left (Node drains the microtask queue first).
 */
function afterReactions(fn: () => void): void {
  queueMicrotask(() => process.nextTick(fn));
}
