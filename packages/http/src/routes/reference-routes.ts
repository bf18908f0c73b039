import { documentInclude, listDocument, resourceDocument } from "@bollard/core/jsonapi";
import { ShippingLineFiltersSchema } from "@bollard/core/schemas";
import { Hono } from "hono";
import type { AppEnv } from "../app-env.js";
import { filterQuery, includeQuery, pageQuery } from "../request/query-params.js";
import { jsonApiText } from "../respond.js";

/** Reference data routes: ports and metro areas (by id or UN/LOCODE), terminals, shipping lines. */
export function referenceRoutes(): Hono<AppEnv> {
  const routes = new Hono<AppEnv>();
  routes.get("/ports/:id", async (c) => {
    const include = includeQuery(c, "port");
    const port = await c.get("session").reference.port(c.req.param("id"), { include: documentInclude("port", include) });
    return jsonApiText(c, 200, resourceDocument("port", port, { include, self: c.req.url }));
  });
  routes.get("/terminals/:id", async (c) => {
    const include = includeQuery(c, "terminal");
    const terminal = await c.get("session").reference.terminal(c.req.param("id"), { include: documentInclude("terminal", include) });
    return jsonApiText(c, 200, resourceDocument("terminal", terminal, { include, self: c.req.url }));
  });
  routes.get("/metro_areas/:id", async (c) => {
    includeQuery(c, "metro_area");
    return jsonApiText(c, 200, resourceDocument("metro_area", await c.get("session").reference.metroArea(c.req.param("id")), { self: c.req.url }));
  });
  routes.get("/shipping_lines", async (c) => {
    includeQuery(c, "shipping_line");
    const filters = filterQuery(c, ShippingLineFiltersSchema, { search: "search" });
    const result = await c.get("session").reference.shippingLines({ ...filters, page: pageQuery(c) });
    return jsonApiText(c, 200, listDocument("shipping_line", result, { requestUrl: c.req.url }));
  });
  return routes;
}
