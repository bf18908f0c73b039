import { beforeAll, describe, expect, it } from "vitest";
import { createHarness, type Harness } from "../testing/http-harness.js";
import { STORAGES } from "../testing/storages.js";

const UNKNOWN = "0190a8f0-0000-7000-8000-000000000000";
const partyDocument = (attributes: Record<string, unknown>) => ({ data: { type: "party", attributes } });

describe.each(STORAGES)("parties over HTTP on %s storage", (_name, makeStorage) => {
  let h: Harness;
  beforeAll(async () => {
    h = await createHarness({ storage: makeStorage() });
  });

  it("POST /v2/parties creates a party (201, links.self), GET reads it, PATCH renames it", async () => {
    const created = await h.request("POST", "/v2/parties", { body: partyDocument({ company_name: "  Acme Imports LLC " }) });
    expect(created.status).toBe(201);
    const id = created.body.data.id;
    expect(created.body).toEqual({ data: { id, type: "party", attributes: { company_name: "Acme Imports LLC" }, relationships: {}, links: { self: `/v2/parties/${id}` } }, links: { self: `http://localhost/v2/parties/${id}` } });
    const read = await h.request("GET", `/v2/parties/${id}`, { key: h.keys.viewer });
    expect(read.status).toBe(200);
    expect(read.body.data.attributes).toEqual({ company_name: "Acme Imports LLC" });
    const renamed = await h.request("PATCH", `/v2/parties/${id}`, { body: { data: { type: "party", id, attributes: { company_name: "Acme Imports Inc" } } } });
    expect(renamed.status).toBe(200);
    expect(renamed.body.data).toMatchObject({ id, attributes: { company_name: "Acme Imports Inc" } });
    expect((await h.request("GET", `/v2/parties/${id}`)).body.data.attributes.company_name).toBe("Acme Imports Inc");
    // Keeping its own name is no duplicate.
    expect((await h.request("PATCH", `/v2/parties/${id}`, { body: partyDocument({ company_name: "Acme Imports Inc" }) })).status).toBe(200);
  });

  it.each([
    [{}, "blank", "Company name can't be blank"],
    [{ company_name: "   " }, "blank", "Company name can't be blank"],
    [{ company_name: 7 }, "invalid", "Company name must be a string"],
    [{ company_name: "x".repeat(256) }, "invalid", "Company name is too long (at most 255 characters)"],
  ])("answers 422 for %j on /data/attributes/company_name", async (attributes, code, detail) => {
    const res = await h.request("POST", "/v2/parties", { body: partyDocument(attributes) });
    expect(res.status).toBe(422);
    expect(res.body.errors[0]).toMatchObject({ status: "422", code, detail, source: { pointer: "/data/attributes/company_name" } });
  });

  it("refuses a company name the account already has (422 duplicate) but not another account's, and unknown attributes", async () => {
    await h.request("POST", "/v2/parties", { body: partyDocument({ company_name: "Blue Anchor" }) });
    const other = await h.request("POST", "/v2/parties", { body: partyDocument({ company_name: "Northwind" }) });
    const twice = await h.request("POST", "/v2/parties", { body: partyDocument({ company_name: "Blue Anchor" }) });
    expect(twice.status).toBe(422);
    expect(twice.body.errors[0]).toMatchObject({ code: "duplicate", detail: "'Blue Anchor' already exists in Account", source: { pointer: "/data/attributes/company_name" } });
    const rename = await h.request("PATCH", `/v2/parties/${other.body.data.id}`, { body: partyDocument({ company_name: "Blue Anchor" }) });
    expect(rename.body.errors[0]).toMatchObject({ code: "duplicate", source: { pointer: "/data/attributes/company_name" } });
    expect((await h.request("POST", "/v2/parties", { key: h.keys.other, body: partyDocument({ company_name: "Blue Anchor" }) })).status).toBe(201);
    const extra = await h.request("POST", "/v2/parties", { body: partyDocument({ company_name: "Extra", vat: "x" }) });
    expect(extra.body.errors[0]).toMatchObject({ code: "unknown_attribute", source: { pointer: "/data/attributes/vat" } });
  });

  it("keeps parties to their account: 404 for another account's or an unknown id, 403 for a viewer's writes", async () => {
    const mine = (await h.request("POST", "/v2/parties", { body: partyDocument({ company_name: "Harbor Freight" }) })).body.data.id;
    for (const key of [h.keys.other]) {
      expect((await h.request("GET", `/v2/parties/${mine}`, { key })).status).toBe(404);
      expect((await h.request("PATCH", `/v2/parties/${mine}`, { key, body: partyDocument({ company_name: "Taken Over" }) })).status).toBe(404);
    }
    expect((await h.request("GET", `/v2/parties/${UNKNOWN}`)).status).toBe(404);
    expect((await h.request("GET", "/v2/parties/not-an-id")).status).toBe(404);
    expect((await h.request("POST", "/v2/parties", { key: h.keys.viewer, body: partyDocument({ company_name: "Viewer Co" }) })).status).toBe(403);
    expect((await h.request("PATCH", `/v2/parties/${mine}`, { key: h.keys.viewer, body: partyDocument({ company_name: "Viewer Co" }) })).status).toBe(403);
    expect((await h.request("DELETE", `/v2/parties/${mine}`)).status).toBe(405);
  });

  it("GET /v2/parties lists the account's parties oldest first, 25 a page, and 400s a bad page or include", async () => {
    const h2 = await createHarness({ storage: makeStorage() });
    for (let i = 0; i < 27; i++) {
      h2.clock.advance(1_000);
      expect((await h2.request("POST", "/v2/parties", { body: partyDocument({ company_name: `Customer ${String(i).padStart(2, "0")}` }) })).status).toBe(201);
    }
    await h2.request("POST", "/v2/parties", { key: h2.keys.other, body: partyDocument({ company_name: "Globex's customer" }) });
    const first = await h2.request("GET", "/v2/parties", { key: h2.keys.viewer });
    expect(first.status).toBe(200);
    expect(first.body.data).toHaveLength(25);
    expect(first.body.data[0].attributes.company_name).toBe("Customer 00");
    expect(first.body.meta).toEqual({ size: 25, total: 27, pagination: { current: 1, next: 2, last: 2, records: 27 } });
    expect(first.body.links.next).toBe("http://localhost/v2/parties?page[number]=2");
    const second = await h2.request("GET", "/v2/parties?page[number]=2");
    expect(second.body.data.map((p: any) => p.attributes.company_name)).toEqual(["Customer 25", "Customer 26"]);
    expect((await h2.request("GET", "/v2/parties", { key: h2.keys.other })).body.data.map((p: any) => p.attributes.company_name)).toEqual(["Globex's customer"]);
    expect((await h2.request("GET", "/v2/parties?page[size]=x")).body.errors[0]).toMatchObject({ code: "invalid_parameter", source: { parameter: "page[size]" } });
    expect((await h2.request("GET", "/v2/parties?include=account")).body.errors[0]).toMatchObject({ source: { parameter: "include" } });
  });

  it("a tracking request's customer is the party: include=customer brings it along", async () => {
    const party = (await h.request("POST", "/v2/parties", { body: partyDocument({ company_name: "Included Customer" }) })).body.data;
    const created = await h.request("POST", "/v2/tracking_requests?include=customer", {
      body: { data: { type: "tracking_request", attributes: { request_type: "bill_of_lading", request_number: "MAEU261234567", scac: "MAEU" }, relationships: { customer: { data: { type: "party", id: party.id } } } } },
    });
    expect(created.status).toBe(201);
    expect(created.body.data.relationships.customer.data).toEqual({ type: "party", id: party.id });
    const read = await h.request("GET", `/v2/tracking_requests/${created.body.data.id}?include=customer`);
    expect(read.body.included).toEqual([expect.objectContaining({ id: party.id, type: "party", attributes: { company_name: "Included Customer" } })]);
  });
});
