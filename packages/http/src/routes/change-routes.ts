import { listDocument } from "@bollard/core/jsonapi";
import { Hono } from "hono";
import type { AppEnv } from "../app-env.js";
import { pageQuery, uuidParam } from "../request/query-params.js";
import { jsonApiText } from "../respond.js";

/**
 * The history routes: `GET /v2/shipments/{id}/changes` and `GET /v2/containers/{id}/changes`, every
 * change to the record's attributes, newest first, as `change` resources (default page size 30).
 */
export function changeRoutes(): Hono<AppEnv> {
  const routes = new Hono<AppEnv>();
  routes.get("/shipments/:id/changes", async (c) => {
    const result = await c.get("session").shipments.changes(uuidParam(c), { page: pageQuery(c) });
    return jsonApiText(c, 200, listDocument("change", result, { requestUrl: c.req.url }));
  });
  routes.get("/containers/:id/changes", async (c) => {
    const result = await c.get("session").containers.changes(uuidParam(c), { page: pageQuery(c) });
    return jsonApiText(c, 200, listDocument("change", result, { requestUrl: c.req.url }));
  });
  return routes;
}
