import type { DomainEvent, TrackingRequest } from "@bollard/core";
import type { DomainEventRepository, TimeWindow, TrackingRequestRepository } from "@bollard/core/storage";
import { type SelectQueryBuilder, sql } from "kysely";
import { canonicalTime, pageOfDocs, parseDocs, type RepositoryScope, scopedGet, searchText } from "./sqlite-doc-rows.js";
import { atomically, insertRows, replaceRecord } from "./sqlite-writes.js";
import { type BollardDatabase, SEARCH_SEPARATOR } from "./sqlite-schema.js";

const getTrackingRequest = scopedGet<TrackingRequest>("tracking_requests");
const getDomainEvent = scopedGet<DomainEvent>("domain_events");

function trackingRequestRow(request: TrackingRequest) {
  return {
    id: request.id,
    account_id: request.account_id,
    created_at: request.created_at,
    updated_at: request.updated_at,
    request_number_lc: request.request_number.toLowerCase(),
    status: request.status,
    scac: request.scac,
    next_attempt_at: request.next_attempt_at,
    search_text: searchText([request.request_number, ...request.ref_numbers], SEARCH_SEPARATOR),
    doc: JSON.stringify(request),
  };
}

function domainEventRow(event: DomainEvent) {
  return {
    id: event.id,
    account_id: event.account_id,
    shipment_id: event.shipment_id,
    container_id: event.container_id,
    event: event.event,
    created_at: event.created_at,
    doc: JSON.stringify(event),
  };
}

type TrackingRequestSelect = SelectQueryBuilder<BollardDatabase, "tracking_requests", {}>;

/** Narrows `query` to `column` inside `window`, both bounds inclusive. */
function within(query: TrackingRequestSelect, column: "created_at" | "updated_at", window: TimeWindow | undefined): TrackingRequestSelect {
  let narrowed = query;
  if (window?.from !== undefined) narrowed = narrowed.where(column, ">=", canonicalTime(window.from));
  if (window?.to !== undefined) narrowed = narrowed.where(column, "<=", canonicalTime(window.to));
  return narrowed;
}

/** Tracking requests over SQLite, including the refresh scheduler's due queue. */
export function sqliteTrackingRequestRepository({ read, write }: RepositoryScope): TrackingRequestRepository {
  return {
    async insert(request) {
      await insertRows(write, "tracking_requests", [trackingRequestRow(request)]);
    },
    update(request) {
      return replaceRecord(write, "tracking_requests", request, trackingRequestRow, "tracking request");
    },
    get(accountId, id) {
      return getTrackingRequest(read, accountId, id);
    },
    list(accountId, { page, q, requestNumber, status, scac, createdAt, updatedAt }) {
      let query = read.selectFrom("tracking_requests").where("account_id", "=", accountId);
      if (q !== undefined) {
        const needle = q.toLowerCase();
        // instr() matches literally; a needle holding the separator could only match across numbers.
        query = query.where(needle.includes(SEARCH_SEPARATOR) ? sql<boolean>`0` : sql<boolean>`instr(search_text, ${needle}) > 0`);
      }
      if (requestNumber !== undefined) query = query.where("request_number_lc", "=", requestNumber.toLowerCase());
      if (status !== undefined) query = query.where("status", "=", status);
      if (scac !== undefined) query = query.where("scac", "=", scac);
      query = within(within(query, "created_at", createdAt), "updated_at", updatedAt);
      return pageOfDocs<TrackingRequest>(query, (ordered) => ordered.orderBy("created_at", "desc").orderBy("id", "desc"), page);
    },
    async listDue(now, limit) {
      const rows = await read
        .selectFrom("tracking_requests")
        .select("doc")
        .where("next_attempt_at", "is not", null)
        .where("next_attempt_at", "<=", canonicalTime(now))
        .orderBy("next_attempt_at")
        .orderBy("id")
        .limit(limit)
        .execute();
      return parseDocs<TrackingRequest>(rows);
    },
    claimDue(now, leaseUntil, limit) {
      // Read and lease in one write transaction; write transactions are serialized, so concurrent claims never share a row.
      const lease = canonicalTime(leaseUntil);
      return atomically(write, async (db) => {
        const rows = await db
          .selectFrom("tracking_requests")
          .select("doc")
          .where("next_attempt_at", "is not", null)
          .where("next_attempt_at", "<=", canonicalTime(now))
          .orderBy("next_attempt_at")
          .orderBy("id")
          .limit(limit)
          .execute();
        const claimed = parseDocs<TrackingRequest>(rows).map((request) => ({ ...request, next_attempt_at: lease }));
        for (const request of claimed) {
          await db.updateTable("tracking_requests").set({ next_attempt_at: lease, doc: JSON.stringify(request) }).where("id", "=", request.id).execute();
        }
        return claimed;
      });
    },
  };
}

/** Domain events over SQLite. */
export function sqliteDomainEventRepository({ read, write }: RepositoryScope): DomainEventRepository {
  return {
    async insertMany(events) {
      await insertRows(write, "domain_events", events.map(domainEventRow));
    },
    get(accountId, id) {
      return getDomainEvent(read, accountId, id);
    },
    list(accountId, { page, shipmentId, containerId, event }) {
      let query = read.selectFrom("domain_events").where("account_id", "=", accountId);
      if (shipmentId !== undefined) query = query.where("shipment_id", "=", shipmentId);
      if (containerId !== undefined) query = query.where("container_id", "=", containerId);
      if (event !== undefined) query = query.where("event", "=", event);
      return pageOfDocs<DomainEvent>(query, (ordered) => ordered.orderBy("created_at").orderBy("id"), page);
    },
  };
}
