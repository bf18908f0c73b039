import { describe, expect, it } from "vitest";
import {
  ContainerAttributesSchema,
  ContainerFeeSchema,
  ContainerHoldSchema,
  ContainerSchema,
  ImportDeadlinesSchema,
  type Container,
} from "./container-schema.js";
import { ContainerEtaAttributesSchema, NO_CONTAINER_ETA } from "./eta-schema.js";

// Shaped after the live fixtures: a 40' high-cube dry box grounded at Wando Welch, Charleston.
const container: Container = {
  ...NO_CONTAINER_ETA,
  number: "MSKU9070323",
  seal_number: "ML-KR1234567",
  created_at: "2024-06-20T08:15:43.000Z",
  ref_numbers: [],
  weight_in_lbs: 52910,
  equipment_type: "dry",
  equipment_length: 40,
  equipment_height: "high_cube",
  current_status: "grounded",
  availability_known: true,
  available_for_pickup: false,
  pickup_lfd: "2024-08-02T03:59:00.000Z",
  pickup_appointment_at: null,
  pod_arrived_at: "2024-07-28T11:05:00.000Z",
  pod_discharged_at: "2024-07-29T02:30:00.000Z",
  pod_full_out_at: null,
  pod_full_out_chassis_number: null,
  terminal_checked_at: "2024-07-30T14:00:00.000Z",
  location_at_pod_terminal: "Yard A-12",
  final_destination_full_out_at: null,
  empty_terminated_at: null,
  holds_at_pod_terminal: [
    { name: "customs", status: "hold", description: "" },
    { name: "other", status: "hold", description: "DOWN - Broken Machine Over Pile" },
  ],
  fees_at_pod_terminal: [{ type: "demurrage", amount: 850, currency_code: "USD" }],
  pod_timezone: "America/New_York",
  final_destination_timezone: null,
  empty_terminated_timezone: null,
  pod_rail_carrier_scac: "CSXT",
  ind_rail_carrier_scac: null,
  pod_last_tracking_request_at: "2024-07-30T14:00:00.000Z",
  shipment_last_tracking_request_at: "2024-07-30T13:00:00.000Z",
  pod_rail_loaded_at: null,
  pod_rail_departed_at: null,
  ind_eta_at: null,
  ind_ata_at: null,
  ind_rail_unloaded_at: null,
  ind_facility_lfd_on: null,
  import_deadlines: { pickup_lfd_terminal: "2024-08-02T03:59:00.000Z", pickup_lfd_rail: null, pickup_lfd_line: null },
  pol_full_in_at: "2024-06-20T08:15:00.000Z",
  pol_vessel_loaded_at: "2024-06-22T09:12:00.000Z",
  pol_vessel_departed_at: "2024-06-22T13:41:00.000Z",
  empty_out_at: null,
  delivered_at: null,
  ssl_lfd: null,
  rail_last_tracking_request_at: null,
  ind_facility_holds: null,
  ind_facility_fees: null,
  id: "0190a1b2-c3d4-7e5f-8a6b-100000000000",
  account_id: "0190a1b2-c3d4-7e5f-8a6b-000000000001",
  updated_at: "2024-07-30T14:00:01.000Z",
  shipment_id: "0190a1b2-c3d4-7e5f-8a6b-7c8d9e0f1a2b",
  pod_terminal_id: "0190a1b2-c3d4-7e5f-8a6b-000000000005",
  pickup_facility_id: null,
  pickup_facility_type: null,
};

describe("ContainerSchema", () => {
  it("parses a full record", () => {
    expect(ContainerSchema.parse(container)).toEqual(container);
  });

  it("parses a container with unknown equipment", () => {
    const unknown = { ...container, equipment_type: null, equipment_length: null, equipment_height: null, weight_in_lbs: null };
    expect(ContainerSchema.safeParse(unknown).success).toBe(true);
  });

  it.each([
    ["a bad check digit", { number: "MSKU9070324" }],
    ["an unknown status", { current_status: "lost_at_sea" }],
    ["a string length", { equipment_length: "40" }],
    ["an unlisted length", { equipment_length: 30 }],
    ["an underscore equipment type", { equipment_type: "open_top" }],
    ["a negative weight", { weight_in_lbs: -1 }],
    ["a non-canonical timestamp", { pickup_lfd: "2024-08-02" }],
    ["a hold with an unknown name", { holds_at_pod_terminal: [{ name: "usda", status: "hold", description: "" }] }],
    ["a released hold", { holds_at_pod_terminal: [{ name: "customs", status: "released", description: "" }] }],
    ["a lower-case currency", { fees_at_pod_terminal: [{ type: "exam", amount: 1, currency_code: "usd" }] }],
    ["a fee without type", { fees_at_pod_terminal: [{ amount: 1, currency_code: "USD" }] }],
    ["incomplete import deadlines", { import_deadlines: { pickup_lfd_line: null } }],
    ["a missing shipment id", { shipment_id: undefined }],
  ])("rejects %s", (_label, patch) => {
    expect(ContainerSchema.safeParse({ ...container, ...patch }).success).toBe(false);
  });
});

describe("container parts", () => {
  it("parse holds, fees and deadlines on their own", () => {
    expect(ContainerHoldSchema.parse({ name: "USDA", status: "pending", description: "exam" }).name).toBe("USDA");
    expect(ContainerFeeSchema.parse({ type: "total", amount: 1250.5, currency_code: "USD" }).amount).toBe(1250.5);
    expect(ImportDeadlinesSchema.parse({ pickup_lfd_terminal: null, pickup_lfd_rail: null, pickup_lfd_line: null })).toEqual({
      pickup_lfd_terminal: null,
      pickup_lfd_rail: null,
      pickup_lfd_line: null,
    });
  });
});

describe("ContainerAttributesSchema", () => {
  it("lists exactly the spec attributes in spec order", () => {
    expect(Object.keys(ContainerAttributesSchema.shape)).toEqual([
      "number", "seal_number", "created_at", "ref_numbers", "weight_in_lbs", "equipment_type",
      "equipment_length", "equipment_height", "current_status", "availability_known", "available_for_pickup",
      "pickup_lfd", "pickup_appointment_at", "pod_arrived_at", "pod_discharged_at", "pod_full_out_at",
      "pod_full_out_chassis_number", "terminal_checked_at", "location_at_pod_terminal",
      "final_destination_full_out_at", "empty_terminated_at", "holds_at_pod_terminal", "fees_at_pod_terminal",
      "pod_timezone", "final_destination_timezone", "empty_terminated_timezone", "pod_rail_carrier_scac",
      "ind_rail_carrier_scac", "pod_last_tracking_request_at", "shipment_last_tracking_request_at",
      "pod_rail_loaded_at", "pod_rail_departed_at", "ind_eta_at", "ind_ata_at", "ind_rail_unloaded_at",
      "ind_facility_lfd_on", "import_deadlines",
      "pol_full_in_at", "pol_vessel_loaded_at", "pol_vessel_departed_at", "empty_out_at", "delivered_at", "ssl_lfd",
      "rail_last_tracking_request_at", "ind_facility_holds", "ind_facility_fees",
      // Bollard extensions (docs/eta.md), after the spec's.
      ...Object.keys(ContainerEtaAttributesSchema.shape),
    ]);
  });

  it("reads a record written before the live-service extras as having none", () => {
    const {
      pol_full_in_at: _a, pol_vessel_loaded_at: _b, pol_vessel_departed_at: _c, empty_out_at: _d, delivered_at: _e, ssl_lfd: _f,
      rail_last_tracking_request_at: _g, ind_facility_holds: _h, ind_facility_fees: _i, pickup_facility_type: _j, ...older
    } = container;
    expect(ContainerSchema.parse(older)).toMatchObject({ pol_full_in_at: null, ind_facility_holds: null, ind_facility_fees: null, pickup_facility_type: null });
  });
});
