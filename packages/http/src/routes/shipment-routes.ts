import { listDocument, resourceDocument } from "@bollard/core";
import { Hono } from "hono";
import type { AppEnv } from "../app.js";
import { booleanParam, given, includeParam, pageParams, uuidParam } from "../request/query-params.js";
import { readResource } from "../request/request-body.js";
import { jsonApi, jsonApiText } from "../respond.js";

/** `/v2/shipments` routes. */
export function shipmentRoutes(): Hono<AppEnv> {
  const routes = new Hono<AppEnv>();
  routes.get("/shipments", async (c) => {
    const result = await c.get("session").shipments.list(
      given({ include: includeParam(c), page: pageParams(c), trackingStopped: booleanParam(c, "filter[tracking_stopped]"), number: c.req.query("number"), q: c.req.query("q") }),
    );
    return jsonApi(c, 200, listDocument(result, c.req.url));
  });
  routes.get("/shipments/:id", async (c) => {
    const text = await c.get("session").shipments.getJson(uuidParam(c), given({ include: includeParam(c), self: c.req.url }));
    return jsonApiText(c, 200, text);
  });
  routes.patch("/shipments/:id", async (c) => {
    const id = uuidParam(c);
    const { attributes } = await readResource(c);
    return jsonApi(c, 200, resourceDocument(await c.get("session").shipments.update(id, attributes), c.req.url));
  });
  // The official SDK sends {data:{type,id}}; the body is optional and ignored.
  routes.patch("/shipments/:id/stop_tracking", async (c) => {
    const id = uuidParam(c);
    await readResource(c, { optional: true });
    return jsonApi(c, 200, resourceDocument(await c.get("session").shipments.stopTracking(id), c.req.url));
  });
  routes.patch("/shipments/:id/resume_tracking", async (c) => {
    const id = uuidParam(c);
    await readResource(c, { optional: true });
    return jsonApi(c, 200, resourceDocument(await c.get("session").shipments.resumeTracking(id), c.req.url));
  });
  return routes;
}
