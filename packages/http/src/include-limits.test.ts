import { MAX_INCLUDE_DEPTH, MAX_INCLUDE_PATHS } from "@bollard/core";
import { makeContainer, makeShipment, makeTransportEvent } from "@bollard/core/testing";
import { describe, expect, it } from "vitest";
import { createHarness } from "./testing/http-harness.js";
import { WORST_INCLUDE } from "./testing/include-fixtures.js";
import { STORAGES } from "./testing/storages.js";
import { trackerStorage } from "@bollard/core/storage";

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
        expect(res.body.errors[0]).toMatchObject({ status: "400", code: "invalid_include", source: { parameter: "include" } });
      }
    }
    expect(MAX_INCLUDE_DEPTH).toBe(3);
    expect((await h.request("GET", `/v2/shipments?page[size]=100&include=${WORST_INCLUDE}`)).status).toBe(200);
    await h.tracker.close();
  }, 30_000);

  it("refuses an include that would return more than 10,000 related records", async () => {
    const h = await createHarness({ storage: storage() });
    const accountId = h.accounts.acme.id;
    const shipment = makeShipment(accountId);
    await trackerStorage(h.tracker).shipments.insert(shipment);
    const containers = Array.from({ length: 500 }, () => makeContainer(accountId, shipment.id));
    for (const container of containers) await trackerStorage(h.tracker).containers.insert(container);
    await trackerStorage(h.tracker).transportEvents.insertMany(
      containers.flatMap((container) => Array.from({ length: 20 }, () => makeTransportEvent(accountId, shipment.id, container.id))),
    );
    const small = await h.request("GET", `/v2/shipments/${shipment.id}?include=containers`);
    expect(small.status).toBe(200);
    expect(small.body.included).toHaveLength(500);
    const big = await h.request("GET", `/v2/shipments/${shipment.id}?include=containers.transport_events`);
    expect(big.status).toBe(400);
    expect(big.body.errors[0]).toMatchObject({ code: "invalid_include", source: { parameter: "include" } });
    expect(big.body.errors[0].detail).toContain("more than 10000 related records");
    await h.tracker.close();
  }, 60_000);
});
