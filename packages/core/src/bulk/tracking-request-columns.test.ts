import { describe, expect, it } from "vitest";
import { normalizeHeader, planTrackingRequestColumns } from "./tracking-request-columns.js";

describe("normalizeHeader", () => {
  it("leaves out case, spaces and punctuation and reads #, No. and Nr as number", () => {
    expect(["Container #", "CONTAINER NUMBER", "container_number", "Container No.", "Container Nr", "B/L", "BL No.", "bill-of-lading"].map(normalizeHeader)).toStrictEqual([
      "containernumber",
      "containernumber",
      "containernumber",
      "containernumber",
      "containernumber",
      "bl",
      "blnumber",
      "billoflading",
    ]);
  });
});

describe("planTrackingRequestColumns", () => {
  it("maps synonyms, reports ignored and repeated columns, and matches custom fields by slug or display name", () => {
    const plan = planTrackingRequestColumns(["Container #", "Carrier", "PO Number", "labels", "Client", "Colour", "CONTAINER", "Cost center"], [
      { api_slug: "cost_center", display_name: "Cost center", entity_type: "Shipment" },
      { api_slug: "seal_number", display_name: "Seal", entity_type: "Cargo" },
    ]);
    expect(plan.columns).toStrictEqual([
      { column: "Container #", attribute: "container_number" },
      { column: "Carrier", attribute: "scac" },
      { column: "PO Number", attribute: "ref_numbers" },
      { column: "labels", attribute: "shipment_tags" },
      { column: "Client", attribute: "customer_name" },
      { column: "Colour", attribute: null },
      { column: "CONTAINER", attribute: null },
      { column: "Cost center", attribute: "custom_fields.cost_center" },
    ]);
    expect(plan.hasKeyColumn).toBe(true);
    const row = plan.read({ "Container #": " mscu1234566 ", Carrier: "Maersk", "PO Number": "PO-1; PO-2 | PO-1", labels: "a,b", Client: "Acme", "Cost center": "CC-9" });
    expect(row.errors).toStrictEqual([]);
    expect(row.input).toStrictEqual({
      request_type: "container",
      request_number: "mscu1234566",
      scac: "MAEU",
      ref_numbers: ["PO-1", "PO-2"],
      shipment_tags: ["a", "b"],
      customer_name: "Acme",
      initial_custom_fields: { shipment: [{ api_slug: "cost_center", value: "CC-9" }] },
    });
    expect(row.columnOf(["initial_custom_fields", "shipment", 0, "value"])).toBe("Cost center");
    expect(row.columnOf(["request_number"])).toBe("Container #");
    expect(row.columnOf(["tags"])).toBe("labels");
  });

  it("takes the number from the first filled number column, with its kind, and detects a blank carrier", () => {
    const plan = planTrackingRequestColumns(["B/L", "Booking", "Container #", "SCAC"]);
    expect(plan.read({ Booking: "BK123", "Container #": "MSCU1234566" })).toMatchObject({ input: { request_type: "booking_number", request_number: "BK123", auto_detect_vocc_scac: true }, errors: [] });
    const bl = plan.read({ "B/L": "MEDUAB123456", SCAC: "medu" });
    expect(bl.input).toStrictEqual({ request_type: "bill_of_lading", request_number: "MEDUAB123456", scac: "MEDU" });
    // No number at all: the error is on the first number column.
    expect(plan.read({ SCAC: "MSCU" }).columnOf(["request_number"])).toBe("B/L");
    expect(plan.read({ "Container #": "MSCU1234566" }).columnOf(["request_number"])).toBe("Container #");
  });

  it("reads a request type column in any spelling, infers the kind of a bare number, and says which cells it could not read", () => {
    const plan = planTrackingRequestColumns(["Type", "Number", "Carrier", "Auto detect"]);
    expect(plan.read({ Type: "B/L", Number: "X1", Carrier: "MSCU" }).input.request_type).toBe("bill_of_lading");
    expect(plan.read({ Type: "Container", Number: "MSCU1234566" }).input.request_type).toBe("container");
    expect(plan.read({ Number: "MSCU1234566", Carrier: "MSCU" }).input.request_type).toBe("container");
    expect(plan.read({ Number: "MSCU1234566", Carrier: "MSCU", "Auto detect": "yes" }).input).toMatchObject({ scac: "MSCU", auto_detect_vocc_scac: true });
    expect(plan.read({ Type: "pallet", Number: "X1", Carrier: "MSCU" }).errors).toStrictEqual([
      { code: "invalid", detail: "Request type 'pallet' is not one of bill_of_lading, booking_number, container", column: "Type", attribute: "request_type" },
    ]);
    expect(plan.read({ Number: "MEDUAB123456", Carrier: "MSCU", "Auto detect": "maybe" }).errors).toStrictEqual([{ code: "invalid", detail: "Auto-detect 'maybe' is not yes or no", column: "Auto detect", attribute: "auto_detect_vocc_scac" }]);
  });

  it("has no number column when no header names one", () => {
    expect(planTrackingRequestColumns(["Carrier", "Customer"]).hasKeyColumn).toBe(false);
  });
});
