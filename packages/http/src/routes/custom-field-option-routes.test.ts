import { beforeAll, describe, expect, it } from "vitest";
import { addOptions, createDefinition, valueDocument } from "../testing/custom-field-fixtures.js";
import { createHarness, type Harness } from "../testing/http-harness.js";
import { STORAGES } from "../testing/storages.js";

const UNKNOWN = "0190a8f0-0000-7000-8000-000000000000";
const optionDocument = (attributes: Record<string, unknown>) => ({ data: { type: "custom_field_option", attributes } });

describe.each(STORAGES)("custom field options over HTTP on %s storage", (_name, makeStorage) => {
  let h: Harness;
  let definition: any;
  const path = (suffix = "") => `/v2/custom_field_definitions/${definition.id}/options${suffix}`;
  beforeAll(async () => {
    h = await createHarness({ storage: makeStorage() });
    definition = await createDefinition(h, { api_slug: "lanes", display_name: "Lanes", data_type: "enum_multi" });
  });

  it("creates options appended after the last position, lists them by position with links and meta", async () => {
    const [asia] = await addOptions(h, definition.id, [["asia", "Asia"], ["europe", "Europe"]]);
    expect(asia).toMatchObject({ type: "custom_field_option", attributes: { value: "asia", label: "Asia", position: 1 }, relationships: { definition: { data: { type: "custom_field_definition", id: definition.id } } } });
    const first = await h.request("POST", path(), { body: optionDocument({ value: "americas", label: "Americas", position: 0 }) });
    expect(first.status).toBe(201);
    expect(first.body.links.self).toBe(`http://localhost${path(`/${first.body.data.id}`)}`);
    const list = await h.request("GET", path());
    expect(list.status).toBe(200);
    expect(list.body.data.map((o: any) => o.attributes.value)).toEqual(["americas", "asia", "europe"]);
    expect(list.body.meta).toEqual({ size: 3, total: 3 });
    expect(list.body.links.current).toBe(`http://localhost${path("?page[number]=1")}`);
    const paged = await h.request("GET", path("?page[size]=2&page[number]=2&include=definition"));
    expect(paged.body.data.map((o: any) => o.attributes.value)).toEqual(["europe"]);
    expect(paged.body.included[0].id).toBe(definition.id);
    expect((await h.request("GET", `/v2/custom_field_definitions/${definition.id}`)).body.data.relationships.options.data).toHaveLength(3);
  });

  it.each([
    [{ value: "asia", label: "Again" }, "duplicate", "/data/attributes/value"],
    [{ value: "a,b", label: "Comma" }, "invalid", "/data/attributes/value"],
    [{ value: "", label: "Empty" }, "blank", "/data/attributes/value"],
    [{ value: "x", label: " " }, "blank", "/data/attributes/label"],
    [{ value: "x", label: "X", position: 1.5 }, "invalid", "/data/attributes/position"],
    [{ value: "x", label: "X", position: -1 }, "invalid", "/data/attributes/position"],
    [{ value: 7, label: "X" }, "invalid", "/data/attributes/value"],
    [{ value: "x", label: "X", colour: "red" }, "unknown_attribute", "/data/attributes/colour"],
  ])("rejects %j with %s on %s", async (attributes, code, pointer) => {
    const res = await h.request("POST", path(), { body: optionDocument(attributes) });
    expect(res.status).toBe(422);
    expect(res.body.errors[0]).toMatchObject({ code, source: { pointer } });
  });

  it("refuses options on non-enum definitions (422 on the definition_id parameter), 404 for unknown or foreign definitions, 403 for viewers", async () => {
    const text = await createDefinition(h, { api_slug: "plain_text" });
    const res = await h.request("POST", `/v2/custom_field_definitions/${text.id}/options`, { body: optionDocument({ value: "a", label: "A" }) });
    expect(res.status).toBe(422);
    expect(res.body.errors[0]).toMatchObject({ code: "not_supported", source: { parameter: "definition_id" } });
    for (const [method, key] of [["GET", h.keys.other], ["POST", h.keys.other], ["GET", h.keys.editor]] as const) {
      const id = key === h.keys.editor ? UNKNOWN : definition.id;
      const body = method === "POST" ? { body: optionDocument({ value: "z", label: "Z" }) } : {};
      expect((await h.request(method, `/v2/custom_field_definitions/${id}/options`, { key, ...body })).status).toBe(404);
    }
    expect((await h.request("POST", path(), { key: h.keys.viewer, body: optionDocument({ value: "z", label: "Z" }) })).status).toBe(403);
  });

  it("gets, edits (label and position; value immutable) and deletes an option without rewriting values", async () => {
    const [oceania] = await addOptions(h, definition.id, [["oceania", "Oceania"]]);
    const shipment = h.data.acme.shipments[0]!;
    await h.request("POST", `/v2/shipments/${shipment.id}/custom_fields`, { body: valueDocument("lanes", ["oceania", "asia"]) });
    expect((await h.request("GET", path(`/${oceania.id}`))).body.data.attributes.label).toBe("Oceania");

    const renamed = await h.request("PATCH", path(`/${oceania.id}`), { body: optionDocument({ label: "Australia & Oceania", position: 9, value: "oceania" }) });
    expect(renamed.status).toBe(200);
    expect(renamed.body.data.attributes).toEqual({ label: "Australia & Oceania", value: "oceania", position: 9 });
    const displayed = async () => (await h.request("GET", `/v2/shipments/${shipment.id}/custom_fields`)).body.data.find((f: any) => f.attributes.api_slug === "lanes").attributes;
    expect(await displayed()).toMatchObject({ value: ["oceania", "asia"], display_value: "Australia & Oceania, Asia" });

    const immutable = await h.request("PATCH", path(`/${oceania.id}`), { body: optionDocument({ value: "pacific" }) });
    expect(immutable.body.errors[0]).toMatchObject({ code: "immutable", source: { pointer: "/data/attributes/value" } });
    expect((await h.request("PATCH", path(`/${oceania.id}`), { key: h.keys.viewer, body: optionDocument({ label: "x" }) })).status).toBe(403);

    const deleted = await h.request("DELETE", path(`/${oceania.id}`));
    expect(deleted.status).toBe(200);
    expect(deleted.body).toEqual({ meta: { deleted: true } });
    expect(await displayed()).toMatchObject({ value: ["oceania", "asia"], display_value: "Australia & Oceania, Asia" });
    // A later label change elsewhere leaves the value naming the deleted option as it was.
    const asia = (await h.request("GET", path())).body.data.find((o: any) => o.attributes.value === "asia");
    await h.request("PATCH", path(`/${asia.id}`), { body: optionDocument({ label: "Asia-Pacific" }) });
    expect((await displayed()).display_value).toBe("Australia & Oceania, Asia");
    // A value can no longer choose it.
    const res = await h.request("POST", `/v2/shipments/${shipment.id}/custom_fields`, { body: valueDocument("lanes", ["oceania"]) });
    expect(res.body.errors[0]).toMatchObject({ code: "not_an_option", source: { pointer: "/data/attributes/value/0" } });

    for (const method of ["GET", "PATCH", "DELETE"]) {
      expect((await h.request(method, path(`/${oceania.id}`), method === "PATCH" ? { body: optionDocument({ label: "x" }) } : {})).status).toBe(404);
    }
    const other = await createDefinition(h, { api_slug: "other_enum", data_type: "enum" });
    expect((await h.request("GET", `/v2/custom_field_definitions/${other.id}/options/${asia.id}`)).status).toBe(404);
    expect((await h.request("GET", path(`/${asia.id}`), { key: h.keys.other })).status).toBe(404);
    expect((await h.request("PUT", path(`/${asia.id}`))).headers.get("allow")).toBe("GET, PATCH, DELETE");
  });
});
