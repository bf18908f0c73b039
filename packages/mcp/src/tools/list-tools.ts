import type { Container, Shipment } from "@bollard/core";
import { z } from "zod";
import { containerView, ContainerViewSchema, SHIPMENT_STATUSES, shipmentStatus, shipmentView, ShipmentViewSchema } from "../record-views.js";
import { pageOf, scanPages, SCAN_LIMIT } from "../scan-pages.js";
import { defineTool, pageArgs, pageMeta, PageMetaSchema } from "../tool-kit.js";

const MAX_PAGE = 50;
const Timestamp = z.string().refine((value) => !Number.isNaN(Date.parse(value)), "must be an ISO 8601 date or date-time");

const filtersNote = (complete: boolean, total: number) => (complete ? "" : ` Only the newest ${SCAN_LIMIT} of ${total} records were filtered: narrow the question.`);

/** `list_shipments`: shipments, filtered by status, port, carrier and update time. */
export const listShipments = defineTool({
  name: "list_shipments",
  title: "List Shipments",
  access: "read",
  description:
    "List shipments, newest first, with optional filters (status, port of discharge, carrier, updated after) and pagination. " +
    `Status is derived from the dates Bollard holds: ${SHIPMENT_STATUSES.join(", ")}.`,
  input: {
    status: z.string().optional().describe(`Filter by shipment status: ${SHIPMENT_STATUSES.join(" | ")}`),
    port: z.string().optional().describe("Filter by port of discharge UN/LOCODE, e.g. USLAX"),
    carrier: z.string().optional().describe("Filter by shipping line SCAC"),
    updated_after: Timestamp.optional().describe("Only shipments updated at or after this instant (ISO 8601)"),
    include_containers: z.boolean().optional().describe("Include each shipment's container numbers. Default: true"),
    ...pageArgs(20, MAX_PAGE),
  },
  output: {
    items: z.array(ShipmentViewSchema.extend({ container_numbers: z.array(z.string()).nullable() })),
    meta: PageMetaSchema,
    note: z.string(),
  },
  async run(args, { session }) {
    const page = args.page ?? 1;
    const size = args.page_size ?? 20;
    const withContainers = args.include_containers ?? true;
    const filtered = Boolean(args.status || args.port || args.carrier || args.updated_after);
    let rows: (Shipment & { containers: Container[] })[];
    let total: number;
    let note = "";
    if (!filtered) {
      const result = await session.shipments.list({ include: ["containers"], page: { number: page, size } });
      rows = result.data;
      total = result.total;
    } else {
      const scan = await scanPages((p) => session.shipments.list({ include: ["containers"], page: p }));
      const after = args.updated_after ? Date.parse(args.updated_after) : null;
      const matching = scan.items.filter(
        (shipment) =>
          (!args.status || shipmentStatus(shipment) === args.status.trim().toLowerCase()) &&
          (!args.port || shipment.port_of_discharge_locode === args.port.trim().toUpperCase()) &&
          (!args.carrier || shipment.shipping_line_scac === args.carrier.trim().toUpperCase()) &&
          (after === null || Date.parse(shipment.updated_at) >= after),
      );
      rows = pageOf(matching, page, size);
      total = matching.length;
      note = filtersNote(scan.complete, scan.total);
    }
    return {
      items: rows.map((shipment) => ({ ...shipmentView(shipment), container_numbers: withContainers ? shipment.containers.map((c) => c.number) : null })),
      meta: pageMeta(page, size, total),
      note: `${total} shipment${total === 1 ? "" : "s"} match.${note}`,
    };
  },
});

/** `list_containers`: containers, filtered by status, port, carrier and update time. */
export const listContainers = defineTool({
  name: "list_containers",
  title: "List Containers",
  access: "read",
  description:
    "List containers with optional filters (current status such as available or on_ship, port of discharge, carrier, updated after) and pagination. " +
    "For terminal dashboards, \"what is arriving\" and triage.",
  input: {
    status: z.string().optional().describe("Filter by container status (current_status): new, on_ship, available, not_available, grounded, on_rail, picked_up, off_dock, delivered, dropped, loaded, empty_returned, awaiting_inland_transfer; comma-separated for any of them"),
    port: z.string().optional().describe("Filter by port of discharge UN/LOCODE"),
    carrier: z.string().optional().describe("Filter by shipping line SCAC"),
    updated_after: Timestamp.optional().describe("Only containers updated at or after this instant (ISO 8601)"),
    include: z.string().optional().describe("Comma-separated include list: shipment (adds BL, carrier and port of discharge)"),
    ...pageArgs(20, MAX_PAGE),
  },
  output: {
    items: z.array(ContainerViewSchema.extend({ shipment: z.object({ bill_of_lading_number: z.string(), shipping_line_scac: z.string(), port_of_discharge_locode: z.string().nullable() }).nullable() })),
    meta: PageMetaSchema,
    note: z.string(),
  },
  async run(args, { session }) {
    const page = args.page ?? 1;
    const size = args.page_size ?? 20;
    const includes = (args.include ?? "").split(",").map((name) => name.trim()).filter(Boolean);
    const unknown = includes.find((name) => name !== "shipment" && name !== "pod_terminal");
    if (unknown) throw new Error(`include takes shipment or pod_terminal, not "${unknown.slice(0, 40)}"`);
    // The status is the storage's own filter (`filter[current_status]`); the others are read through.
    const currentStatus = args.status ? args.status.trim().toLowerCase() : undefined;
    const filtered = Boolean(args.port || args.carrier || args.updated_after);
    let rows: (Container & { shipment: Shipment | null })[];
    let total: number;
    let note = "";
    if (!filtered) {
      const result = await session.containers.list({ include: ["shipment"], page: { number: page, size }, ...(currentStatus && { currentStatus }) });
      rows = result.data;
      total = result.total;
    } else {
      const scan = await scanPages((p) => session.containers.list({ include: ["shipment"], page: p, ...(currentStatus && { currentStatus }) }));
      const after = args.updated_after ? Date.parse(args.updated_after) : null;
      const matching = scan.items.filter(
        (container) =>
          (!args.port || container.shipment?.port_of_discharge_locode === args.port.trim().toUpperCase()) &&
          (!args.carrier || container.shipment?.shipping_line_scac === args.carrier.trim().toUpperCase()) &&
          (after === null || Date.parse(container.updated_at) >= after),
      );
      rows = pageOf(matching, page, size);
      total = matching.length;
      note = filtersNote(scan.complete, scan.total);
    }
    return {
      items: rows.map((container) => ({
        ...containerView(container),
        shipment: includes.includes("shipment") && container.shipment ? { bill_of_lading_number: container.shipment.bill_of_lading_number, shipping_line_scac: container.shipment.shipping_line_scac, port_of_discharge_locode: container.shipment.port_of_discharge_locode } : null,
      })),
      meta: pageMeta(page, size, total),
      note: `${total} container${total === 1 ? "" : "s"} match.${note}`,
    };
  },
});

const TrackingRequestViewSchema = z.object({ id: z.string(), request_number: z.string(), request_type: z.string(), scac: z.string().nullable(), status: z.string(), failed_reason: z.string().nullable(), is_retrying: z.boolean(), shipment_id: z.string().nullable(), ref_numbers: z.array(z.string()), created_at: z.string(), updated_at: z.string() });

const FILTER_KEYS: Record<string, "status" | "scac" | "requestNumber" | "q" | "request_type"> = {
  "filter[status]": "status",
  "filter[scac]": "scac",
  "filter[request_number]": "requestNumber",
  "filter[request_type]": "request_type",
  q: "q",
};

/** `list_tracking_requests`: tracking requests, newest first, to monitor intake and failures. */
export const listTrackingRequests = defineTool({
  name: "list_tracking_requests",
  title: "List Tracking Requests",
  access: "read",
  description: "List tracking requests, newest first, with optional filters (status: pending, awaiting_manifest, created, failed, tracking_stopped; request_type) and pagination. For monitoring intake and failures.",
  input: {
    filters: z.record(z.string(), z.string()).optional().describe("Raw query filters: filter[status], filter[scac], filter[request_number], filter[request_type], q"),
    status: z.string().optional().describe("Filter by request status (filter[status])"),
    request_type: z.string().optional().describe("Filter by request type: bill_of_lading, booking_number or container"),
    ...pageArgs(20, MAX_PAGE),
  },
  output: {
    items: z.array(TrackingRequestViewSchema),
    meta: PageMetaSchema,
    note: z.string(),
  },
  async run(args, { session }) {
    const page = args.page ?? 1;
    const size = args.page_size ?? 20;
    const options: { status?: string; scac?: string; requestNumber?: string; q?: string } = {};
    let requestType = args.request_type;
    for (const [key, value] of Object.entries(args.filters ?? {})) {
      const option = FILTER_KEYS[key];
      if (!option) throw new Error(`Unknown filter "${key.slice(0, 40)}": use ${Object.keys(FILTER_KEYS).join(", ")}`);
      if (option === "request_type") requestType = value;
      else options[option] = value;
    }
    if (args.status) options.status = args.status;
    const sdkOptions = options as Parameters<typeof session.trackingRequests.list>[0];
    let rows;
    let total: number;
    let note = "";
    if (!requestType) {
      const result = await session.trackingRequests.list({ ...sdkOptions, page: { number: page, size } });
      rows = result.data;
      total = result.total;
    } else {
      const scan = await scanPages((p) => session.trackingRequests.list({ ...sdkOptions, page: p }));
      const matching = scan.items.filter((request) => request.request_type === requestType!.trim().toLowerCase());
      rows = pageOf(matching, page, size);
      total = matching.length;
      note = filtersNote(scan.complete, scan.total);
    }
    return {
      items: rows.map((request) => ({ id: request.id, request_number: request.request_number, request_type: request.request_type, scac: request.scac, status: request.status, failed_reason: request.failed_reason, is_retrying: request.is_retrying, shipment_id: request.tracked_object_id, ref_numbers: request.ref_numbers, created_at: request.created_at, updated_at: request.updated_at })),
      meta: pageMeta(page, size, total),
      note: `${total} tracking request${total === 1 ? "" : "s"} match.${note}`,
    };
  },
});
