import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { addOptions, createDefinition, definitionDocument, snapshotCustomFields, valueDocument } from "./testing/custom-field-fixtures.js";
import { createHarness, type Harness } from "./testing/http-harness.js";
import { STORAGES } from "./testing/storages.js";
import { trackerStorage } from "@bollard/core/storage";

const UNKNOWN = "0190a8f0-0000-7000-8000-000000000000";

/** One bad request: everything about it that can be wrong. */
interface Bad {
  method: string;
  path: string;
  body?: unknown;
  raw?: string;
  contentType?: string;
  key?: "viewer" | "other" | "none";
}

/** Bad values per field (every field is `required`, so empty values are bad too). */
const BAD_VALUES: Record<string, unknown[]> = {
  fz_text: ["ORDER-1", "po-1", 12, true, [], {}, "PO-" + "1".repeat(20), null, "", "  ", ["PO-1"], "PO-1\n"],
  fz_number: ["1,000", "abc", "1e13", true, [], {}, "", null, "1e", "--1", "0x10", "1 000", 1e300, -1e13, "999999999999.9999995", "Infinity", "NaN", "１２", "1.2.3", "+-1"],
  fz_date: ["2026-02-30", "tomorrow", "21/11/2026", 20261121, true, "2026-13-01", "0999-01-01", "x".repeat(100), null, "", "2026-11-21T25:00:00Z", ["2026-11-21"]],
  fz_datetime: ["2026-11-21T25:00:00Z", "2026-11-21T10:00:00.0001Z", "yesterday", 1, "2026-11-21T10:00:00+24:00", null, "2026-11-21T10:60:00Z", {}],
  fz_boolean: ["yes", 1, 0, "1", [], {}, "TRUE!", null, "", [true]],
  fz_enum: ["ZZZ", "fob", 1, ["FOB"], {}, null, "", "Free on Board", "FOB "],
  fz_multi: ["FOB", ["ZZZ"], ["FOB", "FOB"], [1], [null], "FOB,CIF", {}, [], null, [["FOB"]]],
  fz_ref: [{ type: "shipment", id: UNKNOWN }, { type: "container", id: UNKNOWN }, "x", { type: "shipment", id: "nope" }, { id: UNKNOWN }, null, [], 5],
};

function badDefinitions(): Record<string, unknown>[] {
  const base = { entity_type: "Shipment", api_slug: "fz_new", display_name: "New", data_type: "short_text" };
  const overrides: Record<string, unknown>[] = [
    ...["", "shipment", "Vessel", "TrackingRequest", 1, null, [], {}].map((entity_type) => ({ entity_type })),
    ...["", "A", "1abc", "a-b", "a b", "a__b", "_a", "a_", "x".repeat(65), 5, null, "ünï", "fz_text"].map((api_slug) => ({ api_slug })),
    ...["", "text", "NUMBER", "float", 1, null].map((data_type) => ({ data_type })),
    ...["", "  ", "x".repeat(256), 1, null].map((display_name) => ({ display_name })),
    ...[1, [], "x".repeat(2001)].map((description) => ({ description })),
    { reference_type: "shipment" },
    ...[null, "", "vessel", "Shipment", 3].map((reference_type) => ({ data_type: "reference", reference_type })),
    { data_type: "reference", reference_type: "shipment", default_value: "x" },
    ...[[], "x", { regex: "x" }, { required: "yes" }, { max_length: 0 }, { max_length: -1 }, { max_length: 1.5 }, { max_length: 5000 }, { pattern: 1 }, { pattern: "(" }, { pattern: "(a+)+" }, { pattern: "(a|aa)*" }, { pattern: "(x)\\1" }, { min: 1 }, { min: {} }].map((validation) => ({ validation })),
    ...[{ min: "x" }, { min: "5", max: "4" }, { max: "1e13" }, { pattern: "x" }, { max_length: 3 }].map((validation) => ({ data_type: "number", validation })),
    ...["#,##0", "0.0000000", "abc", "0.", 1].map((default_format) => ({ data_type: "number", default_format })),
    ...["YYYY-MM-DD", "yyyy-MM-DD", "jj", "Europe/Paris|yyyy", "x".repeat(101)].map((default_format) => ({ data_type: "date", default_format })),
    ...["Mars/Base|yyyy", "yyyy-MM-dd jj"].map((default_format) => ({ data_type: "datetime", default_format })),
    { data_type: "boolean", default_format: "x" },
    ...["abc", true, ["1"], "1e13"].map((default_value) => ({ data_type: "number", default_value })),
    ...["yes", 1].map((default_value) => ({ data_type: "boolean", default_value })),
    ...["soon", "2026-02-30"].map((default_value) => ({ data_type: "date", default_value })),
    ...[1, ["a"]].map((default_value) => ({ data_type: "enum", default_value })),
    ...["a", ["a,b"], ["a", "a"]].map((default_value) => ({ data_type: "enum_multi", default_value })),
    { validation: { max_length: 3 }, default_value: "abcd" },
    { id: UNKNOWN },
    { created_at: "2026-01-01T00:00:00.000Z" },
  ];
  return overrides.map((o) => ({ ...base, ...o }));
}

function badRequests(h: Harness, ids: Record<string, string>): Bad[] {
  const shipment = h.data.acme.shipments[0]!.id;
  const container = h.data.acme.containers[0]!.id;
  const foreignShipment = h.data.globex.shipments[0]!.id;
  const bad: Bad[] = [];
  const defs = "/v2/custom_field_definitions";
  for (const attributes of badDefinitions()) bad.push({ method: "POST", path: defs, body: definitionDocument(attributes) });
  for (const [name, value] of [["api_slug", "other"], ["entity_type", "Cargo"], ["data_type", "date"], ["reference_type", "shipment"], ["display_name", ""], ["validation", { pattern: "(a*)*" }], ["default_format", "0.0"], ["default_value", 7], ["colour", "red"]] as const) {
    bad.push({ method: "PATCH", path: `${defs}/${ids.fz_text}`, body: definitionDocument({ [name]: value }) });
  }
  for (const id of [UNKNOWN, "not-a-uuid", ids.foreign!, "'; DROP TABLE x;--"]) {
    for (const method of ["GET", "PATCH", "DELETE"]) bad.push({ method, path: `${defs}/${encodeURIComponent(id)}`, body: method === "PATCH" ? definitionDocument({ display_name: "x" }) : undefined });
    bad.push({ method: "GET", path: `${defs}/${encodeURIComponent(id)}/options` }, { method: "POST", path: `${defs}/${encodeURIComponent(id)}/options`, body: { data: { attributes: { value: "v", label: "V" } } } });
  }
  const options = `${defs}/${ids.fz_enum}/options`;
  for (const attributes of [{ value: "FOB", label: "Again" }, { value: "a,b", label: "x" }, { value: "", label: "x" }, { value: "x", label: "" }, { value: "x", label: "x", position: 1.5 }, { value: "x", label: "x", position: -3 }, { value: 1, label: "x" }, { value: "x" }, { label: "x" }, { value: "x", label: "x", extra: 1 }, { value: "x".repeat(256), label: "x" }]) {
    bad.push({ method: "POST", path: options, body: { data: { attributes } } });
  }
  bad.push({ method: "POST", path: `${defs}/${ids.fz_text}/options`, body: { data: { attributes: { value: "v", label: "V" } } } });
  for (const attributes of [{ value: "CIF" }, { label: "" }, { position: "1" }, { extra: true }]) bad.push({ method: "PATCH", path: `${options}/${ids.option}`, body: { data: { attributes } } });
  for (const method of ["GET", "PATCH", "DELETE"]) bad.push({ method, path: `${options}/${UNKNOWN}`, body: method === "PATCH" ? { data: { attributes: { label: "x" } } } : undefined });
  bad.push({ method: "GET", path: `${defs}/${ids.fz_text}/options/${ids.option}` });
  // Values: every bad value through every way of writing it.
  for (const [slug, values] of Object.entries(BAD_VALUES)) {
    for (const value of values) {
      bad.push({ method: "POST", path: `/v2/shipments/${shipment}/custom_fields`, body: valueDocument(slug, value) });
      bad.push({ method: "POST", path: "/v2/custom_fields", body: { data: { attributes: { api_slug: slug, value }, relationships: { entity: { data: { type: "shipment", id: shipment } } } } } });
      bad.push({ method: "PATCH", path: `/v2/shipments/${shipment}/custom_fields/${slug}`, body: { data: { attributes: { value } } } });
      bad.push({ method: "PATCH", path: `/v2/custom_fields/${ids[`value_${slug}`]}`, body: { data: { attributes: { value } } } });
    }
  }
  for (const slug of ["nope", "NOPE", "", 5, null, "fz_cargo"]) bad.push({ method: "POST", path: `/v2/shipments/${shipment}/custom_fields`, body: valueDocument(slug, "x") });
  for (const slug of ["fz_text", "incoterm", "purchase_order_number"]) bad.push({ method: "POST", path: `/v2/containers/${container}/custom_fields`, body: valueDocument(slug, "PO-1") });
  bad.push({ method: "POST", path: `/v2/shipments/${shipment}/custom_fields`, body: valueDocument("hazmat_indicator", true) });
  bad.push({ method: "POST", path: `/v2/shipments/${shipment}/custom_fields`, body: valueDocument("fz_text") });
  bad.push({ method: "POST", path: `/v2/shipments/${shipment}/custom_fields`, body: { data: { attributes: { api_slug: "fz_text", value: "PO-1", extra: 1 } } } });
  for (const entity of [undefined, null, {}, { data: null }, { data: [] }, { data: { type: "vessel", id: UNKNOWN } }, { data: { type: "shipment", id: UNKNOWN } }, { data: { type: "shipment", id: foreignShipment } }, { data: { type: "container", id: 5 } }, { data: { id: shipment } }]) {
    bad.push({ method: "POST", path: "/v2/custom_fields", body: { data: { attributes: { api_slug: "fz_text", value: "PO-1" }, relationships: entity === undefined ? {} : { entity } } } });
  }
  for (const [collection, id] of [["shipments", UNKNOWN], ["shipments", foreignShipment], ["containers", "not-a-uuid"], ["tracking_requests", UNKNOWN], ["tracking_requests", h.data.globex.trackingRequests[0]!.id]]) {
    bad.push({ method: "GET", path: `/v2/${collection}/${id}/custom_fields` }, { method: "POST", path: `/v2/${collection}/${id}/custom_fields`, body: valueDocument("fz_text", "PO-1") });
    bad.push({ method: "PATCH", path: `/v2/${collection}/${id}/custom_fields/fz_text`, body: { data: { attributes: { value: "PO-2" } } } }, { method: "DELETE", path: `/v2/${collection}/${id}/custom_fields/fz_text` });
  }
  for (const slug of ["nope", "NOT_A_SLUG", "fz_number_x", "a-b"]) {
    bad.push({ method: "DELETE", path: `/v2/shipments/${shipment}/custom_fields/${slug}` }, { method: "PATCH", path: `/v2/shipments/${shipment}/custom_fields/${slug}`, body: { data: { attributes: { value: "1" } } } });
  }
  for (const id of [UNKNOWN, "x", ids.foreignValue!]) for (const method of ["GET", "PATCH", "DELETE"]) bad.push({ method, path: `/v2/custom_fields/${id}`, body: method === "PATCH" ? { data: { attributes: { value: "PO-1" } } } : undefined });
  for (const query of ["page[number]=0", "page[size]=-1", "page[size]=abc", "include=nope", "include=definition.nope", "filter[entity_type]=Vessel", "filter[data_type]=x"]) {
    bad.push({ method: "GET", path: `${defs}?${query}` });
    if (!query.startsWith("filter")) bad.push({ method: "GET", path: `/v2/shipments/${shipment}/custom_fields?${query}` });
  }
  const posts = [defs, `/v2/shipments/${shipment}/custom_fields`, "/v2/custom_fields", options, `/v2/custom_fields/${ids.value_fz_text}`];
  for (const path of posts) {
    const method = path.includes("/custom_fields/") ? "PATCH" : "POST";
    for (const raw of ["{", "[]", "null", '{"data":[]}', '{"data":{"attributes":[]}}', '{"data":{"relationships":5}}', "", "\u0000"]) bad.push({ method, path, raw, contentType: "application/json" });
    bad.push({ method, path, raw: '{"data":{}}', contentType: "text/plain" });
    bad.push({ method, path, body: { data: { attributes: { api_slug: "fz_text", value: "PO-1", display_name: "x", value_x: 1 } } }, key: "viewer" });
    bad.push({ method, path, body: {}, key: "none" });
  }
  for (const [method, path] of [["DELETE", `${defs}/${ids.fz_text}`], ["DELETE", `${options}/${ids.option}`], ["DELETE", `/v2/custom_fields/${ids.value_fz_text}`], ["DELETE", `/v2/shipments/${shipment}/custom_fields/fz_text`]]) {
    bad.push({ method: method!, path: path!, key: "viewer" }, { method: method!, path: path!, key: "other" }, { method: "PUT", path: path! });
  }
  // Nesting far deeper than any recursive walk survives: the value must never be stringified or walked.
  const deep = (n: number) => "[".repeat(n) + "]".repeat(n);
  for (const slug of ["fz_text", "fz_multi", "fz_ref", "fz_number"]) {
    bad.push({ method: "POST", path: `/v2/shipments/${shipment}/custom_fields`, raw: `{"data":{"attributes":{"api_slug":"${slug}","value":${deep(200_000)}}}}`, contentType: "application/json" });
  }
  bad.push({ method: "POST", path: "/v2/custom_fields", raw: `{"data":{"attributes":{"api_slug":"fz_text","value":"PO-1"},"relationships":{"entity":{"data":{"type":"shipment","id":${deep(200_000)}}}}}}`, contentType: "application/json" });
  bad.push({ method: "POST", path: defs, raw: `{"data":{"attributes":{"entity_type":"Shipment","api_slug":"fz_deep","display_name":"D","data_type":"enum_multi","default_value":${deep(200_000)}}}}`, contentType: "application/json" });
  // Random shapes no typed field accepts (objects, nested arrays), for every typed field.
  const shapes = fc.sample(fc.oneof(fc.dictionary(fc.string({ maxLength: 6 }), fc.jsonValue({ maxDepth: 2 }), { minKeys: 1, maxKeys: 3 }), fc.array(fc.array(fc.integer(), { minLength: 1 }), { minLength: 1, maxLength: 3 })), { numRuns: 20, seed: 11 });
  for (const slug of ["fz_number", "fz_date", "fz_datetime", "fz_boolean", "fz_enum", "fz_text"]) for (const value of shapes) bad.push({ method: "POST", path: `/v2/shipments/${shipment}/custom_fields`, body: valueDocument(slug, value) });
  return bad;
}

describe.each(STORAGES)("fuzzing the custom field endpoints on %s storage", (_name, makeStorage) => {
  it("answers at least 300 distinct bad requests with 4xx JSON:API errors and leaves stored data unchanged", async () => {
    const h = await createHarness({ storage: makeStorage() });
    const shipment = h.data.acme.shipments[0]!.id;
    const ids: Record<string, string> = {};
    const types: Record<string, [string, unknown, Record<string, unknown>?]> = {
      fz_text: ["short_text", "PO-1", { validation: { required: true, pattern: "PO-\\d+", max_length: 12 } }],
      fz_number: ["number", "12.5", { validation: { required: true, min: -1e12 + 1 } }],
      fz_date: ["date", "2026-11-21", { validation: { required: true, min: "2000-01-01" } }],
      fz_datetime: ["datetime", "2026-11-21T10:00:00Z", { validation: { required: true } }],
      fz_boolean: ["boolean", true, { validation: { required: true } }],
      fz_enum: ["enum", "FOB", { validation: { required: true } }],
      fz_multi: ["enum_multi", ["FOB"], { validation: { required: true } }],
      fz_ref: ["reference", { type: "shipment", id: shipment }, { reference_type: "shipment", validation: { required: true } }],
    };
    for (const [slug, [data_type, value, extra]] of Object.entries(types)) {
      const definition = await createDefinition(h, { api_slug: slug, data_type, ...extra });
      ids[slug] = definition.id;
      if (data_type.startsWith("enum")) ids.option = (await addOptions(h, definition.id, [["FOB", "Free on Board"], ["CIF", "CIF"]]))[0].id;
      const created = await h.request("POST", `/v2/shipments/${shipment}/custom_fields`, { body: valueDocument(slug, value) });
      expect(created.status, JSON.stringify(created.body)).toBe(201);
      ids[`value_${slug}`] = created.body.data.id;
    }
    await createDefinition(h, { api_slug: "fz_cargo", entity_type: "Cargo" });
    ids.foreign = (await createDefinition(h, { api_slug: "fz_theirs" }, h.keys.other)).id;
    ids.foreignValue = (await h.request("POST", `/v2/shipments/${h.data.globex.shipments[0]!.id}/custom_fields`, { key: h.keys.other, body: valueDocument("fz_theirs", "x") })).body.data.id;

    const accounts = [h.accounts.acme.id, h.accounts.globex.id];
    const before = await snapshotCustomFields(trackerStorage(h.tracker), accounts);
    const shipmentsBefore = await trackerStorage(h.tracker).shipments.list(h.accounts.acme.id, { page: { number: 1, size: 100 } });
    const seen = new Set<string>();
    const statuses = new Map<number, number>();
    for (const r of badRequests(h, ids)) {
      const signature = JSON.stringify([r.method, r.path, r.body, r.raw, r.contentType, r.key]);
      if (seen.has(signature)) continue;
      seen.add(signature);
      const key = r.key === "none" ? null : r.key ? h.keys[r.key] : undefined;
      const res = await h.request(r.method, r.path, {
        ...(r.body !== undefined ? { body: r.body } : {}),
        ...(r.raw !== undefined ? { raw: r.raw } : {}),
        ...(r.contentType ? { headers: { "content-type": r.contentType } } : {}),
        key,
      });
      statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
      expect(res.status, `${signature} → ${res.status} ${JSON.stringify(res.body)}`).toBeGreaterThanOrEqual(400);
      expect(res.status, signature).toBeLessThan(500);
      expect(res.body.errors[0].status).toBe(String(res.status));
      expect(typeof res.body.errors[0].code).toBe("string");
    }
    expect(seen.size).toBeGreaterThanOrEqual(300);
    expect([...statuses.keys()].sort()).toEqual([400, 401, 403, 404, 405, 415, 422]);
    expect(await snapshotCustomFields(trackerStorage(h.tracker), accounts)).toEqual(before);
    expect(await trackerStorage(h.tracker).shipments.list(h.accounts.acme.id, { page: { number: 1, size: 100 } })).toEqual(shipmentsBefore);
  }, 120_000);
});
