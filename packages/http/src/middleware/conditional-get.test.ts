import { describe, expect, it } from "vitest";
import { createHarness } from "../testing/http-harness.js";

describe("conditional GETs under /v2", () => {
  it("tags a successful GET and answers 304 without a body while the tag matches, 200 once the data changed", async () => {
    const { app, keys, data } = await createHarness();
    const auth = { authorization: `Token ${keys.editor}` };
    const path = "/v2/shipments?include=containers";
    const first = await app.request(path, { headers: auth });
    const etag = first.headers.get("etag");
    expect(first.status).toBe(200);
    expect(etag).toMatch(/^"[^"]+"$/);
    expect(first.headers.get("cache-control")).toBe("private, no-cache");

    const again = await app.request(path, { headers: { ...auth, "if-none-match": etag! } });
    expect(again.status).toBe(304);
    expect(await again.text()).toBe("");
    expect(again.headers.get("etag")).toBe(etag);
    expect(again.headers.get("x-request-id")).toMatch(/^[0-9a-f-]{36}$/);

    const shipment = data.acme.shipments[0]!;
    const patched = await app.request(`/v2/shipments/${shipment.id}`, { method: "PATCH", headers: { ...auth, "content-type": "application/json" }, body: JSON.stringify({ data: { attributes: { tags: ["changed"] } } }) });
    expect(patched.status).toBe(200);
    expect(patched.headers.get("etag")).toBeNull(); // writes are never tagged
    const changed = await app.request(path, { headers: { ...auth, "if-none-match": etag! } });
    expect(changed.status).toBe(200);
    expect(changed.headers.get("etag")).not.toBe(etag);
  });

  it("leaves errors untagged and the map's GeoJSON tagged", async () => {
    const { app, keys, data } = await createHarness();
    const unauthorized = await app.request("/v2/shipments");
    expect(unauthorized.status).toBe(401);
    expect(unauthorized.headers.get("etag")).toBeNull();
    const map = await app.request(`/v2/containers/${data.acme.containers[0]!.id}/map_geojson`, { headers: { authorization: `Token ${keys.viewer}` } });
    expect(map.status).toBe(200);
    expect(map.headers.get("content-type")).toContain("application/geo+json");
    expect(map.headers.get("etag")).toBeTruthy();
  });
});
