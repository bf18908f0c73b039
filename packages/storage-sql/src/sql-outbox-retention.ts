import { sql, type SqlBool } from "kysely";
import type { SqlScope } from "./sql-rows.js";
import { atomically } from "./sql-writes.js";

/**
 * Outbox retention (`webhookNotifications.pruneDelivered`): picks the oldest delivered
 * notifications created before `before`, then deletes their attempts and them, in one
 * transaction (or under a savepoint of the caller's).
 */
export function pruneDeliveredNotifications(scope: SqlScope, before: string, limit: number): Promise<number> {
  const { dialect } = scope;
  return atomically(scope.write, async (tx) => {
    const picked = await tx
      .selectFrom("webhook_notifications")
      .select("id")
      // A literal, so the partial index `webhook_notifications_delivered` applies.
      .where(sql<SqlBool>`delivery_status = 'succeeded'`)
      .where("created_at", "<", dialect.time(before))
      .orderBy("created_at")
      .orderBy("id")
      .limit(Math.max(0, Math.floor(limit)))
      .execute();
    if (picked.length === 0) return 0;
    const ids = picked.map((row) => row.id);
    await tx.deleteFrom("webhook_notification_attempts").where(dialect.idIn("notification_id", ids)).execute();
    const deleted = await tx.deleteFrom("webhook_notifications").where(dialect.idIn("id", ids)).executeTakeFirst();
    return Number(deleted.numDeletedRows);
  });
}
