import type { CarrierSnapshotInput } from "@bollard/core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { definitionDocument, valueDocument } from "../testing/custom-field-fixtures.js";
import { createHarness, type Harness } from "../testing/http-harness.js";

// The attributes and relationships the live service adds to the spec's, filled by ingest and by
// the simulated carrier's scenarios. The harness checks every response against the served OpenAPI.
const HOUR = 3_600_000;
type Resource = { id: string; type: string; attributes: Record<string, any>; relationships: Record<string, any> };

let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});
afterAll(() => h.tracker.close());

const wire = (iso: string) => iso.replace(/\.\d{3}Z$/, "Z");
const BOX = "MSKU9070323";

/** A COSCO bill of lading from Shanghai to Chicago by rail through Los Angeles, as a feed reports it. */
function cosco(changes: { etd: string; destinationEta: string; departedAt: string; estimate: boolean }): CarrierSnapshotInput {
  return {
    shipment: {
      bill_of_lading_number: "COSUFAKE260001",
      port_of_lading_locode: "CNSHA",
      port_of_discharge_locode: "USLAX",
      destination_locode: "USCHI",
      pol_etd_at: changes.etd,
      destination_eta_at: changes.destinationEta,
    },
    containers: [
      {
        number: BOX,
        pickup_lfd_line: "2026-12-20T07:59:00.000Z",
        pickup_lfd_rail: "2026-12-22T05:59:00.000Z",
        pod_rail_carrier_scac: "BNSF",
        ind_facility_holds: [{ name: "customs", status: "hold", description: "" }],
        ind_facility_fees: [{ type: "demurrage", amount: 150, currency_code: "USD" }],
        transport_events: [
          { event: "container.transport.empty_out", timestamp: "2026-10-20T02:00:00.000Z", location_locode: "CNSHA" },
          { event: "container.transport.full_in", timestamp: "2026-10-22T03:00:00.000Z", location_locode: "CNSHA" },
          { event: "container.transport.vessel_loaded", timestamp: "2026-10-24T04:00:00.000Z", location_locode: "CNSHA", voyage_number: "061E" },
          { event: "container.transport.vessel_departed", timestamp: changes.departedAt, location_locode: "CNSHA", voyage_number: "061E" },
          { event: "container.transport.rail_unloaded", timestamp: "2026-12-20T10:00:00.000Z", location_locode: "USCHI", terminal: "BNSF LPC", data_source: "rail" },
          { event: "container.transport.delivered", timestamp: "2026-12-23T15:30:00.000Z", location_locode: "USCHI" },
        ],
        raw_events: [
          { event: "vessel_loaded", original_event: "Loaded on vessel", timestamp: "2026-10-24T04:00:00.000Z", location_locode: "CNSHA", voyage_number: "061E" },
          ...(changes.estimate
            ? [{ event: "arrived_at_destination" as const, original_event: "Arrival at final hub", timestamp: "2026-12-19T18:00:00.000Z", estimated: true, location_locode: "USCHI", terminal: "BNSF LPC" }]
            : []),
        ],
      },
    ],
  };
}

describe("attributes filled by ingest", () => {
  let shipment: Resource;
  let container: Resource;
  let events: Resource[];
  let raw: { data: Resource[]; included: Resource[] };
  let firstDeparture: Resource;
  let firstAt: string;
  let secondAt: string;

  beforeAll(async () => {
    const accountId = h.accounts.acme.id;
    firstAt = h.clock.now().toISOString();
    await h.tracker.ingest.snapshot({ accountId, scac: "COSU", snapshot: cosco({ etd: "2026-10-24T12:00:00.000Z", destinationEta: "2026-12-19T18:00:00.000Z", departedAt: "2026-10-24T20:00:00.000Z", estimate: true }) });
    const shipmentId = (await h.request("GET", "/v2/shipments?filter[number]=COSUFAKE260001")).body.data[0].id;
    const containerId = (await h.request("GET", `/v2/shipments/${shipmentId}`)).body.data.relationships.containers.data[0].id;
    firstDeparture = (await h.request("GET", `/v2/containers/${containerId}/transport_events`)).body.data.find((e: Resource) => e.attributes.event === "container.transport.vessel_departed");
    h.clock.advance(6 * HOUR);
    secondAt = h.clock.now().toISOString();
    // The line moves its ETD and ETA, corrects the departure time and withdraws its estimate.
    await h.tracker.ingest.snapshot({ accountId, scac: "COSU", snapshot: cosco({ etd: "2026-10-25T12:00:00.000Z", destinationEta: "2026-12-21T18:00:00.000Z", departedAt: "2026-10-24T21:30:00.000Z", estimate: false }) });
    shipment = (await h.request("GET", `/v2/shipments/${shipmentId}`)).body.data;
    container = (await h.request("GET", `/v2/containers/${containerId}`)).body.data;
    events = (await h.request("GET", `/v2/containers/${containerId}/transport_events?include=location,terminal`)).body.data;
    raw = (await h.request("GET", `/v2/containers/${containerId}/raw_events`)).body;
  });

  const event = (name: string) => events.filter((e) => e.attributes.event === `container.transport.${name}`).at(-1)!;

  it("keeps the first ETD and destination ETA a shipment was given when later ones change", () => {
    expect(shipment.attributes).toMatchObject({
      pol_etd_at: "2026-10-25T12:00:00Z",
      pol_original_etd_at: "2026-10-24T12:00:00Z",
      destination_eta_at: "2026-12-21T18:00:00Z",
      destination_original_eta_at: "2026-12-19T18:00:00Z",
    });
  });

  it("strips COSCO's prefix from normalized_number and keeps Hapag-Lloyd's, as the live service does", async () => {
    expect(shipment.attributes.normalized_number).toBe("FAKE260001");
    const hapag = cosco({ etd: "2026-10-24T12:00:00.000Z", destinationEta: "2026-12-19T18:00:00.000Z", departedAt: "2026-10-24T20:00:00.000Z", estimate: false });
    hapag.shipment.bill_of_lading_number = "HLCUSEL251063257";
    hapag.containers[0]!.number = "HLXU8034420";
    await h.tracker.ingest.snapshot({ accountId: h.accounts.acme.id, scac: "HLCU", snapshot: hapag });
    const found = (await h.request("GET", "/v2/shipments?filter[number]=HLCUSEL251063257")).body.data[0];
    expect(found.attributes).toMatchObject({ bill_of_lading_number: "HLCUSEL251063257", normalized_number: "HLCUSEL251063257" });
  });

  it("fills the container's POL, empty-out and delivery times from its transport events", () => {
    expect(container.attributes).toMatchObject({
      empty_out_at: "2026-10-20T02:00:00Z",
      pol_full_in_at: "2026-10-22T03:00:00Z",
      pol_vessel_loaded_at: "2026-10-24T04:00:00Z",
      // The corrected departure replaces the first one.
      pol_vessel_departed_at: "2026-10-24T21:30:00Z",
      delivered_at: "2026-12-23T15:30:00Z",
    });
  });

  it("fills the line's and the rail's last free days, the inland facility's holds and fees, and when the rail was asked", () => {
    expect(container.attributes).toMatchObject({
      ssl_lfd: "2026-12-20T07:59:00Z",
      ind_facility_lfd_on: "2026-12-22T05:59:00Z",
      import_deadlines: { pickup_lfd_line: "2026-12-20T07:59:00Z", pickup_lfd_rail: "2026-12-22T05:59:00Z", pickup_lfd_terminal: null },
      ind_facility_holds: [{ name: "customs", status: "hold", description: "" }],
      ind_facility_fees: [{ type: "demurrage", amount: 150, currency_code: "USD" }],
      rail_last_tracking_request_at: wire(secondAt),
    });
  });

  it("points pickup_facility at the inland rail terminal on a rail move", () => {
    const ramp = event("rail_unloaded").relationships.terminal.data;
    expect(ramp).toMatchObject({ type: "rail_terminal" });
    expect(container.relationships.pickup_facility.data).toEqual(ramp);
  });

  it("reports rail moves as shipping_line data at the inland metro area (the rail last free day from the terminal, as the published examples)", () => {
    expect(event("rail_unloaded").attributes.data_source).toBe("shipping_line");
    expect(event("rail_unloaded").relationships.location.data).toMatchObject({ type: "metro_area" });
    expect(event("delivered").relationships.location.data).toMatchObject({ type: "metro_area" });
    expect(event("full_in").relationships.location.data).toMatchObject({ type: "port" });
    expect(new Set(events.filter((e) => e.attributes.event !== "container.pickup_lfd_rail.changed").map((e) => e.attributes.data_source))).toEqual(new Set(["shipping_line"]));
    expect(new Set(events.filter((e) => e.attributes.event === "container.pickup_lfd_rail.changed").map((e) => e.attributes.data_source))).toEqual(new Set(["terminal"]));
  });

  it("links each milestone to the raw event it came from and to the version it replaces", () => {
    const loadedRaw = raw.data.find((r) => r.attributes.event === "vessel_loaded")!;
    expect(event("vessel_loaded").relationships.source_event.data).toEqual({ type: "raw_event", id: loadedRaw.id });
    expect(event("full_in").relationships.source_event.data).toBeNull();
    const departures = events.filter((e) => e.attributes.event === "container.transport.vessel_departed");
    expect(departures.map((e) => e.attributes.timestamp)).toEqual(["2026-10-24T20:00:00Z", "2026-10-24T21:30:00Z"]);
    expect(departures[1]!.relationships.previous_version.data).toEqual({ type: "transport_event", id: firstDeparture.id });
    expect(departures[0]!.relationships.previous_version.data).toBeNull();
    for (const e of events) expect(e.attributes.invalidated_at).toBeNull();
  });

  it("gives raw events their source, provider, expected time, withdrawal and container and terminal", () => {
    const loaded = raw.data.find((r) => r.attributes.event === "vessel_loaded")!;
    expect(loaded.attributes).toMatchObject({ data_source: "shipping_line", data_provider_code: "COSU", data_provider_name: "COSCO", will_occur_at: null, invalidated_at: null });
    expect(loaded.relationships.container.data).toEqual({ type: "container", id: container.id });
    expect(loaded.relationships.terminal.data).toBeNull();
    const estimate = raw.data.find((r) => r.attributes.event === "arrived_at_destination")!;
    // Reported in the first snapshot only: withdrawn when the second one came without it.
    expect(estimate.attributes).toMatchObject({ estimated: true, will_occur_at: "2026-12-19T18:00:00Z", invalidated_at: wire(secondAt), created_at: wire(firstAt) });
    expect(estimate.relationships.terminal.data).toEqual(container.relationships.pickup_facility.data);
  });

  it("includes the location ports of raw events by default, each with its id and terminals", () => {
    const ports = raw.included.filter((r) => r.type === "port");
    expect(ports.map((p) => p.attributes.code).sort()).toEqual(["CNSHA", "USCHI"]);
    for (const port of ports) {
      expect(port.attributes.id).toBe(port.id);
      expect(Array.isArray(port.relationships.terminals.data)).toBe(true);
    }
  });
});

describe("attributes filled by the simulated carrier (TEST-TR-RAIL)", () => {
  it("tracks a rail move: the inland ramp as pickup facility, the rail's deadline, the first estimates kept", async () => {
    const created = await h.request("POST", "/v2/tracking_requests", { body: { data: { type: "tracking_request", attributes: { request_type: "bill_of_lading", request_number: "TEST-TR-RAIL", scac: "TEST" } } } });
    await h.tracker.refresh.runDue();
    const shipmentId = (await h.request("GET", `/v2/tracking_requests/${created.body.data.id}`)).body.data.relationships.tracked_object.data.id;
    const first = (await h.request("GET", `/v2/shipments/${shipmentId}`)).body.data.attributes;
    expect(first.destination_original_eta_at).toBe(first.destination_eta_at);
    expect(first.pol_original_etd_at).toBe(first.pol_etd_at);
    for (let i = 0; i < 100; i++) {
      h.clock.advance(12 * HOUR);
      await h.tracker.refresh.runDue();
    }
    const document = (await h.request("GET", `/v2/shipments/${shipmentId}?include=containers`)).body;
    expect(document.data.attributes.destination_original_eta_at).toBe(first.destination_original_eta_at);
    expect(document.data.attributes.destination_eta_at).not.toBe(first.destination_eta_at);
    const box: Resource = document.included.find((r: Resource) => r.type === "container");
    const events: Resource[] = (await h.request("GET", `/v2/containers/${box.id}/transport_events`)).body.data;
    const at = (name: string) => events.find((e) => e.attributes.event === `container.transport.${name}`)!;
    expect(box.attributes).toMatchObject({
      empty_out_at: at("empty_out").attributes.timestamp,
      pol_full_in_at: at("full_in").attributes.timestamp,
      pol_vessel_loaded_at: at("vessel_loaded").attributes.timestamp,
      pol_vessel_departed_at: at("vessel_departed").attributes.timestamp,
      delivered_at: null,
      ind_facility_lfd_on: box.attributes.import_deadlines.pickup_lfd_rail,
      ssl_lfd: box.attributes.import_deadlines.pickup_lfd_line,
      ind_facility_holds: [],
    });
    expect(box.attributes.ind_facility_lfd_on).toMatch(/Z$/);
    expect(box.attributes.rail_last_tracking_request_at).toMatch(/Z$/);
    expect(Array.isArray(box.attributes.ind_facility_fees)).toBe(true);
    expect(box.relationships.pickup_facility.data).toEqual(at("rail_unloaded").relationships.terminal.data);
    expect(box.relationships.pickup_facility.data).toMatchObject({ type: "rail_terminal" });
    for (const name of ["rail_arrived", "rail_unloaded", "arrived_at_inland_destination"]) {
      expect(at(name).attributes.data_source).toBe("shipping_line");
      expect(at(name).relationships.location.data).toMatchObject({ type: "metro_area" });
    }
    expect(events.every((e) => ["shipping_line", "terminal", "ais"].includes(e.attributes.data_source))).toBe(true);
    expect(at("vessel_loaded").relationships.source_event.data).toMatchObject({ type: "raw_event" });
  }, 60_000);
});

describe("reference data and definitions", () => {
  it("repeats a port's id among its attributes and links its terminals", async () => {
    const port = (await h.request("GET", "/v2/ports/USCHS")).body.data;
    expect(port.attributes).toMatchObject({ id: port.id, code: "USCHS" });
    expect(port.attributes).not.toHaveProperty("provided_data");
    const terminals = port.relationships.terminals.data as { type: string; id: string }[];
    expect(terminals.length).toBeGreaterThan(0);
    const terminal = (await h.request("GET", `/v2/terminals/${terminals[0]!.id}`)).body.data;
    expect(terminals[0]!.type).toBe("terminal");
    expect(terminal.attributes).toMatchObject({ id: terminal.id, provided_data: { pickup_lfd: true, pickup_lfd_notes: "", pod_full_out_chassis_number: false, empty_terminated_at: true, empty_terminated_at_notes: "" } });
  });

  it("gives shipping lines their tracking and contact pages and what they provide", async () => {
    const hapag = (await h.request("GET", "/v2/shipping_lines/HLCU")).body.data.attributes;
    expect(hapag.tracking_url).toContain("${BLNUM}");
    expect(hapag.contact_url).toMatch(/^https:\/\/www\.hapag-lloyd\.com\//);
    expect(hapag.provided_data).toMatchObject({ ssl_lfd: true, empty_terminated_at: true, empty_terminated_at_notes: "" });
    const test = (await h.request("GET", "/v2/shipping_lines/TEST")).body.data.attributes;
    expect(test).toMatchObject({ tracking_url: null, contact_url: null, container_number_tracking_support: false });
  });

  it("gives a custom field definition its template_id and its account and fields relationships", async () => {
    const created = await h.request("POST", "/v2/custom_field_definitions", { body: definitionDocument({ entity_type: "Container", api_slug: "seal_check", display_name: "Seal check", data_type: "short_text" }) });
    expect(created.status).toBe(201);
    const containerId = h.data.acme.containers[0]!.id;
    const value = await h.request("POST", `/v2/containers/${containerId}/custom_fields`, { body: valueDocument("seal_check", "ok") });
    expect(value.status).toBe(201);
    const definition = (await h.request("GET", `/v2/custom_field_definitions/${created.body.data.id}`)).body.data;
    expect(definition.attributes.template_id).toBeNull();
    expect(definition.relationships.account.data).toEqual({ type: "account", id: h.accounts.acme.id });
    // The values' linkage comes always, as live (include=fields adds the values themselves).
    expect(definition.relationships.fields).toEqual({ data: [{ type: "custom_field", id: value.body.data.id }] });
    const withFields = (await h.request("GET", `/v2/custom_field_definitions/${created.body.data.id}?include=fields`)).body;
    expect(withFields.data.relationships.fields.data).toEqual([{ type: "custom_field", id: value.body.data.id }]);
    expect(withFields.included.map((r: Resource) => [r.type, r.id])).toEqual([["custom_field", value.body.data.id]]);
  });
});
