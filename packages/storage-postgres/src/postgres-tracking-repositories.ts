import type { DomainEvent, TrackingRequest } from "@bollard/core";
import type { DomainEventRepository, TimeWindow, TrackingRequestRepository } from "@bollard/core/storage";
import type { SelectQueryBuilder } from "kysely";
import { claimDueRows } from "./postgres-claims.js";
import { containsNeedle, docOf, docsOf, isUuid, pageOfDocs, pgTime, type RepositoryScope, uuidEquals } from "./postgres-rows.js";
import { rows } from "./postgres-records.js";
import { type BollardDatabase, SEARCH_SEPARATOR } from "./postgres-schema.js";
import { insertRows, replaceRecord } from "./postgres-writes.js";

type TrackingRequestSelect = SelectQueryBuilder<BollardDatabase, "tracking_requests", {}>;

/** Narrows `query` to `column` inside `window`, both bounds inclusive. */
function within(query: TrackingRequestSelect, column: "created_at" | "updated_at", window: TimeWindow | undefined): TrackingRequestSelect {
  let narrowed = query;
  if (window?.from !== undefined) narrowed = narrowed.where(column, ">=", pgTime(window.from));
  if (window?.to !== undefined) narrowed = narrowed.where(column, "<=", pgTime(window.to));
  return narrowed;
}

/**
 * Tracking requests over PostgreSQL, including the refresh scheduler's due queue. `claimDue`
 * locks the rows it takes with `FOR UPDATE SKIP LOCKED`, so processes claiming at the same time
 * never take the same request.
 */
export function postgresTrackingRequestRepository({ db }: RepositoryScope): TrackingRequestRepository {
  return {
    async insert(request) {
      await insertRows(db, "tracking_requests", [rows.tracking_requests(request)], { kind: "fail", noun: "tracking request" });
    },
    update(request) {
      return replaceRecord(db, "tracking_requests", request, rows.tracking_requests, "tracking request");
    },
    async get(accountId, id) {
      if (!isUuid(id) || !isUuid(accountId)) return null;
      return docOf<TrackingRequest>(await db.selectFrom("tracking_requests").select("doc").where("id", "=", id).where("account_id", "=", accountId).executeTakeFirst());
    },
    list(accountId, { page, q, requestNumber, status, scac, createdAt, updatedAt }) {
      let query = db.selectFrom("tracking_requests").where(uuidEquals("account_id", accountId));
      if (q !== undefined) query = query.where(containsNeedle("search_text", q, SEARCH_SEPARATOR));
      if (requestNumber !== undefined) query = query.where("request_number_lc", "=", requestNumber.toLowerCase());
      if (status !== undefined) query = query.where("status", "=", status);
      if (scac !== undefined) query = query.where("scac", "=", scac);
      query = within(within(query, "created_at", createdAt), "updated_at", updatedAt);
      return pageOfDocs<TrackingRequest>(query, (ordered) => ordered.orderBy("created_at", "desc").orderBy("id", "desc"), page);
    },
    async listDue(now, limit) {
      const found = await db
        .selectFrom("tracking_requests")
        .select("doc")
        .where("next_attempt_at", "is not", null)
        .where("next_attempt_at", "<=", pgTime(now))
        .orderBy("next_attempt_at")
        .orderBy("id")
        .limit(limit)
        .execute();
      return docsOf<TrackingRequest>(found);
    },
    claimDue(now, leaseUntil, limit) {
      return claimDueRows<TrackingRequest>(db, { table: "tracking_requests", pendingOnly: false }, now, leaseUntil, limit);
    },
  };
}

/** Domain events over PostgreSQL. */
export function postgresDomainEventRepository({ db }: RepositoryScope): DomainEventRepository {
  return {
    async insertMany(events) {
      await insertRows(db, "domain_events", events.map(rows.domain_events), { kind: "fail", noun: "domain event" });
    },
    async get(accountId, id) {
      if (!isUuid(id) || !isUuid(accountId)) return null;
      return docOf<DomainEvent>(await db.selectFrom("domain_events").select("doc").where("id", "=", id).where("account_id", "=", accountId).executeTakeFirst());
    },
    list(accountId, { page, shipmentId, containerId, event }) {
      let query = db.selectFrom("domain_events").where(uuidEquals("account_id", accountId));
      if (shipmentId !== undefined) query = query.where(uuidEquals("shipment_id", shipmentId));
      if (containerId !== undefined) query = query.where(uuidEquals("container_id", containerId));
      if (event !== undefined) query = query.where("event", "=", event);
      return pageOfDocs<DomainEvent>(query, (ordered) => ordered.orderBy("created_at").orderBy("id"), page);
    },
  };
}
