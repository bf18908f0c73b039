import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { startSandbox, type RunningSandbox } from "@bollard/testing";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { TrackingClient } from "./tracking-client.js";

const DAY = 86_400;
let sandbox: RunningSandbox;
let client: TrackingClient;
beforeAll(async () => {
  sandbox = await startSandbox({ start: "2026-03-02T08:00:00Z" });
  client = new TrackingClient(sandbox.baseUrl, sandbox.apiKey);
});
beforeEach(() => sandbox.reset());
afterAll(() => sandbox.close());

/** A local receiver recording the event of every webhook it gets, answering 200. */
async function receiver(): Promise<{ url: string; events: string[]; close(): Promise<void> }> {
  const events: string[] = [];
  const server = createServer((request, response) => {
    let body = "";
    request.on("data", (chunk) => (body += chunk));
    request.on("end", () => {
      events.push(JSON.parse(body).data.attributes.event);
      response.writeHead(200).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`, events, close: () => new Promise((resolve) => server.close(() => resolve())) };
}

describe("the tracking client against a Bollard sandbox", () => {
  it("follows a bill of lading day by day until the vessel has arrived, and gets each milestone's webhook in order", async () => {
    const hook = await receiver();
    try {
      await client.subscribe(hook.url);
      const id = await client.track("TEST", "TEST-TR-SUCCEEDED");
      expect((await client.status(id)).request).toBe("pending");
      let status = await client.status(id);
      for (let day = 0; day < 60 && status.podArrived === null; day++) {
        await sandbox.clock.advance(DAY);
        status = await client.status(id);
      }
      expect(status.request).toBe("created");
      expect(status.podArrived).not.toBeNull();
      expect(status.milestones).toContain("container.transport.vessel_departed");
      expect(status.milestones).toContain("container.transport.vessel_arrived");
      const departed = hook.events.indexOf("container.transport.vessel_departed");
      expect(departed).toBeGreaterThanOrEqual(0);
      expect(hook.events.indexOf("container.transport.vessel_arrived")).toBeGreaterThan(departed);
    } finally {
      await hook.close();
    }
  });

  it("shows the carrier's outage while it retries, and the shipment once the carrier answers", async () => {
    await sandbox.faults.create({ target: "carrier", effect: "fail", scac: "TEST", times: 3 });
    const id = await client.track("TEST", "TEST-TR-SUCCEEDED");
    await sandbox.clock.advance(30);
    expect(await client.status(id)).toMatchObject({ request: "pending", failedReason: "shipping_line_unreachable" });
    await sandbox.clock.advance(DAY);
    expect((await client.status(id)).request).toBe("created");
  });

  it("shows a rolled-over booking's ETA moving a week later", async () => {
    const id = await client.track("TEST", "TEST-TR-ROLLOVER");
    await sandbox.clock.advance(60);
    const first = await client.status(id);
    let latest = first;
    for (let day = 0; day < 40 && latest.podEta === first.podEta; day++) {
      await sandbox.clock.advance(DAY);
      latest = await client.status(id);
    }
    expect(first.podEta).not.toBeNull();
    expect(Date.parse(latest.podEta!) - Date.parse(first.podEta!)).toBeGreaterThanOrEqual(6 * DAY * 1000);
  });
});
