import Database from "better-sqlite3";
import { isDeepStrictEqual } from "node:util";
const db = new Database(process.argv[2], { readonly: true });
for (const t of ["shipments", "containers"]) {
  let n = 0, doc = 0, rest = 0, attrs = 0, rels = 0, restMinusIds = 0;
  for (const row of db.prepare(`select doc, attributes_json, relationships_json from ${t} limit 20000`).iterate()) {
    const record = JSON.parse(row.doc), a = JSON.parse(row.attributes_json);
    const r = {};
    for (const [k, v] of Object.entries(record)) if (!(k in a) || !isDeepStrictEqual(a[k], v)) r[k] = v;
    const drop = Object.keys(a).filter((k) => !(k in record));
    const text = JSON.stringify(drop.length ? { r, drop } : r);
    n++; doc += row.doc.length; rest += text.length; attrs += row.attributes_json.length; rels += row.relationships_json.length;
  }
  console.log(t, { doc: doc / n, rest: rest / n, attrs: attrs / n, rels: rels / n });
}
const s = db.prepare("select doc, attributes_json, relationships_json from shipments limit 1").get();
console.log(s.doc); console.log(s.attributes_json); console.log(s.relationships_json);
