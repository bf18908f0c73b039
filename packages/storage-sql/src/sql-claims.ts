import { toTimestamp } from "@bollard/core/storage";
import { sql } from "kysely";
import type { Db, SqlScope } from "./sql-rows.js";
import { docsOf } from "./sql-rows.js";
import { atomically } from "./sql-writes.js";

/** Which queue a claim takes from. */
export interface ClaimQueue {
  /** The table of the queue. */
  table: "tracking_requests" | "webhook_notifications";
  /** Only rows whose `delivery_status` is `pending` (the webhook outbox). */
  pendingOnly: boolean;
}

/** The due rows of `queue` at `now`, ordered by `next_attempt_at`, then `id`. */
export function dueRows(db: Db, scope: SqlScope, queue: ClaimQueue, now: string) {
  let query = db
    .selectFrom(queue.table as "tracking_requests")
    .select("doc")
    .where("next_attempt_at", "is not", null)
    .where("next_attempt_at", "<=", scope.dialect.time(now));
  if (queue.pendingOnly) query = query.where(sql.ref("delivery_status"), "=", "pending");
  return query.orderBy("next_attempt_at").orderBy("id");
}

/**
 * The lease claim of the contract's `claimDue` methods: in one transaction (or under a savepoint
 * of the caller's), selects up to `limit` due rows, locked as the dialect locks claims (PostgreSQL:
 * `FOR UPDATE SKIP LOCKED`; SQLite's single writer serializes them anyway), then moves each one's
 * `next_attempt_at`, in the column and in its document, to `leaseUntil`. The document is rewritten
 * in JavaScript so it stays the record's exact JSON text. Returns the records as stored after the
 * claim, in claim order.
 */
export function claimDueRows<T extends { id: string; next_attempt_at: string | null }>(scope: SqlScope, queue: ClaimQueue, now: string, leaseUntil: string, limit: number): Promise<T[]> {
  const { dialect } = scope;
  const lease = dialect.time(leaseUntil);
  // The record keeps the canonical form, as every other timestamp it holds.
  const stored = toTimestamp(leaseUntil) ?? leaseUntil;
  return atomically(scope.write, async (tx) => {
    const picked = await dialect.lockForClaim(dueRows(tx, scope, queue, now).limit(Math.max(0, Math.floor(limit)))).execute();
    const claimed = docsOf<T>(dialect, picked).map((record) => ({ ...record, next_attempt_at: stored }));
    for (const record of claimed) {
      await tx
        .updateTable(queue.table)
        .set({ next_attempt_at: lease, doc: JSON.stringify(record) })
        .where("id", "=", record.id)
        .execute();
    }
    return claimed;
  });
}
