import type { ShipmentUpdate } from "@bollard/core";
import { documentInclude, listDocument, resourceDocument, shipmentDocumentText, type RenderedReads } from "@bollard/core/jsonapi";
import { ShipmentFiltersSchema } from "@bollard/core/schemas";
import { Hono } from "hono";
import type { AppEnv } from "../app-env.js";
import { asOfQuery, booleanQuery, filterQuery, includeQuery, pageQuery, uuidParam } from "../request/query-params.js";
import { readInput, readResource } from "../request/request-body.js";
import { jsonApi, jsonApiText } from "../respond.js";

/**
 * `/v2/shipments` routes. `GET /v2/shipments/{id}` (the hottest read) is spliced from rendered
 * records, except with `as_of`, which reads the shipment as it was (see `ShipmentService.get`).
 */
export function shipmentRoutes(rendered: RenderedReads): Hono<AppEnv> {
  const routes = new Hono<AppEnv>();
  const withLinkage = documentInclude<"shipment">;
  routes.get("/shipments", async (c) => {
    const include = includeQuery(c, "shipment");
    const filters = filterQuery(c, ShipmentFiltersSchema, { number: "number", q: "q" });
    const trackingStopped = booleanQuery(c, "filter[tracking_stopped]");
    const result = await c.get("session").shipments.list({ ...filters, ...(trackingStopped !== undefined && { trackingStopped }), page: pageQuery(c), include: withLinkage("shipment", include) });
    return jsonApi(c, 200, listDocument("shipment", result, { include, requestUrl: c.req.url }));
  });
  routes.get("/shipments/:id", async (c) => {
    const id = uuidParam(c);
    const include = includeQuery(c, "shipment");
    const asOf = asOfQuery(c);
    if (asOf === undefined && include.every((path) => path === "containers")) {
      const shipment = await rendered.shipment(c.get("session"), id, { withEvents: include.length > 0 });
      return jsonApiText(c, 200, shipmentDocumentText(shipment, { includeContainers: include.length > 0, self: c.req.url }));
    }
    const shipment = await c.get("session").shipments.get(id, { include: withLinkage("shipment", include), ...(asOf !== undefined && { asOf }) });
    return jsonApi(c, 200, resourceDocument("shipment", shipment, { include, self: c.req.url }));
  });
  routes.patch("/shipments/:id", async (c) => {
    const id = uuidParam(c);
    const shipment = await c.get("session").shipments.update(id, await readInput<ShipmentUpdate>(c), { include: withLinkage("shipment", []) });
    return jsonApi(c, 200, resourceDocument("shipment", shipment, { self: c.req.url }));
  });
  // The official SDK sends {data:{type,id}}; the body is optional and ignored.
  for (const [path, change] of [
    ["stop_tracking", "stopTracking"],
    ["resume_tracking", "resumeTracking"],
  ] as const) {
    routes.patch(`/shipments/:id/${path}`, async (c) => {
      const id = uuidParam(c);
      await readResource(c, { optional: true });
      const shipment = await c.get("session").shipments[change](id, { include: withLinkage("shipment", []) });
      return jsonApi(c, 200, resourceDocument("shipment", shipment, { self: c.req.url }));
    });
  }
  return routes;
}
