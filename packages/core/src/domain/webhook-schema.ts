import { z } from "zod";
import { TimestampSchema, UuidSchema } from "./common-schema.js";
import { WebhookEventNameSchema } from "./enums.js";
import { MoneySchema } from "./demurrage-schema.js";

/** A custom HTTP header sent with every delivery of a webhook. */
export const WebhookHeaderSchema = z.object({
  /** The header's name. */
  name: z.string().min(1),
  /** The header's value. */
  value: z.string(),
});

/** A custom HTTP header sent with every delivery of a webhook. */
export interface WebhookHeader extends z.infer<typeof WebhookHeaderSchema> {}

/** The JSON:API attributes of a webhook subscription. */
export const WebhookAttributesSchema = z.object({
  /** Where notifications are POSTed; http is allowed next to https so local receivers work in development and tests. */
  url: z.url({ protocol: /^https?$/ }),
  /** False stops deliveries; set by the user, or by Bollard after too many failures in a row. */
  active: z.boolean(),
  /** The events to be notified of; at least one, no repeats. */
  events: z
    .array(WebhookEventNameSchema)
    .min(1)
    .refine((events) => new Set(events).size === events.length, "events must be unique"),
  /** The HMAC-SHA256 key for `X-T49-Webhook-Signature`. */
  secret: z.string().min(1),
  /** Extra HTTP headers sent with every delivery, if any. */
  headers: z.array(WebhookHeaderSchema).nullable(),
  /** How many days before a last free day `container.free_time.ending` is sent (a Bollard extension; 0: on the day). */
  free_time_ending_days: z.int().min(0).max(30).default(3),
  /** Demurrage and detention notifications only for charges projected at least this much, in its currency (a Bollard extension); `null` for all. */
  demurrage_cost_threshold: MoneySchema.nullable().default(null),
  /** Moved estimates (`shipment.estimated.arrival`, `container.transport.estimated.*`) only when they moved at least this many hours (a Bollard extension; 0: every move). */
  min_eta_change_hours: z.number().min(0).max(8760).default(0),
  /** Moved last free days (`container.pickup_lfd*.changed`) only when they moved at least this many hours (a Bollard extension; 0: every move). */
  min_lfd_change_hours: z.number().min(0).max(8760).default(0),
  /** When the webhook was created. */
  created_at: TimestampSchema,
  /** When the webhook last changed. */
  updated_at: TimestampSchema,
});

/** The JSON:API attributes of a webhook. */
export interface WebhookAttributes extends z.infer<typeof WebhookAttributesSchema> {}

/** A stored webhook subscription. */
export const WebhookSchema = WebhookAttributesSchema.extend({
  /** The webhook's id. */
  id: UuidSchema,
  /** The account that owns the webhook. */
  account_id: UuidSchema,
  /** Failed deliveries in a row; lets the dispatcher back off from a dead receiver. */
  consecutive_failures: z.int().nonnegative(),
});

/** A stored webhook subscription. */
export interface Webhook extends z.infer<typeof WebhookSchema> {}
