import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { MAX_INCLUDE_DEPTH, MAX_INCLUDE_PATHS } from "@bollard/core";
import { makeContainer, makeShipment, makeTransportEvent } from "@bollard/core/testing";
import { afterAll, describe, expect, it } from "vitest";
import { createHarness } from "./testing/http-harness.js";
import { STORAGES } from "./testing/storages.js";
import { startBollard } from "./testing/bollard-process.js";

/** Ten paths of at most three levels: the most an `include` may ask of the shipment list. */
const WORST_INCLUDE = [
  "containers.transport_events.location",
  "containers.transport_events.vessel",
  "containers.transport_events.terminal",
  "containers.raw_events.vessel",
  "containers.transport_events.container",
  "containers.shipment.containers",
  "containers.pod_terminal.port",
  "port_of_lading",
  "port_of_discharge",
  "destination_terminal.port",
].join(",");

describe.each(STORAGES)("include limits (%s)", (_name, storage) => {
  it("refuses a path deeper than three levels, more than ten paths, and a cyclic ten-level path, with 400 on include", async () => {
    const h = await createHarness({ storage: storage() });
    const id = h.data.acme.shipments[0]!.id;
    const cyclic = Array.from({ length: 10 }, (_, i) => (i % 2 === 0 ? "containers" : "shipment")).join(".");
    const tooMany = [WORST_INCLUDE, "line_tracking_stopped_by_user"].join(",");
    expect(tooMany.split(",")).toHaveLength(MAX_INCLUDE_PATHS + 1);
    for (const include of [cyclic, "containers.shipment.containers.shipment", tooMany]) {
      for (const path of [`/v2/shipments?include=${include}`, `/v2/shipments/${id}?include=${include}`]) {
        const res = await h.request("GET", path, { key: h.keys.viewer });
        expect(res.status, path).toBe(400);
        expect(res.body.errors[0]).toMatchObject({ status: "400", code: "INVALID_INCLUDE", source: { parameter: "include" } });
      }
    }
    expect(MAX_INCLUDE_DEPTH).toBe(3);
    expect((await h.request("GET", `/v2/shipments?page[size]=100&include=${WORST_INCLUDE}`)).status).toBe(200);
    await h.tracker.close();
  });

  it("refuses an include that would return more than 10,000 related records", async () => {
    const h = await createHarness({ storage: storage() });
    const accountId = h.accounts.acme.id;
    const shipment = makeShipment(accountId);
    await h.tracker.storage.shipments.insert(shipment);
    const containers = Array.from({ length: 500 }, () => makeContainer(accountId, shipment.id));
    for (const container of containers) await h.tracker.storage.containers.insert(container);
    await h.tracker.storage.transportEvents.insertMany(
      containers.flatMap((container) => Array.from({ length: 20 }, () => makeTransportEvent(accountId, shipment.id, container.id))),
    );
    const small = await h.request("GET", `/v2/shipments/${shipment.id}?include=containers`);
    expect(small.status).toBe(200);
    expect(small.body.included).toHaveLength(500);
    const big = await h.request("GET", `/v2/shipments/${shipment.id}?include=containers.transport_events`);
    expect(big.status).toBe(400);
    expect(big.body.errors[0]).toMatchObject({ code: "INVALID_INCLUDE", source: { parameter: "include" } });
    expect(big.body.errors[0].detail).toContain("more than 10000 related records");
    await h.tracker.close();
  }, 60_000);
});

describe("the worst allowed include over a socket", () => {
  const dir = mkdtempSync(join(tmpdir(), "bollard-include-"));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it("costs the same order of time as a depth-1 include, and /healthz answers while it runs", async () => {
    const server = startBollard(["serve", "--db", join(dir, "demo.sqlite"), "--port", "0"]);
    try {
      const base = (await server.waitFor(/listening on (http:\/\/[^ ]+)\/v2/))[1]!;
      const key = server.stdout.find((line) => line.startsWith("bol_"))!;
      const headers = { authorization: `Token ${key}` };
      const timed = async (include: string) => {
        const started = performance.now();
        const response = await fetch(`${base}/v2/shipments?page[size]=100&include=${include}`, { headers });
        const body = (await response.json()) as { included?: unknown[] };
        expect(response.status).toBe(200);
        return { ms: performance.now() - started, included: body.included?.length ?? 0 };
      };
      const median = (values: number[]) => values.sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
      await timed("containers");
      await timed(WORST_INCLUDE);
      const shallow: number[] = [];
      const worst: number[] = [];
      let included = 0;
      for (let run = 0; run < 5; run += 1) {
        shallow.push((await timed("containers")).ms);
        const result = await timed(WORST_INCLUDE);
        worst.push(result.ms);
        included = result.included;
      }
      console.log(`include: depth 1 median ${median(shallow).toFixed(1)} ms; worst allowed (${included} included) median ${median(worst).toFixed(1)} ms`);
      expect(included).toBeGreaterThan(1000);
      // The worst include reads ~20 times the records of the depth-1 one (every container's events);
      // "the same order" leaves room for that, where the unbounded walk took minutes.
      expect(median(worst)).toBeLessThan(Math.max(20 * median(shallow), 500));

      // Health checks keep answering while the worst include is asked for over and over.
      let busy = true;
      const load = (async () => {
        while (busy) await timed(WORST_INCLUDE);
      })();
      const health: number[] = [];
      for (let probe = 0; probe < 10; probe += 1) {
        const started = performance.now();
        const response = await fetch(`${base}/healthz`);
        expect(response.status).toBe(200);
        health.push(performance.now() - started);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      busy = false;
      await load;
      console.log(`include: /healthz under the worst include, max ${Math.max(...health).toFixed(1)} ms`);
      expect(Math.max(...health)).toBeLessThan(2000);
    } finally {
      server.child.kill("SIGTERM");
      await server.exited;
    }
  }, 120_000);
});
