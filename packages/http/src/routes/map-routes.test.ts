import { uuidv7 } from "@bollard/core";
import { ContainerMapSchema } from "@bollard/core/geo";
import { makeContainer, makeShipment } from "@bollard/core/testing";
import { check } from "@placemarkio/check-geojson";
import { beforeAll, describe, expect, it } from "vitest";
import { createHarness, type Harness } from "../testing/http-harness.js";
import { STORAGES } from "../testing/storages.js";
import { trackerStorage } from "@bollard/core/storage";

let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});

/** A demo container of Acme whose shipment has left the POL and not reached the POD. */
const atSea = () => {
  const shipment = h.data.acme.shipments.find((s) => s.pol_atd_at && !s.pod_ata_at && h.data.acme.containers.some((c) => c.shipment_id === s.id && c.current_status === "on_ship"))!;
  return h.data.acme.containers.find((c) => c.shipment_id === shipment.id)!;
};

describe("GET /v2/containers/{id}/map_geojson", () => {
  it("serves the container map as application/geo+json: valid GeoJSON with the vessel at sea", async () => {
    const res = await h.request("GET", `/v2/containers/${atSea().id}/map_geojson`);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("application/geo+json");
    expect(() => check(JSON.stringify(res.body))).not.toThrow();
    const types = res.body.features.map((f: { properties: { feature_type: string } }) => f.properties.feature_type);
    expect(types).toEqual(expect.arrayContaining(["port", "past_vessel_locations", "current_vessel", "estimated_partial_leg"]));
    expect(res.body.features[0].properties).toMatchObject({ label: "POL", ports_sequence: 1 });
  });

  it("draws a valid map for every demo container", async () => {
    for (const container of h.data.acme.containers) {
      const res = await h.request("GET", `/v2/containers/${container.id}/map_geojson`);
      expect(res.status).toBe(200);
      expect(() => check(JSON.stringify(res.body))).not.toThrow();
      expect(ContainerMapSchema.safeParse(res.body).success).toBe(true);
      expect(res.body.features.length).toBeGreaterThanOrEqual(3);
    }
  });

  it("answers an empty collection for a container without route data", async () => {
    const shipment = makeShipment(h.accounts.acme.id);
    const container = makeContainer(h.accounts.acme.id, shipment.id);
    await trackerStorage(h.tracker).shipments.insert(shipment);
    await trackerStorage(h.tracker).containers.insert(container);
    const res = await h.request("GET", `/v2/containers/${container.id}/map_geojson`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ type: "FeatureCollection", features: [] });
  });

  it("is tenant-scoped: another account's container, an unknown id and a non-UUID are 404", async () => {
    const theirs = await h.request("GET", `/v2/containers/${h.data.globex.containers[0]!.id}/map_geojson`);
    expect(theirs.status).toBe(404);
    expect(theirs.headers.get("content-type")).toBe("application/vnd.api+json");
    expect((await h.request("GET", `/v2/containers/${uuidv7()}/map_geojson`)).status).toBe(404);
    expect((await h.request("GET", "/v2/containers/MSKU1234565/map_geojson")).status).toBe(404);
    expect((await h.request("GET", `/v2/containers/${h.data.globex.containers[0]!.id}/map_geojson`, { key: h.keys.other })).status).toBe(200);
  });

  it("needs a key and only allows GET", async () => {
    expect((await h.request("GET", `/v2/containers/${atSea().id}/map_geojson`, { key: null })).status).toBe(401);
    expect((await h.request("POST", `/v2/containers/${atSea().id}/map_geojson`, { body: {} })).status).toBe(405);
  });

  it("is in the served OpenAPI document with its media type, as are the vessel routes", async () => {
    const res = await h.request("GET", "/v2/openapi.json");
    const paths = res.body.paths;
    expect(Object.keys(paths["/v2/containers/{id}/map_geojson"].get.responses["200"].content)).toEqual(["application/geo+json"]);
    for (const path of ["/v2/vessels/{id}", "/v2/vessels/{id}/future_positions", "/v2/vessels/{id}/future_positions_with_coordinates"]) expect(paths[path].get.responses["400"]).toBeDefined();
  });
});

describe.each(STORAGES)("vessels and maps on %s storage", (_name, makeStorage) => {
  it("serve the same kinds of map features, vessel positions and ingested reports", async () => {
    const s = await createHarness({ storage: makeStorage() });
    try {
      const shipment = s.data.acme.shipments.find((x) => x.pol_atd_at && !x.pod_ata_at && s.data.acme.containers.some((c) => c.shipment_id === x.id && c.current_status === "on_ship"))!;
      const container = s.data.acme.containers.find((c) => c.shipment_id === shipment.id)!;
      const map = await s.request("GET", `/v2/containers/${container.id}/map_geojson`);
      expect(map.status).toBe(200);
      expect(() => check(JSON.stringify(map.body))).not.toThrow();
      expect(map.body.features.map((f: { properties: { feature_type: string } }) => f.properties.feature_type)).toContain("current_vessel");
      const vessel = s.data.acme.vessels[0]!;
      await s.tracker.ingest.positions([{ imo: vessel.imo!, latitude: 1.25, longitude: 103.8, timestamp: "2026-11-01T11:59:00Z" }]);
      const read = await s.request("GET", `/v2/vessels/${vessel.imo}?show_positions[to_timestamp]=2026-11-01T12:00:00Z`);
      expect(read.body.data.attributes).toMatchObject({ latitude: 1.25, longitude: 103.8, position_timestamp: "2026-11-01T11:59:00Z" });
      expect(read.body.data.attributes.positions.at(-1)).toMatchObject({ latitude: 1.25, longitude: 103.8, estimated: false });
    } finally {
      await s.tracker.close();
    }
  });
});
