import { WebhookDeliveryStatusSchema, WebhookEventNameSchema } from "@bollard/core/schemas";
import { z } from "zod";
import "zod-openapi";
import { includeParameter } from "./query-parameters.js";
import { collectionDocument, IncludedSchema, resourceSchemas, singleDocument } from "./resource-schemas.js";
import type { RouteSpec } from "./route-spec.js";

const include = includeParameter;
const paged = {
  "page[number]": z.string().optional().meta({ description: "Page number, from 1" }),
  "page[size]": z.string().optional().meta({ description: "Page size, default 30, capped at 100" }),
};
const HeaderInput = z.object({ name: z.string().meta({ description: "An HTTP header name; stored capitalized (x-api-key → X-Api-Key)" }), value: z.string() });
const webhookAttributes = {
  url: z.string().meta({ description: "http or https; private, loopback and link-local targets are refused unless the server allows them" }),
  active: z.boolean(),
  events: z.array(WebhookEventNameSchema).min(1),
  headers: z.array(HeaderInput).nullable(),
};
const body = (attributes: z.ZodObject) => z.object({ data: z.object({ id: z.string().optional(), type: z.string().optional(), attributes }) });

/** The document a webhook receives (and `GET /v2/webhook_notifications/examples` returns). */
export const WebhookPayloadSchema = z
  .object({
    data: z.object({
      id: z.string(),
      type: z.literal("webhook_notification"),
      attributes: z.object({ id: z.string(), event: WebhookEventNameSchema, delivery_status: WebhookDeliveryStatusSchema, created_at: z.string() }),
      relationships: z.object({
        webhook: z.object({ data: z.object({ id: z.string(), type: z.literal("webhook") }) }),
        reference_object: z.object({ data: z.object({ id: z.string(), type: z.string() }) }),
        webhook_notification_logs: z.object({ data: z.array(z.object({ id: z.string(), type: z.string() })) }),
      }),
    }),
    included: IncludedSchema,
  })
  .meta({ id: "WebhookPayload", description: "The JSON body POSTed to a webhook, signed with X-T49-Webhook-Signature and the Standard Webhooks headers" });

/** What `POST /v2/webhooks/trigger` answers (plain JSON, as upstream). */
export const WebhookTriggerResultSchema = z
  .object({
    url: z.string(),
    succeeded: z.boolean(),
    error: z.string().nullable(),
    status_code: z.int().nullable(),
    request_headers: z.record(z.string(), z.string()),
    request_body: z.string(),
    response_headers: z.record(z.string(), z.string()).nullable(),
    response_body: z.string().nullable(),
  })
  .meta({ id: "WebhookTriggerResult" });

const TriggerBody = z.object({
  url: z.string(),
  event: WebhookEventNameSchema,
  secret: z.string().optional().meta({ description: "Signs the sample; without it no signature headers are sent" }),
}).meta({ description: "Also accepted as a JSON:API body with these keys in data.attributes" });

const ReplayBody = z
  .object({
    since: z.string().meta({ description: "ISO 8601 date-time: notifications created at or after it; at most 31 days before until" }),
    until: z.string().optional().meta({ description: "ISO 8601 date-time: notifications created before it; default now, and never later than now" }),
    events: z.array(WebhookEventNameSchema).optional().meta({ description: "Only notifications of these events" }),
  })
  .meta({ description: "Also accepted as a JSON:API body with these keys in data.attributes" });

const WRITE = [400, 403, 404, 413, 415, 422];

/** The document of a replay: the `webhook_replay` resource and `links.self`, where its progress is read. */
const replayDocument = z.object({ data: resourceSchemas.webhook_replay!, links: z.object({ self: z.string() }) });

/** Every webhook route (spread into `ROUTE_SPECS`); literal paths come before `{id}` ones. */
export const WEBHOOK_ROUTE_SPECS: RouteSpec[] = [
  { method: "get", path: "/webhooks", summary: "List webhooks, newest first", query: z.object({ ...paged, include }), status: 200, response: collectionDocument("webhook"), errors: [400] },
  {
    method: "post",
    path: "/webhooks",
    summary: "Create a webhook (the response carries its generated secret)",
    body: body(z.object({ ...webhookAttributes, active: webhookAttributes.active.optional().meta({ description: "Default true" }), headers: webhookAttributes.headers.optional() })),
    status: 201,
    response: singleDocument("webhook"),
    errors: [400, 403, 413, 415, 422],
  },
  { method: "get", path: "/webhooks/events", summary: "The events a webhook can subscribe to, by category", status: 200, response: z.object({ data: z.array(resourceSchemas.webhook_event_category!) }), errors: [] },
  { method: "post", path: "/webhooks/trigger", summary: "POST a sample notification of an event to a URL and report what happened", body: TriggerBody, status: 200, response: WebhookTriggerResultSchema, contentType: "application/json", errors: [400, 403, 413, 415, 422] },
  { method: "get", path: "/webhooks/{id}", summary: "Get a webhook", query: z.object({ include }), status: 200, response: singleDocument("webhook"), errors: [400, 404] },
  {
    method: "patch",
    path: "/webhooks/{id}",
    summary: "Edit a webhook's url, active, events or headers (re-activating resets its failure count)",
    body: body(z.object(Object.fromEntries(Object.entries(webhookAttributes).map(([k, v]) => [k, v.optional()])))),
    status: 200,
    response: singleDocument("webhook"),
    errors: WRITE,
  },
  {
    method: "post",
    path: "/webhooks/{id}/replay",
    summary:
      "Send again every notification of the webhook created in [since, until) (at most 31 days and 10,000 notifications), oldest first, with their original ids and bodies: " +
      "202 with the replay, which the background works off in batches (a backfill for a receiver that was down; one replay per webhook at a time)",
    body: ReplayBody,
    status: 202,
    response: replayDocument,
    errors: [400, 403, 404, 409, 413, 415, 422],
    extension: true,
  },
  {
    method: "get",
    path: "/webhooks/{id}/replays/{replayId}",
    summary: "A replay of the webhook's notifications and how far it got (status running, done or failed; scanned of total; queued; already_pending)",
    status: 200,
    response: replayDocument,
    errors: [400, 404],
    extension: true,
  },
  { method: "delete", path: "/webhooks/{id}", summary: "Delete a webhook (200 with top-level meta, as declared upstream)", status: 200, response: z.object({ meta: z.object({ deleted: z.literal(true) }) }), errors: [403, 404] },
  {
    method: "get",
    path: "/webhook_notifications",
    summary: "List webhook notifications, newest first",
    query: z.object({ ...paged, include, "filter[webhook_id]": z.string().optional(), "filter[delivery_status]": WebhookDeliveryStatusSchema.optional() }),
    status: 200,
    response: collectionDocument("webhook_notification"),
    errors: [400],
  },
  {
    method: "get",
    path: "/webhook_notifications/examples",
    summary: "The document a webhook receives for an event, built from synthetic records",
    query: z.object({ event: WebhookEventNameSchema.meta({ description: "Required" }) }),
    status: 200,
    // A list of one, as the published schema has it; the payload a receiver gets is its only item.
    response: z.object({ data: z.array(WebhookPayloadSchema.shape.data), included: IncludedSchema }),
    errors: [400],
  },
  {
    method: "get",
    path: "/webhook_notifications/{id}",
    summary: "Get a webhook notification with its delivery attempts (webhook_notification_logs, included by default)",
    query: z.object({ include }),
    status: 200,
    response: singleDocument("webhook_notification"),
    errors: [400, 404],
  },
  {
    method: "post",
    path: "/webhook_notifications/{id}/redeliver",
    summary: "Send a stored notification again with its original id and body (pending again, due now, a fresh retry schedule; 409 while still pending or when its webhook is inactive)",
    status: 202,
    response: singleDocument("webhook_notification"),
    errors: [400, 403, 404, 409],
    extension: true,
  },
];
