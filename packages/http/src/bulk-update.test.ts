import { afterEach, describe, expect, it } from "vitest";
import { completedJob } from "./testing/bulk-jobs.js";
import { createHarness, type Harness } from "./testing/http-harness.js";
import { STORAGES } from "./testing/storages.js";

const cleanup: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const close of cleanup.splice(0)) await close();
});

async function upload(h: Harness, path: string, csv: string, query = "") {
  const response = await h.app.request(`${path}${query}`, { method: "POST", headers: { authorization: `Token ${h.keys.editor}`, "content-type": "text/csv" }, body: csv });
  return { status: response.status, body: (await response.json()) as any };
}


describe.each(STORAGES)("bulk updates of shipments and containers over HTTP, %s storage", (_name, makeStorage) => {
  it("sets reference numbers, tags, the customer and custom fields by id or number, leaves blank cells alone, and reports unknown records by column", async () => {
    const h = await createHarness({ storage: makeStorage() });
    cleanup.push(() => h.tracker.close());
    const definition = await h.request("POST", "/v2/custom_field_definitions", { body: { data: { attributes: { entity_type: "Shipment", api_slug: "cost_center", display_name: "Cost center", data_type: "short_text" } } } });
    expect(definition.status, JSON.stringify(definition.body)).toBe(201);
    const [first, second] = (await h.request("GET", "/v2/shipments?page[size]=2")).body.data;
    const csv = [
      "ID,Bill of lading,Tags,Ref numbers,Cost center,Customer,Status",
      `${first.id},,vip;q4,PO-77,CC-1,Acme Imports,whatever`, // by id; Status is ignored
      `,${second.attributes.bill_of_lading_number},,,CC-2,,`, // by number; blank cells are left alone
      `,NOSUCHBL123,x,,,,`,
      `0190a8e5-0000-7000-8000-000000000000,,x,,,,`,
    ].join("\n");
    const sent = await upload(h, "/v2/shipments/bulk_update", csv);
    expect(sent.status, JSON.stringify(sent.body)).toBe(202);
    expect(sent.body.data.attributes).toMatchObject({ kind: "shipment_updates", row_count: 4 });
    expect(sent.body.data.attributes.columns).toStrictEqual([
      { column: "ID", attribute: "id" },
      { column: "Bill of lading", attribute: "number" },
      { column: "Tags", attribute: "tags" },
      { column: "Ref numbers", attribute: "ref_numbers" },
      { column: "Cost center", attribute: "custom_fields.cost_center" },
      { column: "Customer", attribute: "customer_name" },
      { column: "Status", attribute: null },
    ]);
    const job = await completedJob(h, sent.body.data.id);
    expect(job.attributes.counts).toMatchObject({ pending: 0, updated: 2, unchanged: 0, invalid: 2 });
    const rows = (await h.request("GET", `/v2/bulk_jobs/${job.id}/rows`)).body.data;
    expect(rows.map((row: any) => row.attributes.status)).toStrictEqual(["updated", "updated", "invalid", "invalid"]);
    expect(rows[1].attributes.input.id).toBe(second.id);
    expect(rows[2].attributes.errors).toStrictEqual([{ code: "not_found", detail: "There is no shipment numbered NOSUCHBL123", column: "Bill of lading", attribute: "number" }]);
    expect(rows[3].attributes.errors[0]).toMatchObject({ code: "not_found", column: "ID", attribute: "id" });

    const updated = (await h.request("GET", `/v2/shipments/${first.id}`)).body.data.attributes;
    expect(updated).toMatchObject({ tags: ["vip", "q4"], ref_numbers: ["PO-77"], customer_name: "Acme Imports" });
    const untouched = (await h.request("GET", `/v2/shipments/${second.id}`)).body.data.attributes;
    expect(untouched).toMatchObject({ tags: second.attributes.tags, ref_numbers: second.attributes.ref_numbers, customer_name: second.attributes.customer_name });
    const fields = (await h.request("GET", `/v2/shipments/${first.id}/custom_fields`)).body.data;
    expect(fields.map((field: any) => [field.attributes.api_slug, field.attributes.value])).toStrictEqual([["cost_center", "CC-1"]]);
    // The history says a user made the change.
    const changes = (await h.request("GET", `/v2/shipments/${first.id}/changes`)).body.data;
    expect(changes.find((change: any) => change.attributes.attribute === "tags")?.attributes).toMatchObject({ before: first.attributes.tags, after: ["vip", "q4"], source: "user" });
    expect(changes.find((change: any) => change.attributes.attribute === "customer_name")?.attributes).toMatchObject({ before: first.attributes.customer_name, after: "Acme Imports", source: "user" });

    // The same file again changes nothing; a dry run of a change reports it as valid and writes nothing.
    const again = await completedJob(h, (await upload(h, "/v2/shipments/bulk_update", csv)).body.data.id);
    expect(again.attributes.counts).toMatchObject({ updated: 0, unchanged: 2, invalid: 2 });
    const dry = await completedJob(h, (await upload(h, "/v2/shipments/bulk_update", `id,tags\n${first.id},other\n`, "?dry_run=true")).body.data.id);
    expect(dry.attributes.counts).toMatchObject({ valid: 1, updated: 0 });
    expect((await h.request("GET", `/v2/shipments/${first.id}`)).body.data.attributes.tags).toStrictEqual(["vip", "q4"]);
  });

  it("updates containers by number, refuses a file that names no record and a value that does not type", async () => {
    const h = await createHarness({ storage: makeStorage() });
    cleanup.push(() => h.tracker.close());
    await h.request("POST", "/v2/custom_field_definitions", { body: { data: { attributes: { entity_type: "Cargo", api_slug: "pallets", display_name: "Pallets", data_type: "number" } } } });
    const [box] = (await h.request("GET", "/v2/containers?page[size]=1")).body.data;
    const sent = await upload(h, "/v2/containers/bulk_update", `Container #,PO,Pallets\n${box.attributes.number},PO-1|PO-2,12\n${box.attributes.number},,many\n`);
    expect(sent.status, JSON.stringify(sent.body)).toBe(202);
    const job = await completedJob(h, sent.body.data.id);
    expect(job.attributes).toMatchObject({ kind: "container_updates", counts: { updated: 1, invalid: 1 } });
    const rows = (await h.request("GET", `/v2/bulk_jobs/${job.id}/rows`)).body.data;
    expect(rows[1].attributes.errors).toMatchObject([{ column: "Pallets", attribute: "custom_fields.0.value" }]);
    expect((await h.request("GET", `/v2/containers/${box.id}`)).body.data.attributes.ref_numbers).toStrictEqual(["PO-1", "PO-2"]);
    const noKey = await upload(h, "/v2/containers/bulk_update", "PO\nPO-1\n");
    expect([noKey.status, noKey.body.errors[0].detail]).toStrictEqual([422, 'No column names the containers to update: name one "id" or "Number" (the columns are "PO")']);
  });
});

describe.each(STORAGES)("an export sent back as a bulk update, %s storage", (_name, makeStorage) => {
  it("changes nothing: every row of the shipments and containers exports comes out unchanged", async () => {
    const h = await createHarness({ storage: makeStorage() });
    cleanup.push(() => h.tracker.close());
    // Custom fields of several types, set on a shipment and a container, and lists already there.
    const define = async (entity_type: string, api_slug: string, data_type: string) =>
      expect((await h.request("POST", "/v2/custom_field_definitions", { body: { data: { attributes: { entity_type, api_slug, display_name: api_slug, data_type } } } })).status).toBe(201);
    await define("Shipment", "po_number", "short_text");
    await define("Shipment", "due", "date");
    await define("Cargo", "seal_checked", "boolean");
    await define("Cargo", "pallets", "number");
    const shipment = h.data.acme.shipments[0]!;
    const container = h.data.acme.containers.find((c) => c.shipment_id === shipment.id)!;
    const set = async (path: string, api_slug: string, value: unknown) => expect((await h.request("POST", path, { body: { data: { attributes: { api_slug, value } } } })).status).toBe(201);
    await set(`/v2/shipments/${shipment.id}/custom_fields`, "po_number", "PO-1, PO-2");
    await set(`/v2/shipments/${shipment.id}/custom_fields`, "due", "2026-12-24");
    await set(`/v2/containers/${container.id}/custom_fields`, "seal_checked", true);
    await set(`/v2/containers/${container.id}/custom_fields`, "pallets", "12.5");
    expect((await h.request("PATCH", `/v2/shipments/${shipment.id}`, { body: { data: { attributes: { tags: ["vip", "q4"], ref_numbers: ["R-1"] } } } })).status).toBe(200);

    for (const resource of ["shipments", "containers"]) {
      const exported = await h.app.request(`/v2/${resource}/export?format=csv`, { headers: { authorization: `Token ${h.keys.editor}` } });
      expect(exported.status).toBe(200);
      const csv = await exported.text();
      const sent = await upload(h, `/v2/${resource}/bulk_update`, csv);
      expect(sent.status, JSON.stringify(sent.body).slice(0, 300)).toBe(202);
      const job = await completedJob(h, sent.body.data.id);
      const total = (await h.request("GET", `/v2/${resource}?page[size]=1`)).body.meta.total;
      const rows = (await h.request("GET", `/v2/bulk_jobs/${job.id}/rows?page[size]=100&filter[status]=invalid`)).body.data;
      expect(rows.map((row: any) => row.attributes.errors), resource).toStrictEqual([]);
      expect(job.attributes.counts, resource).toMatchObject({ pending: 0, updated: 0, invalid: 0, unchanged: total });
      // The editable columns were read (not ignored): the same file with one cell changed updates one row.
      const read = new Map(job.attributes.columns.map((column: { column: string; attribute: string | null }) => [column.column, column.attribute]));
      const editable = resource === "shipments" ? { id: "id", tags: "tags", ref_numbers: "ref_numbers", customer_name: "customer_name", po_number: "custom_fields.po_number", due: "custom_fields.due" } : { id: "id", ref_numbers: "ref_numbers", seal_checked: "custom_fields.seal_checked", pallets: "custom_fields.pallets" };
      for (const [column, attribute] of Object.entries(editable)) expect(read.get(column), `${resource} ${column}`).toBe(attribute);
      const edited = csv.replace(resource === "shipments" ? "PO-1, PO-2" : "12.5", resource === "shipments" ? "PO-3" : "13");
      expect(edited).not.toBe(csv);
      expect((await completedJob(h, (await upload(h, `/v2/${resource}/bulk_update`, edited)).body.data.id)).attributes.counts, resource).toMatchObject({ updated: 1, unchanged: total - 1 });
    }
  });
});
