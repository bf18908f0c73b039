import { describe, expect, it } from "vitest";
import { TransportEventAttributesSchema, TransportEventSchema, type TransportEvent } from "./transport-event-schema.js";

// The AIS-sourced arrival at Charleston from the live event fixture.
const event: TransportEvent = {
  event: "container.transport.vessel_arrived",
  created_at: "2024-07-28T11:20:14.000Z",
  voyage_number: "546E",
  timestamp: "2024-07-28T11:05:00.000Z",
  location_locode: "USCHS",
  timezone: "America/New_York",
  data_source: "ais",
  value: null,
  id: "0190a1b2-c3d4-7e5f-8a6b-200000000000",
  account_id: "0190a1b2-c3d4-7e5f-8a6b-000000000001",
  shipment_id: "0190a1b2-c3d4-7e5f-8a6b-7c8d9e0f1a2b",
  container_id: "0190a1b2-c3d4-7e5f-8a6b-100000000000",
  vessel_id: "0190a1b2-c3d4-7e5f-8a6b-000000000006",
  location_id: "0190a1b2-c3d4-7e5f-8a6b-000000000004",
  location_type: "port",
  terminal_id: "0190a1b2-c3d4-7e5f-8a6b-000000000005",
  terminal_type: "terminal",
  raw_event_id: null,
  invalidated_at: null,
  previous_version_id: null,
};

describe("TransportEventSchema", () => {
  it("parses a full record", () => {
    expect(TransportEventSchema.parse(event)).toEqual(event);
  });

  it("reads a record written before events carried a value with value null", () => {
    const { value: _, ...older } = event;
    expect(TransportEventSchema.parse(older)).toEqual({ ...older, value: null });
  });

  it("carries the new date of a last-free-day change in value", () => {
    const changed = { ...event, event: "container.pickup_lfd_terminal.changed", value: "2024-08-02T03:59:00.000Z" };
    expect(TransportEventSchema.parse(changed).value).toBe("2024-08-02T03:59:00.000Z");
    expect(TransportEventSchema.safeParse({ ...changed, value: "next tuesday" }).success).toBe(false);
  });

  it("parses an event with an unknown location and source", () => {
    const bare = {
      ...event,
      event: "container.pickup_lfd.changed",
      voyage_number: null,
      timestamp: null,
      location_locode: null,
      timezone: null,
      data_source: null,
      vessel_id: null,
      location_id: null,
      location_type: null,
      terminal_id: null,
      terminal_type: null,
    };
    expect(TransportEventSchema.safeParse(bare).success).toBe(true);
  });

  it.each([
    ["a bare raw-event name", { event: "vessel_arrived" }],
    ["an unknown data source", { data_source: "pierpass" }],
    ["a non-canonical timestamp", { timestamp: "2024-07-28T11:05:00Z" }],
    ["an unknown time zone", { timezone: "America/Charleston" }],
    ["a bad locode", { location_locode: "US-CHS" }],
    ["an unknown location type", { location_type: "Port" }],
    ["a null container id", { container_id: null }],
  ])("rejects %s", (_label, patch) => {
    expect(TransportEventSchema.safeParse({ ...event, ...patch }).success).toBe(false);
  });

  it("rejects a missing field", () => {
    const { created_at: _omitted, ...rest } = event;
    expect(TransportEventSchema.safeParse(rest).success).toBe(false);
  });
});

describe("TransportEventAttributesSchema", () => {
  it("lists the spec attributes in order, then data_source, value and invalidated_at", () => {
    expect(Object.keys(TransportEventAttributesSchema.shape)).toEqual([
      "event", "created_at", "voyage_number", "timestamp", "location_locode", "timezone", "data_source", "value", "invalidated_at",
    ]);
  });

  it("knows only the upstream data sources, and reads `rail` (older records, some feeds) as shipping_line", () => {
    expect(TransportEventSchema.parse({ ...event, data_source: "rail" }).data_source).toBe("shipping_line");
    expect(TransportEventSchema.safeParse({ ...event, data_source: "railroad" }).success).toBe(false);
    const { invalidated_at: _i, previous_version_id: _p, ...older } = event;
    expect(TransportEventSchema.parse(older)).toEqual(event);
  });
});
