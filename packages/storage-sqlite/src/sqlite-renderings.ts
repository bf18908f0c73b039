import type { Container } from "@bollard/core";
import { type RenderedRecord, type StoredRenderings, renderingFingerprint, storedRendering } from "@bollard/core/storage";
import type Database from "better-sqlite3";
import { directRead, parseDocs, type RepositoryScope } from "./sqlite-doc-rows.js";
import { containersOfShipment, getShipment } from "./sqlite-shipment-repositories.js";

/** The `meta` key under which the fingerprint of the stored renderings is kept. */
const FINGERPRINT_KEY = "rendering_fingerprint";
/** Rows rendered per transaction, so a large database is re-rendered without one huge WAL. */
const BATCH_ROWS = 2_000;

const RENDERED_TABLES = [
  { table: "shipments", type: "shipment" },
  { table: "containers", type: "container" },
] as const;

/**
 * Makes the stored renderings of shipments and containers match this version's rendering: when the
 * fingerprint in `meta` differs (a new database, rows from before migration 0003, or a Bollard
 * version whose resources render differently), every row is rendered again from its `doc`, in
 * batches. The fingerprint is written last, so an interrupted pass starts over on the next open.
 * Returns the number of rows rendered.
 */
export function ensureRenderings(db: Database.Database): number {
  const fingerprint = renderingFingerprint();
  const stored = db.prepare("select value from meta where key = ?").pluck().get(FINGERPRINT_KEY);
  if (stored === fingerprint) return 0;
  let rendered = 0;
  for (const { table, type } of RENDERED_TABLES) {
    const next = db.prepare(`select rowid, doc from ${table} where rowid > ? order by rowid limit ${BATCH_ROWS}`).raw();
    const update = db.prepare(`update ${table} set attributes_json = ?, relationships_json = ? where rowid = ?`);
    const renderBatch = db.transaction((rows: [number, string][]) => {
      for (const [rowid, doc] of rows) {
        const rendering = storedRendering(type, JSON.parse(doc));
        update.run(rendering.attributes, rendering.relationships, rowid);
      }
    });
    for (let after = 0; ; ) {
      const rows = next.all(after) as [number, string][];
      if (rows.length === 0) break;
      renderBatch(rows);
      rendered += rows.length;
      after = rows[rows.length - 1]![0];
    }
  }
  db.prepare("insert into meta (key, value) values (?, ?) on conflict (key) do update set value = excluded.value").run(FINGERPRINT_KEY, fingerprint);
  return rendered;
}

/** A row's rendered columns. */
type RenderedRow = { id: string; attributes_json: string | null; relationships_json: string | null };

const renderedShipment = directRead<RenderedRow>("select id, attributes_json, relationships_json from shipments where id = ? and account_id = ?");
const renderedContainers = directRead<RenderedRow>(
  "select id, attributes_json, relationships_json from containers where account_id = ? and shipment_id = ? order by created_at, id",
);

/** The stored rendering of a row, or null for a row written without one (re-rendered on the next open). */
function fromRow(row: RenderedRow): RenderedRecord | null {
  return row.attributes_json === null || row.relationships_json === null ? null : { id: row.id, attributes: row.attributes_json, relationships: row.relationships_json };
}

/**
 * The `renderings` capability over the reader: the rendered columns as stored, read synchronously
 * on the reader's handle when it has one. A row without renderings is rendered from its `doc`.
 */
export function sqliteRenderings(scope: RepositoryScope): StoredRenderings {
  return {
    async shipment(accountId, id) {
      const [row] = await renderedShipment(scope, id, accountId);
      if (!row) return null;
      const stored = fromRow(row);
      if (stored) return stored;
      const shipment = await getShipment(scope.read, accountId, id);
      return shipment && storedRendering("shipment", shipment);
    },
    async containersOfShipment(accountId, shipmentId) {
      const rows = await renderedContainers(scope, accountId, shipmentId);
      const stored = rows.map(fromRow);
      if (stored.every((rendering) => rendering !== null)) return stored as RenderedRecord[];
      const containers = await containersOfShipment(scope.read, accountId, shipmentId).then(parseDocs<Container>);
      return containers.map((container) => storedRendering("container", container));
    },
  };
}
