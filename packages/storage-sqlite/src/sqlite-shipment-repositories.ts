import {
  type Container,
  type ContainerRepository,
  containerResource,
  type RenderedRecord,
  type ResourceDefinition,
  renderParts,
  renderRecord,
  type Shipment,
  type ShipmentRepository,
  shipmentResource,
} from "@bollard/core";
import { sql } from "kysely";
import { directRead, inIdOrder, inList, pageOfDocs, parseDocs, precompiled, type RepositoryScope, scopedGet, searchText } from "./sqlite-doc-rows.js";
import { insertRows, replaceRecord } from "./sqlite-writes.js";
import { SEARCH_SEPARATOR } from "./sqlite-schema.js";

const getShipment = scopedGet<Shipment>("shipments");
const getContainer = scopedGet<Container>("containers");
const containersOfShipment = precompiled(2, (db, accountId: string, shipmentId: string) =>
  db.selectFrom("containers").select("doc").where("account_id", "=", accountId).where("shipment_id", "=", shipmentId).orderBy("created_at").orderBy("id"),
);

/** A row's rendered columns. */
type RenderedRow = { id: string; attributes_json: string | null; relationships_json: string | null };

const renderedShipment = directRead<RenderedRow>("select id, attributes_json, relationships_json from shipments where id = ? and account_id = ?");
const renderedContainers = directRead<RenderedRow>(
  "select id, attributes_json, relationships_json from containers where account_id = ? and shipment_id = ? order by created_at, id",
);

/** The stored renderings of a row, or null for a row an older version wrote without them. */
function storedRendering(row: RenderedRow): RenderedRecord | null {
  return row.attributes_json === null || row.relationships_json === null ? null : { id: row.id, attributes: row.attributes_json, relationships: row.relationships_json };
}

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
    ...renderedColumns(shipmentResource, shipment),
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
    ...renderedColumns(containerResource, container),
  };
}

/** The columns holding a record's renderings (see `ensureRenderings` for rows written without them). */
function renderedColumns<T extends { id: string }>(definition: ResourceDefinition<T>, record: T) {
  const parts = renderParts(definition, record);
  return { attributes_json: parts.attributes, relationships_json: parts.relationships };
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
    async getRendered(accountId, id) {
      const [row] = await renderedShipment(scope, id, accountId);
      if (!row) return null;
      const stored = storedRendering(row);
      if (stored) return stored;
      const shipment = await getShipment(read, accountId, id);
      return shipment && renderRecord(shipmentResource, shipment);
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
    async listRenderedByShipment(accountId, shipmentId) {
      const rows = await renderedContainers(scope, accountId, shipmentId);
      const stored = rows.map(storedRendering);
      if (stored.every((rendering) => rendering !== null)) return stored as RenderedRecord[];
      return (await containersOfShipment(read, accountId, shipmentId).then(parseDocs<Container>)).map((container) => renderRecord(containerResource, container));
    },
    list(accountId, { page, number }) {
      let query = read.selectFrom("containers").where("account_id", "=", accountId);
      if (number !== undefined) query = query.where("number_lc", "=", number.toLowerCase());
      return pageOfDocs<Container>(query, (ordered) => ordered.orderBy("created_at", "desc").orderBy("id", "desc"), page);
    },
  };
}
