import type { Container, Shipment } from "@bollard/core";
import type { ContainerListQuery, ContainerRepository, ShipmentListQuery, ShipmentRepository } from "@bollard/core/storage";
import { sql, type SqlBool } from "kysely";
import { docsOf, idEquals, inAccount, inCreatedOrder, inIdOrder, pageOfDocs, perDialect, precompiled, scopedGet, type AnySelect, type SqlScope } from "./sql-rows.js";
import { rowsOf } from "./sql-records.js";
import { SEARCH_SEPARATOR } from "./sql-schema.js";
import { insertRows, replaceRecord } from "./sql-writes.js";

/** The shipment with this id in this account: `select doc … where id and account_id`. */
export const getShipment = scopedGet<Shipment>("shipments");
/** The container with this id in this account. */
export const getContainer = scopedGet<Container>("containers");
const containersOfOne = perDialect((dialect) =>
  precompiled(2, (db, accountId: string, shipmentId: string) =>
    db.selectFrom("containers").select(["doc"]).where("account_id", "=", accountId).where("shipment_id", "=", shipmentId).orderBy("created_at").orderBy("id"),
  ),
);

/** The containers of one shipment, oldest first: one precompiled equality on the index. */
export async function containersOfShipment({ read, dialect }: SqlScope, accountId: string, shipmentId: string): Promise<Container[]> {
  if (!dialect.isId(accountId) || !dialect.isId(shipmentId)) return [];
  return docsOf<Container>(dialect, (await containersOfOne(dialect)(read, accountId, shipmentId)) as { doc: unknown }[]);
}

/**
 * The ids of the account's shipments whose bill of lading or normalized number is `number`
 * (case-insensitive): one search on each number's index.
 */
async function shipmentIdsByNumber({ read, dialect }: SqlScope, accountId: string, number: string): Promise<string[]> {
  const lc = number.toLowerCase();
  const byColumn = (column: "bl_number_lc" | "normalized_number_lc") => read.selectFrom("shipments").select("id").where(idEquals(dialect, "account_id", accountId)).where(column, "=", lc);
  const rows = await byColumn("bl_number_lc").union(byColumn("normalized_number_lc")).execute();
  return rows.map((row) => String(row.id));
}

/** Ids of a `number` filter beyond which a listing tests them as one parameter (SQLite's `json_each`). */
const MAX_LISTED_IDS = 500;

/**
 * The account's shipments matching a listing's filters, unordered and unselected (see
 * `ShipmentRepository.list`). A `number` filter looks the ids up on the two number indexes first,
 * then tests those ids as literals: SQLite plans `id in (?, ?)` as lookups by id, but for an OR of
 * the two number columns (or an `in` over a subquery or json_each) it walks the account's whole
 * `(created_at, id)` index to read the listing's order (2 ms at 3,100 shipments, growing with the
 * account; 0.01 ms by id).
 */
export async function shipmentsMatching(scope: SqlScope, accountId: string, { trackingStopped, number, q }: Omit<ShipmentListQuery, "page">): Promise<AnySelect> {
  const { read, dialect } = scope;
  let query = read.selectFrom("shipments").where(idEquals(dialect, "shipments.account_id", accountId));
  if (trackingStopped !== undefined) query = query.where("tracking_stopped", "=", dialect.flag(trackingStopped));
  if (number !== undefined) {
    const ids = await shipmentIdsByNumber(scope, accountId, number);
    if (ids.length === 0) query = query.where(sql<SqlBool>`1 = 0`);
    else query = query.where(ids.length > MAX_LISTED_IDS ? dialect.idIn("shipments.id", ids) : (eb) => eb("shipments.id", "in", ids));
  }
  if (q !== undefined) {
    const needle = q.toLowerCase();
    query = query.where((eb) =>
      eb.or([
        // A needle holding the separator could only match across two numbers.
        needle.includes(SEARCH_SEPARATOR) ? sql<SqlBool>`1 = 0` : dialect.contains("shipments.search_text", needle),
        eb.exists(
          eb
            .selectFrom("containers")
            .select(sql`1`.as("one"))
            .whereRef("containers.account_id", "=", "shipments.account_id")
            .whereRef("containers.shipment_id", "=", "shipments.id")
            .where(dialect.contains("containers.number_lc", needle)),
        ),
      ]),
    );
  }
  return query;
}

/** The order of the shipment listing: newest first. */
export const SHIPMENT_LIST_ORDER = (ordered: AnySelect): AnySelect => ordered.orderBy("shipments.created_at", "desc").orderBy("shipments.id", "desc");

/** The account's containers matching a listing's filters, unordered and unselected (see `ContainerRepository.list`). */
export function containersMatching({ read, dialect }: SqlScope, accountId: string, { number, currentStatus }: Omit<ContainerListQuery, "page">): AnySelect {
  let query = read.selectFrom("containers").where(idEquals(dialect, "account_id", accountId));
  if (number !== undefined) query = query.where("number_lc", "=", number.toLowerCase());
  // No column of its own: the account's containers are read through their index, the status from `doc`.
  if (currentStatus !== undefined) query = query.where(currentStatus.length === 0 ? sql<SqlBool>`1 = 0` : sql<SqlBool>`${dialect.docText("doc", "current_status")} in (${sql.join(currentStatus)})`);
  return query;
}

/** The order of the container listing: newest first. */
export const CONTAINER_LIST_ORDER = (ordered: AnySelect): AnySelect => ordered.orderBy("created_at", "desc").orderBy("id", "desc");

/** Shipments. `q` searches `search_text` and the shipment's container numbers. */
export function sqlShipmentRepository(scope: SqlScope): ShipmentRepository {
  const { read, dialect } = scope;
  return {
    async insert(shipment) {
      await insertRows(scope, "shipments", [rowsOf.shipments(shipment, dialect)], { kind: "fail", noun: "shipment" });
    },
    update(shipment) {
      return replaceRecord(scope, "shipments", shipment, rowsOf.shipments, "shipment");
    },
    get(accountId, id) {
      return getShipment(scope, accountId, id);
    },
    async getMany(accountId, ids) {
      if (ids.length === 0) return [];
      const rows = await read.selectFrom("shipments").select(["doc"]).where(dialect.idIn("id", ids.filter(dialect.isId))).where(inAccount(dialect, accountId)).execute();
      return inIdOrder(docsOf<Shipment>(dialect, rows), ids);
    },
    async list(accountId, query) {
      return pageOfDocs<Shipment>(dialect, await shipmentsMatching(scope, accountId, query), SHIPMENT_LIST_ORDER, query.page, query.knownTotal);
    },
  };
}

/** Containers. */
export function sqlContainerRepository(scope: SqlScope): ContainerRepository {
  const { read, dialect } = scope;
  return {
    async insert(container) {
      await insertRows(scope, "containers", [rowsOf.containers(container, dialect)], { kind: "fail", noun: "container" });
    },
    update(container) {
      return replaceRecord(scope, "containers", container, rowsOf.containers, "container");
    },
    get(accountId, id) {
      return getContainer(scope, accountId, id);
    },
    async getMany(accountId, ids) {
      if (ids.length === 0) return [];
      const rows = await read.selectFrom("containers").select(["doc"]).where(dialect.idIn("id", ids.filter(dialect.isId))).where(inAccount(dialect, accountId)).execute();
      return inIdOrder(docsOf<Container>(dialect, rows), ids);
    },
    async listByShipments(accountId, shipmentIds) {
      if (shipmentIds.length === 0) return [];
      if (shipmentIds.length === 1) return containersOfShipment(scope, accountId, shipmentIds[0]!);
      const query = read.selectFrom("containers").select(["doc"]).where(idEquals(dialect, "account_id", accountId)).where(dialect.idIn("shipment_id", shipmentIds.filter(dialect.isId)));
      return inCreatedOrder(docsOf<Container>(dialect, await query.execute()));
    },
    list(accountId, query) {
      return pageOfDocs<Container>(dialect, containersMatching(scope, accountId, query), CONTAINER_LIST_ORDER, query.page, query.knownTotal);
    },
  };
}
