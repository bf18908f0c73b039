import { BollardError } from "@bollard/core";
import { listDocument, resourceDocument } from "@bollard/core/jsonapi";
import { WebhookEventNameSchema, WebhookNotificationFiltersSchema } from "@bollard/core/schemas";
import { Hono } from "hono";
import type { AppEnv } from "../app-env.js";
import { filterQuery, includeQuery, pageQuery, uuidParam } from "../request/query-params.js";
import { jsonApi, jsonApiText } from "../respond.js";

/** `/v2/webhook_notifications`: the delivery log of the account's webhooks, and payload examples. */
export function webhookNotificationRoutes(): Hono<AppEnv> {
  const routes = new Hono<AppEnv>();
  routes.get("/webhook_notifications", async (c) => {
    const include = includeQuery(c, "webhook_notification");
    const filters = filterQuery(c, WebhookNotificationFiltersSchema, { webhookId: "filter[webhook_id]", deliveryStatus: "filter[delivery_status]" });
    const result = await c.get("session").webhookNotifications.list({ ...filters, page: pageQuery(c), include });
    return jsonApiText(c, 200, listDocument("webhook_notification", result, { include, requestUrl: c.req.url }));
  });
  routes.get("/webhook_notifications/examples", async (c) => {
    const event = c.req.query("event")?.trim();
    if (!event) throw new BollardError("invalid_parameter", "event is required: name the webhook event to show an example of", { parameter: "event" });
    const parsed = WebhookEventNameSchema.safeParse(event);
    if (!parsed.success) throw new BollardError("invalid_parameter", `${event.slice(0, 100)} is not a webhook event (see GET /v2/webhooks/events)`, { parameter: "event" });
    // An array of one, as the published schema declares (`data: webhook_notification[]`): the document a receiver gets, in a list.
    const example = await c.get("session").webhookNotifications.example(parsed.data);
    return jsonApi(c, 200, { ...example, data: [example.data] });
  });
  routes.get("/webhook_notifications/:id", async (c) => {
    const id = uuidParam(c);
    // One notification always carries its attempts' linkage, and includes them unless the request says otherwise.
    const include = includeQuery(c, "webhook_notification", ["webhook_notification_logs"]);
    const notification = await c.get("session").webhookNotifications.get(id, { include: ["webhook_notification_logs", ...include] });
    return jsonApiText(c, 200, resourceDocument("webhook_notification", notification, { include, self: c.req.url }));
  });
  routes.post("/webhook_notifications/:id/redeliver", async (c) => {
    const notification = await c.get("session").webhookNotifications.redeliver(uuidParam(c));
    return jsonApiText(c, 202, resourceDocument("webhook_notification", notification, { self: new URL(`/v2/webhook_notifications/${notification.id}`, c.req.url).href }));
  });
  return routes;
}
