import type { Container, DomainEvent, RawEvent, Shipment, TrackingRequest, TransportEvent } from "@bollard/core";
import type { ShipmentListQuery, StorageRepositories, TrackingRequestListQuery } from "@bollard/core/storage";
import {
  cmp,
  cmpNullsLast,
  containsText,
  copy,
  equalsText,
  getManyScoped,
  getScoped,
  inWindow,
  insertAllInto,
  insertInto,
  listWhere,
  newestFirst,
  oldestFirst,
  updateIn,
  type Access,
} from "./memory-records.js";
import { markLearned, memoryEventFeed } from "./memory-event-feed.js";
import { valuesOf, type MemoryTables } from "./memory-table.js";

type TrackingRepositories = Pick<StorageRepositories, "shipments" | "containers" | "transportEvents" | "rawEvents" | "eventFeed" | "trackingRequests" | "domainEvents">;

function shipmentMatches(query: ShipmentListQuery, containerNumbers: (shipment: Shipment) => string[]) {
  return (s: Shipment): boolean => {
    if (query.trackingStopped !== undefined && (s.line_tracking_stopped_at !== null) !== query.trackingStopped) return false;
    const number = query.number;
    if (number !== undefined && !equalsText(s.bill_of_lading_number, number) && !equalsText(s.normalized_number, number)) return false;
    const q = query.q;
    if (q !== undefined && ![s.bill_of_lading_number, ...s.ref_numbers, ...containerNumbers(s)].some((text) => containsText(text, q))) return false;
    return true;
  };
}

function matchesRequest(r: TrackingRequest, query: TrackingRequestListQuery): boolean {
  const { q, requestNumber } = query;
  if (q !== undefined && ![r.request_number, ...r.ref_numbers].some((text) => containsText(text, q))) return false;
  if (requestNumber !== undefined && !equalsText(r.request_number, requestNumber)) return false;
  if (query.status !== undefined && r.status !== query.status) return false;
  if (query.scac !== undefined && r.scac !== query.scac) return false;
  return inWindow(r.created_at, query.createdAt) && inWindow(r.updated_at, query.updatedAt);
}

function byTimestampNullsLast(a: TransportEvent, b: TransportEvent): number {
  return cmpNullsLast(a.timestamp, b.timestamp) || cmp(a.created_at, b.created_at) || cmp(a.id, b.id);
}

function byContainerThenIndex(a: RawEvent, b: RawEvent): number {
  return cmp(a.container_id, b.container_id) || cmp(a.index, b.index) || cmp(a.id, b.id);
}

/** Shipments, containers, transport and raw events, tracking requests. */
export function trackingRepositories(tables: MemoryTables, access: Access): TrackingRepositories {
  const containerNumbers = (accountId: string) => {
    const byShipment = new Map<string, string[]>();
    for (const c of valuesOf(tables.containers)) {
      if (c.account_id === accountId) byShipment.set(c.shipment_id, [...(byShipment.get(c.shipment_id) ?? []), c.number]);
    }
    return (shipment: Shipment) => byShipment.get(shipment.id) ?? [];
  };
  const inContainers = (accountId: string, containerIds: readonly string[]) => {
    const wanted = new Set(containerIds);
    return (e: { account_id: string; container_id: string }) => e.account_id === accountId && wanted.has(e.container_id);
  };
  return {
    shipments: {
      insert: (shipment) => access.write(() => insertInto(tables.shipments, shipment, "shipment")),
      update: (shipment) => access.write(() => updateIn(tables.shipments, shipment, "shipment")),
      get: (accountId, id) => access.read(() => getScoped(tables.shipments, accountId, id)),
      getMany: (accountId, ids) => access.read(() => getManyScoped(tables.shipments, accountId, ids)),
      list: (accountId, query) =>
        access.read(() => {
          const matches = shipmentMatches(query, query.q === undefined ? () => [] : containerNumbers(accountId));
          return listWhere(tables.shipments, (s) => s.account_id === accountId && matches(s), newestFirst, query.page);
        }),
    },
    containers: {
      insert: (container) => access.write(() => insertInto(tables.containers, container, "container")),
      update: (container) => access.write(() => updateIn(tables.containers, container, "container")),
      get: (accountId, id) => access.read(() => getScoped(tables.containers, accountId, id)),
      getMany: (accountId, ids) => access.read(() => getManyScoped(tables.containers, accountId, ids)),
      listByShipments: (accountId, shipmentIds) =>
        access.read(() => {
          const wanted = new Set(shipmentIds);
          return listWhere(tables.containers, (c: Container) => c.account_id === accountId && wanted.has(c.shipment_id), oldestFirst).items;
        }),
      list: (accountId, query) =>
        access.read(() => {
          const { number, currentStatus } = query;
          const statuses = currentStatus === undefined ? undefined : new Set<string>(currentStatus);
          const match = (c: Container) => c.account_id === accountId && (number === undefined || equalsText(c.number, number)) && (statuses === undefined || statuses.has(c.current_status));
          return listWhere(tables.containers, match, newestFirst, query.page);
        }),
    },
    transportEvents: {
      insertMany: (events) =>
        access.write(() => {
          insertAllInto(tables.transportEvents, events, "transport event");
          markLearned(tables, "transport_event", events);
        }),
      get: (accountId, id) => access.read(() => getScoped(tables.transportEvents, accountId, id)),
      listByContainers: (accountId, containerIds, page) =>
        access.read(() => listWhere(tables.transportEvents, inContainers(accountId, containerIds), byTimestampNullsLast, page)),
    },
    rawEvents: {
      insertMany: (events) =>
        access.write(() => {
          insertAllInto(tables.rawEvents, events, "raw event");
          markLearned(tables, "raw_event", events);
        }),
      update: (event) =>
        access.write(() => {
          updateIn(tables.rawEvents, event, "raw event");
          markLearned(tables, "raw_event", [event]);
        }),
      listByContainers: (accountId, containerIds, page) =>
        access.read(() => listWhere(tables.rawEvents, inContainers(accountId, containerIds), byContainerThenIndex, page)),
    },
    eventFeed: memoryEventFeed(tables, access),
    trackingRequests: {
      insert: (request) => access.write(() => insertInto(tables.trackingRequests, request, "tracking request")),
      update: (request) => access.write(() => updateIn(tables.trackingRequests, request, "tracking request")),
      get: (accountId, id) => access.read(() => getScoped(tables.trackingRequests, accountId, id)),
      list: (accountId, query) =>
        access.read(() =>
          listWhere(tables.trackingRequests, (r) => r.account_id === accountId && matchesRequest(r, query), newestFirst, query.page),
        ),
      activeByNumbers: (accountId, numbers) =>
        access.read(() => {
          const wanted = new Set(numbers.map((number) => number.toLowerCase()));
          const active = (r: TrackingRequest) => r.account_id === accountId && (r.status === "pending" || r.status === "created") && wanted.has(r.request_number.toLowerCase());
          return wanted.size === 0 ? [] : listWhere(tables.trackingRequests, active, newestFirst).items;
        }),
      listDue: (now, limit) =>
        access.read(() => {
          const due = (r: TrackingRequest) => r.next_attempt_at !== null && r.next_attempt_at <= now;
          const byDueTime = (a: TrackingRequest, b: TrackingRequest) => cmp(a.next_attempt_at!, b.next_attempt_at!) || cmp(a.id, b.id);
          return listWhere(tables.trackingRequests, due, byDueTime, { number: 1, size: limit }).items;
        }),
      claimDue: (now, leaseUntil, limit) =>
        access.write(() => {
          const due = (r: TrackingRequest) => r.next_attempt_at !== null && r.next_attempt_at <= now;
          const byDueTime = (a: TrackingRequest, b: TrackingRequest) => cmp(a.next_attempt_at!, b.next_attempt_at!) || cmp(a.id, b.id);
          const claimed = listWhere(tables.trackingRequests, due, byDueTime, { number: 1, size: limit }).items.map((r) => ({ ...r, next_attempt_at: leaseUntil }));
          for (const request of claimed) tables.trackingRequests.set(request.id, copy(request));
          return claimed;
        }),
    },
    domainEvents: {
      insertMany: (events) => access.write(() => insertAllInto(tables.domainEvents, events, "domain event")),
      get: (accountId, id) => access.read(() => getScoped(tables.domainEvents, accountId, id)),
      list: (accountId, query) =>
        access.read(() => {
          const match = (e: DomainEvent) =>
            e.account_id === accountId &&
            (query.shipmentId === undefined || e.shipment_id === query.shipmentId) &&
            (query.containerId === undefined || e.container_id === query.containerId) &&
            (query.event === undefined || e.event === query.event);
          return listWhere(tables.domainEvents, match, oldestFirst, query.page);
        }),
      pruneCreatedBefore: (accountId, before, limit) =>
        access.write(() => {
          if (!(limit >= 1)) return 0;
          const old = listWhere(tables.domainEvents, (e) => e.account_id === accountId && e.created_at < before, oldestFirst, { number: 1, size: Math.max(0, Math.floor(limit)) });
          for (const event of old.items) tables.domainEvents.delete(event.id);
          return old.items.length;
        }),
    },
  };
}
