import { describe, expect, it } from "vitest";
import {
  VesselAttributesSchema,
  VesselPositionRecordSchema,
  VesselPositionSchema,
  VesselSchema,
  type Vessel,
} from "./vessel-schema.js";

const vessel: Vessel = {
  name: "MAERSK SHIVLING",
  imo: "9728253",
  mmsi: "636017104",
  latitude: 32.7765,
  longitude: -79.9311,
  nautical_speed_knots: 12.4,
  navigational_heading_degrees: 291,
  position_timestamp: "2024-07-28T10:45:00.000Z",
  id: "0190a1b2-c3d4-7e5f-8a6b-000000000006",
  created_at: "2024-06-20T08:15:43.000Z",
  updated_at: "2024-07-28T10:45:05.000Z",
};

describe("VesselSchema", () => {
  it("parses a full record", () => {
    expect(VesselSchema.parse(vessel)).toEqual(vessel);
  });

  it("parses a vessel with no position report yet", () => {
    const unplaced = {
      ...vessel,
      name: "SEASPAN SAIGON",
      imo: "9301809",
      mmsi: "563281100",
      latitude: null,
      longitude: null,
      nautical_speed_knots: null,
      navigational_heading_degrees: null,
      position_timestamp: null,
    };
    expect(VesselSchema.safeParse(unplaced).success).toBe(true);
  });

  it("is global reference data, not account scoped", () => {
    expect(Object.keys(VesselSchema.shape)).not.toContain("account_id");
  });

  it.each([
    ["a bad IMO", { imo: "9728250" }],
    ["a short MMSI", { mmsi: "63601710" }],
    ["a null MMSI", { mmsi: null }],
    ["an out-of-range latitude", { latitude: 91 }],
    ["an out-of-range longitude", { longitude: -181 }],
    ["the AIS 'no heading' value", { navigational_heading_degrees: 511 }],
    ["a non-canonical position timestamp", { position_timestamp: "2024-07-28 10:45:00" }],
  ])("rejects %s", (_label, patch) => {
    expect(VesselSchema.safeParse({ ...vessel, ...patch }).success).toBe(false);
  });

  it("lists the spec attributes in order (positions are endpoint-specific)", () => {
    expect(Object.keys(VesselAttributesSchema.shape)).toEqual([
      "name", "imo", "mmsi", "latitude", "longitude", "nautical_speed_knots",
      "navigational_heading_degrees", "position_timestamp",
    ]);
  });
});

describe("VesselPositionSchema", () => {
  const position = { latitude: 32.1, longitude: -79.2, heading: 300, timestamp: "2024-07-28T09:00:00.000Z", estimated: false };

  it("parses recorded and estimated positions", () => {
    expect(VesselPositionSchema.parse(position)).toEqual(position);
    expect(VesselPositionSchema.safeParse({ ...position, heading: null, estimated: true }).success).toBe(true);
  });

  it("rejects a missing estimated flag", () => {
    const { estimated: _omitted, ...rest } = position;
    expect(VesselPositionSchema.safeParse(rest).success).toBe(false);
  });
});

describe("VesselPositionRecordSchema", () => {
  const record = {
    vessel_id: "0190a1b2-c3d4-7e5f-8a6b-000000000006",
    latitude: 32.1,
    longitude: -79.2,
    heading: 300,
    speed_knots: 14.2,
    timestamp: "2024-07-28T09:00:00.000Z",
    source: "ais",
  };

  it("parses a stored report", () => {
    expect(VesselPositionRecordSchema.parse(record)).toEqual(record);
  });

  it("rejects a bad vessel id and an empty source", () => {
    expect(VesselPositionRecordSchema.safeParse({ ...record, vessel_id: "9728253" }).success).toBe(false);
    expect(VesselPositionRecordSchema.safeParse({ ...record, source: "" }).success).toBe(false);
  });
});
