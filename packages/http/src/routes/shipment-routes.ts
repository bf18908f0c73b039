import type { ShipmentUpdate } from "@bollard/core";
import { documentInclude, listDocument, resourceDocument, shipmentDocumentText, shipmentListText, type RenderedReads } from "@bollard/core/jsonapi";
import { ShipmentFiltersSchema } from "@bollard/core/schemas";
import { type Context, Hono } from "hono";
import type { AppEnv } from "../app-env.js";
import { asOfQuery, booleanQuery, filterQuery, includeQuery, pageQuery, uuidParam } from "../request/query-params.js";
import { readInput, readResource } from "../request/request-body.js";
import { jsonApiText } from "../respond.js";

/**
 * `/v2/shipments` routes. `GET /v2/shipments/{id}` (the hottest read) and the listing, with or
 * without `include=containers`, are spliced from rendered records, and so is the answer of each
 * write (`PATCH`, stop and resume tracking); `as_of` reads the shipment as it was (see
 * `ShipmentService.get`), and other includes read the records.
 */
export function shipmentRoutes(rendered: RenderedReads): Hono<AppEnv> {
  const routes = new Hono<AppEnv>();
  const withLinkage = documentInclude<"shipment">;
  routes.get("/shipments", async (c) => {
    const include = includeQuery(c, "shipment");
    const filters = filterQuery(c, ShipmentFiltersSchema, { number: "number", q: "q" });
    const trackingStopped = booleanQuery(c, "filter[tracking_stopped]");
    const listing = { ...filters, ...(trackingStopped !== undefined && { trackingStopped }), page: pageQuery(c) };
    if (include.every((path) => path === "containers")) {
      const includeContainers = include.length > 0;
      const session = c.get("session");
      const page = await rendered.shipments(session.principal.account.id, await session.shipments.list(listing), { includeContainers });
      return jsonApiText(c, 200, shipmentListText(page, { includeContainers, requestUrl: c.req.url }));
    }
    const result = await c.get("session").shipments.list({ ...listing, include: withLinkage("shipment", include) });
    return jsonApiText(c, 200, listDocument("shipment", result, { include, requestUrl: c.req.url }));
  });
  routes.get("/shipments/:id", async (c) => {
    const id = uuidParam(c);
    const include = includeQuery(c, "shipment");
    const asOf = asOfQuery(c);
    if (asOf === undefined && include.every((path) => path === "containers")) {
      const shipment = await rendered.shipment(c.get("session").principal.account.id, id, { includeContainers: include.length > 0 });
      return jsonApiText(c, 200, shipmentDocumentText(shipment, { includeContainers: include.length > 0, self: c.req.url }));
    }
    const shipment = await c.get("session").shipments.get(id, { include: withLinkage("shipment", include), ...(asOf !== undefined && { asOf }) });
    return jsonApiText(c, 200, resourceDocument("shipment", shipment, { include, self: c.req.url }));
  });
  /**
   * A write's answer: the shipment as GET /v2/shipments/{id} reads it once the write committed,
   * spliced from its stored rendering like that GET (the containers' linkage is then ids read from
   * their rows, not whole containers read and serialized again).
   */
  const written = async (c: Context<AppEnv>, id: string) => jsonApiText(c, 200, shipmentDocumentText(await rendered.shipment(c.get("session").principal.account.id, id), { includeContainers: false, self: c.req.url }));
  routes.patch("/shipments/:id", async (c) => {
    const id = uuidParam(c);
    await c.get("session").shipments.update(id, await readInput<ShipmentUpdate>(c));
    return written(c, id);
  });
  // The official SDK sends {data:{type,id}}; the body is optional and ignored.
  for (const [path, change] of [
    ["stop_tracking", "stopTracking"],
    ["resume_tracking", "resumeTracking"],
  ] as const) {
    routes.patch(`/shipments/:id/${path}`, async (c) => {
      const id = uuidParam(c);
      await readResource(c, { optional: true });
      await c.get("session").shipments[change](id);
      return written(c, id);
    });
  }
  return routes;
}
