import type { ExceptionRule, ShipmentException } from "@bollard/core";
import type { ExceptionRepository, ExceptionRuleRepository } from "@bollard/core/storage";
import { docsOf, idEquals, idOneOf, inAccount, pageOfDocs, scopedGet, type SqlScope } from "./sql-rows.js";
import { rowsOf } from "./sql-records.js";
import { deleteScoped, insertRows, replaceRecord } from "./sql-writes.js";

const getRule = scopedGet<ExceptionRule>("exception_rules");
const getException = scopedGet<ShipmentException>("shipment_exceptions");

/** Exception rules of accounts; the whole rule is the `doc`. */
export function sqlExceptionRuleRepository(scope: SqlScope): ExceptionRuleRepository {
  const { read, dialect } = scope;
  return {
    async insert(rule) {
      await insertRows(scope, "exception_rules", [rowsOf.exception_rules(rule, dialect)], { kind: "fail", noun: "exception rule" });
    },
    update(rule) {
      return replaceRecord(scope, "exception_rules", rule, rowsOf.exception_rules, "exception rule");
    },
    async delete(accountId, id) {
      return (await deleteScoped(scope, "exception_rules", accountId, { id })) > 0;
    },
    get(accountId, id) {
      return getRule(scope, accountId, id);
    },
    list(accountId, page) {
      const query = read.selectFrom("exception_rules").where(idEquals(dialect, "account_id", accountId));
      return pageOfDocs<ExceptionRule>(dialect, query, (ordered) => ordered.orderBy("created_at").orderBy("id"), page);
    },
  };
}

/** Exceptions raised on shipments (table `shipment_exceptions`): filters on their own columns, the record in `doc`. */
export function sqlExceptionRepository(scope: SqlScope): ExceptionRepository {
  const { read, dialect } = scope;
  return {
    async insertMany(exceptions) {
      await insertRows(scope, "shipment_exceptions", exceptions.map((e) => rowsOf.shipment_exceptions(e, dialect)), { kind: "fail", noun: "exception" });
    },
    update(exception) {
      return replaceRecord(scope, "shipment_exceptions", exception, rowsOf.shipment_exceptions, "exception");
    },
    get(accountId, id) {
      return getException(scope, accountId, id);
    },
    list(accountId, { page, status, kind, shipmentId, containerId }) {
      let query = read.selectFrom("shipment_exceptions").where(idEquals(dialect, "account_id", accountId));
      if (status !== undefined) query = query.where("status", "=", status);
      if (kind !== undefined) query = query.where("kind", "=", kind);
      if (shipmentId !== undefined) query = query.where(idEquals(dialect, "shipment_id", shipmentId));
      if (containerId !== undefined) query = query.where(idEquals(dialect, "container_id", containerId));
      return pageOfDocs<ShipmentException>(dialect, query, (ordered) => ordered.orderBy("raised_at", "desc").orderBy("id", "desc"), page);
    },
    async listOpenByShipments(accountId, shipmentIds) {
      if (shipmentIds.length === 0) return [];
      const rows = await read
        .selectFrom("shipment_exceptions")
        .select("doc")
        .where(idOneOf(dialect, "shipment_id", shipmentIds))
        .where("status", "=", "open")
        .where(inAccount(dialect, accountId))
        .execute();
      return docsOf<ShipmentException>(dialect, rows);
    },
  };
}
