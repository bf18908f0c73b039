import { z } from "zod";
import { TimestampSchema, UuidSchema } from "./common-schema.js";
import { WebhookEventNameSchema } from "./enums.js";

/** The kinds of object a domain event points at, as webhook payloads name them. */
export const DomainEventObjectTypeSchema = z.enum([
  "tracking_request",
  "transport_event",
  "estimated_event",
  "container_updated_event",
  "container_created_event",
  "container_pod_terminal_changed_event",
  "container_demurrage_event",
  "exception",
]);

/**
 * The kind of object a domain event points at.
 * @useDeclaredType
 */
export type DomainEventObjectType = z.infer<typeof DomainEventObjectTypeSchema>;

/**
 * Something that happened to a tracked shipment (a new milestone, a changed ETA, a container update,
 * a tracking request outcome), recorded in the same transaction as the change that caused it.
 * Webhook notifications are made from these; shipments whose tracking is stopped record none.
 */
export const DomainEventSchema = z.object({
  /** The event's id. */
  id: UuidSchema,
  /** The account it happened in. */
  account_id: UuidSchema,
  /** What happened, as a webhook event name. */
  event: WebhookEventNameSchema,
  /** The tracking request concerned, if any. */
  tracking_request_id: UuidSchema.nullable(),
  /** The shipment concerned, if any. */
  shipment_id: UuidSchema.nullable(),
  /** The container concerned, if any. */
  container_id: UuidSchema.nullable(),
  /** The kind of object `reference_object_id` points at. */
  reference_object_type: DomainEventObjectTypeSchema,
  /** The transport event or tracking request it points at, or its own id for the `*_event` kinds. */
  reference_object_id: UuidSchema,
  /**
   * Event-specific data: `changeset` (attribute → [before, after]) for container updates,
   * `estimated_timestamp` and `previous_timestamp` for ETA changes, `timestamp`/`timezone`/`data_source`.
   */
  data: z.record(z.string(), z.unknown()),
  /** When it happened in the world (the milestone's time, or the refresh time). */
  occurred_at: TimestampSchema,
  /** When it was recorded. */
  created_at: TimestampSchema,
});

/** A recorded domain event. */
export interface DomainEvent extends z.infer<typeof DomainEventSchema> {}
