import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { startSandbox, type RunningSandbox } from "./start-sandbox.js";

let sandbox: RunningSandbox;
beforeAll(async () => {
  sandbox = await startSandbox({ start: "2026-03-01T00:00:00Z" });
});
beforeEach(() => sandbox.reset());
afterAll(() => sandbox.close());

const api = async (method: string, path: string, body?: unknown) => {
  const response = await fetch(`${sandbox.baseUrl}${path}`, {
    method,
    headers: { authorization: `Token ${sandbox.apiKey}`, ...(body !== undefined && { "content-type": "application/json" }) },
    ...(body !== undefined && { body: JSON.stringify(body) }),
  });
  return { status: response.status, body: (await response.json()) as any };
};
const track = (number: string) => api("POST", "/tracking_requests", { data: { type: "tracking_request", attributes: { request_type: "bill_of_lading", request_number: number, scac: "TEST" } } });

describe("startSandbox", () => {
  it("serves the API on a free port with a paused clock that the test moves", async () => {
    expect(sandbox.baseUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/v2$/);
    expect(sandbox.clock.state()).toStrictEqual({ now: "2026-03-01T00:00:00.000Z", speed: 1, paused: true });
    const created = await track("TEST-TR-SUCCEEDED");
    expect(created.status).toBe(201);
    const change = await sandbox.clock.advance(20 * 86_400);
    expect(change.clock.now).toBe("2026-03-21T00:00:00.000Z");
    expect(change.advance?.refreshed).toBeGreaterThan(1);
    const shipments = await api("GET", "/shipments");
    expect(shipments.body.data).toHaveLength(1);
  });

  it("resets between tests, and injects carrier faults", async () => {
    expect((await api("GET", "/tracking_requests")).body.data).toStrictEqual([]);
    await sandbox.faults.create({ target: "carrier", effect: "not_found", request_number: "TEST-TR-SUCCEEDED" });
    const created = await track("TEST-TR-SUCCEEDED");
    await sandbox.clock.advance(3_600);
    const request = await api("GET", `/tracking_requests/${created.body.data.id}`);
    expect(request.body.data.attributes.status).toBe("failed");
    expect((await sandbox.faults.list()).map((fault) => fault.hits)).toStrictEqual([1]);
  });

  it("tracks built-in scenarios by name", async () => {
    expect((await sandbox.scenarios.list()).find((scenario) => scenario.name === "rail")?.number).toBe("TEST-TR-RAIL");
    const created = await sandbox.scenarios.create({ name: "rail" });
    expect(created.tracking_request).toMatchObject({ request_number: "TEST-TR-RAIL", status: "created" });
  });

  it("snapshots and restores the account's data", async () => {
    await track("TEST-TR-RAIL");
    const snapshot = await sandbox.snapshot();
    await sandbox.reset();
    expect((await api("GET", "/tracking_requests")).body.data).toHaveLength(0);
    await sandbox.restore(snapshot.id);
    expect((await api("GET", "/tracking_requests")).body.data).toHaveLength(1);
    // The snapshot itself works as well as its id.
    await sandbox.reset();
    await sandbox.restore(snapshot);
    expect((await api("GET", "/tracking_requests")).body.data).toHaveLength(1);
  });
});
