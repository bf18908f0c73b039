import Database from "better-sqlite3";
const db = new Database(process.argv[2], { readonly: true });
const rows = db.prepare("select name, sum(pgsize) as bytes, sum(payload) as payload, count(*) as pages from dbstat group by name order by bytes desc").all();
let total = 0; for (const r of rows) total += r.bytes;
for (const r of rows.slice(0, 25)) console.log(r.name.padEnd(45), (r.bytes/1e6).toFixed(1).padStart(8), "MB", (r.payload/1e6).toFixed(1).padStart(8), "payload");
console.log("total", (total/1e6).toFixed(1), "MB");
for (const t of ["shipments","containers"]) {
  const cols = db.prepare(`select avg(length(doc)) d, avg(length(attributes_json)) a, avg(length(relationships_json)) r from ${t}`).get();
  console.log(t, cols);
}
const c = db.prepare("select doc, attributes_json, relationships_json from containers limit 1").get();
console.log(c.doc); console.log(c.attributes_json); console.log(c.relationships_json);
console.log(db.prepare("select count(*) n, sum(length(doc)) d from containers").get());
