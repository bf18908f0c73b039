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

  it("carries meta.pagination {current, next, last, records} as the live service does", async () => {
    const total = h.data.acme.trackingRequests.length;
    const first = await h.request("GET", "/v2/tracking_requests?page[size]=5");
    expect(first.body.meta).toEqual({ size: 5, total, pagination: { current: 1, next: 2, last: Math.ceil(total / 5), records: total } });
    const last = await h.request("GET", `/v2/tracking_requests?page[size]=5&page[number]=${Math.ceil(total / 5)}`);
    expect(last.body.meta.pagination).toEqual({ current: Math.ceil(total / 5), last: Math.ceil(total / 5), records: total });
    const none = await h.request("GET", "/v2/tracking_requests?filter[request_number]=NOTHING-HERE");
    expect(none.body.meta).toEqual({ size: 0, total: 0, pagination: { current: 1, records: 0 } });
    // Listings the live service gives no pagination meta keep size and total only.
    expect((await h.request("GET", "/v2/shipments?page[size]=5")).body.meta).toEqual({ size: 5, total: h.data.acme.shipments.length });
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

describe("POST /v2/tracking_requests", () => {
  const body = (attributes: Record<string, unknown>) => ({ data: { type: "tracking_request", attributes } });

  it("creates a pending request (201) as the official SDK sends it", async () => {
    const res = await h.request("POST", "/v2/tracking_requests", { body: body({ request_type: "bill_of_lading", request_number: "TEST-TR-SUCCEEDED", scac: "TEST", ref_numbers: ["PO-1"], shipment_tags: ["x"] }) });
    expect(res.status).toBe(201);
    expect(res.body.data.attributes).toMatchObject({ status: "pending", request_number: "TEST-TR-SUCCEEDED", scac: "TEST", is_retrying: false, retry_count: null, ref_numbers: ["PO-1"], shipment_tags: ["x"], failed_reason: null });
    expect(res.body.data.relationships.tracked_object.data).toBeNull();
    expect(res.body.data.links.self).toBe(`/v2/tracking_requests/${res.body.data.id}`);
  });

  it("rejects blank, unknown, unsupported and invalid input with 422s, pointers and codes", async () => {
    const cases: [Record<string, unknown>, string, string, string][] = [
      [{ request_type: "bill_of_lading", request_number: "", scac: "MAEU" }, "/data/attributes/request_number", "blank", "Request number can't be blank"],
      [{ request_type: "bill_of_lading", request_number: "X1", scac: "" }, "/data/attributes/scac", "blank", "Scac can't be blank"],
      [{ request_type: "bill_of_lading", request_number: "X1", scac: "XXXX" }, "/data/attributes/scac", "not_recognized", "Scac 'XXXX' is not recognized"],
      [{ request_type: "bill_of_lading", request_number: "X1", scac: "UALC" }, "/data/attributes/scac", "not_supported", "Scac 'UALC' is not supported. We do not currently integrate with Universal Africa Lines"],
      [{ request_type: "container", request_number: "MSKU1234567", scac: "MAEU" }, "/data/attributes/request_number", "invalid", "Request number 'MSKU1234567' is not a valid ISO 6346 container number"],
      [{ request_type: "pallet", request_number: "X1", scac: "MAEU" }, "/data/attributes/request_type", "invalid", ""],
    ];
    for (const [attributes, pointer, code, detail] of cases) {
      const res = await h.request("POST", "/v2/tracking_requests", { body: body(attributes) });
      expect(res.status, JSON.stringify(attributes)).toBe(422);
      expect(res.body.errors[0]).toMatchObject({ status: "422", title: "Unprocessable Entity", code, source: { pointer } });
      if (detail) expect(res.body.errors[0].detail).toBe(detail);
    }
    const both = await h.request("POST", "/v2/tracking_requests", { body: body({ request_type: "bill_of_lading", scac: "" }) });
    expect(both.body.errors.map((e: { code: string }) => e.code)).toEqual(["blank", "blank"]);
  });

  it("refuses a misspelled attribute with a did-you-mean on its pointer, instead of dropping it", async () => {
    const res = await h.request("POST", "/v2/tracking_requests", { body: body({ request_type: "bill_of_lading", requestNumber: "MEDUFR030802", scac: "MSCU" }) });
    expect(res.status).toBe(422);
    expect(res.body).toStrictEqual({
      errors: [{ status: "422", title: "Unprocessable Entity", code: "unknown_attribute", detail: 'Unknown attribute "requestNumber"; did you mean "request_number"?', source: { pointer: "/data/attributes/requestNumber" } }],
    });
    const nested = await h.request("POST", "/v2/tracking_requests", { body: body({ request_type: "bill_of_lading", request_number: "MEDUFR030802", scac: "MSCU", initial_custom_fields: { containers: [{ apiSlug: "po", value: "1" }] } }) });
    expect(nested.body.errors).toMatchObject([{ code: "unknown_attribute", source: { pointer: "/data/attributes/initial_custom_fields/containers/0/apiSlug" }, detail: 'Unknown attribute "apiSlug"; did you mean "api_slug"?' }]);
  });

  it("refuses a relationship other than customer, with a did-you-mean on its pointer", async () => {
    const customer = { data: { type: "party", id: "0190a8f0-0000-7000-8000-000000000001" } };
    const res = await h.request("POST", "/v2/tracking_requests", { body: { data: { type: "tracking_request", attributes: { request_type: "bill_of_lading", request_number: "REL-1", scac: "MSCU" }, relationships: { custmer: customer } } } });
    expect(res.status).toBe(422);
    expect(res.body.errors).toStrictEqual([{ status: "422", title: "Unprocessable Entity", code: "unknown_attribute", detail: 'Unknown relationship "custmer"; did you mean "customer"?', source: { pointer: "/data/relationships/custmer" } }]);
    // Routes that take no relationship refuse any.
    const shipmentId = h.data.acme.shipments[0]!.id;
    const patch = await h.request("PATCH", `/v2/shipments/${shipmentId}`, { body: { data: { type: "shipment", id: shipmentId, attributes: { tags: ["a"] }, relationships: { containers: { data: [] } } } } });
    expect(patch.status).toBe(422);
    expect(patch.body.errors[0]).toMatchObject({ code: "unknown_attribute", source: { pointer: "/data/relationships/containers" }, detail: 'Unknown relationship "containers"; no relationships can be set here' });
  });

  it("accepts the published API's example bodies and the specification's tags (the same list as shipment_tags)", async () => {
    const party = await h.request("POST", "/v2/parties", { body: { data: { type: "party", attributes: { company_name: "Fidelity Imports" } } } });
    const bl = await h.request("POST", "/v2/tracking_requests", {
      body: {
        data: {
          type: "tracking_request",
          attributes: { request_type: "bill_of_lading", request_number: "PUBLISHED-BL-1", scac: "MSCU", auto_detect_vocc_scac: false, ref_numbers: ["PO12345"], shipment_tags: ["camembert"] },
          relationships: { customer: { data: { id: party.body.data.id, type: "party" } } },
        },
      },
    });
    expect(bl.status).toBe(201);
    const detect = await h.request("POST", "/v2/tracking_requests", { body: body({ request_type: "bill_of_lading", request_number: "PUBLISHED-BL-2", auto_detect_vocc_scac: true, ref_numbers: ["PO12345"] }) });
    expect(detect.status).toBe(201);
    expect(detect.body.data.attributes.scac).toBeNull();
    const tagged = await h.request("POST", "/v2/tracking_requests", { body: body({ request_type: "bill_of_lading", request_number: "PUBLISHED-BL-3", scac: "MSCU", tags: ["hot"] }) });
    expect(tagged.status).toBe(201);
    expect(tagged.body.data.attributes).toMatchObject({ shipment_tags: ["hot"], tags: ["hot"] });
  });

  it("rejects a duplicate of a pending or created request", async () => {
    const attributes = { request_type: "booking_number", request_number: "DUPE-1", scac: "MSCU" };
    expect((await h.request("POST", "/v2/tracking_requests", { body: body(attributes) })).status).toBe(201);
    const again = await h.request("POST", "/v2/tracking_requests", { body: body({ ...attributes, request_number: " DUPE-1 " }) });
    expect(again.status).toBe(422);
    expect(again.body.errors[0]).toMatchObject({ code: "duplicate", source: { pointer: "/data/attributes/request_number" }, detail: "Request number 'DUPE-1' with scac 'MSCU' already exists in a tracking_request with a pending or created status" });
  });

  it("is 403 for a viewer", async () => {
    const res = await h.request("POST", "/v2/tracking_requests", { key: h.keys.viewer, body: body({ request_type: "bill_of_lading", request_number: "V-1", scac: "MAEU" }) });
    expect(res.status).toBe(403);
  });
});

describe("PATCH /v2/tracking_requests/{id}", () => {
  it("sets reference numbers (the real API's singular ref_number too) and rejects other attributes", async () => {
    const id = h.data.acme.trackingRequests[3]!.id;
    const single = await h.request("PATCH", `/v2/tracking_requests/${id}`, { body: { data: { type: "tracking_request", id, attributes: { ref_number: "REF-1" } } } });
    expect(single.status).toBe(200);
    expect(single.body.data.attributes.ref_numbers).toEqual(["REF-1"]);
    const bad = await h.request("PATCH", `/v2/tracking_requests/${id}`, { body: { data: { attributes: { status: "failed" } } } });
    expect(bad.status).toBe(422);
    expect(bad.body.errors[0].source.pointer).toBe("/data/attributes/status");
  });
});

describe("stop and resume tracking over HTTP", () => {
  it("stops once (keeping the first stop), resumes, and is 403 for viewers and 404 for others' shipments", async () => {
    const id = h.data.acme.shipments.find((s) => !s.line_tracking_stopped_at)!.id;
    const stop = await h.request("PATCH", `/v2/shipments/${id}/stop_tracking`, { body: { data: { type: "shipment", id } } });
    expect(stop.status).toBe(200);
    expect(stop.body.data.attributes.line_tracking_stopped_reason).toBe("cancelled_by_user");
    expect(stop.body.data.relationships.line_tracking_stopped_by_user.data.type).toBe("user");
    h.clock.advance(60_000);
    const again = await h.request("PATCH", `/v2/shipments/${id}/stop_tracking`);
    expect(again.body.data.attributes.line_tracking_stopped_at).toBe(stop.body.data.attributes.line_tracking_stopped_at);
    expect((await h.request("PATCH", `/v2/shipments/${id}/resume_tracking`, { key: h.keys.viewer })).status).toBe(403);
    const resume = await h.request("PATCH", `/v2/shipments/${id}/resume_tracking`);
    expect(resume.body.data.attributes.line_tracking_stopped_at).toBeNull();
    expect((await h.request("PATCH", `/v2/shipments/${h.data.globex.shipments[0]!.id}/stop_tracking`)).status).toBe(404);
  });
});
