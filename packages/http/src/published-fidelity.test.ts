import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { openApiWireText } from "@bollard/core/jsonapi";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createHarness, type Harness } from "./testing/http-harness.js";

// Issue 57, items 1–8: each answer a Terminal49 client still told apart, compared with the example or
// schema of the published OpenAPI document (`testing/terminal49-openapi.json`, a copy of the one in
// `shared/reference/`) or, where the document has none, with the live recording the issue names.
// The harness also checks every answer against Bollard's own served document.

const REFERENCE = fileURLToPath(new URL("./testing/terminal49-openapi.json", import.meta.url));

interface Schema {
  type?: string;
  enum?: string[];
  nullable?: boolean;
  properties?: Record<string, Schema>;
  items?: Schema;
  $ref?: string;
}
interface Operation {
  responses: Record<string, { content?: Record<string, { schema: Schema; examples?: Record<string, { value: any }> }> }>;
}
interface PublishedDocument {
  paths: Record<string, Record<string, Operation>>;
  components: { schemas: Record<string, Schema> };
}

const document = (): PublishedDocument => JSON.parse(readFileSync(REFERENCE, "utf8")) as PublishedDocument;
const responseOf = (path: string, method: string, status = "200") => Object.values(document().paths[path]![method]!.responses[status]!.content ?? {})[0]!;
const attributesOf = (type: string) => document().components.schemas[type]!.properties!.attributes!.properties!;

/** Webhooks never leave the process. */
const offline = {
  lookup: async () => ["93.184.216.34"],
  transport: async () => ({ status: 204, headers: {}, body: "", error: null, durationMs: 1 }),
};

let h: Harness;
beforeAll(async () => {
  h = await createHarness({ tracker: { webhooks: offline }, app: { webhookIps: ["35.222.62.171", "3.230.67.145"] } });
});
afterAll(() => h.tracker.close());

describe("issue 57: what a Terminal49 client still told apart", () => {
  it("1. a port's latitude and longitude are decimal strings as live (the SDK's recorded ports), and the served document says so", async () => {
    const port = (await h.request("GET", "/v2/ports/USLAX")).body.data.attributes;
    expect(port.latitude).toMatch(/^-?\d+(\.\d+)?$/);
    expect(port.longitude).toMatch(/^-?\d+(\.\d+)?$/);
    const served = (await h.request("GET", "/v2/openapi.json")).body;
    expect(served.components.schemas.PortAttributes.properties.latitude.type).toBe("string");
    // Included ports (here a raw event's location, included by default) are the same resource.
    const container = h.data.acme.containers[0]!;
    const raw = (await h.request("GET", `/v2/containers/${container.id}/raw_events`)).body;
    for (const included of raw.included.filter((r: any) => r.type === "port")) expect(typeof included.attributes.latitude).toBe("string");
  });

  it("1. with wireCompat openapi, ports follow the published schema (numbers) in answers, the served document and webhook bodies", async () => {
    expect(attributesOf("port").latitude!.type).toBe("number");
    const openapi = await createHarness({ tracker: { webhooks: offline, wireCompat: "openapi" } });
    try {
      const port = (await openapi.request("GET", "/v2/ports/USLAX")).body.data.attributes;
      expect(typeof port.latitude).toBe(attributesOf("port").latitude!.type);
      expect(typeof port.longitude).toBe(attributesOf("port").longitude!.type);
      expect((await openapi.request("GET", "/v2/openapi.json")).body.components.schemas.PortAttributes.properties.latitude.type).toBe("number");
    } finally {
      await openapi.tracker.close();
    }
    // What the webhook dispatcher sends with `openapi`: the stored (live) payload with numeric port coordinates.
    const payload = JSON.stringify({ data: { id: "n", type: "webhook_notification" }, included: [{ id: "p", type: "port", attributes: { latitude: "35.10162", longitude: "129.0403" } }] });
    expect(JSON.parse(openApiWireText(payload)).included[0].attributes).toEqual({ latitude: 35.10162, longitude: 129.0403 });
  });

  it("2. LFD and appointment events carry the new date in timestamp as well as value; the rail LFD's data_source is terminal (a published enum value)", async () => {
    expect(attributesOf("transport_event").data_source!.enum).toContain("terminal");
    for (const event of ["container.pickup_lfd.changed", "container.pickup_lfd_line.changed", "container.pickup_lfd_terminal.changed", "container.pickup_lfd_rail.changed", "container.pickup_appointment.changed"]) {
      const example = (await h.request("GET", `/v2/webhook_notifications/examples?event=${event}`)).body;
      const transportEvent = example.included.find((r: any) => r.type === "transport_event");
      expect(transportEvent.attributes.value, event).toMatch(/Z$/);
      expect(transportEvent.attributes.timestamp, event).toBe(transportEvent.attributes.value);
      if (event === "container.pickup_lfd_rail.changed") expect(transportEvent.attributes.data_source).toBe("terminal");
    }
  });

  it("3. PATCH /v2/containers/{id} edits ref_numbers (the published container document); a data.id naming another container is 409", async () => {
    const [container, other] = h.data.acme.containers;
    const res = await h.request("PATCH", `/v2/containers/${container!.id}`, { body: { data: { type: "container", attributes: { ref_numbers: ["PO-57"] } } } });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ id: container!.id, type: "container", attributes: { ref_numbers: ["PO-57"] } });
    expect(Object.keys(res.body.data.attributes)).toEqual(expect.arrayContaining(Object.keys(attributesOf("container")).filter((k) => k in res.body.data.attributes)));
    const same = await h.request("PATCH", `/v2/containers/${container!.id}`, { body: { data: { type: "container", id: container!.id.toUpperCase(), attributes: { ref_numbers: ["PO-58"] } } } });
    expect(same.status).toBe(200);
    const conflict = await h.request("PATCH", `/v2/containers/${container!.id}`, { body: { data: { type: "container", id: other!.id, attributes: { ref_numbers: [] } } } });
    expect(conflict.status).toBe(409);
    expect(conflict.body.errors[0]).toMatchObject({ status: "409", source: { pointer: "/data/id" } });
    expect((await h.request("PATCH", `/v2/containers/${container!.id}`, { body: { data: { attributes: { seal_number: "X" } } } })).status).toBe(422);
    expect((await h.request("PATCH", "/v2/containers/0190a8f0-0000-7000-8000-000000000000", { body: { data: { attributes: { ref_numbers: [] } } } })).status).toBe(404);
    expect((await h.request("PATCH", `/v2/containers/${container!.id}`, { key: h.keys.viewer, body: { data: { attributes: { ref_numbers: [] } } } })).status).toBe(403);
  });

  it("4. GET /v2/webhook_notifications/examples answers data as an array of webhook_notification, as the published schema", async () => {
    const schema = responseOf("/webhook_notifications/examples", "get").schema;
    expect(schema.properties!.data!.type).toBe("array");
    const res = await h.request("GET", "/v2/webhook_notifications/examples?event=container.transport.vessel_arrived");
    expect(Array.isArray(res.body.data)).toBe(true);
    expect(res.body.data).toHaveLength(1);
    expect(res.body.data[0]).toMatchObject({ type: "webhook_notification", attributes: { event: "container.transport.vessel_arrived" } });
    expect(Array.isArray(res.body.included)).toBe(true);
  });

  it("5. infer_number answers only values of the published enums, for containers, bills of lading and booking numbers; the published container example", async () => {
    const response = responseOf("/tracking_requests/infer_number", "post");
    const attributes = response.schema.properties!.data!.properties!.attributes!.properties!;
    const numberTypes = attributes.number_type!.enum!;
    const validationTypes = attributes.validation!.properties!.type!.enum!;
    const decisions = attributes.shipping_line!.properties!.decision!.enum!;
    for (const number of ["MSKU9070323", "MSKU9070324", "TGHU1234567", "HLCUSEL251063257", "EGLV084900042045", "256012345", "EBKG01234567", "QX12AB34", "WHLU1234560"]) {
      const res = await h.request("POST", "/v2/tracking_requests/infer_number", { body: { number } });
      expect(res.status, number).toBe(200);
      const answer = res.body.data.attributes;
      expect(numberTypes, number).toContain(answer.number_type);
      expect(validationTypes, number).toContain(answer.validation.type);
      expect(decisions, number).toContain(answer.shipping_line.decision);
    }
    const bookings = await h.request("POST", "/v2/tracking_requests/infer_number", { body: { number: "256012345" } });
    expect(bookings.body.data.attributes.number_type).toBe("booking");
    // The published example: a Wan Hai container number, auto-selected.
    const example = response.examples!["Container - Auto Select"]!.value.data.attributes;
    const wanHai = (await h.request("POST", "/v2/tracking_requests/infer_number", { body: { number: "WHLU1234560" } })).body.data.attributes;
    expect(wanHai).toMatchObject({ number_type: example.number_type, validation: { type: example.validation.type }, shipping_line: { decision: example.shipping_line.decision, selected: { scac: example.shipping_line.selected.scac } } });
    // The published 422: an invalid number.
    const invalid = await h.request("POST", "/v2/tracking_requests/infer_number", { body: { number: "#?!" } });
    expect(invalid.status).toBe(422);
    expect(invalid.body.errors[0]).toMatchObject(Object.fromEntries(Object.entries(responseOf("/tracking_requests/infer_number", "post", "422").examples!["Invalid Number"]!.value.errors[0]).filter(([k]) => k !== "title")));
  });

  it("6. GET /v2/webhooks/ips lists the configured addresses, shaped as the published example", async () => {
    const example = responseOf("/webhooks/ips", "get").examples!["Example List of IPs"]!.value;
    const res = await h.request("GET", "/v2/webhooks/ips");
    expect(Object.keys(res.body).sort()).toEqual(Object.keys(example).sort());
    expect(res.body.webhook_notification_ips).toEqual(["35.222.62.171", "3.230.67.145"]);
    expect(res.body.last_updated).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/);
  });

  it("7. an auto-detect create answers pending with scac null (the published create is pending); the refresh pass resolves it, or fails it with a tracking_request.failed webhook", async () => {
    expect(responseOf("/tracking_requests", "post", "201").examples!["Pending Tracking Request"]!.value.data.attributes.status).toBe("pending");
    expect(attributesOf("tracking_request").failed_reason!.enum).toContain("scac_auto_detect_failed");
    await h.request("POST", "/v2/webhooks", { body: { data: { attributes: { url: "https://hooks.example.com/detect", events: ["tracking_request.succeeded", "tracking_request.failed"] } } } });
    const create = (request_number: string) => h.request("POST", "/v2/tracking_requests", { body: { data: { type: "tracking_request", attributes: { request_type: "bill_of_lading", request_number, auto_detect_vocc_scac: true } } } });
    const found = await create("MAEU570000001");
    const lost = await create("ZZZZ570000001");
    for (const res of [found, lost]) {
      expect(res.status).toBe(201);
      expect(res.body.data.attributes).toMatchObject({ status: "pending", scac: null, failed_reason: null });
    }
    await h.tracker.refresh.runDue();
    const resolved = (await h.request("GET", `/v2/tracking_requests/${found.body.data.id}`)).body.data.attributes;
    expect(resolved).toMatchObject({ scac: "MAEU", status: "created" });
    const failed = (await h.request("GET", `/v2/tracking_requests/${lost.body.data.id}`)).body.data.attributes;
    expect(failed).toMatchObject({ scac: null, status: "failed", failed_reason: "scac_auto_detect_failed" });
    const events = (await h.request("GET", "/v2/webhook_notifications?page[size]=100")).body.data.map((n: any) => n.attributes.event);
    expect(events).toEqual(expect.arrayContaining(["tracking_request.succeeded", "tracking_request.failed"]));
  });

  it("8. the smaller differences: definitions' fields, foreign state_abbr, provided_data key sets, DELETE webhook 200, search nulls, vessel positions only when asked", async () => {
    // custom_field_definition.relationships.fields without include
    const definition = await h.request("POST", "/v2/custom_field_definitions", { body: { data: { type: "custom_field_definition", attributes: { entity_type: "Shipment", api_slug: "po_57", display_name: "PO", data_type: "short_text" } } } });
    const read = await h.request("GET", `/v2/custom_field_definitions/${definition.body.data.id}`);
    expect(read.body.data.relationships.fields).toEqual({ data: [] });
    await h.request("POST", `/v2/shipments/${h.data.acme.shipments[0]!.id}/custom_fields`, { body: { data: { type: "custom_field", attributes: { api_slug: "po_57", value: "PO-1" } } } });
    const listed = (await h.request("GET", "/v2/custom_field_definitions")).body.data.find((d: any) => d.id === definition.body.data.id);
    expect(listed.relationships.fields.data).toHaveLength(1);
    // A foreign port's state_abbr: the SDK's recorded Busan port says "26" (KR-26).
    expect((await h.request("GET", "/v2/ports/KRPUS")).body.data.attributes.state_abbr).toBe("26");
    expect((await h.request("GET", "/v2/ports/DEHAM")).body.data.attributes.state_abbr).toBe("HH");
    // provided_data: the recorded key sets; none on a port (neither live nor in the published schema).
    const line = (await h.request("GET", "/v2/shipping_lines/MSCU")).body.data.attributes;
    expect(Object.keys(line.provided_data).sort()).toEqual(RECORDED_LINE_PROVIDED_DATA_KEYS.slice().sort());
    const port = (await h.request("GET", "/v2/ports/USCHS")).body.data;
    expect(port.attributes).not.toHaveProperty("provided_data");
    expect(Object.keys(attributesOf("port"))).not.toContain("provided_data");
    const terminal = (await h.request("GET", `/v2/terminals/${port.relationships.terminals.data[0].id}`)).body.data.attributes;
    expect(terminal.provided_data).toMatchObject({ empty_terminated_at: expect.any(Boolean), empty_terminated_at_notes: "" });
    // DELETE /v2/webhooks/{id}: 200 as declared.
    expect(Object.keys(document().paths["/webhooks/{id}"]!.delete!.responses)).toEqual(["200"]);
    const webhook = await h.request("POST", "/v2/webhooks", { body: { data: { attributes: { url: "https://hooks.example.com/gone", events: ["container.transport.full_out"] } } } });
    const deleted = await h.request("DELETE", `/v2/webhooks/${webhook.body.data.id}`);
    expect(deleted.status).toBe(200);
    expect(deleted.body).toEqual({ meta: { deleted: true } });
    expect((await h.request("GET", `/v2/webhooks/${webhook.body.data.id}`)).status).toBe(404);
    // Search results: shipment_id and status null, as live.
    const shipment = h.data.acme.shipments[0]!;
    const container = h.data.acme.containers.find((c) => c.shipment_id === shipment.id)!;
    for (const query of [shipment.bill_of_lading_number, container.number]) {
      for (const result of (await h.request("GET", `/v2/search?query=${query}`)).body.data) expect(result.attributes).toMatchObject({ shipment_id: null, status: null });
    }
    // Vessel positions: only with a show_positions parameter (the published route's only way to ask).
    const vesselParameters = ((document().paths["/vessels/{id}"] as any).parameters as { name: string }[]).map((p) => p.name);
    expect(vesselParameters).toEqual(expect.arrayContaining(["show_positions[from_timestamp]", "show_positions[to_timestamp]"]));
    const vessel = h.data.acme.vessels.find((v) => v.imo !== null)!;
    expect((await h.request("GET", `/v2/vessels/${vessel.imo}`)).body.data.attributes).not.toHaveProperty("positions");
    expect((await h.request("GET", `/v2/vessels/${vessel.imo}?show_positions[from_timestamp]=2026-10-25T12:00:00Z`)).body.data.attributes.positions).toEqual(expect.any(Array));
  });
});

/** The `provided_data` keys of every line in the SDK's recorded `shipping-lines.list.json`. */
const RECORDED_LINE_PROVIDED_DATA_KEYS = [
  "ssl_lfd", "seal_number", "weight_in_lbs", "equipment_type", "pod_arrived_at", "pod_full_out_at", "equipment_height", "equipment_length", "pod_discharged_at",
  "seal_number_notes", "empty_terminated_at", "weight_in_lbs_notes", "equipment_type_notes", "pod_arrived_at_notes", "pod_full_out_at_notes",
  "equipment_height_notes", "equipment_length_notes", "pod_discharged_at_notes", "empty_terminated_at_notes", "final_destination_full_out_at",
  "final_destination_full_out_at_notes",
];
