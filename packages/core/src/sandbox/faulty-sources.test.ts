import { describe, expect, it } from "vitest";
import type { CarrierRequest, CarrierSource } from "../tracking/carrier-source.js";
import type { WebhookHttpRequest, WebhookTransport } from "../webhooks/http-transport.js";
import { faultyCarrier, faultyTransport } from "./faulty-sources.js";
import { faultRegistry, type SandboxFault } from "./sandbox-faults.js";

const fault = (overrides: Partial<SandboxFault>): SandboxFault => ({
  id: "f1", account_id: "a1", target: "carrier", effect: "fail", scac: null, request_number: null, url: null,
  status_code: null, delay_ms: null, times: null, remaining: null, hits: 0, created_at: "2026-03-01T00:00:00.000Z", ...overrides,
});
const request = (overrides: Partial<CarrierRequest> = {}): CarrierRequest => ({
  tracking_request_id: "t1", account_id: "a1", request_type: "bill_of_lading", request_number: "maeu123", scac: "MAEU", requested_at: "2026-03-01T00:00:00.000Z", attempt: 0, ...overrides,
});
const found: CarrierSource = { name: "inner", supports: () => true, fetch: async () => ({ status: "not_found", reason: "awaiting_manifest" }) };

describe("faultyCarrier", () => {
  it("answers a matching request with the fault's effect for its number of times, then asks the inner source", async () => {
    const faults = faultRegistry();
    faults.add(fault({ scac: "MAEU", request_number: "MAEU123", times: 2, remaining: 2 }));
    const carrier = faultyCarrier(found, faults);
    const now = { now: new Date() };
    expect(await carrier.fetch(request(), now)).toMatchObject({ status: "transient", reason: "shipping_line_unreachable" });
    expect(await carrier.fetch(request({ scac: "HLCU" }), now)).toStrictEqual({ status: "not_found", reason: "awaiting_manifest" });
    expect(await carrier.fetch(request({ account_id: "a2" }), now)).toStrictEqual({ status: "not_found", reason: "awaiting_manifest" });
    expect(await carrier.fetch(request(), now)).toMatchObject({ status: "transient" });
    expect(await carrier.fetch(request(), now)).toStrictEqual({ status: "not_found", reason: "awaiting_manifest" });
    expect(faults.get("a1", "f1")).toMatchObject({ remaining: 0, hits: 2 });
  });

  it("answers not_found for a not_found fault, until it is deleted", async () => {
    const faults = faultRegistry();
    faults.add(fault({ effect: "not_found", scac: "MAEU" }));
    const carrier = faultyCarrier({ ...found, fetch: async () => ({ status: "transient", reason: "internal_processing_error" }) }, faults);
    expect(await carrier.fetch(request(), { now: new Date() })).toStrictEqual({ status: "not_found", reason: "not_found" });
    expect(faults.delete("a1", "f1")).toBe(true);
    expect(await carrier.fetch(request(), { now: new Date() })).toMatchObject({ status: "transient" });
  });
});

describe("faultyTransport", () => {
  const sent: WebhookHttpRequest[] = [];
  const inner: WebhookTransport = async (input) => (sent.push(input), { status: 204, headers: {}, body: "", error: null, durationMs: 1 });
  const delivery = (overrides: Partial<WebhookHttpRequest> = {}): WebhookHttpRequest => ({ url: "https://hooks.example/in", headers: {}, body: "{}", timeoutMs: 5_000, accountId: "a1", ...overrides });

  it("answers a status or a timeout without reaching the receiver, and delays then delivers", async () => {
    const faults = faultRegistry();
    faults.add(fault({ id: "s", target: "webhook", effect: "status", url: "https://hooks.example/in", status_code: 503, times: 1, remaining: 1 }));
    faults.add(fault({ id: "t", target: "webhook", effect: "timeout", url: "https://hooks.example/in", times: 1, remaining: 1 }));
    faults.add(fault({ id: "d", target: "webhook", effect: "delay", url: "https://hooks.example/in", delay_ms: 30, times: 1, remaining: 1 }));
    const transport = faultyTransport(inner, faults);
    expect(await transport(delivery())).toMatchObject({ status: 503, error: null });
    expect(await transport(delivery())).toMatchObject({ status: null, error: expect.stringContaining("timed out after 5000 ms") });
    expect(sent).toHaveLength(0);
    const started = performance.now();
    expect(await transport(delivery())).toMatchObject({ status: 204 });
    expect(performance.now() - started).toBeGreaterThanOrEqual(25);
    expect(await transport(delivery({ url: "https://other.example/" }))).toMatchObject({ status: 204 });
    expect(sent.map((r) => r.url)).toStrictEqual(["https://hooks.example/in", "https://other.example/"]);
  });
});
