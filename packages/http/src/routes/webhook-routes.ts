import { BollardError, type WebhookCreate, type WebhookReplay, type WebhookTrigger, type WebhookUpdate } from "@bollard/core";
import { buildDocument, listDocument, resourceDocument, resourceText, webhookEventCategoryResource, writeDocument } from "@bollard/core/jsonapi";
import { Hono, type Context } from "hono";
import type { AppEnv } from "../app-env.js";
import { includeQuery, pageQuery, uuidParam } from "../request/query-params.js";
import { plainOrAttributesInput, readInput } from "../request/request-body.js";
import { jsonApi, jsonApiText } from "../respond.js";

/** Answers 405 for the literal paths that `/webhooks/{id}` would otherwise swallow. */
const methodNotAllowed = (allowed: string) => (c: Context) => {
  c.header("allow", allowed);
  throw new BollardError("method_not_allowed", `${c.req.method} is not allowed here; use ${allowed}`);
};

/** `/v2/webhooks`: subscriptions, the events catalogue, test deliveries and replays. DELETE answers 200 with top-level meta. */
export function webhookRoutes(): Hono<AppEnv> {
  const routes = new Hono<AppEnv>();
  const selfOf = (c: Context, id: string) => new URL(`/v2/webhooks/${id}`, c.req.url).href;
  routes.get("/webhooks", async (c) => {
    includeQuery(c, "webhook");
    const result = await c.get("session").webhooks.list({ page: pageQuery(c) });
    return jsonApiText(c, 200, listDocument("webhook", result, { requestUrl: c.req.url }));
  });
  routes.post("/webhooks", async (c) => {
    const webhook = await c.get("session").webhooks.create(await readInput<WebhookCreate>(c));
    return jsonApiText(c, 201, resourceDocument("webhook", webhook, { self: selfOf(c, webhook.id) }));
  });
  routes.get("/webhooks/events", (c) => {
    const categories = c.get("session").webhooks.eventCategories();
    return jsonApiText(c, 200, writeDocument({ data: categories.map((category) => resourceText(webhookEventCategoryResource, category)) }));
  });
  routes.post("/webhooks/trigger", async (c) => {
    const result = await c.get("session").webhooks.trigger(await plainOrAttributesInput<WebhookTrigger>(c));
    return c.body(JSON.stringify(result), 200, { "content-type": "application/json" });
  });
  routes.all("/webhooks/events", methodNotAllowed("GET"));
  routes.all("/webhooks/trigger", methodNotAllowed("POST"));
  routes.get("/webhooks/:id", async (c) => {
    const id = uuidParam(c);
    includeQuery(c, "webhook");
    return jsonApiText(c, 200, resourceDocument("webhook", await c.get("session").webhooks.get(id), { self: c.req.url }));
  });
  routes.patch("/webhooks/:id", async (c) => {
    const id = uuidParam(c);
    const webhook = await c.get("session").webhooks.update(id, await readInput<WebhookUpdate>(c));
    return jsonApiText(c, 200, resourceDocument("webhook", webhook, { self: c.req.url }));
  });
  // 202: the replay is recorded; the background sends the window again, and its `links.self` reports how far it got.
  routes.post("/webhooks/:id/replay", async (c) => {
    const id = uuidParam(c);
    const replay = await c.get("session").webhooks.replay(id, await plainOrAttributesInput<WebhookReplay>(c));
    const self = new URL(`/v2/webhooks/${id}/replays/${replay.id}`, c.req.url).href;
    c.header("location", self);
    return jsonApiText(c, 202, buildDocument("webhook_replay", replay, { links: { self } }));
  });
  routes.get("/webhooks/:id/replays/:replayId", async (c) => {
    const replay = await c.get("session").webhooks.getReplay(uuidParam(c), uuidParam(c, "replayId"));
    return jsonApiText(c, 200, buildDocument("webhook_replay", replay, { links: { self: c.req.url } }));
  });
  routes.delete("/webhooks/:id", async (c) => {
    await c.get("session").webhooks.delete(uuidParam(c));
    // 200 as the published document declares; JSON:API's body for a deletion answered with 200 is top-level meta alone.
    return jsonApi(c, 200, { meta: { deleted: true } });
  });
  return routes;
}
