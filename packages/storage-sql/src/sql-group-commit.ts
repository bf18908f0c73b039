import type { TurnScheduler } from "@bollard/core/storage";
import type { Db } from "./sql-rows.js";
import { underSavepoint } from "./sql-writes.js";

/** The most transactions one commit takes; more wait for the next, so no batch holds the lock long. */
export const MAX_GROUP = 64;

/** A transaction's body: what `Storage.transaction(fn)` runs, over the open transaction. */
export type TransactionBody<T> = (trx: Db) => Promise<T>;

/** What {@link createGroupCommit} needs from the adapter. */
export interface GroupCommitOptions {
  /** Runs first in every transaction (PostgreSQL: the advisory lock). */
  begin?: (trx: Db) => Promise<void>;
  /** The turn scheduler whose ends of turns groups start at (the tracker's, once it opened the storage). */
  turns: () => TurnScheduler;
}

interface Waiting {
  body: TransactionBody<unknown>;
  resolve: (value: unknown) => void;
  reject: (error: unknown) => void;
}

/**
 * Group commit: transactions run one at a time on `writer`, and those that ask while one runs, or
 * in the same turn of the event loop, share one database transaction (up to {@link MAX_GROUP}),
 * one after another, each under a savepoint of its own. One `BEGIN … COMMIT`, one lock acquisition
 * and one disk sync serve the whole group instead of one per transaction.
 *
 * A group starts at the end of the turn in which its first transaction asked (`atEndOfTurn`), so
 * requests read from the sockets in that turn write together, after the turn's responses left; a
 * group that needs no I/O (SQLite) commits in time for its writes' responses to leave in the same
 * turn. It takes its members once the database transaction is open, so those that asked while it waited for the lock (another process
 * or the background thread writing) join it instead of waiting for the lock again.
 *
 * Each transaction keeps its own meaning:
 * - its body sees the writes of those before it in the group, as it would after their commits;
 * - when its body throws, only its writes are undone (rolled back to its savepoint) and it rejects
 *   with that error, at once; the others go on;
 * - it resolves only once the group committed; when the commit, or the database transaction
 *   itself, fails (a full disk, a lost connection), every transaction of the group that had not
 *   failed on its own rejects with that error, and none of their writes is kept.
 *
 * A transaction alone is run exactly as before: no savepoint, its error rolls the transaction back.
 */
export function createGroupCommit(writer: Db, options: GroupCommitOptions): <T>(body: TransactionBody<T>) => Promise<T> {
  const waiting: Waiting[] = [];
  let running = false;

  async function drain(): Promise<void> {
    try {
      while (waiting.length > 0) await runGroup();
    } finally {
      running = false;
    }
  }

  async function runGroup(): Promise<void> {
    let group: Waiting[] | undefined;
    const succeeded: [Waiting, unknown][] = [];
    try {
      await writer.transaction().execute(async (trx) => {
        await options.begin?.(trx);
        group = waiting.splice(0, MAX_GROUP);
        if (group.length === 1) {
          succeeded.push([group[0]!, await group[0]!.body(trx)]);
          return;
        }
        for (const member of group) {
          const outcome = await underSavepoint(trx, member.body);
          if (outcome.ok) succeeded.push([member, outcome.value]);
          else member.reject(outcome.error);
        }
      });
    } catch (error) {
      // The database transaction is gone and nothing of the group was kept (when it could not even
      // begin, the group is those waiting now). A member that already rejected with its own error
      // keeps it: a settled promise ignores the second call.
      for (const member of (group ??= waiting.splice(0, MAX_GROUP))) member.reject(error);
      return;
    }
    for (const [member, value] of succeeded) member.resolve(value);
  }

  return <T>(body: TransactionBody<T>) =>
    new Promise<T>((resolve, reject) => {
      waiting.push({ body, resolve: resolve as (value: unknown) => void, reject });
      if (running) return;
      running = true;
      options.turns().atEndOfTurn(() => void drain());
    });
}
