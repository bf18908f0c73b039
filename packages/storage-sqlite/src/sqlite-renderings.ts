import { containerResource, renderingFingerprint, renderParts, shipmentResource } from "@bollard/core";
import type Database from "better-sqlite3";

/** The `meta` key under which the fingerprint of the stored renderings is kept. */
const FINGERPRINT_KEY = "rendering_fingerprint";
/** Rows rendered per transaction, so a large database is re-rendered without one huge WAL. */
const BATCH_ROWS = 2_000;

const RENDERED_TABLES = [
  { table: "shipments", definition: shipmentResource },
  { table: "containers", definition: containerResource },
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
  for (const { table, definition } of RENDERED_TABLES) {
    const next = db.prepare(`select rowid, doc from ${table} where rowid > ? order by rowid limit ${BATCH_ROWS}`).raw();
    const update = db.prepare(`update ${table} set attributes_json = ?, relationships_json = ? where rowid = ?`);
    const renderBatch = db.transaction((rows: [number, string][]) => {
      for (const [rowid, doc] of rows) {
        const parts = renderParts(definition as typeof shipmentResource, JSON.parse(doc));
        update.run(parts.attributes, parts.relationships, rowid);
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
