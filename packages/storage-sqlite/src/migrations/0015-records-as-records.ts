import { sql, type Kysely } from "kysely";

/** Rows rewritten per statement batch. */
const BATCH = 2_000;

/**
 * Shipments and containers keep their records again, as every other table does: `doc` holds the
 * whole record. Since 0003 their rows kept the JSON:API rendering (`attributes_json`,
 * `relationships_json`; containers also `events_json`, 0010) and `doc` only "the rest"
 * (`[1, rest, absent keys]`); core's read model now keeps the texts the hot reads splice
 * (`kept_texts`, 0014), for every storage. Each rest `doc` becomes its record (its attributes
 * with the rest laid over them, the absent keys removed); then the rendered columns go.
 */
export async function up(db: Kysely<any>): Promise<void> {
  for (const table of ["shipments", "containers"]) {
    for (let after = 0; ; ) {
      const { rows } = await sql<{ rowid: number; doc: string; attributes_json: string | null }>`
        select rowid, doc, attributes_json from ${sql.table(table)} where rowid > ${after} order by rowid limit ${BATCH}`.execute(db);
      if (rows.length === 0) break;
      for (const row of rows) {
        const record = wholeRecord(row.doc, row.attributes_json);
        if (record !== null) await sql`update ${sql.table(table)} set doc = ${record} where rowid = ${row.rowid}`.execute(db);
      }
      after = rows[rows.length - 1]!.rowid;
    }
  }
  await sql`delete from meta where key = 'rendering_fingerprint'`.execute(db);
  await sql`drop index if exists containers_stale_event_linkage`.execute(db);
  await db.schema.alterTable("containers").dropColumn("events_json").execute();
  for (const table of ["shipments", "containers"]) {
    await db.schema.alterTable(table).dropColumn("relationships_json").execute();
    await db.schema.alterTable(table).dropColumn("attributes_json").execute();
  }
}

/** The whole record of a rest `doc` as JSON text, or null for a `doc` that already is one. */
function wholeRecord(doc: string, attributes: string | null): string | null {
  const parsed: unknown = JSON.parse(doc);
  if (!Array.isArray(parsed)) return null;
  if (parsed[0] !== 1 || attributes === null) throw new Error(`Cannot read a stored document of format ${String(parsed[0])}`);
  const record = JSON.parse(attributes) as Record<string, unknown>;
  for (const key of (parsed[2] as string[] | undefined) ?? []) delete record[key];
  return JSON.stringify(Object.assign(record, parsed[1]));
}

/** Not reversible: the rendered columns were made by the code that read them. */
export async function down(): Promise<void> {
  throw new Error("0015-records-as-records cannot be undone");
}
