import { z } from "zod";
import { TimestampSchema, UuidSchema } from "./common-schema.js";
import { WebhookEventNameSchema } from "./enums.js";

/** A custom HTTP header sent with every delivery of a webhook. */
export const WebhookHeaderSchema = z.object({
  name: z.string().min(1),
  value: z.string(),
});

/** A custom HTTP header sent with every delivery of a webhook. */
export type WebhookHeader = z.infer<typeof WebhookHeaderSchema>;

/** The JSON:API attributes of a webhook subscription. */
export const WebhookAttributesSchema = z.object({
  // http is allowed next to https so local receivers work in development and tests.
  url: z.url({ protocol: /^https?$/ }),
  active: z.boolean(),
  events: z
    .array(WebhookEventNameSchema)
    .min(1)
    .refine((events) => new Set(events).size === events.length, "events must be unique"),
  /** The HMAC-SHA256 key for `X-T49-Webhook-Signature`. */
  secret: z.string().min(1),
  headers: z.array(WebhookHeaderSchema).nullable(),
  created_at: TimestampSchema,
  updated_at: TimestampSchema,
});

/** The JSON:API attributes of a webhook. */
export type WebhookAttributes = z.infer<typeof WebhookAttributesSchema>;

/** A stored webhook subscription. */
export const WebhookSchema = WebhookAttributesSchema.extend({
  id: UuidSchema,
  account_id: UuidSchema,
  /** Failed deliveries in a row; lets the dispatcher back off from a dead receiver. */
  consecutive_failures: z.int().nonnegative(),
});

/** A stored webhook subscription. */
export type Webhook = z.infer<typeof WebhookSchema>;
