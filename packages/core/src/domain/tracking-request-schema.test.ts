import { describe, expect, it } from "vitest";
import { TrackingRequestAttributesSchema, TrackingRequestSchema, type TrackingRequest } from "./tracking-request-schema.js";

// A created HLCU bill of lading request, as in the tracking request fixtures.
const request: TrackingRequest = {
  request_number: "HLCUSEL240612345",
  request_type: "bill_of_lading",
  scac: "HLCU",
  status: "created",
  failed_reason: null,
  created_at: "2024-06-20T08:15:40.000Z",
  updated_at: "2024-06-20T08:15:42.000Z",
  ref_numbers: ["PO-88213"],
  shipment_tags: ["east-coast"],
  tags: ["east-coast"],
  is_retrying: false,
  retry_count: null,
  id: "0190a1b2-c3d4-7e5f-8a6b-000000000002",
  account_id: "0190a1b2-c3d4-7e5f-8a6b-000000000001",
  tracked_object_id: "0190a1b2-c3d4-7e5f-8a6b-7c8d9e0f1a2b",
  tracked_object_type: "shipment",
  customer_id: null,
  user_id: "0190a1b2-c3d4-7e5f-8a6b-400000000000",
  next_attempt_at: null,
  customer_name: null,
};

describe("TrackingRequestSchema", () => {
  it("parses a full record", () => {
    expect(TrackingRequestSchema.parse(request)).toEqual(request);
  });

  it("parses a pending auto-detect request and a retrying one", () => {
    const pending = {
      ...request,
      request_type: "booking_number",
      scac: null,
      status: "pending",
      tracked_object_id: null,
      tracked_object_type: null,
      next_attempt_at: "2024-06-20T08:20:40.000Z",
    };
    expect(TrackingRequestSchema.safeParse(pending).success).toBe(true);
    const retrying = { ...pending, scac: "MAEU", failed_reason: "shipping_line_unreachable", is_retrying: true, retry_count: 3 };
    expect(TrackingRequestSchema.safeParse(retrying).success).toBe(true);
  });

  it.each([
    ["an unknown status", { status: "succeeded" }],
    ["the temporary awaiting_manifest as a failed reason", { failed_reason: "awaiting_manifest" }],
    ["an unknown request type", { request_type: "mbl" }],
    ["an empty SCAC (the SDK quirk)", { scac: "" }],
    ["a negative retry count", { retry_count: -1 }],
    ["a non-shipment tracked object", { tracked_object_type: "container" }],
    ["a non-canonical updated_at", { updated_at: "2024-06-20T08:15:42+00:00" }],
    ["an empty request number", { request_number: "" }],
  ])("rejects %s", (_label, patch) => {
    expect(TrackingRequestSchema.safeParse({ ...request, ...patch }).success).toBe(false);
  });

  it("rejects a missing field", () => {
    const { shipment_tags: _omitted, ...rest } = request;
    expect(TrackingRequestSchema.safeParse(rest).success).toBe(false);
  });
});

describe("TrackingRequestAttributesSchema", () => {
  it("carries both tag names", () => {
    expect(Object.keys(TrackingRequestAttributesSchema.shape)).toEqual([
      "request_number", "request_type", "scac", "status", "failed_reason", "created_at", "updated_at",
      "ref_numbers", "shipment_tags", "tags", "is_retrying", "retry_count",
    ]);
  });
});
