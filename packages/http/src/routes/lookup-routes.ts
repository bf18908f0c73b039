import { BollardError } from "@bollard/core";
import { buildDocument, resourceDocument, wireTimestamp } from "@bollard/core/jsonapi";
import { Hono } from "hono";
import type { AppEnv } from "../app-env.js";
import { rateLimit } from "../middleware/rate-limit.js";
import { readJson } from "../request/request-body.js";
import { uuidParam } from "../request/query-params.js";
import { jsonApi, jsonApiText } from "../respond.js";

/** Options of {@link lookupRoutes}. */
export interface LookupRouteOptions {
  /** The addresses webhook deliveries leave from, for `GET /v2/webhooks/ips`. */
  webhookIps: readonly string[];
  /** When those addresses were last set (ISO timestamp). */
  webhookIpsUpdatedAt: string;
}

/** The live service's on-demand refresh budget: 10 per minute and API key. */
export const REFRESH_RATE_LIMIT = { limit: 10, windowMs: 60_000 };

/**
 * Routes the official SDK and MCP server call beyond the interface spec: search, number inference,
 * one shipping line, a container's on-demand refresh and the webhook egress addresses.
 */
export function lookupRoutes(options: LookupRouteOptions): Hono<AppEnv> {
  const routes = new Hono<AppEnv>();
  routes.get("/search", async (c) => {
    const results = await c.get("session").search.search(c.req.query("query") ?? "");
    return jsonApiText(c, 200, buildDocument("search_result", results, { links: { self: c.req.url } }));
  });
  routes.post("/tracking_requests/infer_number", async (c) => {
    const body = (await readJson(c)) as { number?: unknown; data?: { attributes?: { number?: unknown } } } | null;
    const number = body?.number ?? body?.data?.attributes?.number;
    if (typeof number !== "string") throw new BollardError("blank", "This reference number is not valid.", { pointer: "/number" });
    const result = c.get("session").trackingRequests.inferNumber(number);
    return jsonApi(c, 200, { data: { id: crypto.randomUUID(), type: "infer_number_results", attributes: result } });
  });
  routes.get("/shipping_lines/:id", async (c) => {
    const line = await c.get("session").reference.shippingLine(c.req.param("id"));
    return jsonApiText(c, 200, resourceDocument("shipping_line", line, { self: c.req.url }));
  });
  routes.patch("/containers/:id/refresh", rateLimit(REFRESH_RATE_LIMIT, Date.now, "You've hit the refresh limit. Please try again in a minute."), async (c) => {
    const id = uuidParam(c);
    return c.json(await c.get("session").containers.refresh(id), 200);
  });
  routes.get("/webhooks/ips", (c) => c.json({ webhook_notification_ips: options.webhookIps, last_updated: wireTimestamp(options.webhookIpsUpdatedAt) }, 200));
  return routes;
}
