import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Storage } from "@bollard/core";
import { postgresStorage } from "@bollard/storage-postgres";
import { postgresAvailability, startLocalPostgres, type LocalPostgres } from "@bollard/storage-postgres/testing";
import { sqliteStorage } from "@bollard/storage-sqlite";
import { memoryStorage } from "@bollard/storage-memory";
import Database from "better-sqlite3";
import { afterAll, describe, expect, it } from "vitest";
import { createHarness } from "./testing/http-harness.js";

const dir = mkdtempSync(join(tmpdir(), "bollard-reliability-"));
let cluster: LocalPostgres | undefined;
afterAll(async () => {
  await cluster?.stop();
  rmSync(dir, { recursive: true, force: true });
});

let files = 0;
const STORAGES: [string, () => Promise<Storage>][] = [
  ["memory", async () => memoryStorage()],
  ["sqlite", async () => sqliteStorage({ filename: join(dir, `nul-${++files}.sqlite`) })],
  ...(postgresAvailability().available ? [["postgres", async () => postgresStorage({ connectionString: await (cluster ??= await startLocalPostgres()).createDatabase() })] as [string, () => Promise<Storage>]] : []),
];

describe.each(STORAGES)("NUL characters (%s)", (_name, makeStorage) => {
  it("are refused in every input with a 422 on their pointer, in filters with a 400, and never reach the storage", async () => {
    const h = await createHarness({ storage: await makeStorage() });
    const shipment = h.data.acme.shipments[0]!;
    const writes: [string, string, unknown, string][] = [
      ["POST", "/v2/tracking_requests", { data: { attributes: { request_type: "bill_of_lading", request_number: "MAEU\u0000123", scac: "MAEU" } } }, "/data/attributes/request_number"],
      ["PATCH", `/v2/shipments/${shipment.id}`, { data: { attributes: { tags: ["ok", "a\u0000b"] } } }, "/data/attributes/tags/1"],
      ["PATCH", "/v2/containers", { data: { id: h.data.acme.containers[0]!.id, attributes: { ref_numbers: ["\u0000"] } } }, "/data/attributes/ref_numbers/0"],
      ["POST", `/v2/shipments/${shipment.id}/custom_fields`, { data: { attributes: { api_slug: "purchase_order_number", value: "PO\u0000" } } }, "/data/attributes/value"],
      ["POST", "/v2/custom_field_definitions", { data: { attributes: { entity_type: "Shipment", api_slug: "x", display_name: "N\u0000", data_type: "short_text" } } }, "/data/attributes/display_name"],
      ["POST", "/v2/webhooks", { data: { attributes: { url: "https://hooks.example.com/\u0000", events: ["container.created"] } } }, "/data/attributes/url"],
    ];
    for (const [method, path, body, pointer] of writes) {
      const res = await h.request(method, path, { body });
      expect(res.status, `${method} ${path}`).toBe(422);
      expect(res.body.errors[0]).toMatchObject({ code: "invalid", source: { pointer } });
    }
    for (const query of ["q=%00", "number=a%00b", "filter[request_number]=%00", "filter[scac]=%00"]) {
      const path = query.startsWith("filter[request") || query.startsWith("filter[scac") ? `/v2/tracking_requests?${query}` : `/v2/shipments?${query}`;
      const res = await h.request("GET", path);
      expect(res.status, path).toBe(400);
      expect(res.body.errors[0].source.parameter).toBe(decodeURIComponent(query.split("=")[0]!));
    }
    for (const path of ["/v2/ports/%00", "/v2/metro_areas/US%00", "/v2/terminals/%00", "/v2/vessels/%00"]) expect((await h.request("GET", path)).status, path).toBe(404);
    await h.tracker.close();
  });
});

describe("webhook targets and headers", () => {
  it("refuses URLs in the IANA special-purpose ranges and header values no client can send, with 422s on their pointers", async () => {
    const h = await createHarness();
    for (const url of ["http://198.18.0.1/hook", "http://192.0.2.10/", "https://203.0.113.5/", "http://[2001:db8::1]/", "http://[64:ff9b::c000:201]/", "http://100.64.0.1/"]) {
      const res = await h.request("POST", "/v2/webhooks", { body: { data: { attributes: { url, events: ["container.created"] } } } });
      expect(res.status, url).toBe(422);
      expect(res.body.errors[0]).toMatchObject({ code: "unsafe_url", source: { pointer: "/data/attributes/url" } });
    }
    for (const value of ["5€", "a\u0007b", "line\nbreak"]) {
      const res = await h.request("POST", "/v2/webhooks", { body: { data: { attributes: { url: "https://hooks.example.com/in", events: ["container.created"], headers: [{ name: "X-Key", value }] } } } });
      expect(res.status, value).toBe(422);
      expect(res.body.errors[0].source).toEqual({ pointer: "/data/attributes/headers/0/value" });
    }
    await h.tracker.close();
  });
});

describe("request bodies", () => {
  it("answers 415 for a JSON body declared in another charset than UTF-8", async () => {
    const h = await createHarness();
    const body = JSON.stringify({ data: { attributes: { tags: ["x"] } } });
    const path = `/v2/shipments/${h.data.acme.shipments[0]!.id}`;
    for (const type of ["application/json; charset=utf-16", "application/vnd.api+json;charset=ISO-8859-1", 'application/json; charset="latin1"']) {
      const res = await h.request("PATCH", path, { raw: body, headers: { "content-type": type } });
      expect(res.status, type).toBe(415);
      expect(res.body.errors[0].code).toBe("unsupported_media_type");
    }
    for (const type of ["application/json; charset=utf-8", "application/json;charset=UTF-8", "application/vnd.api+json"]) {
      expect((await h.request("PATCH", path, { raw: body, headers: { "content-type": type } })).status, type).toBe(200);
    }
    await h.tracker.close();
  });
});

describe("API keys", () => {
  it("a key removed from the database stops working within a second", async () => {
    const filename = join(dir, "keys.sqlite");
    const h = await createHarness({ storage: sqliteStorage({ filename }) });
    expect((await h.request("GET", "/v2/shipments?page[size]=1")).status).toBe(200);
    // Another process (a second server, an operator's tool) removes the key.
    const db = new Database(filename);
    db.prepare("delete from api_keys").run();
    db.close();
    await new Promise((resolve) => setTimeout(resolve, 1_100));
    expect((await h.request("GET", "/v2/shipments?page[size]=1")).status).toBe(401);
    await h.tracker.close();
  });
});
