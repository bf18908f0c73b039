import { listDocument, resourceDocument } from "@bollard/core";
import { Hono } from "hono";
import type { AppEnv } from "../app.js";
import { given, includeParam, pageParams } from "../request/query-params.js";
import { jsonApi } from "../respond.js";

/** Reference data routes: ports and metro areas (by id or UN/LOCODE), terminals, shipping lines. */
export function referenceRoutes(): Hono<AppEnv> {
  const routes = new Hono<AppEnv>();
  routes.get("/ports/:id", async (c) => {
    const result = await c.get("session").reference.port(c.req.param("id"), given({ include: includeParam(c) }));
    return jsonApi(c, 200, resourceDocument(result, c.req.url));
  });
  routes.get("/terminals/:id", async (c) => {
    const result = await c.get("session").reference.terminal(c.req.param("id"), given({ include: includeParam(c) }));
    return jsonApi(c, 200, resourceDocument(result, c.req.url));
  });
  routes.get("/metro_areas/:id", async (c) => {
    const result = await c.get("session").reference.metroArea(c.req.param("id"), given({ include: includeParam(c) }));
    return jsonApi(c, 200, resourceDocument(result, c.req.url));
  });
  routes.get("/shipping_lines", async (c) => {
    const result = await c.get("session").reference.shippingLines(given({ include: includeParam(c), page: pageParams(c), search: c.req.query("search") }));
    return jsonApi(c, 200, listDocument(result, c.req.url));
  });
  return routes;
}
