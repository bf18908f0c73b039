import { describe, expect, it } from "vitest";
import { RawEventAttributesSchema, RawEventSchema, type RawEvent } from "./raw-event-schema.js";

// "Vessel Loaded" at Busan onto MAERSK SHIVLING, as in the raw events fixture.
const rawEvent: RawEvent = {
  timestamp: "2024-06-22T09:12:00.000Z",
  estimated: false,
  actual_on: "2024-06-22",
  estimated_at: null,
  actual_at: "2024-06-22T09:12:00.000Z",
  event: "vessel_loaded",
  index: 1,
  original_event: "Vessel Loaded",
  created_at: "2024-06-22T10:00:00.000Z",
  voyage_number: "546E",
  location_name: "Busan",
  location_locode: "KRPUS",
  vessel_name: "MAERSK SHIVLING",
  vessel_imo: "9728253",
  timezone: "Asia/Seoul",
  data_source: "shipping_line",
  data_provider_name: "Maersk",
  data_provider_code: "MAEU",
  will_occur_at: null,
  invalidated_at: null,
  terminal_id: null,
  terminal_type: null,
  updated_at: null,
  source_codes: { eventType: "EQUIPMENT", equipmentEventTypeCode: "LOAD" },
  reported_at: "2024-06-22T09:30:00.000Z",
  id: "0190a1b2-c3d4-7e5f-8a6b-300000000000",
  account_id: "0190a1b2-c3d4-7e5f-8a6b-000000000001",
  container_id: "0190a1b2-c3d4-7e5f-8a6b-100000000000",
  shipment_id: "0190a1b2-c3d4-7e5f-8a6b-7c8d9e0f1a2b",
  location_id: "0190a1b2-c3d4-7e5f-8a6b-000000000003",
  vessel_id: "0190a1b2-c3d4-7e5f-8a6b-000000000006",
};

describe("RawEventSchema", () => {
  it("parses a full record", () => {
    expect(RawEventSchema.parse(rawEvent)).toEqual(rawEvent);
  });

  it("parses an estimated, unmapped event", () => {
    const estimated = {
      ...rawEvent,
      estimated: true,
      actual_on: null,
      actual_at: null,
      estimated_at: "2024-08-05T15:00:00.000Z",
      event: null,
      original_event: "Estimated arrival at final hub",
      vessel_name: null,
      vessel_imo: null,
      vessel_id: null,
    };
    expect(RawEventSchema.safeParse(estimated).success).toBe(true);
  });

  it.each([
    ["a null timestamp", { timestamp: null }],
    ["a prefixed event name", { event: "container.transport.vessel_loaded" }],
    ["a negative index", { index: -1 }],
    ["a fractional index", { index: 1.5 }],
    ["a date-time actual_on", { actual_on: "2024-06-22T09:12:00.000Z" }],
    ["a bad vessel IMO", { vessel_imo: "9728252" }],
    ["a string estimated flag", { estimated: "false" }],
  ])("rejects %s", (_label, patch) => {
    expect(RawEventSchema.safeParse({ ...rawEvent, ...patch }).success).toBe(false);
  });

  it("rejects a missing field", () => {
    const { original_event: _omitted, ...rest } = rawEvent;
    expect(RawEventSchema.safeParse(rest).success).toBe(false);
  });
});

describe("RawEventAttributesSchema", () => {
  it("lists exactly the spec attributes in spec order", () => {
    expect(Object.keys(RawEventAttributesSchema.shape)).toEqual([
      "timestamp", "estimated", "actual_on", "estimated_at", "actual_at", "event", "index", "original_event",
      "created_at", "voyage_number", "location_name", "location_locode", "vessel_name", "vessel_imo", "timezone",
      "data_source", "data_provider_name", "data_provider_code", "will_occur_at", "invalidated_at",
    ]);
  });

  it("reads a record written before the live-service extras as having none", () => {
    const { data_source: _a, data_provider_name: _b, data_provider_code: _c, will_occur_at: _d, invalidated_at: _e, terminal_id: _f, terminal_type: _g, ...older } = rawEvent;
    expect(RawEventSchema.parse(older)).toEqual({ ...older, data_source: null, data_provider_name: null, data_provider_code: null, will_occur_at: null, invalidated_at: null, terminal_id: null, terminal_type: null });
  });
});
