import type { RefreshLogDay, RefreshLogRepository } from "@bollard/core/storage";
import { sql } from "kysely";
import { idEquals, type SqlScope } from "./sql-rows.js";
import { rowsOf } from "./sql-records.js";
import type { RefreshLogTable } from "./sql-schema.js";

/** The offsets of a `refresh_log` list column: comma-separated decimal milliseconds, `""` for none. */
export function offsetsOf(text: string): number[] {
  return text === "" ? [] : text.split(",").map(Number);
}

/** A `refresh_log` row as the record it stores. */
export function refreshLogDayOf(row: Pick<RefreshLogTable, "account_id" | "shipment_id" | "day" | "attempted" | "succeeded">): RefreshLogDay {
  return { account_id: row.account_id, shipment_id: row.shipment_id, day: row.day, attempted: offsetsOf(row.attempted), succeeded: offsetsOf(row.succeeded) };
}

/** The stored list `column` with the new row's appended, in plain SQL both dialects run. */
function appended(column: "attempted" | "succeeded") {
  const [stored, added] = [sql.ref(`refresh_log.${column}`), sql.ref(`excluded.${column}`)];
  return sql<string>`case when ${stored} = '' then ${added} when ${added} = '' then ${stored} else ${stored} || ',' || ${added} end`;
}

/** The refresh log: one row per (account, shipment, day), appended to by one upsert. */
export function sqlRefreshLogRepository(scope: SqlScope): RefreshLogRepository {
  const { read, dialect } = scope;
  return {
    async append(day) {
      await scope.write
        .insertInto("refresh_log")
        .values(rowsOf.refresh_log(day))
        .onConflict((oc) => oc.columns(["account_id", "shipment_id", "day"]).doUpdateSet({ attempted: appended("attempted"), succeeded: appended("succeeded") }))
        .execute();
    },
    async listThrough(accountId, shipmentId, through, limit) {
      const rows = await read
        .selectFrom("refresh_log")
        .select(["account_id", "shipment_id", "day", "attempted", "succeeded"])
        .where(idEquals(dialect, "account_id", accountId))
        .where(idEquals(dialect, "shipment_id", shipmentId))
        .where("day", "<=", through)
        .orderBy("day", "desc")
        .limit(Math.max(0, Math.floor(limit)))
        .execute();
      return rows.map(refreshLogDayOf);
    },
  };
}
