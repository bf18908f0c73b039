import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createHarness, type Harness } from "../testing/http-harness.js";
import { STORAGES } from "../testing/storages.js";

let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});

const withEvents = () => h.data.acme.containers.find((c) => h.data.acme.transportEvents.filter((e) => e.container_id === c.id).length > 5)!;

describe("GET /v2/containers", () => {
  it("lists newest first with meta, and finds one by filter[number] (case-insensitive)", async () => {
    const all = await h.request("GET", "/v2/containers?page[size]=100");
    expect(all.status).toBe(200);
    expect(all.body.meta.total).toBe(h.data.acme.containers.length);
    const container = h.data.acme.containers[4]!;
    const res = await h.request("GET", `/v2/containers?filter%5Bnumber%5D=${container.number.toLowerCase()}&include=shipment`);
    expect(res.body.data.map((c: { id: string }) => c.id)).toEqual([container.id]);
    expect(res.body.included.map((r: { id: string }) => r.id)).toEqual([container.shipment_id]);
  });
});

describe.each(STORAGES)("GET /v2/containers?filter[current_status], %s storage", (_name, makeStorage) => {
  let s: Harness;
  beforeAll(async () => {
    s = await createHarness({ storage: makeStorage() });
  });
  afterAll(() => s.tracker.close());
  const ids = async (query: string) => {
    const res = await s.request("GET", `/v2/containers?page[size]=100&${query}`);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return (res.body.data as { id: string }[]).map((c) => c.id).sort();
  };
  const having = (...statuses: string[]) => s.data.acme.containers.filter((c) => statuses.includes(c.current_status)).map((c) => c.id).sort();

  it("keeps one status, any of comma-separated ones, all of an array's, and presence tests; an unknown status matches nothing", async () => {
    const statuses = [...new Set(s.data.acme.containers.map((c) => c.current_status))];
    expect(statuses.length, "the fixture has containers of two statuses at least").toBeGreaterThan(1);
    const [first, second] = statuses as [string, string];
    expect(await ids(`filter[current_status]=${first}`)).toStrictEqual(having(first));
    expect(await ids(`filter[current_status]==${first}`)).toStrictEqual(having(first));
    expect(await ids(`filter[current_status]=${first},${second}`)).toStrictEqual(having(first, second));
    expect(await ids(`filter[current_status][]=${first},${second}&filter[current_status][]=${second}`)).toStrictEqual(having(second));
    expect(await ids(`filter[current_status][]=${first}&filter[current_status][]=${second}`)).toStrictEqual([]);
    expect(await ids("filter[current_status]=@exists")).toStrictEqual(having(...statuses));
    expect(await ids("filter[current_status]=@not_exists")).toStrictEqual([]);
    expect(await ids("filter[current_status]=teleported")).toStrictEqual([]);
    const page = await s.request("GET", `/v2/containers?page[size]=1&filter[current_status]=${first}`);
    expect(page.body.meta.total).toBe(having(first).length);
    // The export takes the same filter.
    const exported = await s.app.request(`/v2/containers/export?format=ndjson&filter[current_status]=${second}`, { headers: { authorization: `Token ${s.keys.viewer}` } });
    const rows = (await exported.text()).trim().split("\n").map((line) => JSON.parse(line) as { id: string });
    expect(rows.map((row) => row.id).sort()).toStrictEqual(having(second));
    // A value of the wrong shape is a 400 on its parameter.
    const bad = await s.request("GET", "/v2/containers?filter[number][]=ABCU1234560");
    expect([bad.status, bad.body.errors[0].source]).toStrictEqual([400, { parameter: "filter[number]" }]);
  });
});

describe("GET /v2/containers/{id}", () => {
  it("returns the container with its relationships and includes shipment, pod_terminal, transport_events", async () => {
    const container = h.data.acme.containers.find((c) => c.pod_terminal_id)!;
    const res = await h.request("GET", `/v2/containers/${container.id}?include=shipment,pod_terminal,pickup_facility,transport_events`);
    expect(res.status).toBe(200);
    expect(res.body.data.attributes.number).toBe(container.number);
    expect(res.body.data.relationships.shipment.data).toEqual({ type: "shipment", id: container.shipment_id });
    const types = res.body.included.map((r: { type: string }) => r.type);
    expect(types).toContain("shipment");
    expect(types).toContain("terminal");
    expect(res.body.data.links).toBeUndefined();
  });

  it("is 404 for another account's container", async () => {
    expect((await h.request("GET", `/v2/containers/${h.data.globex.containers[0]!.id}`)).status).toBe(404);
  });
});

describe("PATCH /v2/containers", () => {
  it("edits ref_numbers of the container named by data.id", async () => {
    const container = h.data.acme.containers[0]!;
    const res = await h.request("PATCH", "/v2/containers", { body: { data: { id: container.id, type: "container", attributes: { ref_numbers: ["REF-9"] } } } });
    expect(res.status).toBe(200);
    expect(res.body.data.attributes.ref_numbers).toEqual(["REF-9"]);
  });

  it("needs data.id (422 on /data/id), answers 404 for unknown or foreign ids and 422 for other attributes", async () => {
    const missing = await h.request("PATCH", "/v2/containers", { body: { data: { attributes: { ref_numbers: [] } } } });
    expect(missing.status).toBe(422);
    expect(missing.body.errors[0].source).toEqual({ pointer: "/data/id" });
    for (const id of ["0190a8f0-0000-7000-8000-000000000000", "nope", 42, h.data.globex.containers[0]!.id]) {
      expect((await h.request("PATCH", "/v2/containers", { body: { data: { id, attributes: { ref_numbers: [] } } } })).status).toBe(404);
    }
    const other = await h.request("PATCH", "/v2/containers", { body: { data: { id: h.data.acme.containers[0]!.id, attributes: { seal_number: "X" } } } });
    expect(other.status).toBe(422);
    expect(other.body.errors[0].source).toEqual({ pointer: "/data/attributes/seal_number" });
  });
});

describe("GET /v2/containers/{id}/transport_events", () => {
  it("lists events by timestamp with links self and current, pagination and includes", async () => {
    const container = withEvents();
    const expected = h.data.acme.transportEvents.filter((e) => e.container_id === container.id);
    const res = await h.request("GET", `/v2/containers/${container.id}/transport_events?include=location,terminal,vessel,shipment,container`);
    expect(res.status).toBe(200);
    expect(res.body.data).toHaveLength(expected.length);
    const stamps = res.body.data.map((e: any) => e.attributes.timestamp);
    expect([...stamps].sort()).toEqual(stamps);
    expect(res.body.data.every((e: any) => e.attributes.event.startsWith("container."))).toBe(true);
    expect(res.body.links.self).toContain(`/v2/containers/${container.id}/transport_events`);
    expect(res.body.links.current).toContain("page[number]=1");
    const types = new Set(res.body.included.map((r: { type: string }) => r.type));
    expect(types).toContain("port");
    expect(types).toContain("shipment");
    const page = await h.request("GET", `/v2/containers/${container.id}/transport_events?page[size]=2&page[number]=2`);
    expect(page.body.data.map((e: { id: string }) => e.id)).toEqual(res.body.data.slice(2, 4).map((e: { id: string }) => e.id));
  });

  it("is 404 for an unknown container", async () => {
    expect((await h.request("GET", "/v2/containers/0190a8f0-0000-7000-8000-000000000000/transport_events")).status).toBe(404);
  });
});

describe("GET /v2/containers/{id}/raw_events (deprecated)", () => {
  it("lists raw events by index with the vessels and location ports included and a Deprecation header", async () => {
    const container = h.data.acme.containers.find((c) => h.data.acme.rawEvents.some((e) => e.container_id === c.id && e.vessel_id))!;
    const res = await h.request("GET", `/v2/containers/${container.id}/raw_events`);
    expect(res.status).toBe(200);
    expect(res.headers.get("deprecation")).toBe("true");
    const indexes = res.body.data.map((e: any) => e.attributes.index);
    expect(indexes).toEqual([...indexes].sort((a: number, b: number) => a - b));
    const types = new Set(res.body.included.map((r: { type: string }) => r.type));
    expect(types).toEqual(new Set(["vessel", "port"]));
    const portIds = new Set(res.body.data.map((e: any) => e.relationships.location.data?.id).filter(Boolean));
    expect(new Set(res.body.included.filter((r: { type: string }) => r.type === "port").map((r: { id: string }) => r.id))).toEqual(portIds);
    // Asking for an include replaces the default.
    const vesselsOnly = await h.request("GET", `/v2/containers/${container.id}/raw_events?include=vessel`);
    expect(vesselsOnly.body.included.every((r: { type: string }) => r.type === "vessel")).toBe(true);
  });
});
