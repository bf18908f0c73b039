import { BollardError, NotFoundError, type ContainerUpdate, type Documents } from "@bollard/core";
import { documentInclude, listDocument, resourceDocument } from "@bollard/core/jsonapi";
import { ContainerFiltersSchema, UuidSchema } from "@bollard/core/schemas";
import { Hono } from "hono";
import type { AppEnv } from "../app-env.js";
import { asOfQuery, filterQuery, includeQuery, pageQuery, uuidParam } from "../request/query-params.js";
import { asInput, readResource } from "../request/request-body.js";
import { jsonApiText } from "../respond.js";

/** The container listing's filters, by their query parameters. */
export const CONTAINER_FILTERS = { number: "filter[number]", currentStatus: "filter[current_status]" };

/** `/v2/containers` routes, with the container's transport and raw events; the listing is written by `tracker.documents`. */
export function containerRoutes(documents: Documents): Hono<AppEnv> {
  const routes = new Hono<AppEnv>();
  routes.get("/containers", async (c) => {
    const include = includeQuery(c, "container");
    const filters = filterQuery(c, ContainerFiltersSchema, CONTAINER_FILTERS);
    return jsonApiText(c, 200, await documents.containers(c.get("session"), { ...filters, page: pageQuery(c) }, { include, requestUrl: c.req.url }));
  });
  // The real API's PATCH /containers has no id in the path; Bollard takes the target from data.id.
  routes.patch("/containers", async (c) => {
    const { id, attributes } = await readResource(c);
    if (id === undefined || id === null || id === "") throw new BollardError("validation_failed", "data.id (the container id) is required", { pointer: "/data/id" });
    if (typeof id !== "string" || !UuidSchema.safeParse(id).success) throw new NotFoundError(`No container ${String(id).slice(0, 64)}`);
    const container = await c.get("session").containers.update(id.toLowerCase(), asInput<ContainerUpdate>(attributes), { include: documentInclude("container", []) });
    return jsonApiText(c, 200, resourceDocument("container", container, { self: c.req.url }));
  });
  // The same edit with the id in the path (JSON:API's form): a `data.id` that names another container is 409, as JSON:API asks.
  routes.patch("/containers/:id", async (c) => {
    const id = uuidParam(c);
    const { id: bodyId, attributes } = await readResource(c);
    if (bodyId !== undefined && bodyId !== null && String(bodyId).toLowerCase() !== id) {
      throw new BollardError("conflict", `data.id (${String(bodyId).slice(0, 64)}) is not the container of the path (${id})`, { pointer: "/data/id" });
    }
    const container = await c.get("session").containers.update(id, asInput<ContainerUpdate>(attributes), { include: documentInclude("container", []) });
    return jsonApiText(c, 200, resourceDocument("container", container, { self: c.req.url }));
  });
  routes.get("/containers/:id", async (c) => {
    const id = uuidParam(c);
    const include = includeQuery(c, "container");
    const asOf = asOfQuery(c);
    const container = await c.get("session").containers.get(id, { include: documentInclude("container", include), ...(asOf !== undefined && { asOf }) });
    return jsonApiText(c, 200, resourceDocument("container", container, { include, self: c.req.url }));
  });
  routes.get("/containers/:id/transport_events", async (c) => {
    const id = uuidParam(c);
    const include = includeQuery(c, "transport_event");
    const result = await c.get("session").containers.transportEvents(id, { include: documentInclude("transport_event", include), page: pageQuery(c) });
    return jsonApiText(c, 200, listDocument("transport_event", result, { include, requestUrl: c.req.url }));
  });
  routes.get("/containers/:id/raw_events", async (c) => {
    const id = uuidParam(c);
    // Upstream includes the vessels and the location ports the raw events mention unless asked otherwise.
    const include = includeQuery(c, "raw_event", ["vessel", "location"]);
    const result = await c.get("session").containers.rawEvents(id, { include: documentInclude("raw_event", include), page: pageQuery(c) });
    c.header("deprecation", "true");
    c.header("link", `</v2/containers/${c.req.param("id")}/transport_events>; rel="successor-version"`);
    return jsonApiText(c, 200, listDocument("raw_event", result, { include, requestUrl: c.req.url }));
  });
  return routes;
}
