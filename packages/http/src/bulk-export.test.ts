import { CONTAINER_EXPORT_COLUMNS, EXPORT_PAGE_SIZE, readTable, SHIPMENT_EXPORT_COLUMNS, TRACKING_REQUEST_EXPORT_COLUMNS, TRANSPORT_EVENT_EXPORT_COLUMNS, type Storage, type Table } from "@bollard/core";
import { makeContainer } from "@bollard/core/testing";
import { memoryStorage } from "@bollard/storage-memory";
import { afterEach, describe, expect, it } from "vitest";
import { isCachedPath } from "./middleware/response-cache.js";
import { createHarness, type Harness } from "./testing/http-harness.js";
import { STORAGES } from "./testing/storages.js";

const cleanup: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const close of cleanup.splice(0)) await close();
});

const FORMATS = [
  ["csv", "text/csv; charset=utf-8", "csv"],
  ["xlsx", "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet", "xlsx"],
  ["ndjson", "application/x-ndjson", "json"],
] as const;
const WIRE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/;

/** Downloads an export: its status, headers and bytes. */
async function download(h: Harness, path: string, key = h.keys.editor) {
  const response = await h.app.request(path, { headers: { authorization: `Token ${key}` } });
  return { status: response.status, headers: response.headers, bytes: new Uint8Array(await response.arrayBuffer()) };
}

/** Downloads an export and reads it back as a table. */
async function exported(h: Harness, path: string, format: (typeof FORMATS)[number] = FORMATS[0], key = h.keys.editor): Promise<Table> {
  const separator = path.includes("?") ? "&" : "?";
  const { status, headers, bytes } = await download(h, `${path}${separator}format=${format[0]}`, key);
  expect(status, new TextDecoder().decode(bytes).slice(0, 300)).toBe(200);
  expect(headers.get("content-type")).toBe(format[1]);
  return readTable(bytes, format[2]);
}

/** The row of the record with this id. */
const rowOf = (table: Table, id: string) => table.rows.find((row) => row.values.id === id)?.values;

/** A listing's `meta.total`. */
async function total(h: Harness, path: string): Promise<number> {
  const response = await h.request("GET", `${path}${path.includes("?") ? "&" : "?"}page[size]=1`);
  expect(response.status).toBe(200);
  return response.body.meta.total as number;
}

/** Custom field definitions (a container one whose slug is a built-in column's name) and values on a known shipment and container. */
async function customFields(h: Harness) {
  const define = async (entity_type: string, api_slug: string, data_type: string) => {
    const response = await h.request("POST", "/v2/custom_field_definitions", { body: { data: { attributes: { entity_type, api_slug, display_name: api_slug, data_type } } } });
    expect(response.status, JSON.stringify(response.body)).toBe(201);
  };
  await define("Cargo", "seal_checked", "boolean");
  await define("Cargo", "number", "short_text");
  await define("Shipment", "po_number", "short_text");
  const shipment = h.data.acme.shipments[0]!;
  const container = h.data.acme.containers.find((c) => c.shipment_id === shipment.id)!;
  const set = async (path: string, api_slug: string, value: unknown) => expect((await h.request("POST", path, { body: { data: { attributes: { api_slug, value } } } })).status).toBe(201);
  await set(`/v2/shipments/${shipment.id}/custom_fields`, "po_number", "PO-77");
  await set(`/v2/containers/${container.id}/custom_fields`, "seal_checked", true);
  await set(`/v2/containers/${container.id}/custom_fields`, "number", "box seven");
  return { shipment, container };
}

describe.each(STORAGES)("exports over HTTP, %s storage", (_name, makeStorage) => {
  it("exports each listing as CSV, XLSX and NDJSON: stable columns, custom fields by api_slug, every row of the listing, the values the API shows", async () => {
    const h = await createHarness({ storage: makeStorage() });
    cleanup.push(() => h.tracker.close());
    const { shipment, container } = await customFields(h);
    const counts = {
      shipments: await total(h, "/v2/shipments"),
      containers: await total(h, "/v2/containers"),
      tracking_requests: await total(h, "/v2/tracking_requests"),
      transport_events: h.data.acme.transportEvents.length,
    };
    const headers = {
      shipments: [...SHIPMENT_EXPORT_COLUMNS.map((column) => column.name), "po_number"],
      containers: [...CONTAINER_EXPORT_COLUMNS.map((column) => column.name), "seal_checked", "custom_fields.number"],
      tracking_requests: TRACKING_REQUEST_EXPORT_COLUMNS.map((column) => column.name),
      transport_events: TRANSPORT_EVENT_EXPORT_COLUMNS.map((column) => column.name),
    };
    const shown = (await h.request("GET", `/v2/containers/${container.id}`)).body.data.attributes;
    const demurrage = (await h.request("GET", `/v2/containers/${container.id}/demurrage`)).body.data.attributes;
    for (const format of FORMATS) {
      const tables = {} as Record<keyof typeof counts, Table>;
      for (const resource of Object.keys(counts) as (keyof typeof counts)[]) {
        const table = (tables[resource] = await exported(h, `/v2/${resource}/export`, format));
        expect(table.columns, `${resource} ${format[0]}`).toStrictEqual(headers[resource]);
        expect(table.rows, `${resource} ${format[0]}`).toHaveLength(counts[resource]);
        expect(new Set(table.rows.map((row) => row.values.id)).size).toBe(counts[resource]);
      }
      const containerRow = rowOf(tables.containers, container.id)!;
      expect(containerRow).toMatchObject({
        number: container.number,
        shipment_id: shipment.id,
        bill_of_lading_number: shipment.bill_of_lading_number,
        shipping_line_scac: shipment.shipping_line_scac,
        current_status: shown.current_status,
        available_for_pickup: String(shown.available_for_pickup),
        seal_checked: "true",
        "custom_fields.number": "box seven",
      });
      for (const attribute of ["pod_arrived_at", "pod_discharged_at", "pickup_lfd", "pod_full_out_at", "empty_terminated_at"]) expect(containerRow[attribute], attribute).toBe(shown[attribute] ?? undefined);
      expect(containerRow.last_free_day).toBe(demurrage.last_free_day ?? undefined);
      expect(containerRow.ref_numbers).toBe(shown.ref_numbers.length > 0 ? shown.ref_numbers.join(", ") : undefined);
      const shipmentRow = rowOf(tables.shipments, shipment.id)!;
      expect(shipmentRow).toMatchObject({ bill_of_lading_number: shipment.bill_of_lading_number, containers: String(h.data.acme.containers.filter((c) => c.shipment_id === shipment.id).length), po_number: "PO-77" });
      expect(shipmentRow.pod_eta_at ?? null).toBe((await h.request("GET", `/v2/shipments/${shipment.id}`)).body.data.attributes.pod_eta_at);
      const request = h.data.acme.trackingRequests[0]!;
      expect(rowOf(tables.tracking_requests, request.id)).toMatchObject({ request_number: request.request_number, status: request.status, created_at: request.created_at.replace(/\.\d{3}Z$/, "Z") });
      const event = h.data.acme.transportEvents[0]!;
      expect(rowOf(tables.transport_events, event.id)).toMatchObject({ event: event.event, container_id: event.container_id, container_number: h.data.acme.containers.find((c) => c.id === event.container_id)!.number });
      for (const table of Object.values(tables)) {
        for (const row of table.rows) for (const [column, value] of Object.entries(row.values)) if (/_at$/.test(column)) expect(value, column).toMatch(WIRE_TIME);
      }
    }
  });

  it("answers a download: the writer's type, an attachment named by the date, no ETag, never kept by the response cache", async () => {
    const h = await createHarness({ storage: makeStorage() });
    cleanup.push(() => h.tracker.close());
    for (const [format, type, extension] of [...FORMATS.map(([f, t]) => [f, t, f] as const)]) {
      const first = await download(h, `/v2/containers/export?format=${format}`);
      expect(first.status).toBe(200);
      expect(first.headers.get("content-type")).toBe(type);
      expect(first.headers.get("content-disposition")).toBe(`attachment; filename="containers-2026-11-01.${extension}"`);
      expect(first.headers.get("etag")).toBeNull();
      expect(first.headers.get("cache-control")).toBe("no-store");
    }
    // ignoreBOM keeps the byte order mark Excel needs in the text.
    const csv = async () => new TextDecoder("utf-8", { ignoreBOM: true }).decode((await download(h, "/v2/shipments/export")).bytes);
    const before = await csv();
    expect(before.startsWith("\uFEFFid,bill_of_lading_number,")).toBe(true);
    const shipment = h.data.acme.shipments[0]!;
    expect((await h.request("PATCH", `/v2/shipments/${shipment.id}`, { body: { data: { attributes: { tags: ["exported-again"] } } } })).status).toBe(200);
    expect(await csv()).toContain("exported-again");
    for (const resource of ["shipments", "containers", "tracking_requests"]) expect(isCachedPath(`/v2/${resource}/export`)).toBe(false);
  });

  it("takes the listing's filters under the same names, refuses a bad one as the listing does, and a bad format with 400 on format", async () => {
    const h = await createHarness({ storage: makeStorage() });
    cleanup.push(() => h.tracker.close());
    const container = h.data.acme.containers[3]!;
    const one = await exported(h, `/v2/containers/export?filter[number]=${container.number.toLowerCase()}`);
    expect(one.rows.map((row) => row.values.id)).toStrictEqual([container.id]);
    const created = await exported(h, "/v2/tracking_requests/export?filter[status]=created");
    expect(created.rows).toHaveLength(await total(h, "/v2/tracking_requests?filter[status]=created"));
    expect(new Set(created.rows.map((row) => row.values.status))).toStrictEqual(new Set(["created"]));
    const stopped = await exported(h, "/v2/shipments/export?filter[tracking_stopped]=false");
    expect(stopped.rows).toHaveLength(await total(h, "/v2/shipments?filter[tracking_stopped]=false"));
    const bl = h.data.acme.shipments[2]!.bill_of_lading_number;
    expect((await exported(h, `/v2/shipments/export?q=${bl}`)).rows.map((row) => row.values.bill_of_lading_number)).toContain(bl);
    const events = await exported(h, `/v2/transport_events/export?filter[container_id]=${container.id}`, FORMATS[2]);
    expect(events.rows).toHaveLength(await total(h, `/v2/containers/${container.id}/transport_events`));
    expect(new Set(events.rows.map((row) => row.values.container_id))).toStrictEqual(new Set([container.id]));

    for (const [exportPath, listPath, parameter] of [
      ["/v2/tracking_requests/export?filter[status]=bogus", "/v2/tracking_requests?filter[status]=bogus", "filter[status]"],
      ["/v2/shipments/export?filter[tracking_stopped]=maybe", "/v2/shipments?filter[tracking_stopped]=maybe", "filter[tracking_stopped]"],
      ["/v2/transport_events/export?filter[shipment_id]=nope", "/v2/events?filter[shipment_id]=nope", "filter[shipment_id]"],
    ] as const) {
      const refused = await h.request("GET", exportPath);
      const listed = await h.request("GET", listPath);
      expect([refused.status, refused.body.errors[0].source]).toStrictEqual([400, { parameter }]);
      expect(refused.body.errors).toStrictEqual(listed.body.errors);
    }
    for (const resource of ["shipments", "containers", "tracking_requests", "transport_events"]) {
      const refused = await h.request("GET", `/v2/${resource}/export?format=pdf`);
      expect([refused.status, refused.body.errors[0].code, refused.body.errors[0].source]).toStrictEqual([400, "invalid_parameter", { parameter: "format" }]);
    }
  });

  it("exports only the session's account, for viewers too", async () => {
    const h = await createHarness({ storage: makeStorage() });
    cleanup.push(() => h.tracker.close());
    const ids = (dataset: typeof h.data.acme) => new Set([...dataset.shipments, ...dataset.containers, ...dataset.trackingRequests, ...dataset.transportEvents].map((record) => record.id));
    const [acme, globex] = [ids(h.data.acme), ids(h.data.globex)];
    for (const resource of ["shipments", "containers", "tracking_requests", "transport_events"]) {
      const mine = await exported(h, `/v2/${resource}/export`, FORMATS[2], h.keys.viewer);
      const theirs = await exported(h, `/v2/${resource}/export`, FORMATS[0], h.keys.other);
      expect(mine.rows.length).toBeGreaterThan(0);
      expect(mine.rows.every((row) => acme.has(row.values.id!))).toBe(true);
      expect(theirs.rows.every((row) => globex.has(row.values.id!))).toBe(true);
      const globexBytes = new TextDecoder().decode((await download(h, `/v2/${resource}/export`, h.keys.other)).bytes);
      for (const id of acme) expect(globexBytes).not.toContain(id);
    }
    // Another account's container named in a filter finds nothing.
    const foreign = h.data.acme.containers[0]!;
    expect((await exported(h, `/v2/transport_events/export?filter[container_id]=${foreign.id}`, FORMATS[0], h.keys.other)).rows).toStrictEqual([]);
    expect((await download(h, "/v2/containers/export", "bol_not-a-key")).status).toBe(401);
  });
});

describe("an export reads the storage as the stream is read", () => {
  it("reads containers EXPORT_PAGE_SIZE at a time, each page only when the stream needs its rows, and stops reading when the download is cancelled", async () => {
    const base = memoryStorage();
    let pages = 0;
    const storage: Storage = { ...base, containers: { ...base.containers, list: (accountId, query) => (pages++, base.containers.list(accountId, query)) } };
    const h = await createHarness({ storage });
    cleanup.push(() => h.tracker.close());
    const shipment = h.data.acme.shipments[0]!;
    for (let i = 0; i < 3 * EXPORT_PAGE_SIZE + 10; i++) await base.containers.insert(makeContainer(h.accounts.acme.id, shipment.id));
    const containers = 3 * EXPORT_PAGE_SIZE + 10 + h.data.acme.containers.length;

    pages = 0;
    const response = await h.app.request("/v2/containers/export", { headers: { authorization: `Token ${h.keys.viewer}` } });
    expect(response.status).toBe(200);
    // The first page was read to answer (its errors and total come before any byte); nothing more yet.
    expect(pages).toBe(1);
    const reader = response.body!.getReader();
    const decoder = new TextDecoder();
    let text = decoder.decode((await reader.read()).value, { stream: true });
    expect(pages).toBe(1);
    for (let next = await reader.read(); !next.done; next = await reader.read()) text += decoder.decode(next.value, { stream: true });
    expect(pages).toBe(Math.floor(containers / EXPORT_PAGE_SIZE) + 1);
    expect(text.trimEnd().split("\r\n")).toHaveLength(containers + 1);

    // A cancelled download reads no further page.
    pages = 0;
    const cancelled = await h.app.request("/v2/containers/export?format=ndjson", { headers: { authorization: `Token ${h.keys.viewer}` } });
    const partial = cancelled.body!.getReader();
    await partial.read();
    await partial.cancel();
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(pages).toBe(1);
  });
});
