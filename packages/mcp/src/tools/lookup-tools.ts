import { z } from "zod";
import { containerView, ContainerViewSchema } from "../record-views.js";
import { defineTool } from "../tool-kit.js";

const MAX_HITS = 25;

/** `search_container`: containers and shipments by container number, bill of lading, booking or reference number. */
export const searchContainer = defineTool({
  name: "search_container",
  title: "Search Containers",
  access: "read",
  description:
    "Search for containers and shipments by container number, booking number, bill of lading or reference number " +
    "(exact container numbers; bills of lading, reference and container numbers containing the query). The fastest way to find an id " +
    "for get_container or get_shipment_details. Examples: MSCU1234566, MAEU123456789, PO-1042.",
  input: {
    query: z.string().min(1).max(100).describe("A container number, booking number, BL number or reference number"),
  },
  output: {
    containers: z.array(ContainerViewSchema.extend({ bill_of_lading_number: z.string().nullable(), shipping_line: z.string().nullable() })),
    shipments: z.array(z.object({ id: z.string(), bill_of_lading_number: z.string(), ref_numbers: z.array(z.string()), shipping_line: z.string().nullable(), container_count: z.number().int(), port_of_lading_name: z.string().nullable(), port_of_discharge_name: z.string().nullable(), tracking_stopped: z.boolean() })),
    total_results: z.number().int(),
    note: z.string(),
  },
  async run({ query }, { session }) {
    const hits = await session.search.search(query.trim());
    const shipments = hits.filter((hit) => hit.entity_type === "shipment").slice(0, MAX_HITS);
    const cargo = hits.filter((hit) => hit.entity_type === "cargo").slice(0, MAX_HITS);
    const containers = await Promise.all(cargo.map((hit) => session.containers.get(hit.id, { include: ["shipment"] })));
    return {
      containers: containers.map((container) => ({ ...containerView(container), bill_of_lading_number: container.shipment?.bill_of_lading_number ?? null, shipping_line: container.shipment?.shipping_line_scac ?? null })),
      shipments: shipments.map((hit) => ({ id: hit.id, bill_of_lading_number: hit.number, ref_numbers: hit.ref_numbers, shipping_line: hit.scac, container_count: hit.containers_count ?? 0, port_of_lading_name: hit.port_of_lading_name, port_of_discharge_name: hit.port_of_discharge_name, tracking_stopped: hit.tracking_stopped })),
      total_results: hits.length,
      note: hits.length === 0 ? `Nothing tracked in this account matches "${query}". track_container starts tracking it.` : `${hits.length} match${hits.length === 1 ? "" : "es"}${hits.length > 2 * MAX_HITS ? `; the first ${MAX_HITS} of each kind are listed` : ""}.`,
    };
  },
});

const CONTAINER_NUMBER = /^[A-Z]{4}\d{7}$/;
const NUMBER_TYPES = { container: "container", bill_of_lading: "bill_of_lading", bl: "bill_of_lading", "b/l": "bill_of_lading", booking: "booking_number", booking_number: "booking_number" } as const;

/** `track_container`: starts tracking a container, bill of lading or booking number (editor keys). */
export const trackContainer = defineTool({
  name: "track_container",
  title: "Track Container",
  access: "write",
  description:
    "Track a container, bill of lading or booking number. When the number is already tracked, returns its container; otherwise " +
    "creates a tracking request (type inferred from the number unless numberType is given; the carrier detected when scac is absent). " +
    "Bollard's refresh fetches the shipment: check back with list_tracking_requests or search_container.",
  input: {
    number: z.string().optional().describe("Container, bill of lading or booking number to track"),
    numberType: z.string().optional().describe("Optional override: container | bill_of_lading | booking_number"),
    containerNumber: z.string().optional().describe("Deprecated alias for number (container)"),
    bookingNumber: z.string().optional().describe("Deprecated alias for number (booking/BL)"),
    scac: z.string().optional().describe("Optional SCAC of the shipping line (e.g. MAEU for Maersk); detected from the number when absent"),
    refNumbers: z.array(z.string().max(100)).max(20).optional().describe("Optional reference numbers"),
  },
  output: {
    tracking_request_created: z.boolean(),
    container: ContainerViewSchema.nullable(),
    tracking_request: z.object({ id: z.string(), request_number: z.string(), request_type: z.string(), scac: z.string().nullable(), status: z.string(), failed_reason: z.string().nullable() }).nullable(),
    message: z.string(),
  },
  async run(args, { session }) {
    const number = (args.number ?? args.containerNumber ?? args.bookingNumber ?? "").replace(/\s+/g, "").toUpperCase();
    if (number === "") throw new Error("Give number: the container, bill of lading or booking number to track");
    const given = (args.numberType ?? (args.containerNumber ? "container" : args.bookingNumber ? "booking_number" : "")).trim().toLowerCase();
    const requestType = given === "" ? (CONTAINER_NUMBER.test(number) ? "container" : "bill_of_lading") : NUMBER_TYPES[given as keyof typeof NUMBER_TYPES];
    if (!requestType) throw new Error(`numberType must be container, bill_of_lading or booking_number, not "${given.slice(0, 40)}"`);
    const existing = (await session.search.search(number)).find((hit) => hit.entity_type === "cargo" && hit.number === number);
    if (existing) {
      const container = await session.containers.get(existing.id);
      return { tracking_request_created: false, container: containerView(container), tracking_request: null, message: `${number} is already tracked: container ${container.id}, status ${container.current_status}.` };
    }
    const scac = args.scac?.trim().toUpperCase();
    const request = await session.trackingRequests.create({
      request_type: requestType,
      request_number: number,
      ...(scac ? { scac } : { auto_detect_vocc_scac: true }),
      ...(args.refNumbers && { ref_numbers: args.refNumbers }),
    } as Parameters<typeof session.trackingRequests.create>[0]);
    return {
      tracking_request_created: true,
      container: null,
      tracking_request: { id: request.id, request_number: request.request_number, request_type: request.request_type, scac: request.scac, status: request.status, failed_reason: request.failed_reason },
      message: `Tracking request ${request.id} created (${request.status}). No container is linked until the carrier answers: poll list_tracking_requests, then search_container ${number}.`,
    };
  },
});

/** `get_supported_shipping_lines`: the carriers Bollard knows, with their SCACs. */
export const getSupportedShippingLines = defineTool({
  name: "get_supported_shipping_lines",
  title: "Get Supported Shipping Lines",
  access: "read",
  description: "List the shipping lines (carriers) Bollard tracks, with SCAC codes and names. Use it to validate a carrier or look up a SCAC before track_container.",
  input: {
    search: z.string().max(100).optional().describe("Optional: filter by carrier name or SCAC"),
  },
  output: {
    total_lines: z.number().int(),
    shipping_lines: z.array(z.object({ scac: z.string(), name: z.string(), short_name: z.string(), bill_of_lading_tracking: z.boolean(), booking_number_tracking: z.boolean(), container_number_tracking: z.boolean() })),
    note: z.string(),
  },
  async run({ search }, { session }) {
    const lines = await session.reference.shippingLines({ ...(search?.trim() && { search: search.trim() }), page: { number: 1, size: 50 } });
    return {
      total_lines: lines.total,
      shipping_lines: lines.data.map((line) => ({ scac: line.scac, name: line.name, short_name: line.short_name, bill_of_lading_tracking: line.bill_of_lading_tracking_support, booking_number_tracking: line.booking_number_tracking_support, container_number_tracking: line.container_number_tracking_support })),
      note: lines.total > lines.data.length ? `The first ${lines.data.length} of ${lines.total}: give search to narrow.` : lines.total === 0 ? "No shipping line matches." : `${lines.total} shipping line${lines.total === 1 ? "" : "s"}.`,
    };
  },
});
