import { toTimestamp } from "@bollard/core/schemas";
import { sql } from "kysely";
import { type Db, pgTime } from "./postgres-rows.js";
import { atomically } from "./postgres-writes.js";

/** Which queue a claim takes from. */
export interface ClaimQueue {
  table: "tracking_requests" | "webhook_notifications";
  /** Only rows whose `delivery_status` is `pending` (the webhook outbox). */
  pendingOnly: boolean;
}

/**
 * The lease claim of the contract's `claimDue` methods: in one transaction (or under a savepoint
 * of the caller's), selects up to `limit` rows whose `next_attempt_at` is at or before `now`, by
 * `next_attempt_at` then `id`, with `FOR UPDATE SKIP LOCKED` (rows another claim holds are passed
 * over, never waited for or taken twice), then moves each one's `next_attempt_at`, in the column
 * and in its document, to `leaseUntil`. The document is rewritten in JavaScript so it stays the
 * record's exact JSON text. Returns the records as stored after the claim, in claim order.
 */
export function claimDueRows<T extends { id: string; next_attempt_at: string | null }>(
  db: Db,
  queue: ClaimQueue,
  now: string,
  leaseUntil: string,
  limit: number,
): Promise<T[]> {
  // The stored form of the lease, as the other timestamps of the record (pgTime refuses a non-timestamp).
  pgTime(leaseUntil);
  const lease = toTimestamp(leaseUntil)!;
  const table = sql.table(queue.table);
  const pending = queue.pendingOnly ? sql`and delivery_status = 'pending'` : sql``;
  return atomically(db, async (tx) => {
    const picked = await sql<{ doc: T }>`
      select doc from ${table}
      where next_attempt_at is not null and next_attempt_at <= ${pgTime(now)} ${pending}
      order by next_attempt_at, id
      limit ${Math.max(0, Math.floor(limit))}
      for update skip locked`.execute(tx);
    const claimed = picked.rows.map((row) => ({ ...row.doc, next_attempt_at: lease }));
    if (claimed.length === 0) return claimed;
    await sql`
      update ${table} as t set next_attempt_at = ${pgTime(lease)}, doc = v.doc::json
      from (select unnest(${claimed.map((r) => r.id)}::uuid[]) as id, unnest(${claimed.map((r) => JSON.stringify(r))}::text[]) as doc) as v
      where t.id = v.id`.execute(tx);
    return claimed;
  });
}
