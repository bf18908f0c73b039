import type { ExceptionRule, ShipmentException } from "@bollard/core";
import type { StorageRepositories } from "@bollard/core/storage";
import { cmp, copy, deleteScoped, getScoped, insertAllInto, insertInto, listWhere, oldestFirst, updateIn, type Access } from "./memory-records.js";
import { valuesOf, type MemoryTables } from "./memory-table.js";

/** Newest raised first, then id descending. */
const newestRaised = (a: ShipmentException, b: ShipmentException): number => cmp(b.raised_at, a.raised_at) || cmp(b.id, a.id);

/** Exception rules and the exceptions raised on shipments. */
export function exceptionRepositories(tables: MemoryTables, access: Access): Pick<StorageRepositories, "exceptionRules" | "exceptions"> {
  const { exceptionRules, exceptions } = tables;
  return {
    exceptionRules: {
      insert: (rule) => access.write(() => insertInto(exceptionRules, rule, "exception rule")),
      update: (rule) => access.write(() => updateIn(exceptionRules, rule, "exception rule")),
      delete: (accountId, id) => access.write(() => deleteScoped(exceptionRules, accountId, id)),
      get: (accountId, id) => access.read(() => getScoped(exceptionRules, accountId, id)),
      list: (accountId, page) => access.read(() => listWhere(exceptionRules, (r: ExceptionRule) => r.account_id === accountId, oldestFirst, page)),
    },
    exceptions: {
      insertMany: (records) => access.write(() => insertAllInto(exceptions, records, "exception")),
      update: (record) => access.write(() => updateIn(exceptions, record, "exception")),
      get: (accountId, id) => access.read(() => getScoped(exceptions, accountId, id)),
      list: (accountId, query) =>
        access.read(() =>
          listWhere(
            exceptions,
            (e: ShipmentException) =>
              e.account_id === accountId &&
              (query.status === undefined || e.status === query.status) &&
              (query.kind === undefined || e.kind === query.kind) &&
              (query.shipmentId === undefined || e.shipment_id === query.shipmentId) &&
              (query.containerId === undefined || e.container_id === query.containerId),
            newestRaised,
            query.page,
          ),
        ),
      listOpenByShipments: (accountId, shipmentIds) =>
        access.read(() => {
          const wanted = new Set(shipmentIds);
          return valuesOf(exceptions)
            .filter((e) => e.account_id === accountId && e.status === "open" && wanted.has(e.shipment_id))
            .map(copy);
        }),
    },
  };
}
