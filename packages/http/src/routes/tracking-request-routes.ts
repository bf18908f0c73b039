import { BollardError, ValidationError, type Documents, type TrackingRequestCreate, type TrackingRequestUpdate } from "@bollard/core";
import { documentInclude, resourceDocument } from "@bollard/core/jsonapi";
import { TrackingRequestFiltersSchema, UuidSchema } from "@bollard/core/schemas";
import { Hono } from "hono";
import type { AppEnv } from "../app-env.js";
import { filterQuery, includeQuery, pageQuery, uuidParam } from "../request/query-params.js";
import { asInput, readInput, readResource } from "../request/request-body.js";
import { jsonApiText } from "../respond.js";

/** The tracking request listing's filters (dotted paths for the nested ones), by their query parameters. */
export const TRACKING_REQUEST_FILTERS = {
  q: "q",
  requestNumber: "filter[request_number]",
  status: "filter[status]",
  scac: "filter[scac]",
  "createdAt.start": "filter[created_at][start]",
  "createdAt.end": "filter[created_at][end]",
  "updatedAt.start": "filter[updated_at][start]",
  "updatedAt.end": "filter[updated_at][end]",
};

/**
 * The customer's id from `relationships.customer.data.id` (a party upstream), or null without one;
 * 422 on its pointer when it is not an id.
 */
function customerId(relationships: Record<string, unknown>): string | null {
  const customer = relationships.customer as { data?: { id?: unknown } | null } | undefined;
  const id = customer?.data?.id;
  if (id === undefined || id === null) return null;
  if (typeof id !== "string" || !UuidSchema.safeParse(id).success) {
    throw new ValidationError([new BollardError("invalid", "customer.data.id must be a party id (a UUID)", { pointer: "/data/relationships/customer/data/id" })]);
  }
  return id;
}

/**
 * `/v2/tracking_requests`: create, list, read and edit. `tracked_object` is included by default, as
 * upstream; the listing is written by `tracker.documents`.
 */
export function trackingRequestRoutes(documents: Documents): Hono<AppEnv> {
  const routes = new Hono<AppEnv>();
  routes.get("/tracking_requests", async (c) => {
    const include = includeQuery(c, "tracking_request", ["tracked_object"]);
    const filters = filterQuery(c, TrackingRequestFiltersSchema, TRACKING_REQUEST_FILTERS);
    return jsonApiText(c, 200, await documents.trackingRequests(c.get("session"), { ...filters, page: pageQuery(c) }, { include, requestUrl: c.req.url }));
  });
  routes.post("/tracking_requests", async (c) => {
    const { attributes, relationships } = await readResource(c, { relationships: ["customer"] });
    const customer_id = customerId(relationships);
    const request = await c.get("session").trackingRequests.create({ ...asInput<TrackingRequestCreate>(attributes), ...(customer_id && { customer_id }) });
    return jsonApiText(c, 201, resourceDocument("tracking_request", request));
  });
  routes.patch("/tracking_requests/:id", async (c) => {
    const id = uuidParam(c);
    const request = await c.get("session").trackingRequests.update(id, await readInput<TrackingRequestUpdate>(c));
    return jsonApiText(c, 200, resourceDocument("tracking_request", request));
  });
  routes.get("/tracking_requests/:id", async (c) => {
    const id = uuidParam(c);
    const include = includeQuery(c, "tracking_request", ["tracked_object"]);
    const request = await c.get("session").trackingRequests.get(id, { include: documentInclude("tracking_request", include) });
    return jsonApiText(c, 200, resourceDocument("tracking_request", request, { include, self: c.req.url }));
  });
  return routes;
}
