import type { Session } from "@bollard/core";
import { z } from "zod";
import { containerView, ContainerViewSchema, eventView, EventViewSchema, shipmentView, ShipmentViewSchema } from "../record-views.js";
import { scanPages } from "../scan-pages.js";
import { defineTool } from "../tool-kit.js";
import { containerGuidance } from "./container-guidance.js";

const UUID = z.string().uuid();
const MAX_EVENTS = 100;

const TerminalSchema = z.object({ id: z.string(), name: z.string(), nickname: z.string().nullable(), firms_code: z.string().nullable(), city: z.string().nullable() });

/** `get_container`: one container with its shipment, terminal or events as asked. */
export const getContainer = defineTool({
  name: "get_container",
  title: "Get Container Details",
  access: "read",
  description:
    "Get a container by id: status, availability, last free day, holds, terminal fees as reported, dates at the port of discharge, " +
    "plus optional related data. _metadata says the container's state and what to present first. For the money at stake use get_container_demurrage.",
  input: {
    id: UUID.describe("The container's id (UUID), as search_container or list_containers give it"),
    include: z
      .array(z.enum(["shipment", "pod_terminal", "transport_events"]))
      .optional()
      .default(["shipment"])
      .describe("Related data: shipment (routing, BL, line), pod_terminal (terminal name), transport_events (the timeline, up to 100). Default: [shipment]"),
  },
  output: {
    container: ContainerViewSchema,
    shipment: ShipmentViewSchema.nullable(),
    pod_terminal: TerminalSchema.nullable(),
    transport_events: z.array(EventViewSchema).nullable(),
    _metadata: z.object({ container_state: z.string(), includes_loaded: z.array(z.string()), presentation_guidance: z.string(), missing_data: z.array(z.string()) }),
  },
  async run({ id, include }, { session }) {
    const container = await session.containers.get(id, { include: ["shipment", "pod_terminal"] });
    const events = include.includes("transport_events") ? (await session.containers.transportEvents(id, { page: { number: 1, size: MAX_EVENTS } })).data : null;
    const terminal = container.pod_terminal;
    const guidance = containerGuidance(container);
    return {
      container: containerView(container),
      shipment: include.includes("shipment") && container.shipment ? shipmentView(container.shipment) : null,
      pod_terminal: include.includes("pod_terminal") && terminal ? { id: terminal.id, name: terminal.name, nickname: terminal.nickname, firms_code: terminal.firms_code, city: terminal.city } : null,
      transport_events: events?.map(eventView) ?? null,
      _metadata: { container_state: guidance.state, includes_loaded: include, presentation_guidance: guidance.guidance, missing_data: guidance.missing },
    };
  },
});

const CATEGORY_OF: [RegExp, string][] = [
  [/\.(vessel|transshipment|feeder)_/, "vessel_events"],
  [/\.rail_/, "rail_events"],
  [/\.(empty_out|full_in|full_out|empty_in|available|not_available)$/, "terminal_events"],
  [/\.(arrived_at_inland_destination|delivered)$/, "inland_events"],
  [/lfd|appointment/, "date_changes"],
];

const MILESTONES = {
  empty_out_at: "container.transport.empty_out",
  full_in_at: "container.transport.full_in",
  vessel_loaded_at: "container.transport.vessel_loaded",
  vessel_departed_at: "container.transport.vessel_departed",
  vessel_arrived_at: "container.transport.vessel_arrived",
  discharged_at: "container.transport.vessel_discharged",
  rail_loaded_at: "container.transport.rail_loaded",
  rail_departed_at: "container.transport.rail_departed",
  rail_arrived_at: "container.transport.rail_arrived",
  full_out_at: "container.transport.full_out",
  delivered_at: "container.transport.delivered",
  empty_returned_at: "container.transport.empty_in",
} as const;

/** Every transport event of a container (up to 1,000), oldest first. */
async function allEvents(session: Session, id: string) {
  return scanPages((page) => session.containers.transportEvents(id, { page }));
}

/** `get_container_transport_events`: a container's timeline, categories and milestones. */
export const getContainerTransportEvents = defineTool({
  name: "get_container_transport_events",
  title: "Get Container Transport Events",
  access: "read",
  description:
    "Get a container's transport event timeline (vessel loaded, departed, arrived, discharged, rail moves, delivery), ordered by time, " +
    "with counts by category and the first actual time of each milestone. Estimated events are marked. For journey and \"what happened\" questions.",
  input: { id: UUID.describe("The container's id (UUID)") },
  output: {
    container_id: z.string(),
    total_events: z.number().int(),
    event_categories: z.record(z.string(), z.number().int()),
    timeline: z.array(EventViewSchema),
    timeline_truncated: z.boolean().describe("True when only the latest 100 events are listed"),
    milestones: z.record(z.string(), z.string().nullable()),
    note: z.string(),
  },
  async run({ id }, { session }) {
    await session.containers.get(id); // 404 for an unknown id, before an empty list could look like an answer
    const { items } = await allEvents(session, id);
    const categories: Record<string, number> = {};
    for (const event of items) {
      const category = CATEGORY_OF.find(([pattern]) => pattern.test(event.event))?.[1] ?? "other_events";
      categories[category] = (categories[category] ?? 0) + 1;
    }
    const milestones = Object.fromEntries(Object.entries(MILESTONES).map(([key, name]) => [key, items.find((event) => event.event === name && event.timestamp !== null)?.timestamp ?? null]));
    const timeline = items.slice(-MAX_EVENTS).map(eventView);
    return {
      container_id: id,
      total_events: items.length,
      event_categories: categories,
      timeline,
      timeline_truncated: items.length > MAX_EVENTS,
      milestones,
      note: items.length === 0 ? "Bollard holds no transport events for this container yet." : "Milestones are the first actual (not estimated) time of each; null where Bollard has no such event.",
    };
  },
});

const VesselSchema = z.object({ name: z.string().nullable(), imo: z.string().nullable() }).nullable();
const LegSchema = z.object({ mode: z.string().nullable(), eta: z.string().nullable(), ata: z.string().nullable(), etd: z.string().nullable(), atd: z.string().nullable(), vessel: VesselSchema, voyage_number: z.string().nullable() });

/** `get_container_route`: the ports a container calls at, with vessels and times, from its events. */
export const getContainerRoute = defineTool({
  name: "get_container_route",
  title: "Get Container Route",
  access: "read",
  description:
    "Get a container's routing: port of lading → transshipment ports → port of discharge, each with inbound and outbound vessel, " +
    "estimated and actual times, built from the vessel events Bollard holds (no paid feature: every account has it).",
  input: { id: UUID.describe("The container's id (UUID)") },
  output: {
    container_id: z.string(),
    total_legs: z.number().int(),
    route_locations: z.array(z.object({ port: z.object({ code: z.string().nullable(), name: z.string().nullable() }), inbound: LegSchema, outbound: LegSchema })),
    note: z.string(),
  },
  async run({ id }, { session }) {
    await session.containers.get(id);
    const { items } = await scanPages((page) => session.containers.transportEvents(id, { include: ["vessel", "location"], page }));
    const stops = new Map<string, { port: { code: string | null; name: string | null }; inbound: z.infer<typeof LegSchema>; outbound: z.infer<typeof LegSchema> }>();
    const emptyLeg = (): z.infer<typeof LegSchema> => ({ mode: null, eta: null, ata: null, etd: null, atd: null, vessel: null, voyage_number: null });
    for (const event of items) {
      const kind = /\.(vessel|transshipment|feeder)_(loaded|departed|arrived|discharged|berthed)$/.exec(event.event);
      if (!kind || event.location_locode === null) continue;
      const stop = stops.get(event.location_locode) ?? { port: { code: event.location_locode, name: event.location?.name ?? null }, inbound: emptyLeg(), outbound: emptyLeg() };
      stops.set(event.location_locode, stop);
      const inbound = kind[2] === "arrived" || kind[2] === "discharged" || kind[2] === "berthed";
      const leg = inbound ? stop.inbound : stop.outbound;
      leg.mode = kind[1] === "feeder" ? "feeder" : "vessel";
      if (event.vessel) leg.vessel = { name: event.vessel.name, imo: event.vessel.imo };
      leg.voyage_number ??= event.voyage_number;
      const estimated = event.event.includes(".estimated.");
      if (inbound && kind[2] === "arrived") leg[estimated ? "eta" : "ata"] = event.timestamp;
      if (!inbound && kind[2] === "departed") leg[estimated ? "etd" : "atd"] = event.timestamp;
    }
    const route = [...stops.values()];
    return {
      container_id: id,
      total_legs: Math.max(0, route.length - 1),
      route_locations: route,
      note: route.length === 0 ? "Bollard holds no vessel events for this container yet: no route to show. get_shipment_details has the planned ports." : "Ports in the order Bollard saw them; times are null where no event reports them.",
    };
  },
});
