import { z } from "zod";
import { NullableTimestampSchema, TimestampSchema, UuidSchema } from "./common-schema.js";
import { WebhookDeliveryStatusSchema, WebhookEventNameSchema } from "./enums.js";

const HttpStatusSchema = z.int().min(100).max(599);

/** The JSON:API attributes of a webhook notification (one event for one webhook). */
export const WebhookNotificationAttributesSchema = z.object({
  event: WebhookEventNameSchema,
  delivery_status: WebhookDeliveryStatusSchema,
  created_at: TimestampSchema,
  updated_at: TimestampSchema,
});

/** The JSON:API attributes of a webhook notification. */
export type WebhookNotificationAttributes = z.infer<typeof WebhookNotificationAttributesSchema>;

/** A stored webhook notification with its delivery bookkeeping. */
export const WebhookNotificationSchema = WebhookNotificationAttributesSchema.extend({
  id: UuidSchema,
  account_id: UuidSchema,
  webhook_id: UuidSchema,
  reference_object_type: z.string().min(1),
  reference_object_id: UuidSchema,
  /**
   * The serialized JSON body, frozen at creation so every retry sends (and signs) the same
   * bytes even if the referenced records change meanwhile.
   */
  payload: z.string(),
  attempts: z.int().nonnegative(),
  next_attempt_at: NullableTimestampSchema,
  last_attempt_at: NullableTimestampSchema,
  last_response_status: HttpStatusSchema.nullable(),
});

/** A stored webhook notification. */
export type WebhookNotification = z.infer<typeof WebhookNotificationSchema>;

/** One delivery attempt of a notification; `status_code` is null when no response came. */
export const WebhookNotificationAttemptSchema = z.object({
  id: UuidSchema,
  notification_id: UuidSchema,
  attempted_at: TimestampSchema,
  duration_ms: z.int().nonnegative(),
  status_code: HttpStatusSchema.nullable(),
  error: z.string().nullable(),
  response_excerpt: z.string().nullable(),
});

/** One delivery attempt of a webhook notification. */
export type WebhookNotificationAttempt = z.infer<typeof WebhookNotificationAttemptSchema>;
