import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startHostApp, type HostApp } from "./host-app.js";

describe("Bollard mounted in a node:http application, over a real socket", () => {
  const dir = mkdtempSync(join(tmpdir(), "bollard-host-app-"));
  let app: HostApp;
  let headers: Record<string, string>;

  beforeAll(async () => {
    app = await startHostApp({ filename: join(dir, "bollard.sqlite"), port: 0 });
    const { account } = await app.tracker.accounts.ensure("Acme Imports");
    const { apiKey } = await app.tracker.accounts.issueKey(account.id, { role: "editor" });
    headers = { authorization: `Token ${apiKey}`, "content-type": "application/vnd.api+json" };
  });

  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it("serves the application's own routes", async () => {
    expect(app.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    const home = await fetch(`${app.url}/`);
    expect(home.status).toBe(200);
    expect(await home.json()).toEqual({ app: "Acme portal", tracking_api: "/v2" });
    expect(await (await fetch(`${app.url}/health`)).json()).toEqual({ status: "ok" });
    expect((await fetch(`${app.url}/elsewhere`)).status).toBe(404);
  });

  it("serves Bollard under /v2 with an API key", async () => {
    expect((await fetch(`${app.url}/v2/shipments`)).status).toBe(401);
    const empty = await fetch(`${app.url}/v2/shipments`, { headers });
    expect(empty.status).toBe(200);
    expect(empty.headers.get("content-type")).toContain("application/vnd.api+json");
    expect(await empty.json()).toMatchObject({ data: [], meta: { total: 0 } });

    const body = { data: { type: "tracking_request", attributes: { request_type: "bill_of_lading", request_number: "TEST-TR-SUCCEEDED", scac: "TEST" } } };
    const created = await fetch(`${app.url}/v2/tracking_requests`, { method: "POST", headers, body: JSON.stringify(body) });
    expect(created.status).toBe(201);
    expect(await created.json()).toMatchObject({ data: { type: "tracking_request", attributes: { request_number: "TEST-TR-SUCCEEDED", status: "pending" } } });

    // The app's refresh loop would get there within a second; running a pass now keeps the test quick.
    await app.tracker.refresh.runDue();
    const shipments = (await (await fetch(`${app.url}/v2/shipments?include=containers`, { headers })).json()) as { data: { attributes: { bill_of_lading_number: string } }[]; included: { type: string }[] };
    expect(shipments.data.map((s) => s.attributes.bill_of_lading_number)).toEqual(["TEST-TR-SUCCEEDED"]);
    expect(shipments.included.some((record) => record.type === "container")).toBe(true);
  });

  it("shuts down gracefully: the port closes, then the database", async () => {
    // fetch kept its connections alive; close() still resolves.
    await app.close();
    await expect(fetch(`${app.url}/health`)).rejects.toThrow();
    await expect(app.tracker.accounts.any()).rejects.toThrow();
  });
});
