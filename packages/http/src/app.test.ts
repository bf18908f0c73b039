import { memoryStorage } from "@bollard/storage-memory";
import { describe, expect, it } from "vitest";
import { openApiDocument } from "./openapi/openapi-document.js";
import { ROUTE_SPECS } from "./openapi/route-specs.js";
import { createHarness } from "./testing/http-harness.js";
import { createRequestBudget } from "./middleware/rate-limit.js";
import { trackerStorage } from "@bollard/core/storage";

describe("authentication", () => {
  it("answers 401 with a JSON:API error for a missing, malformed or unknown key", async () => {
    const h = await createHarness();
    for (const authorization of [undefined, "Token", "Basic abc", "Token bol_unknown", `Token ${h.keys.editor}x`]) {
      const res = await h.request("GET", "/v2/shipments", { key: null, headers: authorization ? { authorization } : {} });
      expect(res.status).toBe(401);
      expect(res.body.errors[0]).toMatchObject({ status: "401", title: "Unauthorized", code: "unauthorized" });
    }
  });

  it("accepts Token (canonical) and Bearer keys", async () => {
    const h = await createHarness();
    expect((await h.request("GET", "/v2/shipments", { key: null, headers: { authorization: `Token ${h.keys.editor}` } })).status).toBe(200);
    expect((await h.request("GET", "/v2/shipments", { key: null, headers: { authorization: `Bearer ${h.keys.viewer}` } })).status).toBe(200);
  });

  it("never writes a key into the request log", async () => {
    const lines: string[] = [];
    const h = await createHarness({ app: { log: (entry) => lines.push(JSON.stringify(entry)) } });
    await h.request("GET", "/v2/shipments?page[size]=1");
    await h.request("GET", "/v2/shipments", { key: "bol_wrong" });
    expect(lines.length).toBe(2);
    expect(lines.join("\n")).not.toContain(h.keys.editor);
    expect(lines.join("\n")).not.toContain("bol_wrong");
    expect(JSON.parse(lines[0]!)).toMatchObject({ level: "info", msg: "request", method: "GET", path: "/v2/shipments", status: 200 });
  });
});

describe("routing", () => {
  it("answers unknown routes with a JSON:API 404 and wrong methods with 405 and Allow", async () => {
    const h = await createHarness();
    const unknown = await h.request("GET", "/v2/nowhere");
    expect(unknown.status).toBe(404);
    expect(unknown.body.errors[0].code).toBe("route_not_found");
    const wrong = await h.request("DELETE", `/v2/shipments/${h.data.acme.shipments[0]!.id}`);
    expect(wrong.status).toBe(405);
    expect(wrong.headers.get("allow")).toBe("GET, PATCH");
    expect(wrong.body.errors[0].code).toBe("method_not_allowed");
  });

  it("serves /healthz without a key", async () => {
    const h = await createHarness();
    const res = await h.app.request("/healthz");
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ status: "ok" });
  });

  it("answers /healthz with 503 once the storage no longer answers", async () => {
    const h = await createHarness();
    await trackerStorage(h.tracker).close();
    const res = await h.app.request("/healthz");
    expect(res.status).toBe(503);
    expect(await res.json()).toEqual({ status: "unavailable" });
  });

  it("serves an OpenAPI 3.1 document that covers every route, without a key", async () => {
    const h = await createHarness();
    const res = await h.app.request("/v2/openapi.json");
    expect(res.status).toBe(200);
    const doc = (await res.json()) as { openapi: string; paths: Record<string, Record<string, unknown>> };
    expect(doc.openapi).toBe("3.1.0");
    for (const spec of ROUTE_SPECS) expect(doc.paths[`/v2${spec.path}`]?.[spec.method], `${spec.method} ${spec.path}`).toBeDefined();
    expect(doc).toEqual(openApiDocument());
  });
});

describe("errors", () => {
  it("turns an unexpected failure into a 500 without internals, logged with the request id", async () => {
    const storage = memoryStorage();
    const lines: Record<string, unknown>[] = [];
    const h = await createHarness({ storage, app: { log: (entry) => lines.push(entry) } });
    storage.shipments.list = async () => {
      throw new Error("disk on fire at /var/secret");
    };
    const res = await h.request("GET", "/v2/shipments");
    expect(res.status).toBe(500);
    expect(res.body).toEqual({ errors: [{ status: "500", title: "Internal Server Error", detail: "An unexpected error occurred", code: "internal" }] });
    const error = lines.find((line) => line.level === "error")!;
    expect(error.error).toContain("disk on fire");
    expect(error.request_id).toBe(res.headers.get("x-request-id"));
  });
});

describe("rate limiting", () => {
  it("answers 429 with Retry-After once a key exceeds its budget, per key", async () => {
    const h = await createHarness({ app: { rateLimit: { limit: 3, windowMs: 60_000 } } });
    for (let i = 0; i < 3; i++) expect((await h.request("GET", "/v2/shipping_lines")).status).toBe(200);
    const limited = await h.request("GET", "/v2/shipping_lines");
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get("retry-after"))).toBeGreaterThanOrEqual(59);
    expect(limited.body.errors[0].code).toBe("rate_limited");
    expect((await h.request("GET", "/v2/shipping_lines", { key: h.keys.viewer })).status).toBe(200);
  });

  it("spends a RequestBudget shared with another endpoint: what it spent counts against /v2", async () => {
    const budget = createRequestBudget({ limit: 3, windowMs: 60_000 });
    const h = await createHarness({ app: { rateLimit: budget } });
    const editor = (await h.tracker.accounts.authenticate(h.keys.editor)).user.id;
    // Two requests of the same user spent elsewhere (the MCP endpoint of `bollard serve`).
    expect([budget.take(editor), budget.take(editor)]).toStrictEqual([null, null]);
    expect((await h.request("GET", "/v2/shipping_lines")).status).toBe(200);
    const limited = await h.request("GET", "/v2/shipping_lines");
    expect([limited.status, limited.body.errors[0].code]).toStrictEqual([429, "rate_limited"]);
    expect(budget.take(editor)).toBeGreaterThanOrEqual(59);
  });
});
