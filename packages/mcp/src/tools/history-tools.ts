import { z } from "zod";
import { containerView, ContainerViewSchema, shipmentView, ShipmentViewSchema } from "../record-views.js";
import { defineTool, pageArgs, pageMeta, PageMetaSchema } from "../tool-kit.js";

const Resource = z.enum(["shipment", "container"]).describe("What the id is: shipment or container");

/** `get_history`: every change Bollard learned about a shipment or container, newest first. */
export const getHistory = defineTool({
  name: "get_history",
  title: "Get Change History",
  access: "read",
  description: "List the changes Bollard learned about a shipment or a container, newest first: attribute, before, after, source (carrier, terminal, user, …) and when it was learned. For \"when did the ETA change\" questions.",
  input: { resource: Resource, id: z.string().uuid(), attribute: z.string().max(100).optional().describe("Only changes of this attribute, e.g. pod_eta_at (filters the page read)"), ...pageArgs(30, 50) },
  output: {
    changes: z.array(z.object({ attribute: z.string(), before: z.unknown(), after: z.unknown(), source: z.string(), learned_at: z.string() })),
    meta: PageMetaSchema,
    note: z.string(),
  },
  async run({ resource, id, attribute, page = 1, page_size: size = 30 }, { session }) {
    const service = resource === "shipment" ? session.shipments : session.containers;
    const result = await service.changes(id, { page: { number: page, size } });
    const changes = result.data.filter((change) => !attribute || change.attribute === attribute);
    const summarise = (value: unknown) => (typeof value === "string" || typeof value === "number" || typeof value === "boolean" || value === null ? value : JSON.stringify(value).slice(0, 500));
    return {
      changes: changes.map((change) => ({ attribute: change.attribute, before: summarise(change.before), after: summarise(change.after), source: change.source, learned_at: change.learned_at })),
      meta: pageMeta(page, size, result.total),
      note: result.total === 0 ? `Bollard has recorded no change to this ${resource} since it was created.` : attribute ? `${changes.length} of this page's ${result.data.length} changes are to ${attribute}.` : `${result.total} changes in all.`,
    };
  },
});

/** `get_as_of`: a shipment or container as Bollard knew it at an instant. */
export const getAsOf = defineTool({
  name: "get_as_of",
  title: "Read As Of",
  access: "read",
  description: "Read a shipment or container as Bollard knew it at a past instant (every change learned later undone): \"what did we know on Monday\". Answers with the record then and now side by side.",
  input: { resource: Resource, id: z.string().uuid(), as_of: z.string().describe("The instant, ISO 8601 (e.g. 2026-03-02T08:00:00Z)") },
  output: {
    as_of: z.string(),
    existed: z.boolean(),
    shipment_then: ShipmentViewSchema.nullable(),
    shipment_now: ShipmentViewSchema.nullable(),
    container_then: ContainerViewSchema.nullable(),
    container_now: ContainerViewSchema.nullable(),
    note: z.string(),
  },
  async run({ resource, id, as_of: asOf }, { session }) {
    const empty = { shipment_then: null, shipment_now: null, container_then: null, container_now: null };
    const then = await (resource === "shipment" ? session.shipments.get(id, { asOf }) : session.containers.get(id, { asOf })).catch((error: unknown) => {
      if ((error as { code?: string }).code === "not_found") return null;
      throw error;
    });
    if (resource === "shipment") {
      const now = await session.shipments.get(id);
      const result = { as_of: asOf, existed: then !== null, ...empty, shipment_then: then ? shipmentView(then as typeof now) : null, shipment_now: shipmentView(now) };
      return { ...result, note: then ? "shipment_then is what Bollard knew at as_of." : "The shipment did not exist in Bollard yet at as_of." };
    }
    const now = await session.containers.get(id);
    return { as_of: asOf, existed: then !== null, ...empty, container_then: then ? containerView(then as typeof now) : null, container_now: containerView(now), note: then ? "container_then is what Bollard knew at as_of." : "The container did not exist in Bollard yet at as_of." };
  },
});
