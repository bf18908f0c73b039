import type { ShipmentInclude } from "@bollard/core";
import { documentInclude, parseIncludeParameter, resourceDocument } from "@bollard/core/jsonapi";
import { describe, expect, it } from "vitest";
import { createHarness } from "../testing/http-harness.js";
import { STORAGES } from "../testing/storages.js";

// GET /v2/shipments/{id} splices the read model's texts for no include or `containers`; every
// include must give the bytes the general serializer gives.
const INCLUDES = [undefined, "containers", "containers,port_of_lading", "pod_terminal", "containers.transport_events"];

describe.each(STORAGES)("GET /v2/shipments/{id} on %s storage", (_name, makeStorage) => {
  it("answers byte for byte what serializing the SDK's read gives, for every include", async () => {
    const h = await createHarness({ storage: makeStorage() });
    const session = h.tracker.session(await h.tracker.accounts.authenticate(h.keys.viewer));
    let compared = 0;
    for (const shipment of h.data.acme.shipments) {
      for (const include of INCLUDES) {
        const path = `/v2/shipments/${shipment.id}${include ? `?include=${include}` : ""}`;
        const response = await h.app.request(path, { headers: { authorization: `Token ${h.keys.viewer}` } });
        expect(response.status).toBe(200);
        const paths: ShipmentInclude[] = parseIncludeParameter("shipment", include);
        const read = await session.shipments.get(shipment.id, { include: documentInclude("shipment", paths) });
        const expected = resourceDocument("shipment", read, { include: paths, self: `http://localhost${path}` });
        expect(await response.text()).toBe(expected);
        compared += 1;
      }
    }
    expect(compared).toBe(h.data.acme.shipments.length * INCLUDES.length);
    await h.tracker.close();
  });
});
