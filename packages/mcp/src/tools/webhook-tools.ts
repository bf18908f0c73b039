import { z } from "zod";
import { defineTool, pageArgs, pageMeta, PageMetaSchema } from "../tool-kit.js";

/** `list_webhooks`: the account's webhook subscriptions (never their secrets). */
export const listWebhooks = defineTool({
  name: "list_webhooks",
  title: "List Webhooks",
  access: "read",
  description: "The account's webhook subscriptions: URL, events, whether active, and consecutive delivery failures. Secrets are never shown.",
  input: { ...pageArgs(25, 50) },
  output: {
    webhooks: z.array(z.object({ id: z.string(), url: z.string(), active: z.boolean(), events: z.array(z.string()), consecutive_failures: z.number().int(), created_at: z.string() })),
    meta: PageMetaSchema,
    note: z.string(),
  },
  async run({ page = 1, page_size: size = 25 }, { session }) {
    const result = await session.webhooks.list({ page: { number: page, size } });
    return {
      webhooks: result.data.map((w) => ({ id: w.id, url: w.url, active: w.active, events: [...w.events], consecutive_failures: w.consecutive_failures, created_at: w.created_at })),
      meta: pageMeta(page, size, result.total),
      note: result.total === 0 ? "The account has no webhooks." : `${result.total} webhook(s).`,
    };
  },
});

/** `list_webhook_deliveries`: webhook notifications with their delivery status and attempts. */
export const listWebhookDeliveries = defineTool({
  name: "list_webhook_deliveries",
  title: "List Webhook Deliveries",
  access: "read",
  description: "Webhook notifications, newest first, with delivery status (pending, succeeded, failed), attempts, the last response status and the next attempt. Filter by webhook and status.",
  input: {
    webhook_id: z.string().uuid().optional(),
    delivery_status: z.enum(["pending", "succeeded", "failed"]).optional(),
    ...pageArgs(25, 50),
  },
  output: {
    deliveries: z.array(z.object({ id: z.string(), webhook_id: z.string(), event: z.string(), delivery_status: z.string(), attempts: z.number().int(), last_attempt_at: z.string().nullable(), last_response_status: z.number().int().nullable(), next_attempt_at: z.string().nullable(), reference_object_type: z.string(), reference_object_id: z.string(), created_at: z.string() })),
    meta: PageMetaSchema,
    note: z.string(),
  },
  async run({ webhook_id: webhookId, delivery_status: status, page = 1, page_size: size = 25 }, { session }) {
    const result = await session.webhookNotifications.list({ ...(webhookId && { webhookId }), ...(status && { deliveryStatus: status }), page: { number: page, size } });
    return {
      deliveries: result.data.map((n) => ({ id: n.id, webhook_id: n.webhook_id, event: n.event, delivery_status: n.delivery_status, attempts: n.attempts, last_attempt_at: n.last_attempt_at, last_response_status: n.last_response_status, next_attempt_at: n.next_attempt_at, reference_object_type: n.reference_object_type, reference_object_id: n.reference_object_id, created_at: n.created_at })),
      meta: pageMeta(page, size, result.total),
      note: result.total === 0 ? "No webhook notifications match." : `${result.total} notification(s).`,
    };
  },
});
