import type { ContainerInclude, ShipmentInclude, TrackingRequestInclude } from "@bollard/core";
import { documentInclude, listDocument } from "@bollard/core/jsonapi";
import { describe, expect, it } from "vitest";
import { createHarness } from "../testing/http-harness.js";
import { STORAGES } from "../testing/storages.js";

// GET /v2/shipments (without include or with `containers`) and GET /v2/containers (without
// include) splice rendered records; every page and filter must give the bytes the general
// serializer gives for the SDK's read of the same listing.
const SHIPMENT_QUERIES = ["", "include=containers", "page[size]=2", "page[size]=2&page[number]=2&include=containers", "page[size]=1&page[number]=99", "filter[tracking_stopped]=false", "q=u", "number=none"];
const CONTAINER_QUERIES = ["", "page[size]=3", "page[size]=3&page[number]=2", "filter[number]=none"];
const TRACKING_REQUEST_QUERIES = ["", "include=tracked_object", "page[size]=2", "page[size]=2&page[number]=2", "filter[status]=created", "filter[status]=pending", "page[size]=1&page[number]=99"];

describe.each(STORAGES)("rendered listings on %s storage", (_name, makeStorage) => {
  it("GET /v2/shipments answers byte for byte what serializing the SDK's list gives", async () => {
    const h = await createHarness({ storage: makeStorage() });
    const session = h.tracker.session(await h.tracker.accounts.authenticate(h.keys.viewer));
    for (const query of SHIPMENT_QUERIES) {
      const path = `/v2/shipments${query ? `?${query}` : ""}`;
      const response = await h.app.request(path, { headers: { authorization: `Token ${h.keys.viewer}` } });
      expect(response.status, path).toBe(200);
      const params = new URL(`http://localhost${path}`).searchParams;
      const include: ShipmentInclude[] = params.get("include") ? ["containers"] : [];
      const page = { ...(params.get("page[size]") && { size: Number(params.get("page[size]")) }), ...(params.get("page[number]") && { number: Number(params.get("page[number]")) }) };
      const result = await session.shipments.list({
        page,
        include: documentInclude("shipment", include),
        ...(params.get("q") !== null && { q: params.get("q")! }),
        ...(params.get("number") !== null && { number: params.get("number")! }),
        ...(params.get("filter[tracking_stopped]") !== null && { trackingStopped: false }),
      });
      expect(await response.text(), path).toBe(listDocument("shipment", result, { include, requestUrl: `http://localhost${path}` }));
    }
    await h.tracker.close();
  });

  it("GET /v2/containers answers byte for byte what serializing the SDK's list gives", async () => {
    const h = await createHarness({ storage: makeStorage() });
    const session = h.tracker.session(await h.tracker.accounts.authenticate(h.keys.viewer));
    for (const query of CONTAINER_QUERIES) {
      const path = `/v2/containers${query ? `?${query}` : ""}`;
      const response = await h.app.request(path, { headers: { authorization: `Token ${h.keys.viewer}` } });
      expect(response.status, path).toBe(200);
      const params = new URL(`http://localhost${path}`).searchParams;
      const include: ContainerInclude[] = [];
      const page = { ...(params.get("page[size]") && { size: Number(params.get("page[size]")) }), ...(params.get("page[number]") && { number: Number(params.get("page[number]")) }) };
      const result = await session.containers.list({ page, include: documentInclude("container", include), ...(params.get("filter[number]") !== null && { number: params.get("filter[number]")! }) });
      expect(await response.text(), path).toBe(listDocument("container", result, { include, requestUrl: `http://localhost${path}` }));
    }
    await h.tracker.close();
  });

  it("GET /v2/tracking_requests (tracked_object included by default) answers byte for byte what serializing the SDK's list gives", async () => {
    const h = await createHarness({ storage: makeStorage() });
    const session = h.tracker.session(await h.tracker.accounts.authenticate(h.keys.viewer));
    await h.tracker.refresh.runDue(); // some requests track a shipment, others are still pending
    for (const query of TRACKING_REQUEST_QUERIES) {
      const path = `/v2/tracking_requests${query ? `?${query}` : ""}`;
      const response = await h.app.request(path, { headers: { authorization: `Token ${h.keys.viewer}` } });
      expect(response.status, path).toBe(200);
      const params = new URL(`http://localhost${path}`).searchParams;
      const include: TrackingRequestInclude[] = ["tracked_object"];
      const page = { ...(params.get("page[size]") && { size: Number(params.get("page[size]")) }), ...(params.get("page[number]") && { number: Number(params.get("page[number]")) }) };
      const status = params.get("filter[status]") as "created" | "pending" | null;
      const result = await session.trackingRequests.list({ page, include: documentInclude("tracking_request", include), ...(status !== null && { status }) });
      const text = await response.text();
      expect(text, path).toBe(listDocument("tracking_request", result, { include, requestUrl: `http://localhost${path}` }));
      if (query === "") expect(JSON.parse(text).included?.length ?? 0, "the default page includes shipments").toBeGreaterThan(0);
    }
    await h.tracker.close();
  });
});
