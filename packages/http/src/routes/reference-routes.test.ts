import { referenceId } from "@bollard/core/geo";
import { beforeAll, describe, expect, it } from "vitest";
import { createHarness, type Harness } from "../testing/http-harness.js";
import { trackerStorage } from "@bollard/core/storage";

let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});

describe("reference routes", () => {
  it("GET /v2/ports/{id} by UN/LOCODE and by id", async () => {
    const byCode = await h.request("GET", "/v2/ports/krpus");
    expect(byCode.status).toBe(200);
    expect(byCode.body.data.attributes).toMatchObject({ code: "KRPUS", country_code: "KR", time_zone: "Asia/Seoul" });
    const byId = await h.request("GET", `/v2/ports/${byCode.body.data.id}`);
    expect(byId.body.data.attributes.code).toBe("KRPUS");
    expect((await h.request("GET", "/v2/ports/ZZZZZ")).status).toBe(404);
  });

  it("GET /v2/terminals/{id} includes its port", async () => {
    const terminal = await trackerStorage(h.tracker).terminals.get(h.data.acme.shipments.find((s) => s.pod_terminal_id)!.pod_terminal_id!);
    const res = await h.request("GET", `/v2/terminals/${terminal!.id}?include=port`);
    expect(res.status).toBe(200);
    expect(res.body.data.attributes.name).toBe(terminal!.name);
    expect(res.body.included[0].type).toBe("port");
  });

  it("GET /v2/metro_areas/{id} by UN/LOCODE", async () => {
    const res = await h.request("GET", "/v2/metro_areas/USCHI");
    expect(res.status).toBe(200);
    expect(res.body.data.id).toBe(referenceId("metro_area", "USCHI"));
  });

  it("GET /v2/shipping_lines lists every line by SCAC and searches", async () => {
    const res = await h.request("GET", "/v2/shipping_lines");
    expect(res.status).toBe(200);
    expect(res.body.meta.total).toBe(38);
    const scacs = res.body.data.map((l: any) => l.attributes.scac);
    expect(scacs).toEqual([...scacs].sort());
    expect(scacs).toContain("TEST");
    const search = await h.request("GET", "/v2/shipping_lines?search=maersk");
    expect(search.body.data.map((l: any) => l.attributes.scac)).toContain("MAEU");
  });
});
