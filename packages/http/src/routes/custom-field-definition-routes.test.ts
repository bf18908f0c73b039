import { beforeAll, describe, expect, it } from "vitest";
import { addOptions, createDefinition, definitionDocument, valueDocument } from "../testing/custom-field-fixtures.js";
import { createHarness, type Harness } from "../testing/http-harness.js";
import { STORAGES } from "../testing/storages.js";

const UNKNOWN = "0190a8f0-0000-7000-8000-000000000000";

describe.each(STORAGES)("custom field definitions over HTTP on %s storage", (_name, makeStorage) => {
  let h: Harness;
  beforeAll(async () => {
    h = await createHarness({ storage: makeStorage() });
  });

  describe("POST /v2/custom_field_definitions", () => {
    it("creates a definition with every attribute, Container as an alias of Cargo, and links.self", async () => {
      const res = await h.request("POST", "/v2/custom_field_definitions", {
        body: definitionDocument({
          entity_type: "Container",
          api_slug: "declared_weight",
          display_name: "Declared weight",
          data_type: "number",
          description: "Gross weight on the bill",
          validation: { required: true, min: 0, max: "50000" },
          default_format: "0,0.000 kg",
          default_value: "0",
        }),
      });
      expect(res.status).toBe(201);
      expect(res.body.data).toMatchObject({
        type: "custom_field_definition",
        attributes: {
          entity_type: "Cargo",
          api_slug: "declared_weight",
          data_type: "number",
          reference_type: null,
          validation: { required: true, min: 0, max: 50000 },
          default_format: "0,0.000 kg",
          default_value: 0,
          created_at: "2026-11-01T12:00:00Z",
        },
        relationships: { options: { data: [] } },
      });
      expect(res.body.links.self).toBe(`http://localhost/v2/custom_field_definitions/${res.body.data.id}`);
      expect((await h.request("GET", `/v2/custom_field_definitions/${res.body.data.id}`)).body.data).toEqual(res.body.data);
    });

    it("rejects a slug the account already uses with duplicate on its pointer; other accounts may use it", async () => {
      await createDefinition(h, { api_slug: "booking_ref" });
      const again = await h.request("POST", "/v2/custom_field_definitions", { body: definitionDocument({ entity_type: "Shipment", api_slug: "booking_ref", display_name: "x", data_type: "short_text" }) });
      expect(again.status).toBe(422);
      expect(again.body.errors[0]).toMatchObject({ code: "duplicate", source: { pointer: "/data/attributes/api_slug" } });
      // Slugs are per account: Globex may use the same one.
      await createDefinition(h, { api_slug: "booking_ref" }, h.keys.other);
    });

    it.each([
      [{ api_slug: "Bad-Slug" }, "invalid", "/data/attributes/api_slug"],
      [{ api_slug: "" }, "invalid", "/data/attributes/api_slug"],
      [{ entity_type: "Vessel" }, "invalid", "/data/attributes/entity_type"],
      [{ entity_type: "TrackingRequest" }, "invalid", "/data/attributes/entity_type"],
      [{ data_type: "currency" }, "invalid", "/data/attributes/data_type"],
      [{ display_name: "  " }, "blank", "/data/attributes/display_name"],
      [{ data_type: "reference" }, "blank", "/data/attributes/reference_type"],
      [{ data_type: "reference", reference_type: "vessel" }, "not_supported", "/data/attributes/reference_type"],
      [{ validation: { pattern: "(a+)+$" } }, "unsafe_pattern", "/data/attributes/validation/pattern"],
      [{ validation: { regex: "x" } }, "unknown_attribute", "/data/attributes/validation/regex"],
      [{ data_type: "date", default_format: "YYYY-MM-DD" }, "invalid", "/data/attributes/default_format"],
      [{ data_type: "number", default_value: "lots" }, "wrong_type", "/data/attributes/default_value"],
      [{ data_type: "boolean", default_value: "maybe" }, "wrong_type", "/data/attributes/default_value"],
      [{ id: "x" }, "unknown_attribute", "/data/attributes/id"],
    ])("rejects %j with %s on %s", async (attributes, code, pointer) => {
      const res = await h.request("POST", "/v2/custom_field_definitions", {
        body: definitionDocument({ entity_type: "Shipment", api_slug: "bad_one", display_name: "Bad", data_type: "short_text", ...attributes }),
      });
      expect(res.status).toBe(422);
      expect(res.body.errors).toContainEqual(expect.objectContaining({ status: "422", code, source: { pointer } }));
    });

    it("is 403 for a viewer and 400/415 for malformed bodies", async () => {
      const viewer = await h.request("POST", "/v2/custom_field_definitions", { key: h.keys.viewer, body: definitionDocument({ entity_type: "Shipment", api_slug: "v", display_name: "V", data_type: "short_text" }) });
      expect(viewer.status).toBe(403);
      expect((await h.request("POST", "/v2/custom_field_definitions", { raw: "{", headers: { "content-type": "application/json" } })).status).toBe(400);
      expect((await h.request("POST", "/v2/custom_field_definitions", { raw: "x=1", headers: { "content-type": "text/plain" } })).status).toBe(415);
    });
  });

  describe("GET /v2/custom_field_definitions", () => {
    it("filters by entity type (Container too), data type and display name prefix, pages 25 by default", async () => {
      const h2 = await createHarness({ storage: makeStorage() });
      for (let i = 0; i < 27; i++) await createDefinition(h2, { api_slug: `po_${i}`, display_name: `PO ${i}` });
      await createDefinition(h2, { api_slug: "seal", display_name: "Seal number", entity_type: "Cargo" });
      await createDefinition(h2, { api_slug: "eta_note", display_name: "ETA note", data_type: "date" });
      const all = await h2.request("GET", "/v2/custom_field_definitions");
      expect(all.status).toBe(200);
      expect(all.body.meta).toEqual({ size: 25, total: 29 });
      expect(all.body.links.next).toBe("http://localhost/v2/custom_field_definitions?page[number]=2");
      const cargo = await h2.request("GET", "/v2/custom_field_definitions?filter[entity_type]=Container");
      expect(cargo.body.data.map((d: any) => d.attributes.api_slug)).toEqual(["seal"]);
      const dates = await h2.request("GET", "/v2/custom_field_definitions?filter%5Bdata_type%5D=date");
      expect(dates.body.data.map((d: any) => d.attributes.api_slug)).toEqual(["eta_note"]);
      const prefix = await h2.request("GET", "/v2/custom_field_definitions?filter[display_name]=po%201&page[size]=100");
      expect(prefix.body.data.map((d: any) => d.attributes.display_name)).toEqual(["PO 1", ...Array.from({ length: 10 }, (_, i) => `PO 1${i}`)]);
      expect((await h2.request("GET", "/v2/custom_field_definitions", { key: h2.keys.other })).body.meta.total).toBe(0);
    });

    it.each(["filter[entity_type]=Vessel", "filter[data_type]=money", "page[number]=0", "page[size]=x", "include=nope"])("answers 400 for %s", async (query) => {
      const res = await h.request("GET", `/v2/custom_field_definitions?${query}`);
      expect(res.status).toBe(400);
      expect(res.body.errors[0].source.parameter).toBe(query.split("=")[0]);
    });
  });

  describe("GET, PATCH and DELETE /v2/custom_field_definitions/{id}", () => {
    it("includes options on request and answers 404 for unknown, malformed and other accounts' ids", async () => {
      const definition = await createDefinition(h, { api_slug: "priority", data_type: "enum" });
      await addOptions(h, definition.id, [["high", "High"]]);
      const res = await h.request("GET", `/v2/custom_field_definitions/${definition.id}?include=options`);
      expect(res.body.data.relationships.options.data).toHaveLength(1);
      expect(res.body.included[0]).toMatchObject({ type: "custom_field_option", attributes: { value: "high", label: "High", position: 1 } });
      for (const id of [UNKNOWN, "nope"]) expect((await h.request("GET", `/v2/custom_field_definitions/${id}`)).status).toBe(404);
      expect((await h.request("GET", `/v2/custom_field_definitions/${definition.id}`, { key: h.keys.other })).status).toBe(404);
      expect((await h.request("PATCH", `/v2/custom_field_definitions/${definition.id}`, { key: h.keys.other, body: definitionDocument({ display_name: "x" }) })).status).toBe(404);
      expect((await h.request("DELETE", `/v2/custom_field_definitions/${definition.id}`, { key: h.keys.other })).status).toBe(404);
    });

    it("edits the editable attributes, keeps the immutable ones (same value allowed) and re-renders displays", async () => {
      const definition = await createDefinition(h, { api_slug: "invoice_total", data_type: "number", default_format: "0.00" });
      const shipment = h.data.acme.shipments[0]!;
      await h.request("POST", `/v2/shipments/${shipment.id}/custom_fields`, { body: valueDocument("invoice_total", "1234.5") });
      const res = await h.request("PATCH", `/v2/custom_field_definitions/${definition.id}`, {
        body: definitionDocument({ display_name: "Invoice total", default_format: "$0,0.00", api_slug: "invoice_total", entity_type: "Shipment", data_type: "number" }),
      });
      expect(res.status).toBe(200);
      expect(res.body.data.attributes).toMatchObject({ display_name: "Invoice total", default_format: "$0,0.00" });
      const values = await h.request("GET", `/v2/shipments/${shipment.id}/custom_fields`);
      expect(values.body.data.find((v: any) => v.attributes.api_slug === "invoice_total").attributes.display_value).toBe("$1,234.50");
      for (const [name, value] of [["api_slug", "other"], ["entity_type", "Cargo"], ["data_type", "date"], ["reference_type", "shipment"]] as const) {
        const bad = await h.request("PATCH", `/v2/custom_field_definitions/${definition.id}`, { body: definitionDocument({ [name]: value }) });
        expect(bad.status).toBe(422);
        expect(bad.body.errors[0]).toMatchObject({ code: "immutable", source: { pointer: `/data/attributes/${name}` } });
      }
      expect((await h.request("PATCH", `/v2/custom_field_definitions/${definition.id}`, { key: h.keys.viewer, body: definitionDocument({ display_name: "x" }) })).status).toBe(403);
      expect((await h.request("PATCH", `/v2/custom_field_definitions/${definition.id}`, { body: definitionDocument({ validation: { pattern: "x" } }) })).body.errors[0].code).toBe("not_supported");
    });

    it("deletes a definition with its options and values (200 with meta), then answers 404", async () => {
      const definition = await createDefinition(h, { api_slug: "mode", data_type: "enum" });
      await addOptions(h, definition.id, [["sea", "Sea"], ["rail", "Rail"]]);
      const shipment = h.data.acme.shipments[1]!;
      const value = await h.request("POST", `/v2/shipments/${shipment.id}/custom_fields`, { body: valueDocument("mode", "sea") });
      expect(value.status).toBe(201);
      expect((await h.request("DELETE", `/v2/custom_field_definitions/${definition.id}`, { key: h.keys.viewer })).status).toBe(403);
      const res = await h.request("DELETE", `/v2/custom_field_definitions/${definition.id}`);
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ meta: { deleted: true, deleted_options: 2, deleted_values: 1 } });
      expect((await h.request("GET", `/v2/custom_field_definitions/${definition.id}`)).status).toBe(404);
      expect((await h.request("GET", `/v2/custom_fields/${value.body.data.id}`)).status).toBe(404);
      expect((await h.request("GET", `/v2/custom_field_definitions/${definition.id}/options`)).status).toBe(404);
      expect((await h.request("DELETE", `/v2/custom_field_definitions/${definition.id}`)).status).toBe(404);
    });

    it("routes /{id} and /{definition_id}/options apart and answers 405 with Allow for other methods", async () => {
      const definition = await createDefinition(h, { api_slug: "routing_check", data_type: "enum" });
      expect((await h.request("GET", `/v2/custom_field_definitions/${definition.id}/options`)).body.data).toEqual([]);
      expect((await h.request("GET", `/v2/custom_field_definitions/${definition.id}`)).body.data.id).toBe(definition.id);
      const put = await h.request("PUT", `/v2/custom_field_definitions/${definition.id}`);
      expect(put.status).toBe(405);
      expect(put.headers.get("allow")).toBe("GET, PATCH, DELETE");
      expect((await h.request("DELETE", "/v2/custom_field_definitions")).status).toBe(405);
      expect((await h.request("PUT", `/v2/custom_field_definitions/${definition.id}/options`)).headers.get("allow")).toBe("GET, POST");
      expect((await h.request("GET", `/v2/custom_field_definitions/${definition.id}/options/${UNKNOWN}/x`)).status).toBe(404);
    });
  });
});
