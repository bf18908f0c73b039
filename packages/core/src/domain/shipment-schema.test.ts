import { describe, expect, it } from "vitest";
import { NO_SHIPMENT_ETA, ShipmentEtaAttributesSchema } from "./eta-schema.js";
import { ShipmentAttributesSchema, ShipmentSchema, type Shipment } from "./shipment-schema.js";

// Values from the live HLCU fixture: Busan → Charleston on MAERSK SHIVLING, voyage 546E.
const shipment: Shipment = {
  ...NO_SHIPMENT_ETA,
  created_at: "2024-06-20T08:15:42.000Z",
  ref_numbers: ["PO-88213"],
  tags: ["east-coast"],
  bill_of_lading_number: "HLCUSEL240612345",
  normalized_number: "SEL240612345",
  shipping_line_scac: "HLCU",
  shipping_line_name: "Hapag-Lloyd",
  shipping_line_short_name: "Hapag-Lloyd",
  customer_name: "CUSTOMER-001",
  port_of_lading_locode: "KRPUS",
  port_of_lading_name: "Busan",
  port_of_discharge_locode: "USCHS",
  port_of_discharge_name: "Charleston",
  pod_vessel_name: "MAERSK SHIVLING",
  pod_vessel_imo: "9728253",
  pod_voyage_number: "546E",
  destination_locode: null,
  destination_name: null,
  destination_timezone: null,
  destination_eta_at: null,
  destination_ata_at: null,
  pol_etd_at: "2024-06-22T10:00:00.000Z",
  pol_atd_at: "2024-06-22T13:41:00.000Z",
  pol_timezone: "Asia/Seoul",
  pod_eta_at: "2024-07-28T12:00:00.000Z",
  pod_original_eta_at: "2024-07-26T12:00:00.000Z",
  pod_ata_at: null,
  pod_timezone: "America/New_York",
  line_tracking_last_attempted_at: "2024-07-01T06:00:00.000Z",
  line_tracking_last_succeeded_at: "2024-07-01T06:00:03.000Z",
  line_tracking_stopped_at: null,
  line_tracking_stopped_reason: null,
  id: "0190a1b2-c3d4-7e5f-8a6b-7c8d9e0f1a2b",
  account_id: "0190a1b2-c3d4-7e5f-8a6b-000000000001",
  updated_at: "2024-07-01T06:00:03.000Z",
  tracking_request_id: "0190a1b2-c3d4-7e5f-8a6b-000000000002",
  port_of_lading_id: "0190a1b2-c3d4-7e5f-8a6b-000000000003",
  port_of_discharge_id: "0190a1b2-c3d4-7e5f-8a6b-000000000004",
  pod_terminal_id: "0190a1b2-c3d4-7e5f-8a6b-000000000005",
  destination_id: null,
  destination_type: null,
  destination_terminal_id: null,
  destination_terminal_type: null,
  line_tracking_stopped_by_user_id: null,
  pod_vessel_id: "0190a1b2-c3d4-7e5f-8a6b-000000000006",
  pol_original_etd_at: "2024-06-21T10:00:00.000Z",
  destination_original_eta_at: null,
  dates_reported_at: { pod_eta_at: "2024-06-30T08:00:00.000Z" },
};

describe("ShipmentSchema", () => {
  it("parses a full record", () => {
    expect(ShipmentSchema.parse(shipment)).toEqual(shipment);
  });

  it("parses a stopped shipment with an inland metro destination", () => {
    const stopped = {
      ...shipment,
      destination_id: "0190a1b2-c3d4-7e5f-8a6b-000000000007",
      destination_type: "metro_area",
      destination_terminal_id: "0190a1b2-c3d4-7e5f-8a6b-000000000008",
      destination_terminal_type: "rail_terminal",
      line_tracking_stopped_at: "2024-08-01T00:00:00.000Z",
      line_tracking_stopped_reason: "cancelled_by_user",
      line_tracking_stopped_by_user_id: "0190a1b2-c3d4-7e5f-8a6b-000000000009",
      customer_name: null,
    };
    expect(ShipmentSchema.safeParse(stopped).success).toBe(true);
  });

  it.each([
    ["an unknown stop reason", { line_tracking_stopped_reason: "bored" }],
    ["a non-canonical timestamp", { created_at: "2024-06-20T08:15:42Z" }],
    ["an offset timestamp", { pod_eta_at: "2024-07-28T08:00:00-04:00" }],
    ["a bad IMO check digit", { pod_vessel_imo: "9728254" }],
    ["a lower-case locode", { port_of_lading_locode: "krpus" }],
    ["an offset time zone", { pod_timezone: "-05:00" }],
    ["a lower-case SCAC", { shipping_line_scac: "hlcu" }],
    ["an unknown destination type", { destination_type: "city" }],
    ["a non-uuid id", { id: "shipment-1" }],
    ["a non-array tags", { tags: "east-coast" }],
  ])("rejects %s", (_label, patch) => {
    expect(ShipmentSchema.safeParse({ ...shipment, ...patch }).success).toBe(false);
  });

  it("rejects a missing field", () => {
    const { normalized_number: _omitted, ...rest } = shipment;
    expect(ShipmentSchema.safeParse(rest).success).toBe(false);
  });
});

describe("ShipmentAttributesSchema", () => {
  it("lists exactly the spec attributes in spec order", () => {
    expect(Object.keys(ShipmentAttributesSchema.shape)).toEqual([
      "created_at", "ref_numbers", "tags", "bill_of_lading_number", "normalized_number",
      "shipping_line_scac", "shipping_line_name", "shipping_line_short_name", "customer_name",
      "port_of_lading_locode", "port_of_lading_name", "port_of_discharge_locode", "port_of_discharge_name",
      "pod_vessel_name", "pod_vessel_imo", "pod_voyage_number", "destination_locode", "destination_name",
      "destination_timezone", "destination_eta_at", "destination_original_eta_at", "destination_ata_at", "pol_etd_at", "pol_original_etd_at", "pol_atd_at",
      "pol_timezone", "pod_eta_at", "pod_original_eta_at", "pod_ata_at", "pod_timezone",
      "line_tracking_last_attempted_at", "line_tracking_last_succeeded_at", "line_tracking_stopped_at",
      "line_tracking_stopped_reason",
      // Bollard extensions (docs/eta.md), after the spec's.
      ...Object.keys(ShipmentEtaAttributesSchema.shape),
    ]);
  });

  it("strips internal fields from a stored record", () => {
    const attributes = ShipmentAttributesSchema.parse(shipment);
    expect(attributes).not.toHaveProperty("account_id");
    expect(attributes.pol_original_etd_at).toBe("2024-06-21T10:00:00.000Z");
    expect(attributes.pod_vessel_imo).toBe("9728253");
  });
});
