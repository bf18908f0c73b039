import { z } from "zod";
import { NullableTimestampSchema, TimestampSchema, UuidSchema } from "./common-schema.js";
import { WebhookDeliveryStatusSchema, WebhookEventNameSchema } from "./enums.js";

const HttpStatusSchema = z.int().min(100).max(599);

/** The JSON:API attributes of a webhook notification (one event for one webhook). */
export const WebhookNotificationAttributesSchema = z.object({
  /** The event the notification announces. */
  event: WebhookEventNameSchema,
  /** Whether the notification has been delivered, is still pending, or failed for good. */
  delivery_status: WebhookDeliveryStatusSchema,
  /** When the notification was created (with the event it announces). */
  created_at: TimestampSchema,
  /** When the notification last changed. */
  updated_at: TimestampSchema,
});

/** The JSON:API attributes of a webhook notification. */
export interface WebhookNotificationAttributes extends z.infer<typeof WebhookNotificationAttributesSchema> {}

/** A stored webhook notification with its delivery bookkeeping. */
export const WebhookNotificationSchema = WebhookNotificationAttributesSchema.extend({
  /** The notification's id. */
  id: UuidSchema,
  /** The account that owns it. */
  account_id: UuidSchema,
  /** The webhook it is sent to. */
  webhook_id: UuidSchema,
  /** The type of the object the event is about (e.g. `transport_event`). */
  reference_object_type: z.string().min(1),
  /** The id of the object the event is about. */
  reference_object_id: UuidSchema,
  /**
   * The serialized JSON body, frozen at creation so every retry sends (and signs) the same
   * bytes even if the referenced records change meanwhile.
   */
  payload: z.string(),
  /** Delivery attempts made so far. */
  attempts: z.int().nonnegative(),
  /** When delivery is next due; `null` once delivered or given up. */
  next_attempt_at: NullableTimestampSchema,
  /** When delivery was last attempted. */
  last_attempt_at: NullableTimestampSchema,
  /** The HTTP status of the last attempt's response; `null` when none came. */
  last_response_status: HttpStatusSchema.nullable(),
});

/** A stored webhook notification. */
export interface WebhookNotification extends z.infer<typeof WebhookNotificationSchema> {}

/** One delivery attempt of a notification; `status_code` is null when no response came. */
export const WebhookNotificationAttemptSchema = z.object({
  /** The attempt's id. */
  id: UuidSchema,
  /** The notification delivered. */
  notification_id: UuidSchema,
  /** When the attempt started. */
  attempted_at: TimestampSchema,
  /** How long the attempt took, in milliseconds. */
  duration_ms: z.int().nonnegative(),
  /** The receiver's HTTP status; `null` when no response came. */
  status_code: HttpStatusSchema.nullable(),
  /** Why the attempt failed (e.g. `the receiver answered 500`, a timeout); `null` on success. */
  error: z.string().nullable(),
  /** The start of the receiver's response body, if any. */
  response_excerpt: z.string().nullable(),
});

/** One delivery attempt of a webhook notification. */
export interface WebhookNotificationAttempt extends z.infer<typeof WebhookNotificationAttemptSchema> {}
