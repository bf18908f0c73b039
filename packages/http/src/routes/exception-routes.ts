import type { ExceptionRuleAttributes, ExceptionRulePatch } from "@bollard/core";
import { listDocument, resourceDocument } from "@bollard/core/jsonapi";
import { ExceptionFiltersSchema } from "@bollard/core/schemas";
import { Hono, type Context } from "hono";
import type { AppEnv } from "../app-env.js";
import { filterQuery, pageQuery, uuidParam } from "../request/query-params.js";
import { readInput } from "../request/request-body.js";
import { jsonApiText } from "../respond.js";

const ruleSelf = (c: Context, id: string) => new URL(`/v2/exception_rules/${id}`, c.req.url).href;
const exceptionSelf = (c: Context, id: string) => new URL(`/v2/exceptions/${id}`, c.req.url).href;
const FILTERS = { status: "filter[status]", kind: "filter[kind]", shipmentId: "filter[shipment_id]", containerId: "filter[container_id]" };

/**
 * Exception rules and exceptions (Bollard extensions, docs/exceptions.md): `/v2/exception_rules`
 * (an account's thresholds, one rule per kind; create, read, change, delete) and `/v2/exceptions`
 * (what the rules raised and cleared, newest first, filtered by status, kind, shipment and container).
 */
export function exceptionRoutes(): Hono<AppEnv> {
  const routes = new Hono<AppEnv>();
  routes.get("/exception_rules", async (c) => {
    const result = await c.get("session").exceptionRules.list({ page: pageQuery(c) });
    return jsonApiText(c, 200, listDocument("exception_rule", result, { requestUrl: c.req.url }));
  });
  routes.post("/exception_rules", async (c) => {
    const rule = await c.get("session").exceptionRules.create(await readInput<ExceptionRuleAttributes>(c));
    return jsonApiText(c, 201, resourceDocument("exception_rule", rule, { self: ruleSelf(c, rule.id) }));
  });
  routes.get("/exception_rules/:id", async (c) => {
    const id = uuidParam(c);
    return jsonApiText(c, 200, resourceDocument("exception_rule", await c.get("session").exceptionRules.get(id), { self: ruleSelf(c, id) }));
  });
  routes.patch("/exception_rules/:id", async (c) => {
    const id = uuidParam(c);
    const rule = await c.get("session").exceptionRules.update(id, await readInput<ExceptionRulePatch>(c));
    return jsonApiText(c, 200, resourceDocument("exception_rule", rule, { self: ruleSelf(c, id) }));
  });
  routes.delete("/exception_rules/:id", async (c) => {
    await c.get("session").exceptionRules.delete(uuidParam(c));
    return c.body(null, 204);
  });
  routes.get("/exceptions", async (c) => {
    const filters = filterQuery(c, ExceptionFiltersSchema, FILTERS);
    const result = await c.get("session").exceptions.list({ ...filters, page: pageQuery(c) });
    return jsonApiText(c, 200, listDocument("exception", result, { requestUrl: c.req.url }));
  });
  routes.get("/exceptions/:id", async (c) => {
    const id = uuidParam(c);
    return jsonApiText(c, 200, resourceDocument("exception", await c.get("session").exceptions.get(id), { self: exceptionSelf(c, id) }));
  });
  return routes;
}
