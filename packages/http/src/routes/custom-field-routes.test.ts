import { beforeAll, describe, expect, it } from "vitest";
import { addOptions, createDefinition, valueDocument } from "../testing/custom-field-fixtures.js";
import { createHarness, type Harness } from "../testing/http-harness.js";
import { STORAGES } from "../testing/storages.js";

const UNKNOWN = "0190a8f0-0000-7000-8000-000000000000";
const withEntity = (type: string, id: string, api_slug: string, value?: unknown) => ({
  data: { type: "custom_field", attributes: value === undefined ? { api_slug } : { api_slug, value }, relationships: { entity: { data: { type, id } } } },
});

describe.each(STORAGES)("custom field values over HTTP on %s storage", (_name, makeStorage) => {
  let h: Harness;
  let shipmentId: string;
  let containerId: string;
  let trackingRequestId: string;
  beforeAll(async () => {
    h = await createHarness({ storage: makeStorage() });
    shipmentId = h.data.acme.shipments[2]!.id;
    containerId = h.data.acme.containers[0]!.id;
    trackingRequestId = h.data.acme.trackingRequests[0]!.id;
    await createDefinition(h, { api_slug: "customer_po", display_name: "Customer PO", validation: { pattern: "PO-\\d+", max_length: 12 } });
    await createDefinition(h, { api_slug: "seal_number", entity_type: "Cargo" });
  });

  describe("POST /v2/custom_fields", () => {
    it("creates a value on the entity in data.relationships, then updates it in place (201, same id)", async () => {
      const created = await h.request("POST", "/v2/custom_fields", { body: withEntity("shipment", shipmentId, "customer_po", "PO-1") });
      expect(created.status).toBe(201);
      expect(created.body.data).toMatchObject({
        type: "custom_field",
        attributes: { api_slug: "customer_po", value: "PO-1", display_value: "PO-1" },
        relationships: { entity: { data: { type: "shipment", id: shipmentId } }, definition: { data: { type: "custom_field_definition" } }, updated_by_user: { data: { type: "user" } } },
      });
      expect(created.body.links.self).toBe(`http://localhost/v2/custom_fields/${created.body.data.id}`);
      h.clock.advance(60_000);
      const updated = await h.request("POST", "/v2/custom_fields", { body: withEntity("shipment", shipmentId, "customer_po", "PO-22") });
      expect(updated.status).toBe(201);
      expect(updated.body.data.id).toBe(created.body.data.id);
      expect(updated.body.data.attributes.value).toBe("PO-22");
      const read = await h.request("GET", `/v2/custom_fields/${created.body.data.id}?include=definition,entity,updated_by_user`);
      expect(read.body.data.attributes.value).toBe("PO-22");
      expect(read.body.included.map((r: any) => r.type).sort()).toEqual(["custom_field_definition", "shipment", "user"]);
    });

    it.each([
      [{ data: { type: "custom_field", attributes: { api_slug: "customer_po", value: "PO-1" } } }, 422, "blank", "/data/relationships/entity"],
      [{ data: { attributes: { api_slug: "customer_po", value: "PO-1" }, relationships: { entity: { data: null } } } }, 422, "invalid", "/data/relationships/entity/data"],
      [withEntity("vessel", UNKNOWN, "customer_po", "PO-1"), 422, "invalid", "/data/relationships/entity/data/type"],
      [withEntity("shipment", UNKNOWN, "customer_po", "PO-1"), 404, "not_found", undefined],
      [withEntity("shipment", "not-a-uuid", "customer_po", "PO-1"), 404, "not_found", undefined],
      [withEntity("shipment", "SHIPMENT", "no_such_field", "x"), 404, "not_found", undefined],
    ])("rejects %j with %i %s", async (body, status, code, pointer) => {
      const res = await h.request("POST", "/v2/custom_fields", { body });
      expect(res.status).toBe(status);
      expect(res.body.errors[0].code).toBe(code);
      if (pointer) expect(res.body.errors[0].source.pointer).toBe(pointer);
    });

    it("takes the other account's shipment as unknown (404) and checks the value against the definition", async () => {
      expect((await h.request("POST", "/v2/custom_fields", { body: withEntity("shipment", h.data.globex.shipments[0]!.id, "customer_po", "PO-1") })).status).toBe(404);
      const res = await h.request("POST", "/v2/custom_fields", { body: withEntity("shipment", shipmentId, "customer_po", "ORDER-1") });
      expect(res.body.errors[0]).toMatchObject({ status: "422", code: "pattern_mismatch", source: { pointer: "/data/attributes/value" } });
    });
  });

  describe.each([
    ["shipments", () => shipmentId, "customer_po", "PO-7"],
    ["containers", () => containerId, "seal_number", "SEAL-9"],
    ["tracking_requests", () => trackingRequestId, "customer_po", "PO-8"],
  ])("/v2/%s/{id}/custom_fields", (collection, id, slug, value) => {
    const base = () => `/v2/${collection}/${id()}/custom_fields`;

    it("upserts (201 both times, same id), lists with links and meta, patches (200) and deletes (204) by api_slug", async () => {
      const first = await h.request("POST", base(), { body: valueDocument(slug, value) });
      expect(first.status).toBe(201);
      expect(first.body.data.relationships.entity.data).toEqual({ type: collection.slice(0, -1), id: id() });
      const second = await h.request("POST", base(), { body: valueDocument(slug, `${value}0`) });
      expect(second.status).toBe(201);
      expect(second.body.data.id).toBe(first.body.data.id);
      const list = await h.request("GET", base(), { key: h.keys.viewer });
      expect(list.status).toBe(200);
      expect(list.body.data.find((f: any) => f.attributes.api_slug === slug).attributes.value).toBe(`${value}0`);
      expect(list.body.meta.total).toBe(list.body.data.length);
      expect(list.body.links.self).toBe(`http://localhost${base()}`);
      const patched = await h.request("PATCH", `${base()}/${slug}`, { body: { data: { type: "custom_field", attributes: { value } } } });
      expect(patched.status).toBe(200);
      expect(patched.body.data).toMatchObject({ id: first.body.data.id, attributes: { value } });
      const deleted = await h.request("DELETE", `${base()}/${slug}`);
      expect(deleted.status).toBe(204);
      expect(deleted.body).toBeUndefined();
      expect((await h.request("DELETE", `${base()}/${slug}`)).status).toBe(404);
      expect((await h.request("PATCH", `${base()}/${slug}`, { body: valueDocument(slug, value) })).status).toBe(404);
    });

    it("is 403 for viewers on writes, 404 for other accounts and unknown records, 405 for other methods", async () => {
      expect((await h.request("POST", base(), { key: h.keys.viewer, body: valueDocument(slug, value) })).status).toBe(403);
      expect((await h.request("PATCH", `${base()}/${slug}`, { key: h.keys.viewer, body: valueDocument(slug, value) })).status).toBe(403);
      expect((await h.request("DELETE", `${base()}/${slug}`, { key: h.keys.viewer })).status).toBe(403);
      for (const method of ["GET", "POST"]) {
        const res = await h.request(method, base(), { key: h.keys.other, ...(method === "POST" ? { body: valueDocument(slug, value) } : {}) });
        expect(res.status).toBe(404);
      }
      expect((await h.request("GET", `/v2/${collection}/${UNKNOWN}/custom_fields`)).status).toBe(404);
      expect((await h.request("DELETE", `${base()}/Not-A-Slug`)).status).toBe(404);
      expect((await h.request("PUT", base())).headers.get("allow")).toBe("GET, POST");
      expect((await h.request("GET", `${base()}/${slug}`)).headers.get("allow")).toBe("PATCH, DELETE");
    });
  });

  it("applies the definition's entity type: Cargo fields on containers, Shipment fields on shipments and tracking requests", async () => {
    const onShipment = await h.request("POST", `/v2/shipments/${shipmentId}/custom_fields`, { body: valueDocument("seal_number", "S") });
    expect(onShipment.body.errors[0]).toMatchObject({ code: "wrong_entity_type", source: { pointer: "/data/attributes/api_slug" } });
    const onContainer = await h.request("POST", `/v2/containers/${containerId}/custom_fields`, { body: valueDocument("customer_po", "PO-1") });
    expect(onContainer.body.errors[0].code).toBe("wrong_entity_type");
    for (const slug of ["nope", "Not A Slug", "x".repeat(300)]) {
      const res = await h.request("POST", `/v2/shipments/${shipmentId}/custom_fields`, { body: valueDocument(slug, "x") });
      expect(res.body.errors[0]).toMatchObject({ code: "unknown_slug", source: { pointer: "/data/attributes/api_slug" } });
    }
    const blank = await h.request("POST", `/v2/shipments/${shipmentId}/custom_fields`, { body: valueDocument("customer_po") });
    expect(blank.body.errors[0]).toMatchObject({ code: "blank", source: { pointer: "/data/attributes/value" } });
  });

  it("materializes a template on first use, in the same transaction as the value", async () => {
    const h2 = await createHarness({ storage: makeStorage() });
    const shipment = h2.data.acme.shipments[0]!.id;
    const rejected = await h2.request("POST", `/v2/shipments/${shipment}/custom_fields`, { body: valueDocument("incoterm", "XYZ") });
    expect(rejected.body.errors[0].code).toBe("not_an_option");
    expect((await h2.request("GET", "/v2/custom_field_definitions")).body.data).toEqual([]);

    const res = await h2.request("POST", `/v2/shipments/${shipment}/custom_fields`, { body: valueDocument("incoterm", "FOB") });
    expect(res.status).toBe(201);
    expect(res.body.data.attributes).toEqual({ api_slug: "incoterm", value: "FOB", display_value: "Free on Board" });
    const definitions = (await h2.request("GET", "/v2/custom_field_definitions")).body.data;
    expect(definitions).toHaveLength(1);
    expect(definitions[0].relationships.options.data).toHaveLength(11);
    expect(definitions[0].id).toBe(res.body.data.relationships.definition.data.id);

    const hazmat = await h2.request("POST", `/v2/containers/${h2.data.acme.containers[0]!.id}/custom_fields`, { body: valueDocument("hazmat_indicator") });
    expect(hazmat.body.data.attributes).toEqual({ api_slug: "hazmat_indicator", value: false, display_value: "No" });
    const po = await h2.request("POST", "/v2/custom_fields", { body: withEntity("shipment", shipment, "purchase_order_number", "4500012345") });
    expect(po.status).toBe(201);
    // Other accounts are unaffected until they use a template themselves.
    expect((await h2.request("GET", "/v2/custom_field_definitions", { key: h2.keys.other })).body.meta.total).toBe(0);
  });

  it("types reference values against records of the account and displays them by number", async () => {
    await createDefinition(h, { api_slug: "return_container", data_type: "reference", reference_type: "container" });
    const container = h.data.acme.containers[1]!;
    const res = await h.request("POST", `/v2/shipments/${shipmentId}/custom_fields`, { body: valueDocument("return_container", { type: "container", id: container.id }) });
    expect(res.status).toBe(201);
    expect(res.body.data.attributes).toMatchObject({ value: { type: "container", id: container.id }, display_value: container.number });
    const foreign = await h.request("POST", `/v2/shipments/${shipmentId}/custom_fields`, { body: valueDocument("return_container", { type: "container", id: h.data.globex.containers[0]!.id }) });
    expect(foreign.body.errors[0]).toMatchObject({ code: "reference_not_found", source: { pointer: "/data/attributes/value" } });
  });

  it("reads, patches and deletes values by id (top-level DELETE is 200 with meta)", async () => {
    const definition = await createDefinition(h, { api_slug: "legs", data_type: "enum_multi" });
    await addOptions(h, definition.id, [["sea", "Sea"], ["rail", "Rail"], ["road", "Road"]]);
    const created = await h.request("POST", `/v2/shipments/${shipmentId}/custom_fields`, { body: valueDocument("legs", ["sea", "road"]) });
    expect(created.body.data.attributes).toMatchObject({ value: ["sea", "road"], display_value: "Sea, Road" });
    const id = created.body.data.id;
    expect((await h.request("GET", `/v2/custom_fields/${id}`, { key: h.keys.viewer })).status).toBe(200);
    expect((await h.request("GET", `/v2/custom_fields/${id}`, { key: h.keys.other })).status).toBe(404);
    const patched = await h.request("PATCH", `/v2/custom_fields/${id}`, { body: { data: { attributes: { value: ["rail"] } } } });
    expect(patched.body.data.attributes).toMatchObject({ value: ["rail"], display_value: "Rail" });
    const immutable = await h.request("PATCH", `/v2/custom_fields/${id}`, { body: { data: { attributes: { api_slug: "other", value: ["rail"] } } } });
    expect(immutable.body.errors[0]).toMatchObject({ code: "immutable", source: { pointer: "/data/attributes/api_slug" } });
    expect((await h.request("PATCH", `/v2/custom_fields/${id}`, { body: { data: { attributes: {} } } })).body.errors[0].code).toBe("blank");
    expect((await h.request("PATCH", `/v2/custom_fields/${id}`, { key: h.keys.viewer, body: { data: { attributes: { value: [] } } } })).status).toBe(403);
    expect((await h.request("DELETE", `/v2/custom_fields/${id}`, { key: h.keys.other })).status).toBe(404);
    const deleted = await h.request("DELETE", `/v2/custom_fields/${id}`);
    expect(deleted.status).toBe(200);
    expect(deleted.body).toEqual({ meta: { deleted: true } });
    for (const method of ["GET", "DELETE"]) expect((await h.request(method, `/v2/custom_fields/${id}`)).status).toBe(404);
    expect((await h.request("PUT", "/v2/custom_fields")).headers.get("allow")).toBe("GET, POST");
  });

  it("pages a record's values 25 at a time by default", async () => {
    const h2 = await createHarness({ storage: makeStorage() });
    const shipment = h2.data.acme.shipments[0]!.id;
    for (let i = 0; i < 27; i++) {
      await createDefinition(h2, { api_slug: `ref_${i}` });
      await h2.request("POST", `/v2/shipments/${shipment}/custom_fields`, { body: valueDocument(`ref_${i}`, `v${i}`) });
    }
    const page = await h2.request("GET", `/v2/shipments/${shipment}/custom_fields`);
    expect(page.body.meta).toEqual({ size: 25, total: 27 });
    expect(page.body.links.next).toBe(`http://localhost/v2/shipments/${shipment}/custom_fields?page[number]=2`);
    expect((await h2.request("GET", `/v2/shipments/${shipment}/custom_fields?page[number]=2`)).body.data.map((f: any) => f.attributes.value)).toEqual(["v25", "v26"]);
    // The shipment itself is still served by its own route.
    expect((await h2.request("GET", `/v2/shipments/${shipment}`)).body.data.type).toBe("shipment");
  });

  it("GET /v2/custom_fields lists the account's values, filtered by entity_type, entity_id and definition_id, 25 a page", async () => {
    const h2 = await createHarness({ storage: makeStorage() });
    const [shipment, container] = [h2.data.acme.shipments[0]!.id, h2.data.acme.containers[0]!.id];
    const po = await createDefinition(h2, { api_slug: "po" });
    const seal = await createDefinition(h2, { api_slug: "seal", entity_type: "Cargo" });
    const onShipment = (await h2.request("POST", `/v2/shipments/${shipment}/custom_fields`, { body: valueDocument("po", "PO-1") })).body.data;
    const onContainer = (await h2.request("POST", `/v2/containers/${container}/custom_fields`, { body: valueDocument("seal", "S-9") })).body.data;
    await createDefinition(h2, { api_slug: "po" }, h2.keys.other);
    await h2.request("POST", `/v2/shipments/${h2.data.globex.shipments[0]!.id}/custom_fields`, { body: valueDocument("po", "PO-X"), key: h2.keys.other });
    const ids = async (query: string, key?: string) => {
      const res = await h2.request("GET", `/v2/custom_fields${query}`, key ? { key } : {});
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      return res.body.data.map((f: any) => f.id);
    };
    const all = await h2.request("GET", "/v2/custom_fields", { key: h2.keys.viewer });
    expect(all.body.data.map((f: any) => f.attributes)).toEqual([onShipment.attributes, onContainer.attributes]);
    expect(all.body.meta).toEqual({ size: 2, total: 2 });
    expect(await ids("?filter[entity_type]=Shipment")).toEqual([onShipment.id]);
    expect(await ids("?filter%5Bentity_type%5D=Container")).toEqual([onContainer.id]);
    expect(await ids("?filter[entity_type]=container")).toEqual([onContainer.id]);
    expect(await ids(`?filter[entity_id]=${container.toUpperCase()}`)).toEqual([onContainer.id]);
    expect(await ids(`?filter[definition_id]=${po.id}`)).toEqual([onShipment.id]);
    expect(await ids(`?filter[definition_id]=${seal.id}&filter[entity_type]=Shipment`)).toEqual([]);
    expect(await ids(`?filter[entity_id]=${UNKNOWN}`)).toEqual([]);
    expect(await ids("", h2.keys.other)).toHaveLength(1);
    expect((await h2.request("GET", "/v2/custom_fields?include=definition")).body.included.map((r: any) => r.id).sort()).toEqual([po.id, seal.id].sort());
    for (const [parameter, value] of [["filter[entity_type]", "Vessel"], ["filter[entity_id]", "x"], ["filter[definition_id]", "1"], ["page[size]", "0"]]) {
      const bad = await h2.request("GET", `/v2/custom_fields?${parameter}=${value}`);
      expect(bad.status).toBe(400);
      expect(bad.body.errors[0]).toMatchObject({ code: "invalid_parameter", source: { parameter } });
    }
    for (let i = 0; i < 25; i++) await h2.request("POST", `/v2/containers/${h2.data.acme.containers[i + 1]!.id}/custom_fields`, { body: valueDocument("seal", `S-${i}`) });
    const first = await h2.request("GET", "/v2/custom_fields");
    expect(first.body.meta).toEqual({ size: 25, total: 27 });
    expect(first.body.links.next).toBe("http://localhost/v2/custom_fields?page[number]=2");
    expect((await h2.request("GET", "/v2/custom_fields?page[number]=2")).body.data.map((f: any) => f.attributes.value)).toEqual(["S-23", "S-24"]);
  });
});
