import { listDocument, resourceDocument } from "@bollard/core";
import { Hono } from "hono";
import type { AppEnv } from "../app.js";
import { given, includeParam, pageParams, uuidParam } from "../request/query-params.js";
import { jsonApi } from "../respond.js";

/** `/v2/webhook_notifications`: the delivery log of the account's webhooks, and payload examples. */
export function webhookNotificationRoutes(): Hono<AppEnv> {
  const routes = new Hono<AppEnv>();
  routes.get("/webhook_notifications", async (c) => {
    const q = (name: string) => c.req.query(name);
    const result = await c.get("session").webhookNotifications.list(
      given({ include: includeParam(c), page: pageParams(c), webhookId: q("filter[webhook_id]"), deliveryStatus: q("filter[delivery_status]") }),
    );
    return jsonApi(c, 200, listDocument(result, c.req.url));
  });
  routes.get("/webhook_notifications/examples", async (c) => jsonApi(c, 200, await c.get("session").webhookNotifications.example(c.req.query("event"))));
  routes.get("/webhook_notifications/:id", async (c) => {
    const result = await c.get("session").webhookNotifications.get(uuidParam(c), given({ include: includeParam(c) }));
    return jsonApi(c, 200, resourceDocument(result, c.req.url));
  });
  return routes;
}
