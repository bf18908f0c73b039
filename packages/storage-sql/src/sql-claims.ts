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

/** The due rows of `queue` at `now`, ordered by `next_attempt_at`, then `id`, with nothing selected yet. */
export function dueRows(db: Db, scope: SqlScope, queue: ClaimQueue, now: string) {
  let query = db
    .selectFrom(queue.table as "tracking_requests")
    .where("next_attempt_at", "is not", null)
    .where("next_attempt_at", "<=", scope.dialect.time(now));
  if (queue.pendingOnly) query = query.where(sql.ref("delivery_status"), "=", "pending");
  return query.orderBy("next_attempt_at").orderBy("id");
}

/**
 * The lease claim of the contract's `claimDue` methods: in one transaction (or under a savepoint
 * of the caller's), selects up to `limit` due rows, locked as the dialect locks claims (PostgreSQL:
 * `FOR UPDATE SKIP LOCKED`; SQLite's single writer serializes them anyway), then moves each one's
 * `next_attempt_at`, in the column and in its document, to `leaseUntil`, keeping the document's
 * exact JSON text otherwise. Returns the records as stored after the claim, in claim order.
 *
 * Where the dialect can set the field in the database (`docWithField`), one UPDATE does it and
 * returns the documents, parsed after the transaction: the write lock is then held for a few
 * statements, not for parsing and writing each document in JavaScript (a webhook batch is 128
 * notifications of about 10 KB each, and the thread that claims it runs at a low priority).
 */
export async function claimDueRows<T extends { id: string; next_attempt_at: string | null }>(scope: SqlScope, queue: ClaimQueue, now: string, leaseUntil: string, limit: number): Promise<T[]> {
  const { dialect } = scope;
  const lease = dialect.time(leaseUntil);
  // The record keeps the canonical form, as every other timestamp it holds.
  const stored = toTimestamp(leaseUntil) ?? leaseUntil;
  const take = Math.max(0, Math.floor(limit));
  const docWithField = dialect.docWithField;
  if (docWithField) {
    const rows = await atomically(scope.write, async (tx) => {
      const ids = (await dueRows(tx, scope, queue, now).select("id").limit(take).execute()).map((row) => row.id);
      if (ids.length === 0) return [];
      const updated = await tx
        .updateTable(queue.table)
        .set({ next_attempt_at: lease, doc: docWithField("next_attempt_at", stored) })
        .where(dialect.idIn("id", ids))
        .returning(["id", "doc"])
        .execute();
      // RETURNING has no order of its own: back to the claim's.
      const byId = new Map(updated.map((row) => [row.id, row]));
      return ids.map((id) => byId.get(id)!);
    });
    return docsOf<T>(dialect, rows);
  }
  return atomically(scope.write, async (tx) => {
    const picked = await dialect.lockForClaim(dueRows(tx, scope, queue, now).select("doc").limit(take)).execute();
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
