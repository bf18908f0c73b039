import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Storage } from "@bollard/core";
import { postgresStorage } from "@bollard/storage-postgres";
import { postgresAvailability, startLocalPostgres, type LocalPostgres } from "@bollard/storage-postgres/testing";
import { sqliteStorage } from "@bollard/storage-sqlite";
import fc from "fast-check";
import { afterAll, describe, expect, it } from "vitest";
import { openApiDocument } from "./openapi/openapi-document.js";
import { startServer } from "./server.js";
import { createHarness, type Harness } from "./testing/http-harness.js";
import { openApiRequests, operationsOf, type GeneratedRequest } from "./testing/openapi-requests.js";

const REQUESTS = Number(process.env.BOLLARD_FUZZ_REQUESTS ?? 10_000);
const HEALTH_EVERY = 100;
const dir = mkdtempSync(join(tmpdir(), "bollard-fuzz-openapi-"));
let cluster: LocalPostgres | undefined;
afterAll(async () => {
  await cluster?.stop();
  rmSync(dir, { recursive: true, force: true });
});

const availability = postgresAvailability();
const STORAGES: [string, () => Promise<Storage>][] = [
  ["sqlite", async () => sqliteStorage({ filename: join(dir, "fuzz.sqlite") })],
  ...(availability.available ? [["postgres", async () => postgresStorage({ connectionString: await (cluster ??= await startLocalPostgres()).createDatabase() })] as [string, () => Promise<Storage>]] : []),
];

/** Webhooks never leave the process: every host resolves to a public address, every POST answers 204. */
const offline = {
  lookup: async () => ["93.184.216.34"],
  transport: async () => ({ status: 204, headers: {}, body: "", error: null, durationMs: 1 }),
};

/** Records of every kind the routes name, created through the API, by the collection that names them. */
async function seedIds(h: Harness): Promise<(path: string, parameter: string) => string[]> {
  const acme = h.data.acme;
  const definition = (await h.request("POST", "/v2/custom_field_definitions", {
    body: { data: { attributes: { entity_type: "Shipment", api_slug: "fuzz_level", display_name: "Level", data_type: "enum" } } },
  })).body.data;
  const option = (await h.request("POST", `/v2/custom_field_definitions/${definition.id}/options`, { body: { data: { attributes: { value: "high", label: "High" } } } })).body.data;
  const field = (await h.request("POST", `/v2/shipments/${acme.shipments[0]!.id}/custom_fields`, { body: { data: { attributes: { api_slug: "fuzz_level", value: "high" } } } })).body.data;
  const webhook = (await h.request("POST", "/v2/webhooks", { body: { data: { attributes: { url: "https://hooks.example.com/in", events: ["container.created"] } } } })).body.data;
  const ids: Record<string, string[]> = {
    shipments: acme.shipments.slice(0, 5).map((s) => s.id),
    containers: acme.containers.slice(0, 5).map((c) => c.id),
    tracking_requests: acme.trackingRequests.slice(0, 5).map((t) => t.id),
    custom_field_definitions: [definition.id],
    options: [option.id],
    custom_fields: [field.id],
    api_slug: ["fuzz_level", "incoterm"],
    webhooks: [webhook.id],
    ports: ["USLAX", "CNSHA"],
    metro_areas: ["USCHI"],
    vessels: acme.vessels.slice(0, 3).flatMap((v) => (v.imo ? [v.imo] : [])),
  };
  return (path, parameter) => {
    if (parameter === "api_slug") return ids.api_slug!;
    if (parameter === "option_id") return ids.options!;
    const collection = parameter === "id" ? path.split("/")[2]! : parameter.replace(/_id$/, "") === "definition" ? "custom_field_definitions" : `${parameter.replace(/_id$/, "")}s`;
    return ids[collection] ?? [];
  };
}

describe.each(STORAGES)("fuzzing every operation of the served OpenAPI document (%s)", (_name, makeStorage) => {
  it(`answers ${REQUESTS} generated requests without a 5xx, with a JSON:API error body for every 4xx, and /healthz answers throughout`, async () => {
    const h = await createHarness({ storage: await makeStorage(), tracker: { webhooks: offline } });
    const server = await startServer(h.app, { port: 0 });
    const base = `http://127.0.0.1:${server.port}`;
    try {
      const document = openApiDocument();
      const requests = fc.sample(openApiRequests(document, await seedIds(h)), { numRuns: REQUESTS, seed: 20_261_123 });
      const keys = { editor: h.keys.editor, viewer: h.keys.viewer, other: h.keys.other, bogus: "bol_not-a-key" } as Record<string, string>;
      const failures: string[] = [];
      const seen = new Set<string>();
      const statuses = new Map<number, number>();
      let slowestHealth = 0;
      const describeRequest = (r: GeneratedRequest) => `${r.method} ${r.url.slice(0, 200)} (${r.key}) body ${r.body?.slice(0, 200) ?? "-"}`;
      for (const [index, request] of requests.entries()) {
        seen.add(request.operation);
        const headers: Record<string, string> = {};
        if (request.key !== "none") headers.authorization = `Token ${keys[request.key]}`;
        if (request.body !== undefined) headers["content-type"] = "application/json";
        const response = await fetch(base + request.url, { method: request.method, headers, ...(request.body !== undefined && { body: request.body }) });
        const text = await response.text();
        statuses.set(response.status, (statuses.get(response.status) ?? 0) + 1);
        if (response.status >= 500) failures.push(`${response.status} for ${describeRequest(request)}: ${text.slice(0, 300)}`);
        else if (response.status >= 400) {
          const body = (() => {
            try {
              return JSON.parse(text);
            } catch {
              return undefined;
            }
          })();
          const errors = body?.errors;
          const wellFormed =
            response.headers.get("content-type") === "application/vnd.api+json" &&
            Array.isArray(errors) &&
            errors.length > 0 &&
            errors.every((e: Record<string, unknown>) => e.status === String(response.status) && typeof e.title === "string" && typeof e.code === "string" && typeof e.detail === "string");
          if (!wellFormed) failures.push(`${response.status} without a JSON:API error body for ${describeRequest(request)}: ${text.slice(0, 300)}`);
        }
        if (index % HEALTH_EVERY === 0) {
          const started = performance.now();
          const health = await fetch(`${base}/healthz`);
          slowestHealth = Math.max(slowestHealth, performance.now() - started);
          if (health.status !== 200) failures.push(`/healthz answered ${health.status} after request ${index}`);
        }
        if (failures.length >= 20) break;
      }
      const summary = [...statuses].sort(([a], [b]) => a - b).map(([status, count]) => `${status}×${count}`).join(" ");
      console.log(`fuzz (${_name}): ${requests.length} requests over ${seen.size} operations; ${summary}; slowest /healthz ${slowestHealth.toFixed(1)} ms`);
      expect(failures).toEqual([]);
      expect(seen.size).toBe(operationsOf(document).length);
      expect(slowestHealth).toBeLessThan(2_000);
    } finally {
      await server.close({ timeoutMs: 1_000 });
      await h.tracker.close();
    }
  }, 600_000);
});

