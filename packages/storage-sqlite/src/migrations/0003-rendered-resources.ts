import type { Kysely } from "kysely";

/**
 * Columns holding the JSON:API renderings of shipments and containers (`RenderedParts` in core), so
 * the hot reads splice stored text instead of parsing and re-serializing documents. They are filled
 * when the storage opens (see `sqlite-renderings.ts`), here and whenever the rendering changes.
 */
export async function up(db: Kysely<any>): Promise<void> {
  for (const table of ["shipments", "containers"]) {
    await db.schema.alterTable(table).addColumn("attributes_json", "text").execute();
    await db.schema.alterTable(table).addColumn("relationships_json", "text").execute();
  }
}

/** Drops the columns. */
export async function down(db: Kysely<any>): Promise<void> {
  for (const table of ["shipments", "containers"]) {
    await db.schema.alterTable(table).dropColumn("relationships_json").execute();
    await db.schema.alterTable(table).dropColumn("attributes_json").execute();
  }
}
