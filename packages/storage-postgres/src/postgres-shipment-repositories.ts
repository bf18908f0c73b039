import type { Container, Shipment } from "@bollard/core";
import type { ContainerRepository, ShipmentRepository } from "@bollard/core/storage";
import { sql, type SqlBool } from "kysely";
import { containsNeedle, docOf, docsOf, inIdOrder, isUuid, pageOfDocs, type RepositoryScope, uuidEquals, uuidIn } from "./postgres-rows.js";
import { rows } from "./postgres-records.js";
import { SEARCH_SEPARATOR } from "./postgres-schema.js";
import { insertRows, replaceRecord } from "./postgres-writes.js";

/** Shipments over PostgreSQL. `q` searches `search_text` and the shipment's container numbers. */
export function postgresShipmentRepository({ db }: RepositoryScope): ShipmentRepository {
  async function getShipment(accountId: string, id: string): Promise<Shipment | null> {
    if (!isUuid(id) || !isUuid(accountId)) return null;
    return docOf<Shipment>(await db.selectFrom("shipments").select("doc").where("id", "=", id).where("account_id", "=", accountId).executeTakeFirst());
  }
  return {
    async insert(shipment) {
      await insertRows(db, "shipments", [rows.shipments(shipment)], { kind: "fail", noun: "shipment" });
    },
    update(shipment) {
      return replaceRecord(db, "shipments", shipment, rows.shipments, "shipment");
    },
    get: getShipment,
    async getMany(accountId, ids) {
      if (ids.length === 0) return [];
      const found = await db.selectFrom("shipments").select("doc").where(uuidEquals("account_id", accountId)).where(uuidIn("id", ids)).execute();
      return inIdOrder(docsOf<Shipment>(found), ids);
    },
    list(accountId, { page, trackingStopped, number, q }) {
      let query = db.selectFrom("shipments").where(uuidEquals("shipments.account_id", accountId));
      if (trackingStopped !== undefined) query = query.where("tracking_stopped", "=", trackingStopped);
      if (number !== undefined) {
        const lc = number.toLowerCase();
        query = query.where((eb) => eb.or([eb("bl_number_lc", "=", lc), eb("normalized_number_lc", "=", lc)]));
      }
      if (q !== undefined) {
        const needle = q.toLowerCase();
        query = query.where((eb) =>
          eb.or([
            containsNeedle("shipments.search_text", q, SEARCH_SEPARATOR),
            eb.exists(
              eb
                .selectFrom("containers")
                .select(sql`1`.as("one"))
                .whereRef("containers.account_id", "=", "shipments.account_id")
                .whereRef("containers.shipment_id", "=", "shipments.id")
                .where(sql<SqlBool>`strpos(containers.number_lc, ${needle}) > 0`),
            ),
          ]),
        );
      }
      return pageOfDocs<Shipment>(query, (ordered) => ordered.orderBy("shipments.created_at", "desc").orderBy("shipments.id", "desc"), page);
    },
  };
}

/** Containers over PostgreSQL. */
export function postgresContainerRepository({ db }: RepositoryScope): ContainerRepository {
  async function listByShipments(accountId: string, shipmentIds: readonly string[]): Promise<Container[]> {
    if (shipmentIds.length === 0) return [];
    const shipments = shipmentIds.length === 1 ? uuidEquals("shipment_id", shipmentIds[0]!) : uuidIn("shipment_id", shipmentIds);
    const query = db.selectFrom("containers").select("doc").where(uuidEquals("account_id", accountId)).where(shipments);
    return docsOf<Container>(await query.orderBy("created_at").orderBy("id").execute());
  }
  return {
    async insert(container) {
      await insertRows(db, "containers", [rows.containers(container)], { kind: "fail", noun: "container" });
    },
    update(container) {
      return replaceRecord(db, "containers", container, rows.containers, "container");
    },
    async get(accountId, id) {
      if (!isUuid(id) || !isUuid(accountId)) return null;
      return docOf<Container>(await db.selectFrom("containers").select("doc").where("id", "=", id).where("account_id", "=", accountId).executeTakeFirst());
    },
    async getMany(accountId, ids) {
      if (ids.length === 0) return [];
      const found = await db.selectFrom("containers").select("doc").where(uuidEquals("account_id", accountId)).where(uuidIn("id", ids)).execute();
      return inIdOrder(docsOf<Container>(found), ids);
    },
    listByShipments,
    list(accountId, { page, number }) {
      let query = db.selectFrom("containers").where(uuidEquals("account_id", accountId));
      if (number !== undefined) query = query.where("number_lc", "=", number.toLowerCase());
      return pageOfDocs<Container>(query, (ordered) => ordered.orderBy("created_at", "desc").orderBy("id", "desc"), page);
    },
  };
}
