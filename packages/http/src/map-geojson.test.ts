import { wireTimestamp } from "@bollard/core/jsonapi";
import type { ContainerMap, ContainerMapFeature } from "@bollard/core";
import { buildContainerMap, ContainerMapSchema, MAX_PAST_POINTS, type ContainerMapInput } from "@bollard/core/geo";
import { check } from "@placemarkio/check-geojson";
import { describe, expect, it } from "vitest";
import { mapJourney, type MapJourneyOptions } from "./testing/map-journeys.js";

const DIRECT = { ports: ["CNSHA", "USLAX"], legs: [{ departAt: "2026-10-01T00:00:00.000Z", arriveAt: "2026-10-15T00:00:00.000Z" }] };
const VIA_SHANGHAI = {
  ports: ["KRPUS", "CNSHG", "USCHS"],
  legs: [
    { departAt: "2026-10-01T00:00:00.000Z", arriveAt: "2026-10-03T00:00:00.000Z" },
    { departAt: "2026-10-06T00:00:00.000Z", arriveAt: "2026-11-08T00:00:00.000Z" },
  ],
};

/** The map of a journey at `now` (or of a prepared input), checked as RFC 7946 GeoJSON and against the spec's property tables. */
function mapAt(journey: Omit<MapJourneyOptions, "now"> | ContainerMapInput, now?: string): ContainerMap {
  const map = buildContainerMap("router" in journey ? journey : mapJourney({ ...journey, now: now! }));
  expect(() => check(JSON.stringify(map))).not.toThrow();
  expect(ContainerMapSchema.parse(map)).toEqual(map);
  for (const feature of map.features) {
    if (feature.geometry.type !== "LineString") continue;
    const coordinates = feature.geometry.coordinates;
    expect((feature.properties as { point_count: number }).point_count).toBe(coordinates.length);
    // Longitudes stay in range; the only long jumps are the antimeridian vertex pairs.
    coordinates.slice(1).forEach((p, i) => {
      const q = coordinates[i]!;
      if (Math.abs(p[0] - q[0]) > 180) expect([q[0], p[0], p[1]]).toEqual([q[0], -q[0], q[1]]);
    });
  }
  return map;
}

const types = (map: ContainerMap) => map.features.map((f) => f.properties.feature_type);
const ofType = <T extends ContainerMapFeature["properties"]["feature_type"]>(map: ContainerMap, type: T) =>
  map.features.filter((f): f is Extract<ContainerMapFeature, { properties: { feature_type: T } }> => f.properties.feature_type === type);
const crossesAntimeridian = (coordinates: readonly [number, number][]) => coordinates.some((p, i) => i > 0 && Math.abs(p[0] - coordinates[i - 1]![0]) > 180);

describe("container map assembly", () => {
  it("a direct voyage not yet departed: the two ports and the estimated leg", () => {
    const map = mapAt(DIRECT, "2026-09-28T00:00:00.000Z");
    expect(types(map)).toEqual(["port", "port", "estimated_full_legs"]);
    const [pol, pod] = ofType(map, "port").map((f) => f.properties);
    expect(pol).toMatchObject({ ports_sequence: 1, ports_total: 2, label: "POL", location_type: "Port", outbound_etd_at: wireTimestamp(DIRECT.legs[0]!.departAt), outbound_atd_at: null, inbound_eta_at: null });
    expect(pod).toMatchObject({ ports_sequence: 2, ports_total: 2, label: "POD", inbound_eta_at: wireTimestamp(DIRECT.legs[0]!.arriveAt), inbound_ata_at: null, time_zone: "America/Los_Angeles" });
    const [leg] = ofType(map, "estimated_full_legs");
    expect(leg!.properties).toMatchObject({ ports_sequence: 1, previous_port_id: pol!.location_id, next_port_id: pod!.location_id });
    expect(leg!.geometry.coordinates[0]).toEqual(ofType(map, "port")[0]!.geometry.coordinates);
    expect(leg!.geometry.coordinates.at(-1)).toEqual(ofType(map, "port")[1]!.geometry.coordinates);
  });

  it("a vessel at sea: past path, current vessel with both ports, and the partial leg from it", () => {
    const journey = mapJourney({ ...DIRECT, now: "2026-10-05T00:00:00.000Z" });
    const map = mapAt(journey);
    expect(types(map)).toEqual(["port", "port", "past_vessel_locations", "current_vessel", "estimated_partial_leg"]);
    const [past] = ofType(map, "past_vessel_locations");
    const vessel = journey.vesselList[0]!;
    expect(past!.properties).toMatchObject({ ports_sequence: 1, start_time: wireTimestamp(DIRECT.legs[0]!.departAt), end_time: "2026-10-05T00:00:00Z", outbound_atd_at: wireTimestamp(DIRECT.legs[0]!.departAt), inbound_ata_at: null, inbound_eta_at: wireTimestamp(DIRECT.legs[0]!.arriveAt) });
    const [current] = ofType(map, "current_vessel");
    expect(current!.geometry.coordinates).toEqual(past!.geometry.coordinates.at(-1));
    expect(current!.properties).toMatchObject({
      ports_sequence: 1, vessel_name: vessel.name, vessel_imo: vessel.imo, voyage_number: "100E", vessel_location_timestamp: "2026-10-05T00:00:00Z",
      departure_port_label: "POL", departure_port_name: "Shanghai", departure_port_atd: wireTimestamp(DIRECT.legs[0]!.departAt), departure_port_country_code: "CN",
      arrival_port_label: "POD", arrival_port_eta: wireTimestamp(DIRECT.legs[0]!.arriveAt), arrival_port_state_abbr: "CA", arrival_port_time_zone: "America/Los_Angeles",
    });
    const [partial] = ofType(map, "estimated_partial_leg");
    expect(partial!.geometry.coordinates[0]).toEqual(current!.geometry.coordinates);
    expect(partial!.geometry.coordinates.at(-1)).toEqual(ofType(map, "port")[1]!.geometry.coordinates);
    expect(partial!.properties).toMatchObject({ current_port_id: ofType(map, "port")[0]!.properties.location_id, next_port_id: ofType(map, "port")[1]!.properties.location_id });
  });

  it("a route across the antimeridian: the partial leg before the crossing, the past path after it", () => {
    const before = mapAt(DIRECT, "2026-10-05T00:00:00.000Z");
    expect(crossesAntimeridian(ofType(before, "estimated_partial_leg")[0]!.geometry.coordinates)).toBe(true);
    expect(crossesAntimeridian(ofType(before, "past_vessel_locations")[0]!.geometry.coordinates)).toBe(false);
    const after = mapAt(DIRECT, "2026-10-11T00:00:00.000Z");
    const past = ofType(after, "past_vessel_locations")[0]!.geometry.coordinates;
    expect(crossesAntimeridian(past)).toBe(true);
    expect(crossesAntimeridian(ofType(after, "estimated_partial_leg")[0]!.geometry.coordinates)).toBe(false);
    expect(ofType(after, "current_vessel")[0]!.geometry.coordinates[0]).toBeLessThan(-120);
    // Westward Pacific, never the Atlantic: no point of either line lies between the Americas and Europe.
    for (const line of [past, ofType(before, "estimated_partial_leg")[0]!.geometry.coordinates]) expect(line.every(([lon]) => lon > 100 || lon < -115)).toBe(true);
  });

  it("a vessel berthed at the POD: the past path ends at arrival and there is no current vessel", () => {
    const map = mapAt(DIRECT, "2026-10-15T06:00:00.000Z");
    expect(types(map)).toEqual(["port", "port", "past_vessel_locations"]);
    expect(ofType(map, "port")[1]!.properties.inbound_ata_at).toBe(wireTimestamp(DIRECT.legs[0]!.arriveAt));
    expect(ofType(map, "past_vessel_locations")[0]!.properties).toMatchObject({ end_time: wireTimestamp(DIRECT.legs[0]!.arriveAt), inbound_ata_at: wireTimestamp(DIRECT.legs[0]!.arriveAt) });
  });

  it("after discharge: only the ports and the sailed path", () => {
    const map = mapAt(DIRECT, "2026-10-20T00:00:00.000Z");
    expect(types(map)).toEqual(["port", "port", "past_vessel_locations"]);
  });

  it("a transshipment, at the transshipment port: POL, TS1, POD, the first leg sailed, the second estimated", () => {
    const map = mapAt(VIA_SHANGHAI, "2026-10-04T00:00:00.000Z");
    expect(types(map)).toEqual(["port", "port", "port", "past_vessel_locations", "estimated_full_legs"]);
    const ports = ofType(map, "port").map((f) => f.properties);
    expect(ports.map((p) => [p.label, p.ports_sequence, p.ports_total])).toEqual([["POL", 1, 3], ["TS1", 2, 3], ["POD", 3, 3]]);
    expect(ports[1]).toMatchObject({ inbound_ata_at: wireTimestamp(VIA_SHANGHAI.legs[0]!.arriveAt), outbound_etd_at: wireTimestamp(VIA_SHANGHAI.legs[1]!.departAt), outbound_atd_at: null, inbound_eta_at: null });
    expect(ofType(map, "estimated_full_legs")[0]!.properties).toMatchObject({ ports_sequence: 2, previous_port_id: ports[1]!.location_id, next_port_id: ports[2]!.location_id });
  });

  it("a transshipment, on the second vessel at sea: two past paths, the current vessel leaving TS1", () => {
    const journey = mapJourney({ ...VIA_SHANGHAI, now: "2026-10-20T00:00:00.000Z" });
    const map = mapAt(journey);
    expect(types(map)).toEqual(["port", "port", "port", "past_vessel_locations", "past_vessel_locations", "current_vessel", "estimated_partial_leg"]);
    const pasts = ofType(map, "past_vessel_locations").map((f) => f.properties);
    expect(pasts.map((p) => [p.ports_sequence, p.vessel_id === journey.vesselList[p.ports_sequence - 1]!.id])).toEqual([[1, true], [2, true]]);
    expect(ofType(map, "current_vessel")[0]!.properties).toMatchObject({ ports_sequence: 2, departure_port_label: "TS1", arrival_port_label: "POD", voyage_number: "200E" });
  });

  it("the transshipment port is known from the line's estimates before the boxes get there", () => {
    const map = mapAt(VIA_SHANGHAI, "2026-10-02T00:00:00.000Z");
    expect(ofType(map, "port").map((f) => f.properties.label)).toEqual(["POL", "TS1", "POD"]);
    expect(ofType(map, "port")[1]!.properties).toMatchObject({ name: "Shanghai", inbound_eta_at: wireTimestamp(VIA_SHANGHAI.legs[0]!.arriveAt), outbound_etd_at: wireTimestamp(VIA_SHANGHAI.legs[1]!.departAt) });
    expect(types(map)).toEqual(["port", "port", "port", "past_vessel_locations", "current_vessel", "estimated_partial_leg", "estimated_full_legs"]);
  });

  it("simplifies a long past path to at most 500 points, keeping its first and last report", () => {
    const input = mapJourney({ ...DIRECT, now: "2026-10-14T00:00:00.000Z", positionEveryHours: 0.02 });
    const series = input.positions.get(input.vesselList[0]!.id)!;
    expect(series.length).toBeGreaterThan(10_000);
    const past = ofType(buildContainerMap(input), "past_vessel_locations")[0]!;
    expect(past.geometry.coordinates.length).toBeLessThanOrEqual(MAX_PAST_POINTS);
    expect(past.geometry.coordinates[0]).toEqual([series[0]!.longitude, series[0]!.latitude]);
    expect(past.geometry.coordinates.at(-1)).toEqual([series.at(-1)!.longitude, series.at(-1)!.latitude]);
    expect(past.properties).toMatchObject({ start_time: wireTimestamp(series[0]!.timestamp), end_time: wireTimestamp(series.at(-1)!.timestamp) });
  });

  it("a container without route data answers an empty collection", () => {
    const input = mapJourney({ ...DIRECT, now: "2026-09-28T00:00:00.000Z" });
    const map = buildContainerMap({ ...input, shipment: { ...input.shipment, port_of_lading_id: null, port_of_discharge_id: null }, transportEvents: [], rawEvents: [] });
    expect(map).toEqual({ type: "FeatureCollection", features: [] });
    expect(() => check(JSON.stringify(map))).not.toThrow();
  });
});
