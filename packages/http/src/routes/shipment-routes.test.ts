import { beforeAll, describe, expect, it, onTestFinished } from "vitest";
import { createHarness, type Harness } from "../testing/http-harness.js";
import { STORAGES } from "../testing/storages.js";

let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});

const newestFirst = (items: { attributes: { created_at: string } }[]) =>
  items.every((item, i) => i === 0 || items[i - 1]!.attributes.created_at >= item.attributes.created_at);

describe("GET /v2/shipments/{id}", () => {
  it("returns the shipment with every relationship, the self links, and no included by default", async () => {
    const shipment = h.data.acme.shipments[0]!;
    const res = await h.request("GET", `/v2/shipments/${shipment.id}`);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("application/vnd.api+json");
    expect(res.body.data.id).toBe(shipment.id);
    expect(res.body.data.type).toBe("shipment");
    expect(res.body.data.attributes.bill_of_lading_number).toBe(shipment.bill_of_lading_number);
    expect(res.body.data.links.self).toBe(`/v2/shipments/${shipment.id}`);
    expect(Object.keys(res.body.data.relationships).sort()).toEqual(
      ["containers", "destination", "destination_terminal", "line_tracking_stopped_by_user", "pod_terminal", "port_of_discharge", "port_of_lading"].sort(),
    );
    const containerIds = h.data.acme.containers.filter((c) => c.shipment_id === shipment.id).map((c) => c.id);
    expect(res.body.data.relationships.containers.data.map((r: { id: string }) => r.id).sort()).toEqual(containerIds.sort());
    expect(res.body.links.self).toBe(`http://localhost/v2/shipments/${shipment.id}`);
    expect(res.body.included).toBeUndefined();
  });

  it("includes containers, ports, terminals and nested transport events, each once", async () => {
    const shipment = h.data.acme.shipments.find((s) => s.pod_terminal_id !== null)!;
    const res = await h.request("GET", `/v2/shipments/${shipment.id}?include=containers,port_of_lading,port_of_discharge,pod_terminal,destination,containers.transport_events`);
    expect(res.status).toBe(200);
    const types = new Set(res.body.included.map((r: { type: string }) => r.type));
    expect(types).toContain("container");
    expect(types).toContain("port");
    expect(types).toContain("terminal");
    const keys = res.body.included.map((r: { type: string; id: string }) => `${r.type}:${r.id}`);
    expect(new Set(keys).size).toBe(keys.length);
    const events = h.data.acme.transportEvents.filter((e) => e.shipment_id === shipment.id);
    expect(res.body.included.filter((r: { type: string }) => r.type === "transport_event")).toHaveLength(events.length);
    const container = res.body.included.find((r: { type: string }) => r.type === "container");
    expect(container.relationships.transport_events.data.length).toBeGreaterThan(0);
  });

  it("accepts a percent-encoded include and rejects an unknown include with 400 on the parameter", async () => {
    const shipment = h.data.acme.shipments[0]!;
    const ok = await h.request("GET", `/v2/shipments/${shipment.id}?include=containers%2Cport_of_lading`);
    expect(ok.status).toBe(200);
    expect(ok.body.included.length).toBeGreaterThan(0);
    const bad = await h.request("GET", `/v2/shipments/${shipment.id}?include=containers.nope`);
    expect(bad.status).toBe(400);
    expect(bad.body.errors[0]).toMatchObject({ status: "400", code: "invalid_include", source: { parameter: "include" } });
  });

  it("answers 404 for an unknown id, an invalid UUID, and another account's shipment", async () => {
    for (const id of ["0190a8f0-0000-7000-8000-000000000000", "not-a-uuid", "'; DROP TABLE shipments;--", h.data.globex.shipments[0]!.id]) {
      const res = await h.request("GET", `/v2/shipments/${encodeURIComponent(id)}`);
      expect(res.status).toBe(404);
      expect(res.body.errors[0].status).toBe("404");
    }
  });
});

describe("GET /v2/shipments", () => {
  it("lists newest first with paging links and meta, default page size 30", async () => {
    const res = await h.request("GET", "/v2/shipments?page[size]=5");
    expect(res.status).toBe(200);
    expect(res.body.data).toHaveLength(5);
    expect(res.body.meta).toEqual({ size: 5, total: 12 });
    expect(newestFirst(res.body.data)).toBe(true);
    expect(res.body.links.next).toBe("http://localhost/v2/shipments?page[number]=2&page[size]=5");
    expect(res.body.links.last).toBe("http://localhost/v2/shipments?page[number]=3&page[size]=5");
    expect(res.body.links.prev).toBeUndefined();
    const all = await h.request("GET", "/v2/shipments");
    expect(all.body.meta).toEqual({ size: 12, total: 12 });
  });

  it("reads percent-encoded page keys and caps page[size] at 100", async () => {
    const res = await h.request("GET", "/v2/shipments?page%5Bsize%5D=2&page%5Bnumber%5D=2");
    expect(res.body.meta).toEqual({ size: 2, total: 12 });
    expect(res.body.links.prev).toBe("http://localhost/v2/shipments?page[number]=1&page[size]=2");
    const capped = await h.request("GET", "/v2/shipments?page[size]=1000");
    expect(capped.status).toBe(200);
    expect(capped.body.links.current).toContain("page[size]=1000");
  });

  it("rejects bad page values with 400 on the parameter", async () => {
    for (const [query, parameter] of [["page[size]=0", "page[size]"], ["page[number]=-1", "page[number]"], ["page[size]=abc", "page[size]"], ["filter[tracking_stopped]=maybe", "filter[tracking_stopped]"]]) {
      const res = await h.request("GET", `/v2/shipments?${query}`);
      expect(res.status).toBe(400);
      expect(res.body.errors[0].source).toEqual({ parameter });
    }
  });

  it("filters by number, q and filter[tracking_stopped]", async () => {
    const shipment = h.data.acme.shipments[3]!;
    const byNumber = await h.request("GET", `/v2/shipments?number=${shipment.bill_of_lading_number.toLowerCase()}`);
    expect(byNumber.body.data.map((s: { id: string }) => s.id)).toEqual([shipment.id]);
    const container = h.data.acme.containers.find((c) => c.shipment_id === shipment.id)!;
    const byQ = await h.request("GET", `/v2/shipments?q=${container.number.slice(2, 9)}`);
    expect(byQ.body.data.map((s: { id: string }) => s.id)).toContain(shipment.id);
    const stopped = await h.request("GET", "/v2/shipments?filter[tracking_stopped]=true");
    expect(stopped.body.meta.total).toBe(h.data.acme.shipments.filter((s) => s.line_tracking_stopped_at).length);
    const active = await h.request("GET", "/v2/shipments?filter[tracking_stopped]=false");
    expect(active.body.meta.total + stopped.body.meta.total).toBe(12);
  });

  it("includes containers for every listed shipment", async () => {
    const res = await h.request("GET", "/v2/shipments?include=containers&page[size]=3");
    const expected = new Set(res.body.data.flatMap((s: any) => s.relationships.containers.data.map((r: { id: string }) => r.id)));
    expect(new Set(res.body.included.map((r: { id: string }) => r.id))).toEqual(expected);
  });
});

describe.each(STORAGES)("PATCH /v2/shipments/{id} on %s", (_name, storage) => {
  it("answers the shipment exactly as GET /v2/shipments/{id} then reads it, containers' linkage included", async () => {
    const harness = await createHarness({ storage: storage() });
    onTestFinished(() => harness.tracker.close());
    const shipment = harness.data.acme.shipments.find((s) => harness.data.acme.containers.some((c) => c.shipment_id === s.id))!;
    const patched = await harness.request("PATCH", `/v2/shipments/${shipment.id}`, { body: { data: { attributes: { tags: ["checked"] } } } });
    expect(patched.status).toBe(200);
    expect(patched.body.data.attributes.tags).toEqual(["checked"]);
    expect(patched.body.data.relationships.containers.data.length).toBeGreaterThan(0);
    const read = await harness.request("GET", `/v2/shipments/${shipment.id}`);
    expect(JSON.stringify(patched.body)).toBe(JSON.stringify(read.body));
    const stopped = await harness.request("PATCH", `/v2/shipments/${shipment.id}/stop_tracking`);
    expect(stopped.status).toBe(200);
    expect(stopped.body.data.attributes.line_tracking_stopped_reason).toBe("cancelled_by_user");
    // The same resource; the document's own link stays the request's.
    expect(JSON.stringify(stopped.body.data)).toBe(JSON.stringify((await harness.request("GET", `/v2/shipments/${shipment.id}`)).body.data));
    expect(stopped.body.links.self).toBe(`http://localhost/v2/shipments/${shipment.id}/stop_tracking`);
  });
});

describe("PATCH /v2/shipments/{id}", () => {
  it("replaces ref_numbers and tags (tolerating type and id as the official SDK sends them)", async () => {
    const shipment = h.data.acme.shipments[1]!;
    const res = await h.request("PATCH", `/v2/shipments/${shipment.id}`, {
      body: { data: { type: "shipment", id: shipment.id, attributes: { ref_numbers: ["PO-1", "PO-2"], tags: ["urgent"] } } },
    });
    expect(res.status).toBe(200);
    expect(res.body.data.attributes.ref_numbers).toEqual(["PO-1", "PO-2"]);
    expect(res.body.data.attributes.tags).toEqual(["urgent"]);
    const again = await h.request("GET", `/v2/shipments/${shipment.id}`);
    expect(again.body.data.attributes.tags).toEqual(["urgent"]);
  });

  it("accepts application/vnd.api+json bodies", async () => {
    const shipment = h.data.acme.shipments[1]!;
    const res = await h.request("PATCH", `/v2/shipments/${shipment.id}`, {
      raw: JSON.stringify({ data: { attributes: { tags: ["a"] } } }),
      headers: { "content-type": "application/vnd.api+json" },
    });
    expect(res.status).toBe(200);
  });

  it("rejects other attributes and bad values with 422 and pointers", async () => {
    const shipment = h.data.acme.shipments[1]!;
    const res = await h.request("PATCH", `/v2/shipments/${shipment.id}`, { body: { data: { attributes: { bill_of_lading_number: "X", tags: ["a", "a"] } } } });
    expect(res.status).toBe(422);
    const pointers = res.body.errors.map((e: { source: { pointer: string } }) => e.source.pointer).sort();
    expect(pointers).toEqual(["/data/attributes/bill_of_lading_number", "/data/attributes/tags"]);
    const wrongType = await h.request("PATCH", `/v2/shipments/${shipment.id}`, { body: { data: { attributes: { ref_numbers: "PO-1" } } } });
    expect(wrongType.status).toBe(422);
    expect(wrongType.body.errors[0].source.pointer).toBe("/data/attributes/ref_numbers");
    const noData = await h.request("PATCH", `/v2/shipments/${shipment.id}`, { body: { attributes: {} } });
    expect(noData.status).toBe(422);
    expect(noData.body.errors[0].source.pointer).toBe("/data");
  });

  it("answers 400 for malformed JSON, 415 for other media types, 413 over 1 MiB", async () => {
    const id = h.data.acme.shipments[1]!.id;
    expect((await h.request("PATCH", `/v2/shipments/${id}`, { raw: "{", headers: { "content-type": "application/json" } })).status).toBe(400);
    expect((await h.request("PATCH", `/v2/shipments/${id}`, { raw: "a=b", headers: { "content-type": "application/x-www-form-urlencoded" } })).status).toBe(415);
    const huge = JSON.stringify({ data: { attributes: { tags: ["x".repeat(1024 * 1024)] } } });
    expect((await h.request("PATCH", `/v2/shipments/${id}`, { raw: huge, headers: { "content-type": "application/json" } })).status).toBe(413);
  });

  it("is 403 for a viewer and changes nothing", async () => {
    const shipment = h.data.acme.shipments[2]!;
    const res = await h.request("PATCH", `/v2/shipments/${shipment.id}`, { key: h.keys.viewer, body: { data: { attributes: { tags: ["nope"] } } } });
    expect(res.status).toBe(403);
    const after = await h.request("GET", `/v2/shipments/${shipment.id}`, { key: h.keys.viewer });
    expect(after.body.data.attributes.tags).toEqual(shipment.tags);
  });
});
