import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startServer, type RunningServer } from "./server.js";
import { createHarness, type Harness } from "./testing/http-harness.js";
import { TERMINAL49_OPERATIONS } from "./testing/terminal49-operations.js";

// Walks every operation of Terminal49's published OpenAPI document against a real server socket,
// with the path parameters naming records that exist and well-formed bodies, and asserts each is
// served: a 2xx, so never a 404 (the ids exist) nor a 405 (the method is routed). Removing a route
// makes it fail.

/** Out of scope: documents, document schemas and email submissions are not part of Bollard. */
const EXCLUDED = /^\/(documents|document_schemas|email_submissions)(\/|$)/;

/**
 * Operations Bollard does not serve yet, as `method path`. Each one listed here is a known gap;
 * the walk fails when one of them starts being served, so the list only shrinks.
 */
const KNOWN_MISSING = new Set<string>([]);

// The hosted service's published OpenAPI document, kept beside the tests so they run on any clone.
const REFERENCE = fileURLToPath(new URL("./testing/terminal49-openapi.json", import.meta.url));

/** Webhooks never leave the process. */
const offline = {
  lookup: async () => ["93.184.216.34"],
  transport: async () => ({ status: 204, headers: {}, body: "", error: null, durationMs: 1 }),
};

let h: Harness;
let server: RunningServer;
let ids: Record<string, string>;

const valueBody = (api_slug: string, value: unknown) => ({ data: { type: "custom_field", attributes: { api_slug, value } } });

async function created(method: string, path: string, body: unknown): Promise<string> {
  const res = await h.request(method, path, { body });
  expect(res.status, `${method} ${path}: ${JSON.stringify(res.body)}`).toBe(201);
  return res.body.data.id;
}

beforeAll(async () => {
  h = await createHarness({ tracker: { webhooks: offline } });
  server = await startServer(h.app, { port: 0 });
  const acme = h.data.acme;
  const shipment = acme.shipments.find((s) => s.line_tracking_stopped_at === null && s.tracking_request_id && acme.containers.some((c) => c.shipment_id === s.id))!;
  const container = acme.containers.find((c) => c.shipment_id === shipment.id)!;
  const trackingRequest = acme.trackingRequests.find((t) => t.id === shipment.tracking_request_id)!;
  const otherShipment = acme.shipments.find((s) => s.id !== shipment.id)!;
  const definition = { data: { type: "custom_field_definition", attributes: { entity_type: "Shipment", api_slug: "walk_ref", display_name: "Walk ref", data_type: "short_text" } } };
  const definitionId = await created("POST", "/v2/custom_field_definitions", definition);
  await created("POST", "/v2/custom_field_definitions", { data: { attributes: { ...definition.data.attributes, entity_type: "Cargo", api_slug: "walk_seal" } } });
  const doomedDefinitionId = await created("POST", "/v2/custom_field_definitions", { data: { attributes: { ...definition.data.attributes, api_slug: "walk_doomed" } } });
  const optionsOf = await created("POST", "/v2/custom_field_definitions", { data: { attributes: { ...definition.data.attributes, api_slug: "walk_level", data_type: "enum" } } });
  const optionId = await created("POST", `/v2/custom_field_definitions/${optionsOf}/options`, { data: { attributes: { value: "high", label: "High" } } });
  await created("POST", `/v2/shipments/${shipment.id}/custom_fields`, valueBody("walk_ref", "R-1"));
  await created("POST", `/v2/containers/${container.id}/custom_fields`, valueBody("walk_seal", "S-1"));
  await created("POST", `/v2/tracking_requests/${trackingRequest.id}/custom_fields`, valueBody("walk_ref", "T-1"));
  const customFieldId = await created("POST", `/v2/shipments/${otherShipment.id}/custom_fields`, valueBody("walk_ref", "R-2"));
  const webhookId = await created("POST", "/v2/webhooks", { data: { attributes: { url: "https://hooks.example.com/walk", events: ["container.transport.full_out"] } } });
  await h.tracker.ingest.events({ accountId: h.accounts.acme.id, shipmentId: shipment.id, containerNumber: container.number, events: [{ event: "container.transport.full_out", timestamp: h.clock.now().toISOString() }] });
  const notificationId = (await h.request("GET", "/v2/webhook_notifications")).body.data[0].id;
  const terminalId = acme.shipments.find((s) => s.pod_terminal_id)!.pod_terminal_id!;
  const vessel = acme.vessels.find((v) => v.imo !== null)!;
  ids = {
    shipments: shipment.id,
    containers: container.id,
    tracking_requests: trackingRequest.id,
    webhooks: webhookId,
    webhook_notifications: notificationId,
    custom_field_definitions: optionsOf,
    custom_fields: customFieldId,
    shipping_lines: "MSCU",
    metro_areas: "USCHI",
    ports: "USLAX",
    terminals: terminalId,
    vessels: vessel.id,
    imo: vessel.imo!,
    definition_id: optionsOf,
    option_id: optionId,
    shipment_id: shipment.id,
    container_id: container.id,
    tracking_request_id: trackingRequest.id,
    "delete-custom-field-definitions-id": doomedDefinitionId,
    walk_definition: definitionId,
  };
  ids.parties = KNOWN_MISSING.has("post /parties") ? "0190a8f0-0000-7000-8000-000000000000" : await created("POST", "/v2/parties", { data: { type: "party", attributes: { company_name: "Walk Imports" } } });
});

afterAll(async () => {
  await server?.close({ timeoutMs: 1_000 });
  await h?.tracker.close();
});

/** The request path of an operation, its parameters filled with the ids of the records made above. */
function pathOf(path: string, operationId: string): string {
  const collection = path.split("/")[1]!;
  return path.replace(/\{([^}]+)\}/g, (_, name: string) => {
    if (name === "api_slug") return collection === "containers" ? "walk_seal" : "walk_ref";
    const id = ids[operationId] ?? (name === "id" ? ids[collection] : ids[name]);
    if (id === undefined) throw new Error(`no record for {${name}} in ${path}`);
    return encodeURIComponent(id);
  });
}

/** Query parameters the published document marks required. */
const QUERIES: Record<string, () => string> = {
  searchAll: () => "query=MSCU",
  "get-webhook-notifications-example": () => "event=container.transport.full_out",
  "get-vessels-id-future-positions": () => `port_id=${portId("USLAX")}&previous_port_id=${portId("CNSHA")}`,
  "get-vessels-id-future-positions-with-coordinates": () => `port_id=${portId("USLAX")}&previous_port_id=${portId("CNSHA")}&latitude=35.5&longitude=150.25`,
};
const portIds = new Map<string, string>();
const portId = (locode: string) => portIds.get(locode)!;

/** Request bodies, shaped as the published document asks; the operations left out take none. */
const BODIES: Record<string, () => unknown> = {
  "patch-shipments-id": () => ({ data: { type: "shipment", attributes: { ref_numbers: ["WALK-1"] } } }),
  "post-track": () => ({ data: { type: "tracking_request", attributes: { request_type: "bill_of_lading", request_number: "TEST-TR-SUCCEEDED", scac: "TEST" } } }),
  "post-infer-number": () => ({ number: "MSKU9070323" }),
  "patch-track-request-by-id": () => ({ data: { type: "tracking_request", attributes: { ref_number: "WALK-2" } } }),
  "post-tracking-requests-custom-fields": () => valueBody("walk_ref", "T-2"),
  "patch-tracking-requests-custom-fields-api-slug": () => ({ data: { attributes: { value: "T-3" } } }),
  "patch-webhooks-id": () => ({ data: { attributes: { active: true } } }),
  "post-webhooks": () => ({ data: { attributes: { url: "https://hooks.example.com/walk-2", events: ["container.transport.vessel_arrived"] } } }),
  "post-webhooks-trigger": () => ({ url: "https://hooks.example.com/trigger", event: "tracking_request.succeeded" }),
  "patch-containers-id": () => ({ data: { type: "container", id: ids.containers, attributes: { ref_numbers: ["WALK-3"] } } }),
  "post-party": () => ({ data: { type: "party", attributes: { company_name: "Walk Exports" } } }),
  "edit-party": () => ({ data: { type: "party", attributes: { company_name: "Walk Imports Ltd" } } }),
  "post-custom-field-definitions": () => ({ data: { attributes: { entity_type: "Shipment", api_slug: "walk_new", display_name: "New", data_type: "short_text" } } }),
  "patch-custom-field-definitions-id": () => ({ data: { attributes: { display_name: "Walk level" } } }),
  "post-custom-field-options": () => ({ data: { attributes: { value: "low", label: "Low" } } }),
  "patch-custom-field-options-id": () => ({ data: { attributes: { label: "Very high" } } }),
  "post-custom-fields": () => ({ ...valueBody("walk_ref", "R-3"), data: { ...valueBody("walk_ref", "R-3").data, relationships: { entity: { data: { type: "shipment", id: ids.shipments } } } } }),
  "patch-custom-fields-id": () => ({ data: { attributes: { value: "R-4" } } }),
  "post-shipments-custom-fields": () => valueBody("walk_ref", "R-5"),
  "patch-shipments-custom-fields-api-slug": () => ({ data: { attributes: { value: "R-6" } } }),
  "post-containers-custom-fields": () => valueBody("walk_seal", "S-2"),
  "patch-containers-custom-fields-api-slug": () => ({ data: { attributes: { value: "S-3" } } }),
};

describe("the operations of Terminal49's published OpenAPI document", () => {
  it("the walked list is the document's list", () => {
    const document = JSON.parse(readFileSync(REFERENCE, "utf8")) as { paths: Record<string, Record<string, { operationId?: string }>> };
    const operations = Object.entries(document.paths).flatMap(([path, item]) =>
      Object.entries(item).flatMap(([method, op]) => (["get", "post", "patch", "put", "delete"].includes(method) ? [[method, path, op.operationId]] : [])),
    );
    expect(TERMINAL49_OPERATIONS).toEqual(operations);
  });

  it("serves every one (documents, document schemas and email submissions aside) on a real socket: a 2xx for each, so never a 404 for existing ids nor a 405", async () => {
    for (const locode of ["USLAX", "CNSHA"]) portIds.set(locode, (await h.request("GET", `/v2/ports/${locode}`)).body.data.id);
    const walked = TERMINAL49_OPERATIONS.filter(([, path]) => !EXCLUDED.test(path));
    // Deletes go last, so every other operation finds its records.
    const ordered = [...walked.filter(([method]) => method !== "delete"), ...walked.filter(([method]) => method === "delete")];
    const unserved: string[] = [];
    const servedButListed: string[] = [];
    for (const [method, path, operationId] of ordered) {
      const name = `${method} ${path}`;
      const query = QUERIES[operationId]?.();
      const url = `http://127.0.0.1:${server.port}/v2${pathOf(path, operationId)}${query ? `?${query}` : ""}`;
      const body = BODIES[operationId] && JSON.stringify(BODIES[operationId]());
      const headers: Record<string, string> = { authorization: `Token ${h.keys.editor}`, ...(body !== undefined && { "content-type": "application/json" }) };
      const response = await fetch(url, { method: method.toUpperCase(), headers, ...(body !== undefined && { body }) });
      const text = await response.text();
      // Every request above is well formed, so anything but a 2xx (a 404, a 405, a 422 for a body the
      // route no longer understands) means the operation is not served as the document describes.
      const served = response.status >= 200 && response.status < 300;
      if (KNOWN_MISSING.has(name)) {
        if (served) servedButListed.push(name);
      } else if (!served) unserved.push(`${name} (${operationId}) answered ${response.status}: ${text.slice(0, 200)}`);
    }
    expect(unserved).toEqual([]);
    expect(servedButListed).toEqual([]);
    expect(walked.length).toBe(69);
  });
});
