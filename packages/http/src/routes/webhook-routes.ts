import { BollardError, listDocument, resourceDocument, serializeResource, webhookEventCategoryResource } from "@bollard/core";
import { Hono, type Context } from "hono";
import type { AppEnv } from "../app.js";
import { given, includeParam, pageParams, uuidParam } from "../request/query-params.js";
import { readBodyText, readResource } from "../request/request-body.js";
import { jsonApi } from "../respond.js";

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === "object" && value !== null && !Array.isArray(value);

/** Answers 405 for the literal paths that `/webhooks/{id}` would otherwise swallow. */
const methodNotAllowed = (allowed: string) => (c: Context) => {
  c.header("allow", allowed);
  throw new BollardError("METHOD_NOT_ALLOWED", `${c.req.method} is not allowed here; use ${allowed}`);
};

/**
 * The trigger body as upstream sends it (`{url, event, secret}`), or the same keys in a JSON:API
 * `data.attributes`; returns them with the pointer prefix their 422s use.
 */
async function triggerInput(c: Context): Promise<{ input: unknown; prefix: string }> {
  const text = await readBodyText(c);
  let body: unknown = {};
  try {
    if (text.trim() !== "") body = JSON.parse(text);
  } catch {
    throw new BollardError("MALFORMED_JSON", "The request body is not valid JSON");
  }
  if (isObject(body) && isObject(body.data) && isObject(body.data.attributes)) return { input: body.data.attributes, prefix: "/data/attributes" };
  return { input: body, prefix: "" };
}

/** `/v2/webhooks`: subscriptions, the events catalogue and test deliveries. DELETE answers 204. */
export function webhookRoutes(): Hono<AppEnv> {
  const routes = new Hono<AppEnv>();
  const selfOf = (c: Context, id: string) => new URL(`/v2/webhooks/${id}`, c.req.url).href;
  routes.get("/webhooks", async (c) => {
    const result = await c.get("session").webhooks.list(given({ include: includeParam(c), page: pageParams(c) }));
    return jsonApi(c, 200, listDocument(result, c.req.url));
  });
  routes.post("/webhooks", async (c) => {
    const { attributes } = await readResource(c);
    const result = await c.get("session").webhooks.create(attributes);
    return jsonApi(c, 201, resourceDocument(result, selfOf(c, result.data.id)));
  });
  routes.get("/webhooks/events", (c) => {
    const categories = c.get("session").webhooks.eventCategories();
    return jsonApi(c, 200, { data: categories.map((category) => serializeResource(webhookEventCategoryResource, category)) });
  });
  routes.post("/webhooks/trigger", async (c) => {
    const { input, prefix } = await triggerInput(c);
    const result = await c.get("session").webhooks.trigger(input, prefix);
    return c.body(JSON.stringify(result), 200, { "content-type": "application/json" });
  });
  routes.all("/webhooks/events", methodNotAllowed("GET"));
  routes.all("/webhooks/trigger", methodNotAllowed("POST"));
  routes.get("/webhooks/:id", async (c) => {
    const result = await c.get("session").webhooks.get(uuidParam(c), given({ include: includeParam(c) }));
    return jsonApi(c, 200, resourceDocument(result, c.req.url));
  });
  routes.patch("/webhooks/:id", async (c) => {
    const id = uuidParam(c);
    const { attributes } = await readResource(c);
    return jsonApi(c, 200, resourceDocument(await c.get("session").webhooks.update(id, attributes), c.req.url));
  });
  routes.delete("/webhooks/:id", async (c) => {
    await c.get("session").webhooks.delete(uuidParam(c));
    return c.body(null, 204);
  });
  return routes;
}
