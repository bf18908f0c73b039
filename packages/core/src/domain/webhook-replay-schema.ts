import { z } from "zod";
import { NullableTimestampSchema, TimestampSchema, UuidSchema } from "./common-schema.js";
import { WebhookEventNameSchema } from "./enums.js";

/**
 * Where a replay stands: `running` until every notification of its window was looked at, then
 * `done`; `failed` when it could not go on (its webhook was deleted or deactivated meanwhile).
 */
export const WebhookReplayStatusSchema = z.enum(["running", "done", "failed"]);

/**
 * Where a replay stands.
 * @useDeclaredType
 */
export type WebhookReplayStatus = z.infer<typeof WebhookReplayStatusSchema>;

/** The JSON:API attributes of a webhook replay: its window, and how far it got. */
export const WebhookReplayAttributesSchema = z.object({
  /** `running`, `done` or `failed`. */
  status: WebhookReplayStatusSchema,
  /** The window's start: notifications created at or after it. */
  since: TimestampSchema,
  /** The window's end: notifications created before it (never later than when the replay was asked for). */
  until: TimestampSchema,
  /** Only notifications of these events are sent again; null for all. */
  events: z.array(WebhookEventNameSchema).nullable(),
  /** The notifications of the webhook in the window when the replay was asked for, of every event. */
  total: z.int().nonnegative(),
  /** Notifications of the window looked at so far, oldest first (`scanned` of `total` is the progress). */
  scanned: z.int().nonnegative(),
  /** Notifications put back in the outbox so far. */
  queued: z.int().nonnegative(),
  /** Notifications of the window (and of its events) found still pending, left as they were. */
  already_pending: z.int().nonnegative(),
  /** Why a `failed` replay stopped; null otherwise. */
  error: z.string().nullable(),
  /** When the replay was asked for. */
  created_at: TimestampSchema,
  /** When it last moved forward. */
  updated_at: TimestampSchema,
  /** When it ended (`done` or `failed`); null while running. */
  completed_at: NullableTimestampSchema,
});

/** The JSON:API attributes of a webhook replay. */
export interface WebhookReplayAttributes extends z.infer<typeof WebhookReplayAttributesSchema> {}

/**
 * A stored webhook replay: the request to send every notification of a window again, recorded
 * durably and worked off in batches by the background, with its progress and the place it reached.
 */
export const WebhookReplayRecordSchema = WebhookReplayAttributesSchema.extend({
  /** The replay's id. */
  id: UuidSchema,
  /** The account that owns it. */
  account_id: UuidSchema,
  /** The webhook whose notifications are sent again. */
  webhook_id: UuidSchema,
  /** The `created_at` of the last notification looked at; null before the first batch. */
  after_created_at: NullableTimestampSchema,
  /** The `id` of the last notification looked at; null before the first batch. */
  after_id: UuidSchema.nullable(),
});

/** A stored webhook replay (see {@link WebhookReplayRecordSchema}). */
export interface WebhookReplayRecord extends z.infer<typeof WebhookReplayRecordSchema> {}
