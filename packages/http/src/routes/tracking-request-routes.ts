import { listDocument, resourceDocument } from "@bollard/core";
import { Hono } from "hono";
import type { AppEnv } from "../app.js";
import { given, includeParam, pageParams, uuidParam } from "../request/query-params.js";
import { readResource } from "../request/request-body.js";
import { jsonApi } from "../respond.js";

/** `/v2/tracking_requests` read routes. */
export function trackingRequestRoutes(): Hono<AppEnv> {
  const routes = new Hono<AppEnv>();
  routes.get("/tracking_requests", async (c) => {
    const q = (name: string) => c.req.query(name);
    const result = await c.get("session").trackingRequests.list(
      given({
        include: includeParam(c),
        page: pageParams(c),
        q: q("q"),
        requestNumber: q("filter[request_number]"),
        status: q("filter[status]"),
        scac: q("filter[scac]"),
        createdAt: window(q("filter[created_at][start]"), q("filter[created_at][end]")),
        updatedAt: window(q("filter[updated_at][start]"), q("filter[updated_at][end]")),
      }),
    );
    return jsonApi(c, 200, listDocument(result, c.req.url));
  });
  routes.post("/tracking_requests", async (c) => {
    const { attributes, relationships } = await readResource(c);
    const result = await c.get("session").trackingRequests.create(attributes, relationships as never);
    return jsonApi(c, 201, resourceDocument(result));
  });
  routes.patch("/tracking_requests/:id", async (c) => {
    const id = uuidParam(c);
    const { attributes } = await readResource(c);
    return jsonApi(c, 200, resourceDocument(await c.get("session").trackingRequests.update(id, attributes)));
  });
  routes.get("/tracking_requests/:id", async (c) => {
    const result = await c.get("session").trackingRequests.get(uuidParam(c), given({ include: includeParam(c) }));
    return jsonApi(c, 200, resourceDocument(result, c.req.url));
  });
  return routes;
}

function window(start: string | undefined, end: string | undefined): { start?: string; end?: string } | undefined {
  if (start === undefined && end === undefined) return undefined;
  return given({ start, end });
}
