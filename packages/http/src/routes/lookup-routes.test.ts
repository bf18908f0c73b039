import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createHarness, type Harness } from "../testing/http-harness.js";

// Responses are checked against the served OpenAPI document by the harness.
let h: Harness;
beforeAll(async () => {
  h = await createHarness({ app: { webhookIps: ["203.0.113.7"] } });
});
afterAll(() => h.tracker.close());

describe("routes real clients call beyond the spec", () => {
  it("GET /v2/search answers search_result resources with an entity_type, and 400 without a query", async () => {
    const shipment = h.data.acme.shipments[0]!;
    const container = h.data.acme.containers.find((c) => c.shipment_id === shipment.id)!;
    const byBl = await h.request("GET", `/v2/search?query=${shipment.bill_of_lading_number}`);
    expect(byBl.status).toBe(200);
    expect(byBl.body.data[0]).toMatchObject({ id: shipment.id, type: "search_result", attributes: { entity_type: "shipment", number: shipment.bill_of_lading_number } });
    const byContainer = await h.request("GET", `/v2/search?query=${container.number}`);
    expect(byContainer.body.data.some((r: { attributes: { entity_type: string } }) => r.attributes.entity_type === "cargo")).toBe(true);
    expect((await h.request("GET", "/v2/search")).status).toBe(400);
    expect((await h.request("GET", "/v2/search?query=a%00b")).status).toBe(400);
  });

  it("POST /v2/tracking_requests/infer_number tells container numbers by owner code and bills of lading by SCAC prefix", async () => {
    const container = await h.request("POST", "/v2/tracking_requests/infer_number", { body: { number: "MSKU9070323" } });
    expect(container.status).toBe(200);
    expect(container.body.data.attributes).toMatchObject({ number_type: "container", validation: { check_digit_passed: true }, shipping_line: { decision: "auto_select", selected: { scac: "MAEU" } } });
    const bl = await h.request("POST", "/v2/tracking_requests/infer_number", { body: { number: "HLCUSEL251063257" } });
    expect(bl.body.data.attributes).toMatchObject({ number_type: "bill_of_lading", shipping_line: { selected: { scac: "HLCU" } } });
    expect((await h.request("POST", "/v2/tracking_requests/infer_number", { body: { number: " " } })).status).toBe(422);
    expect((await h.request("POST", "/v2/tracking_requests/infer_number", { body: { number: "#?!" } })).status).toBe(422);
  });

  it("POST /v2/tracking_requests/infer_number takes booking numbers: number_type booking, a carrier by the line's booking format or no_prediction", async () => {
    const maersk = await h.request("POST", "/v2/tracking_requests/infer_number", { body: { number: "256012345" } });
    expect(maersk.body.data.attributes).toMatchObject({ number_type: "booking", validation: { is_valid: true, type: "shipment" }, shipping_line: { decision: "needs_confirmation", selected: { scac: "MAEU" } } });
    const msc = await h.request("POST", "/v2/tracking_requests/infer_number", { body: { number: "EBKG01234567" } });
    expect(msc.body.data.attributes).toMatchObject({ number_type: "booking", shipping_line: { decision: "auto_select", selected: { scac: "MSCU" } } });
    const unknown = await h.request("POST", "/v2/tracking_requests/infer_number", { body: { number: "QX12AB34" } });
    expect(unknown.body.data.attributes).toMatchObject({ number_type: "booking", shipping_line: { decision: "no_prediction", selected: null, candidates: [] } });
  });

  it("creates a tracking request with auto_detect_vocc_scac and no scac: pending with scac null, then the refresh pass finds the SCAC or fails it", async () => {
    const found = await h.request("POST", "/v2/tracking_requests", { body: { data: { type: "tracking_request", attributes: { request_type: "bill_of_lading", request_number: "MAEU260012345", auto_detect_vocc_scac: true } } } });
    expect(found.status).toBe(201);
    expect(found.body.data.attributes).toMatchObject({ status: "pending", scac: null, failed_reason: null });
    const lost = await h.request("POST", "/v2/tracking_requests", { body: { data: { type: "tracking_request", attributes: { request_type: "bill_of_lading", request_number: "ZZZZ260012345", auto_detect_vocc_scac: true } } } });
    expect(lost.status).toBe(201);
    expect(lost.body.data.attributes).toMatchObject({ status: "pending", scac: null, failed_reason: null });
    await h.tracker.refresh.runDue();
    expect((await h.request("GET", `/v2/tracking_requests/${found.body.data.id}`)).body.data.attributes.scac).toBe("MAEU");
    expect((await h.request("GET", `/v2/tracking_requests/${lost.body.data.id}`)).body.data.attributes).toMatchObject({ status: "failed", failed_reason: "scac_auto_detect_failed", scac: null });
  });

  it("GET /v2/shipping_lines/{id} finds a line by id or SCAC", async () => {
    const bySac = await h.request("GET", "/v2/shipping_lines/MSCU");
    expect(bySac.body.data.attributes.scac).toBe("MSCU");
    expect((await h.request("GET", `/v2/shipping_lines/${bySac.body.data.id}`)).body.data.attributes.scac).toBe("MSCU");
    expect((await h.request("GET", "/v2/shipping_lines/NOPE")).status).toBe(404);
  });

  it("PATCH /v2/containers/{id}/refresh starts a refresh, 10 per minute per key, then 429 with Retry-After", async () => {
    const container = h.data.acme.containers.find((c) => h.data.acme.shipments.some((s) => s.id === c.shipment_id && !s.line_tracking_stopped_at))!;
    for (let i = 0; i < 10; i++) expect((await h.request("PATCH", `/v2/containers/${container.id}/refresh`)).status).toBe(200);
    const limited = await h.request("PATCH", `/v2/containers/${container.id}/refresh`);
    expect(limited.status).toBe(429);
    expect(limited.headers.get("retry-after")).toMatch(/^\d+$/);
    expect(limited.body.errors[0]).toMatchObject({ code: "rate_limited", detail: "You've hit the refresh limit. Please try again in a minute." });
  });

  it("GET /v2/webhooks/ips lists the configured egress addresses", async () => {
    const ips = await h.request("GET", "/v2/webhooks/ips");
    expect(ips.body).toMatchObject({ webhook_notification_ips: ["203.0.113.7"] });
    expect(ips.body.last_updated).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/);
  });

  it("answers 404, not 405, for a word where an id goes under a known collection", async () => {
    expect((await h.request("POST", "/v2/tracking_requests/not_a_route", { body: {} })).status).toBe(404);
    expect((await h.request("DELETE", "/v2/shipments/whatever")).status).toBe(404);
  });
});
