import { beforeAll, describe, expect, it } from "vitest";
import { createHarness, type Harness } from "../testing/http-harness.js";

let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});

describe("GET /v2/tracking_requests", () => {
  it("lists newest first and includes the tracked shipment by default", async () => {
    const res = await h.request("GET", "/v2/tracking_requests");
    expect(res.status).toBe(200);
    expect(res.body.meta.total).toBe(h.data.acme.trackingRequests.length);
    const first = res.body.data[0];
    expect(first.links.self).toBe(`/v2/tracking_requests/${first.id}`);
    expect(first.relationships.tracked_object.data.type).toBe("shipment");
    expect(res.body.included.filter((r: { type: string }) => r.type === "shipment")).toHaveLength(res.body.data.length);
  });

  it("filters by request number, scac, status, q and time windows", async () => {
    const request = h.data.acme.trackingRequests[2]!;
    const byNumber = await h.request("GET", `/v2/tracking_requests?filter[request_number]=${request.request_number}`);
    expect(byNumber.body.data.map((r: { id: string }) => r.id)).toEqual([request.id]);
    const byScac = await h.request("GET", `/v2/tracking_requests?filter[scac]=${request.scac}&page[size]=100`);
    expect(byScac.body.data.every((r: any) => r.attributes.scac === request.scac)).toBe(true);
    expect(byScac.body.meta.total).toBe(h.data.acme.trackingRequests.filter((r) => r.scac === request.scac).length);
    const created = await h.request("GET", "/v2/tracking_requests?filter[status]=created");
    expect(created.body.meta.total).toBe(h.data.acme.trackingRequests.filter((r) => r.status === "created").length);
    const failed = await h.request("GET", "/v2/tracking_requests?filter[status]=failed");
    expect(failed.body.meta.total).toBe(0);
    const byQ = await h.request("GET", `/v2/tracking_requests?q=${request.request_number.slice(-6)}`);
    expect(byQ.body.data.map((r: { id: string }) => r.id)).toContain(request.id);
    const window = await h.request("GET", `/v2/tracking_requests?filter[created_at][start]=${request.created_at}&filter[created_at][end]=${request.created_at}`);
    expect(window.body.data.map((r: { id: string }) => r.id)).toContain(request.id);
    const future = await h.request("GET", "/v2/tracking_requests?filter%5Bupdated_at%5D%5Bstart%5D=2100-01-01T00:00:00Z");
    expect(future.body.meta.total).toBe(0);
  });

  it("rejects an unknown status and an unparsable timestamp with 400 on the parameter", async () => {
    const status = await h.request("GET", "/v2/tracking_requests?filter[status]=done");
    expect(status.status).toBe(400);
    expect(status.body.errors[0].source).toEqual({ parameter: "filter[status]" });
    const stamp = await h.request("GET", "/v2/tracking_requests?filter[created_at][end]=yesterday");
    expect(stamp.status).toBe(400);
    expect(stamp.body.errors[0].source).toEqual({ parameter: "filter[created_at][end]" });
  });
});

describe("GET /v2/tracking_requests/{id}", () => {
  it("returns the request with the shipment included, or only what include asks", async () => {
    const request = h.data.acme.trackingRequests[0]!;
    const res = await h.request("GET", `/v2/tracking_requests/${request.id}`);
    expect(res.status).toBe(200);
    expect(res.body.included.map((r: { type: string }) => r.type)).toEqual(["shipment"]);
    const account = await h.request("GET", `/v2/tracking_requests/${request.id}?include=account`);
    expect(account.body.included).toEqual([expect.objectContaining({ type: "account", attributes: { company_name: "Acme Imports" } })]);
    expect((await h.request("GET", `/v2/tracking_requests/${h.data.globex.trackingRequests[0]!.id}`)).status).toBe(404);
  });
});
