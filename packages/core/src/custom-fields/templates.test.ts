import { describe, expect, it } from "vitest";
import { CustomFieldDefinitionSchema } from "../domain/index.js";
import { settleDefinitionSettings } from "./definition-rules.js";
import { CUSTOM_FIELD_TEMPLATES, findTemplate, materializeTemplate } from "./templates.js";

describe("custom field templates", () => {
  it("are valid definitions with unique slugs and ids, and settings that pass the definition rules", () => {
    const slugs = CUSTOM_FIELD_TEMPLATES.map((t) => t.definition.api_slug);
    expect(new Set(slugs).size).toBe(slugs.length);
    expect(new Set(CUSTOM_FIELD_TEMPLATES.map((t) => t.definition.id)).size).toBe(slugs.length);
    for (const { definition, options } of CUSTOM_FIELD_TEMPLATES) {
      expect(CustomFieldDefinitionSchema.parse(definition)).toEqual(definition);
      expect(definition.account_id).toBeNull();
      const { data_type, reference_type, validation, default_format, default_value } = definition;
      expect(settleDefinitionSettings({ data_type, reference_type, validation, default_format, default_value }, options)).toEqual({ reference_type, validation, default_format, default_value });
    }
  });

  it("offer the 11 Incoterms 2020 on a Shipment enum and a Cargo hazmat flag defaulting to false", () => {
    expect(findTemplate("incoterm")?.options.map((o) => o.value)).toEqual(["EXW", "FCA", "CPT", "CIP", "DAP", "DPU", "DDP", "FAS", "FOB", "CFR", "CIF"]);
    expect(findTemplate("hazmat_indicator")?.definition).toMatchObject({ entity_type: "Cargo", data_type: "boolean", default_value: false });
    expect(findTemplate("purchase_order_number")?.definition).toMatchObject({ entity_type: "Shipment", data_type: "short_text" });
    expect(findTemplate("nope")).toBeUndefined();
  });

  it("materialize as an account copy pointing at the template, with positioned options", () => {
    let n = 0;
    const newId = () => `0190e7a0-2222-7000-8000-${String(++n).padStart(12, "0")}`;
    const { definition, options } = materializeTemplate(findTemplate("incoterm")!, "0190e7a0-3333-7000-8000-000000000001", "2026-11-21T00:00:00.000Z", newId);
    expect(definition).toMatchObject({ account_id: "0190e7a0-3333-7000-8000-000000000001", template_id: findTemplate("incoterm")!.definition.id, api_slug: "incoterm" });
    expect(options.map((o) => [o.position, o.definition_id])).toEqual(options.map((_, i) => [i + 1, definition.id]));
  });
});
