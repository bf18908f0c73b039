import { describe, expect, it } from "vitest";
import { ROUTE_SPECS } from "./openapi/route-specs.js";
import { createHarness } from "./testing/http-harness.js";
import { trackerStorage } from "@bollard/core/storage";

// Every route that names an account-owned record, called with Acme's key and Globex's ids.
describe("tenant isolation", () => {
  it("answers 404 on every route for another account's ids and changes nothing", async () => {
    const h = await createHarness();
    const globex = h.data.globex;
    const ids: Record<string, string> = {
      "/shipments/{id}": globex.shipments[0]!.id,
      "/containers/{id}": globex.containers[0]!.id,
      "/containers/{id}/transport_events": globex.containers[0]!.id,
      "/containers/{id}/raw_events": globex.containers[0]!.id,
      "/tracking_requests/{id}": globex.trackingRequests[0]!.id,
    };
    const snapshot = async () =>
      JSON.stringify({
        shipments: await trackerStorage(h.tracker).shipments.list(h.accounts.globex.id, { page: { number: 1, size: 1000 } }),
        containers: await trackerStorage(h.tracker).containers.list(h.accounts.globex.id, { page: { number: 1, size: 1000 } }),
      });
    const before = await snapshot();
    const scoped = ROUTE_SPECS.filter((spec) => ids[spec.path] !== undefined);
    expect(scoped.length).toBeGreaterThanOrEqual(6);
    for (const spec of scoped) {
      const path = `/v2${spec.path.replace("{id}", ids[spec.path]!)}`;
      const body = spec.method === "patch" ? { data: { attributes: { ref_numbers: ["HACK"] } } } : undefined;
      const res = await h.request(spec.method.toUpperCase(), path, body ? { body } : {});
      expect(res.status, `${spec.method} ${spec.path}`).toBe(404);
    }
    const patch = await h.request("PATCH", "/v2/containers", { body: { data: { id: globex.containers[0]!.id, attributes: { ref_numbers: ["HACK"] } } } });
    expect(patch.status).toBe(404);
    // Lists never show the other account's records either.
    const lists = await Promise.all(["/v2/shipments?page[size]=100", "/v2/containers?page[size]=100", "/v2/tracking_requests?page[size]=100"].map((p) => h.request("GET", p)));
    const foreign = new Set([...globex.shipments, ...globex.containers, ...globex.trackingRequests].map((r) => r.id));
    for (const list of lists) expect(list.body.data.some((r: { id: string }) => foreign.has(r.id))).toBe(false);
    const byNumber = await h.request("GET", `/v2/shipments?number=${globex.shipments[0]!.bill_of_lading_number}`);
    expect(byNumber.body.data.every((r: { id: string }) => !foreign.has(r.id))).toBe(true);
    expect(await snapshot()).toBe(before);
  });
});
