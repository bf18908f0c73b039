import { isBollardError, type CustomFieldValue, type Session } from "@bollard/core";
import fc from "fast-check";
import { beforeAll, describe, expect, it } from "vitest";
import { valueDocument } from "./testing/custom-field-fixtures.js";
import { createHarness, type Harness } from "./testing/http-harness.js";
import { STORAGES } from "./testing/storages.js";

// Decimal text compared as text, independently of the big.js code under test: no sign on zero,
// no leading zeros, no trailing fraction zeros.
function canonical(text: string): string {
  const [integer = "", fraction = ""] = text.replace(/^-/, "").split(".");
  const digits = fraction.replace(/0+$/, "");
  const body = `${integer.replace(/^0+(?=\d)/, "")}${digits ? `.${digits}` : ""}`;
  return text.startsWith("-") && body !== "0" ? `-${body}` : body;
}
const fixed6 = (text: string) => {
  const [integer = "", fraction = ""] = canonical(text).split(".");
  return `${integer}.${fraction.padEnd(6, "0")}`;
};

// Any decimal(18,6): up to 12 integer digits and up to 6 decimals, either sign, as text.
const decimalText = fc
  .tuple(fc.boolean(), fc.stringMatching(/^(0|[1-9]\d{0,11})$/), fc.stringMatching(/^\d{0,6}$/))
  .map(([negative, integer, fraction]) => `${negative ? "-" : ""}${integer}${fraction ? `.${fraction}` : ""}`);
// Sent as a string, or as a JSON number when the number's text is exactly the decimal.
const decimalInput = fc.tuple(decimalText, fc.boolean()).map(([text, asNumber]) => ({ text, input: asNumber && canonical(String(Number(text))) === canonical(text) ? Number(text) : text }));

async function rejection(promise: Promise<unknown>): Promise<{ status: number; code: string; path?: readonly (string | number)[] }> {
  try {
    await promise;
  } catch (error) {
    if (!isBollardError(error)) throw error;
    return { status: error.status, code: error.code, ...(error.path ? { path: error.path } : {}) };
  }
  throw new Error("expected a rejection");
}

describe.each(STORAGES)("custom fields through the SDK on %s storage", (_name, makeStorage) => {
  let h: Harness;
  let editor: Session;
  let viewer: Session;
  let shipmentId: string;
  beforeAll(async () => {
    h = await createHarness({ storage: makeStorage() });
    editor = h.tracker.session(await h.tracker.accounts.authenticate(h.keys.editor));
    viewer = h.tracker.session(await h.tracker.accounts.authenticate(h.keys.viewer));
    shipmentId = h.data.acme.shipments[0]!.id;
    await editor.customFieldDefinitions.create({ entity_type: "Shipment", api_slug: "amount", display_name: "Amount", data_type: "number", default_format: "0,0.00" });
  });

  it("keeps every decimal(18,6) exact from write to read", async () => {
    const target = { type: "shipment" as const, id: shipmentId };
    await fc.assert(
      fc.asyncProperty(decimalInput, async ({ text, input }) => {
        const written = await editor.customFields.upsert(target, { api_slug: "amount", value: input });
        const read = await viewer.customFields.get(written.field.id);
        expect(read.stored_value).toBe(fixed6(text));
        expect(canonical(String(read.value))).toBe(canonical(text));
        expect(read).toEqual(written.field);
      }),
      { numRuns: 300, seed: 18_6 },
    );
  });

  it("keeps them exact over HTTP too (JSON text in, JSON text out)", async () => {
    await fc.assert(
      fc.asyncProperty(decimalInput, async ({ text, input }) => {
        const res = await h.request("POST", `/v2/shipments/${shipmentId}/custom_fields`, { body: valueDocument("amount", input) });
        const read = await h.request("GET", `/v2/custom_fields/${res.body.data.id}`, { key: h.keys.viewer });
        expect(canonical(String(read.body.data.attributes.value))).toBe(canonical(text));
      }),
      { numRuns: 100, seed: 7 },
    );
  });

  it("types every data type the same way as over HTTP, and stores nothing on a rejection", async () => {
    const defs = editor.customFieldDefinitions;
    const tier = await defs.create({ entity_type: "Shipment", api_slug: "tier", display_name: "Tier", data_type: "enum" });
    await defs.createOption(tier.id, { value: "gold", label: "Gold" });
    await defs.create({ entity_type: "Shipment", api_slug: "cutoff", display_name: "Cutoff", data_type: "datetime", default_format: "Europe/Berlin|dd.MM.yyyy HH:mm" });
    const target = { type: "shipment" as const, id: h.data.acme.shipments[1]!.id };
    const cases: [string, CustomFieldValue, CustomFieldValue, string][] = [
      ["tier", "gold", "gold", "Gold"],
      ["cutoff", "2026-11-21 18:00", "2026-11-21T17:00:00.000Z", "21.11.2026 18:00"],
      ["amount", "-1234.5", -1234.5, "-1,234.50"],
      ["incoterm", "CIF", "CIF", "Cost, Insurance and Freight"],
    ];
    for (const [api_slug, input, value, display] of cases) {
      const sdk = await defs.get((await editor.customFields.upsert(target, { api_slug, value: input })).field.definition_id);
      expect(sdk.api_slug).toBe(api_slug);
      const field = (await editor.customFields.list(target)).data.find((f) => f.api_slug === api_slug)!;
      expect([field.value, field.display_value]).toEqual([value, display]);
      const http = await h.request("GET", `/v2/custom_fields/${field.id}`);
      expect([http.body.data.attributes.value, http.body.data.attributes.display_value]).toEqual([value, display]);
    }
    const before = (await editor.customFields.list(target)).data;
    expect(await rejection(editor.customFields.upsert(target, { api_slug: "tier", value: "silver" }))).toEqual({ status: 422, code: "not_an_option", path: ["value"] });
    expect(await rejection(editor.customFields.upsert(target, { api_slug: "amount", value: "1e12" }))).toEqual({ status: 422, code: "out_of_range", path: ["value"] });
    expect(await rejection(editor.customFields.upsert(target, { api_slug: "hazmat_indicator" }))).toEqual({ status: 422, code: "wrong_entity_type", path: ["api_slug"] });
    expect(await rejection(editor.customFields.upsert(target, { api_slug: "missing", value: 1 }))).toEqual({ status: 422, code: "unknown_slug", path: ["api_slug"] });
    expect(await rejection(viewer.customFields.upsert(target, { api_slug: "tier", value: "gold" }))).toMatchObject({ status: 403, code: "forbidden" });
    expect(await rejection(viewer.customFieldDefinitions.create({ entity_type: "Shipment", api_slug: "x", display_name: "X", data_type: "short_text" }))).toMatchObject({ status: 403 });
    expect(await rejection(editor.customFields.list({ type: "shipment", id: h.data.globex.shipments[0]!.id }))).toMatchObject({ status: 404 });
    expect((await editor.customFields.list(target)).data).toEqual(before);
  });

  it("lists the templates and deletes a definition with everything that uses it", async () => {
    expect(editor.customFieldDefinitions.templates().map((t) => t.api_slug)).toEqual([
      "purchase_order_number",
      "sales_order_number",
      "packing_list_number",
      "customer_reference_number",
      "internal_id_number",
      "incoterm",
      "hazmat_indicator",
    ]);
    const container = { type: "container" as const, id: h.data.acme.containers[0]!.id };
    const hazmat = await editor.customFields.upsert(container, { api_slug: "hazmat_indicator", value: "true" });
    expect(hazmat.created).toBe(true);
    expect(hazmat.field).toMatchObject({ value: true, display_value: "Yes", stored_value: "true", updated_by_user_id: editor.principal.user.id });
    const again = await editor.customFields.upsert(container, { api_slug: "hazmat_indicator", value: false });
    expect([again.created, again.field.id]).toEqual([false, hazmat.field.id]);
    const deleted = await editor.customFieldDefinitions.delete(hazmat.field.definition_id);
    expect([deleted.deletedValues, deleted.deletedOptions]).toEqual([1, 0]);
    expect(await rejection(editor.customFields.get(hazmat.field.id))).toMatchObject({ status: 404 });
  });
});
