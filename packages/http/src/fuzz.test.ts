import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { createHarness } from "./testing/http-harness.js";

const INJECTIONS = [
  "' OR '1'='1",
  "1; DROP TABLE shipments;--",
  "<script>alert(1)</script>",
  "../../../../etc/passwd",
  "%00",
  "\u0000",
  "${jndi:ldap://x}",
  "{{7*7}}",
  "__proto__",
  "constructor",
  "😀".repeat(50),
  "a".repeat(5000),
  "%E0%A4%A",
  "%",
  "\\",
  "null",
  "-1",
  "1e309",
];

const PATHS = [
  "/v2/shipments",
  "/v2/shipments/{id}",
  "/v2/containers",
  "/v2/containers/{id}",
  "/v2/containers/{id}/transport_events",
  "/v2/containers/{id}/raw_events",
  "/v2/tracking_requests",
  "/v2/tracking_requests/{id}",
  "/v2/ports/{id}",
  "/v2/terminals/{id}",
  "/v2/metro_areas/{id}",
  "/v2/shipping_lines",
  "/v2/{id}",
];

const QUERY_KEYS = ["include", "page[number]", "page%5Bsize%5D", "page[size]", "filter[status]", "filter[created_at][start]", "filter[updated_at][end]", "filter[tracking_stopped]", "filter[number]", "number", "q", "search", "filter[scac]", "x[y][z]", "[", "]"];

const text = fc.oneof(fc.constantFrom(...INJECTIONS), fc.string({ maxLength: 40 }), fc.string({ unit: "grapheme", maxLength: 20 }), fc.integer().map(String));

const deep = (depth: number) => "[".repeat(depth) + "]".repeat(depth);
const body = fc.oneof(
  fc.constant(undefined),
  fc.constantFrom("{", "[]", "null", "1", '"x"', "{data:1}", '{"data":null}', '{"data":[]}', '{"data":{"attributes":[]}}', '{"data":{"attributes":{"__proto__":{"polluted":1}}}}', deep(5000), `{"data":{"attributes":{"ref_numbers":${deep(3000)}}}}`),
  fc.jsonValue({ maxDepth: 6 }).map((value) => JSON.stringify(value)),
  fc.record({ data: fc.record({ id: text, type: text, attributes: fc.dictionary(text, fc.jsonValue({ maxDepth: 3 })) }, { requiredKeys: [] }) }).map((value) => JSON.stringify(value)),
  fc.constant(JSON.stringify({ data: { attributes: { tags: Array.from({ length: 5000 }, (_, i) => `t${i}`) } } })),
  fc.uint8Array({ maxLength: 64 }).map((bytes) => Buffer.from(bytes).toString("latin1")),
);

const request = fc.record({
  method: fc.constantFrom("GET", "GET", "PATCH", "PATCH", "POST", "PUT", "DELETE", "OPTIONS"),
  path: fc.constantFrom(...PATHS),
  id: text,
  query: fc.array(fc.tuple(fc.constantFrom(...QUERY_KEYS), text), { maxLength: 4 }),
  body,
  contentType: fc.constantFrom("application/json", "application/vnd.api+json", "application/json; charset=utf-8", "text/plain", "multipart/form-data; boundary=x", "", "application/x-www-form-urlencoded"),
  auth: fc.constantFrom("editor", "viewer", "bad", "none"),
});

describe("fuzzing the HTTP API with malformed requests", () => {
  it("answers at least 2,000 malformed requests without a 5xx, always with a JSON:API error body on failure", async () => {
    const h = await createHarness();
    let count = 0;
    const statuses = new Map<number, number>();
    await fc.assert(
      fc.asyncProperty(request, async (r) => {
        const path = r.path.replace("{id}", encodeURIComponent(r.id).slice(0, 4000));
        const query = r.query.map(([key, value]) => `${key}=${encodeURIComponent(value)}`).join("&");
        const headers: Record<string, string> = {};
        if (r.auth !== "none") headers.authorization = `Token ${r.auth === "bad" ? "bol_nope" : h.keys[r.auth]}`;
        if (r.contentType) headers["content-type"] = r.contentType;
        const init: RequestInit = { method: r.method, headers };
        if (r.body !== undefined && r.method !== "GET") init.body = r.body;
        const response = await h.app.request(`${path}${query ? `?${query}` : ""}`, init);
        count += 1;
        statuses.set(response.status, (statuses.get(response.status) ?? 0) + 1);
        expect(response.status).toBeLessThan(500);
        if (response.status >= 400) {
          const document = (await response.json()) as { errors: { status: string; title: string; detail: string }[] };
          expect(document.errors.length).toBeGreaterThan(0);
          expect(document.errors[0]!.status).toBe(String(response.status));
          expect(typeof document.errors[0]!.detail).toBe("string");
        }
      }),
      { numRuns: 2_200, seed: 4242 },
    );
    expect(count).toBeGreaterThanOrEqual(2_000);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    // The server still answers normally afterwards.
    expect((await h.request("GET", "/v2/shipments?page[size]=1")).status).toBe(200);
    expect((await h.app.request("/healthz")).status).toBe(200);
    expect(statuses.size).toBeGreaterThan(3);
  }, 120_000);
});
