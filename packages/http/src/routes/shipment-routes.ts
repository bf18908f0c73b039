import type { Documents, ShipmentListOptions, ShipmentUpdate } from "@bollard/core";
import { ShipmentFiltersSchema } from "@bollard/core/schemas";
import { type Context, Hono } from "hono";
import type { AppEnv } from "../app-env.js";
import { asOfQuery, booleanQuery, filterQuery, includeQuery, pageQuery, uuidParam } from "../request/query-params.js";
import { readInput, readResource } from "../request/request-body.js";
import { jsonApiText } from "../respond.js";

/** The shipment listing's filters in the query (`number`, `q`, `filter[tracking_stopped]`) as `session.shipments.list` takes them; 400 on a bad one. */
export function shipmentFilters(c: Context): Omit<ShipmentListOptions, "page" | "include"> {
  const filters = filterQuery(c, ShipmentFiltersSchema, { number: "number", q: "q" });
  const trackingStopped = booleanQuery(c, "filter[tracking_stopped]");
  return { ...filters, ...(trackingStopped !== undefined && { trackingStopped }) };
}

/**
 * `/v2/shipments` routes: each GET is the session's read written by `tracker.documents` (from the
 * read model's texts where they hold the answer), and so is the answer of each write (`PATCH`, stop
 * and resume tracking): the shipment as `GET /v2/shipments/{id}` reads it once the write committed.
 */
export function shipmentRoutes(documents: Documents): Hono<AppEnv> {
  const routes = new Hono<AppEnv>();
  routes.get("/shipments", async (c) => {
    const listing = { ...shipmentFilters(c), page: pageQuery(c) };
    return jsonApiText(c, 200, await documents.shipments(c.get("session"), listing, { include: includeQuery(c, "shipment"), requestUrl: c.req.url }));
  });
  routes.get("/shipments/:id", async (c) => {
    const id = uuidParam(c);
    const include = includeQuery(c, "shipment");
    const asOf = asOfQuery(c);
    return jsonApiText(c, 200, await documents.shipment(c.get("session"), id, { include, ...(asOf !== undefined && { asOf }), self: c.req.url }));
  });
  const written = async (c: Context<AppEnv>, id: string) => jsonApiText(c, 200, await documents.shipment(c.get("session"), id, { self: c.req.url }));
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
