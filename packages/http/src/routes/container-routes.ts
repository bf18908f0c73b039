import { BollardError, listDocument, NotFoundError, resourceDocument, UuidSchema } from "@bollard/core";
import { Hono } from "hono";
import type { AppEnv } from "../app.js";
import { given, includeParam, pageParams, uuidParam } from "../request/query-params.js";
import { readResource } from "../request/request-body.js";
import { jsonApi } from "../respond.js";

/** `/v2/containers` routes, with the container's transport and raw events. */
export function containerRoutes(): Hono<AppEnv> {
  const routes = new Hono<AppEnv>();
  routes.get("/containers", async (c) => {
    const result = await c.get("session").containers.list(given({ include: includeParam(c), page: pageParams(c), number: c.req.query("filter[number]") }));
    return jsonApi(c, 200, listDocument(result, c.req.url));
  });
  // The real API's PATCH /containers has no id in the path; Bollard takes the target from data.id.
  routes.patch("/containers", async (c) => {
    const { id, attributes } = await readResource(c);
    if (id === undefined || id === null || id === "") throw new BollardError("VALIDATION_FAILED", "data.id (the container id) is required", { pointer: "/data/id" });
    if (typeof id !== "string" || !UuidSchema.safeParse(id).success) throw new NotFoundError(`No container ${String(id).slice(0, 64)}`);
    return jsonApi(c, 200, resourceDocument(await c.get("session").containers.update(id.toLowerCase(), attributes), c.req.url));
  });
  routes.get("/containers/:id", async (c) => {
    const result = await c.get("session").containers.get(uuidParam(c), given({ include: includeParam(c) }));
    return jsonApi(c, 200, resourceDocument(result, c.req.url));
  });
  routes.get("/containers/:id/transport_events", async (c) => {
    const result = await c.get("session").containers.transportEvents(uuidParam(c), given({ include: includeParam(c), page: pageParams(c) }));
    return jsonApi(c, 200, listDocument(result, c.req.url));
  });
  routes.get("/containers/:id/raw_events", async (c) => {
    const result = await c.get("session").containers.rawEvents(uuidParam(c), given({ include: includeParam(c), page: pageParams(c) }));
    c.header("deprecation", "true");
    c.header("link", '</v2/containers/{id}/transport_events>; rel="successor-version"'.replace("{id}", c.req.param("id")));
    return jsonApi(c, 200, listDocument(result, c.req.url));
  });
  return routes;
}
