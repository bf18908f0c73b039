import type { DomainEvent, TrackingRequest } from "@bollard/core";
import type { DomainEventRepository, TimeWindow, TrackingRequestRepository } from "@bollard/core/storage";
import { type SelectQueryBuilder, sql, type SqlBool } from "kysely";
import { claimDueRows, dueRows } from "./sql-claims.js";
import type { SqlDialect } from "./sql-dialect.js";
import { docsOf, idEquals, pageOfDocs, scopedGet, type SqlScope } from "./sql-rows.js";
import { rowsOf } from "./sql-records.js";
import { SEARCH_SEPARATOR, type SqlDatabase } from "./sql-schema.js";
import { insertRows, replaceRecord } from "./sql-writes.js";

const getTrackingRequest = scopedGet<TrackingRequest>("tracking_requests");
const getDomainEvent = scopedGet<DomainEvent>("domain_events");
const REFRESH_QUEUE = { table: "tracking_requests", pendingOnly: false } as const;
/** Numbers per statement of `activeByNumbers` (well under either database's parameter limit). */
const NUMBERS_PER_READ = 500;

type TrackingRequestSelect = SelectQueryBuilder<SqlDatabase, "tracking_requests", {}>;

/** Narrows `query` to `column` inside `window`, both bounds inclusive. */
function within(dialect: SqlDialect, query: TrackingRequestSelect, column: "created_at" | "updated_at", window: TimeWindow | undefined): TrackingRequestSelect {
  let narrowed = query;
  if (window?.from !== undefined) narrowed = narrowed.where(column, ">=", dialect.time(window.from));
  if (window?.to !== undefined) narrowed = narrowed.where(column, "<=", dialect.time(window.to));
  return narrowed;
}

/** Tracking requests, including the refresh scheduler's due queue. */
export function sqlTrackingRequestRepository(scope: SqlScope): TrackingRequestRepository {
  const { read, dialect } = scope;
  return {
    async insert(request) {
      await insertRows(scope, "tracking_requests", [rowsOf.tracking_requests(request, dialect)], { kind: "fail", noun: "tracking request" });
    },
    update(request) {
      return replaceRecord(scope, "tracking_requests", request, rowsOf.tracking_requests, "tracking request");
    },
    get(accountId, id) {
      return getTrackingRequest(scope, accountId, id);
    },
    list(accountId, { page, q, requestNumber, status, scac, createdAt, updatedAt, knownTotal }) {
      let query = read.selectFrom("tracking_requests").where(idEquals(dialect, "account_id", accountId));
      if (q !== undefined) {
        const needle = q.toLowerCase();
        // A needle holding the separator could only match across two numbers.
        query = query.where(needle.includes(SEARCH_SEPARATOR) ? sql<SqlBool>`1 = 0` : dialect.contains("search_text", needle));
      }
      if (requestNumber !== undefined) query = query.where("request_number_lc", "=", requestNumber.toLowerCase());
      if (status !== undefined) query = query.where("status", "=", status);
      if (scac !== undefined) query = query.where("scac", "=", scac);
      query = within(dialect, within(dialect, query, "created_at", createdAt), "updated_at", updatedAt);
      return pageOfDocs<TrackingRequest>(dialect, query, (ordered) => ordered.orderBy("created_at", "desc").orderBy("id", "desc"), page, knownTotal);
    },
    async activeByNumbers(accountId, numbers) {
      const wanted = [...new Set(numbers.map((number) => number.toLowerCase()))];
      const found: TrackingRequest[] = [];
      for (let start = 0; start < wanted.length; start += NUMBERS_PER_READ) {
        const rows = await read
          .selectFrom("tracking_requests")
          .select("doc")
          .where(idEquals(dialect, "account_id", accountId))
          .where("request_number_lc", "in", wanted.slice(start, start + NUMBERS_PER_READ))
          .where("status", "in", ["pending", "created"])
          .execute();
        found.push(...docsOf<TrackingRequest>(dialect, rows));
      }
      return found;
    },
    async listDue(now, limit) {
      const rows = await dueRows(read, scope, REFRESH_QUEUE, now).select("doc").limit(Math.max(0, Math.floor(limit))).execute();
      return docsOf<TrackingRequest>(dialect, rows);
    },
    claimDue(now, leaseUntil, limit) {
      return claimDueRows<TrackingRequest>(scope, REFRESH_QUEUE, now, leaseUntil, limit);
    },
  };
}

/** Domain events: what happened to tracked shipments. */
export function sqlDomainEventRepository(scope: SqlScope): DomainEventRepository {
  const { read, dialect } = scope;
  return {
    async insertMany(events) {
      await insertRows(scope, "domain_events", events.map((event) => rowsOf.domain_events(event, dialect)), { kind: "fail", noun: "domain event" });
    },
    get(accountId, id) {
      return getDomainEvent(scope, accountId, id);
    },
    list(accountId, { page, shipmentId, containerId, event }) {
      let query = read.selectFrom("domain_events").where(idEquals(dialect, "account_id", accountId));
      if (shipmentId !== undefined) query = query.where(idEquals(dialect, "shipment_id", shipmentId));
      if (containerId !== undefined) query = query.where(idEquals(dialect, "container_id", containerId));
      if (event !== undefined) query = query.where("event", "=", event);
      return pageOfDocs<DomainEvent>(dialect, query, (ordered) => ordered.orderBy("created_at").orderBy("id"), page);
    },
    async pruneCreatedBefore(accountId, before, limit) {
      if (!dialect.isId(accountId) || !(limit >= 1)) return 0;
      // Over the account's (created_at, id) index: the oldest first, a bounded batch.
      const picked = read.selectFrom("domain_events").select("id").where("account_id", "=", accountId).where("created_at", "<", dialect.time(before)).orderBy("created_at").orderBy("id").limit(Math.floor(limit));
      const result = await scope.write.deleteFrom("domain_events").where("id", "in", picked).executeTakeFirst();
      return Number(result.numDeletedRows);
    },
  };
}
