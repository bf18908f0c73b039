import type { Container, Shipment } from "@bollard/core";
import { type ContainerRepository, type ShipmentRepository, storedRendering, type RenderedType } from "@bollard/core/storage";
import { sql } from "kysely";
import { inIdOrder, inList, pageOfDocs, parseDocs, precompiled, type RepositoryScope, scopedGet, searchText } from "./sqlite-doc-rows.js";
import { insertRows, replaceRecord } from "./sqlite-writes.js";
import { SEARCH_SEPARATOR } from "./sqlite-schema.js";

/** The shipment with this id in this account: `select doc … where id and account_id`. */
export const getShipment = scopedGet<Shipment>("shipments");
const getContainer = scopedGet<Container>("containers");
/** The containers of one shipment, oldest first: one precompiled equality on the index. */
export const containersOfShipment = precompiled(2, (db, accountId: string, shipmentId: string) =>
  db.selectFrom("containers").select("doc").where("account_id", "=", accountId).where("shipment_id", "=", shipmentId).orderBy("created_at").orderBy("id"),
);

function shipmentRow(shipment: Shipment) {
  return {
    id: shipment.id,
    account_id: shipment.account_id,
    created_at: shipment.created_at,
    bl_number_lc: shipment.bill_of_lading_number.toLowerCase(),
    normalized_number_lc: shipment.normalized_number.toLowerCase(),
    tracking_stopped: shipment.line_tracking_stopped_at === null ? 0 : 1,
    search_text: searchText([shipment.bill_of_lading_number, ...shipment.ref_numbers], SEARCH_SEPARATOR),
    doc: JSON.stringify(shipment),
    ...renderedColumns("shipment", shipment),
  };
}

function containerRow(container: Container) {
  return {
    id: container.id,
    account_id: container.account_id,
    shipment_id: container.shipment_id,
    created_at: container.created_at,
    number_lc: container.number.toLowerCase(),
    doc: JSON.stringify(container),
    ...renderedColumns("container", container),
  };
}

/** The columns holding a record's stored rendering (see `ensureRenderings` for rows written without them). */
function renderedColumns(type: RenderedType, record: { id: string }) {
  const rendering = storedRendering(type, record);
  return { attributes_json: rendering.attributes, relationships_json: rendering.relationships };
}

/** Shipments over SQLite. `q` searches `search_text` and the shipment's container numbers. */
export function sqliteShipmentRepository(scope: RepositoryScope): ShipmentRepository {
  const { read, write } = scope;
  return {
    async insert(shipment) {
      await insertRows(write, "shipments", [shipmentRow(shipment)]);
    },
    update(shipment) {
      return replaceRecord(write, "shipments", shipment, shipmentRow, "shipment");
    },
    get(accountId, id) {
      return getShipment(read, accountId, id);
    },
    async getMany(accountId, ids) {
      if (ids.length === 0) return [];
      const rows = await read.selectFrom("shipments").select("doc").where("account_id", "=", accountId).where(inList("id", ids)).execute();
      return inIdOrder(parseDocs<Shipment>(rows), ids);
    },
    list(accountId, { page, trackingStopped, number, q }) {
      let query = read.selectFrom("shipments").where("shipments.account_id", "=", accountId);
      if (trackingStopped !== undefined) query = query.where("tracking_stopped", "=", trackingStopped ? 1 : 0);
      if (number !== undefined) {
        const lc = number.toLowerCase();
        query = query.where((eb) => eb.or([eb("bl_number_lc", "=", lc), eb("normalized_number_lc", "=", lc)]));
      }
      if (q !== undefined) {
        const needle = q.toLowerCase();
        // instr() matches literally (no LIKE wildcards); the separator keeps matches inside one number.
        query = query.where((eb) =>
          eb.or([
            needle.includes(SEARCH_SEPARATOR) ? sql<boolean>`0` : sql<boolean>`instr(shipments.search_text, ${needle}) > 0`,
            eb.exists(
              eb
                .selectFrom("containers")
                .select(sql`1`.as("one"))
                .whereRef("containers.account_id", "=", "shipments.account_id")
                .whereRef("containers.shipment_id", "=", "shipments.id")
                .where(sql<boolean>`instr(containers.number_lc, ${needle}) > 0`),
            ),
          ]),
        );
      }
      return pageOfDocs<Shipment>(query, (ordered) => ordered.orderBy("shipments.created_at", "desc").orderBy("shipments.id", "desc"), page);
    },
  };
}

/** Containers over SQLite. */
export function sqliteContainerRepository(scope: RepositoryScope): ContainerRepository {
  const { read, write } = scope;
  return {
    async insert(container) {
      await insertRows(write, "containers", [containerRow(container)]);
    },
    update(container) {
      return replaceRecord(write, "containers", container, containerRow, "container");
    },
    get(accountId, id) {
      return getContainer(read, accountId, id);
    },
    async getMany(accountId, ids) {
      if (ids.length === 0) return [];
      const rows = await read.selectFrom("containers").select("doc").where("account_id", "=", accountId).where(inList("id", ids)).execute();
      return inIdOrder(parseDocs<Container>(rows), ids);
    },
    async listByShipments(accountId, shipmentIds) {
      if (shipmentIds.length === 0) return [];
      // One shipment (the hot read) is one precompiled equality on the index.
      if (shipmentIds.length === 1) return containersOfShipment(read, accountId, shipmentIds[0]!).then(parseDocs<Container>);
      const query = read.selectFrom("containers").select("doc").where("account_id", "=", accountId).where(inList("shipment_id", shipmentIds));
      return parseDocs<Container>(await query.orderBy("created_at").orderBy("id").execute());
    },
    list(accountId, { page, number }) {
      let query = read.selectFrom("containers").where("account_id", "=", accountId);
      if (number !== undefined) query = query.where("number_lc", "=", number.toLowerCase());
      return pageOfDocs<Container>(query, (ordered) => ordered.orderBy("created_at", "desc").orderBy("id", "desc"), page);
    },
  };
}
