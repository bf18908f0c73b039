import { z } from "zod";
import { NullableTimestampSchema, UuidSchema } from "../domain/common-schema.js";
import {
  WebhookNotificationAttemptSchema,
  WebhookNotificationAttributesSchema,
  WebhookReplayAttributesSchema,
  type WebhookNotificationAttempt,
  type WebhookReplayRecord,
} from "../domain/index.js";
import { defineResource } from "../jsonapi/resource-definition.js";
import { RELATIONS, relationBuilders } from "../relations/relation-definitions.js";
import type { WebhookEventCategory } from "../domain/webhook-event-catalogue.js";
import {
  ContainerCreatedEventAttributesSchema,
  ContainerDemurrageEventAttributesSchema,
  type ContainerDemurrageEventRecord,
  ContainerPodTerminalChangedEventAttributesSchema,
  ContainerUpdatedEventAttributesSchema,
  EstimatedEventAttributesSchema,
  type ContainerCreatedEventRecord,
  type ContainerPodTerminalChangedEventRecord,
  type ContainerUpdatedEventRecord,
  type EstimatedEventRecord,
} from "../domain/webhook-event-objects.js";

const keys = <T>(schema: z.ZodObject) => Object.keys(schema.shape) as (keyof T & string)[];

/**
 * The attributes `GET /v2/webhook_notifications` serves: the upstream ones (`id`, `event`,
 * `delivery_status`, `created_at`) plus Bollard's delivery bookkeeping.
 */
export const WebhookNotificationResourceAttributesSchema = z.object({
  /** The notification's id (upstream repeats it among the attributes). */
  id: UuidSchema,
  ...WebhookNotificationAttributesSchema.shape,
  /** Attempts made so far (the first delivery and its retries). */
  attempts: z.int().nonnegative(),
  /** When the next attempt is due; null once delivered or failed. */
  next_attempt_at: NullableTimestampSchema,
  /** When delivery was last attempted. */
  last_attempt_at: NullableTimestampSchema,
  /** The HTTP status of the last attempt's response; null when none came. */
  last_response_status: z.int().nullable(),
});

/** The attributes of a `webhook_notification_log` (one delivery attempt). */
export const WebhookNotificationLogAttributesSchema = WebhookNotificationAttemptSchema.omit({ id: true, notification_id: true });

/** The attributes of a `webhook_event_category`. */
export const WebhookEventCategoryAttributesSchema = z.object({
  /** The category's name. */
  name: z.string(),
  /** The events of the category. */
  events: z.array(
    z.object({
      /** The event name a webhook subscribes with. */
      name: z.string(),
      /** What the event announces. */
      description: z.string(),
    }),
  ),
});

/** Every attribute schema of the webhook resource types, by type (for the OpenAPI document). */
export const WEBHOOK_RESOURCE_ATTRIBUTES: Record<string, z.ZodObject> = {
  webhook_notification: WebhookNotificationResourceAttributesSchema,
  webhook_notification_log: WebhookNotificationLogAttributesSchema,
  webhook_event_category: WebhookEventCategoryAttributesSchema,
  webhook_replay: WebhookReplayAttributesSchema,
  estimated_event: EstimatedEventAttributesSchema,
  container_updated_event: ContainerUpdatedEventAttributesSchema,
  container_created_event: ContainerCreatedEventAttributesSchema,
  container_pod_terminal_changed_event: ContainerPodTerminalChangedEventAttributesSchema,
  container_demurrage_event: ContainerDemurrageEventAttributesSchema,
};

/** One delivery attempt as a `webhook_notification_log` resource. */
export const webhookNotificationLogResource = defineResource<WebhookNotificationAttempt>({
  type: "webhook_notification_log",
  attributes: keys<WebhookNotificationAttempt>(WebhookNotificationLogAttributesSchema),
  relationships: RELATIONS.webhook_notification_log,
});

/** A category of the events catalogue. */
export const webhookEventCategoryResource = defineResource<WebhookEventCategory>({
  type: "webhook_event_category",
  attributes: ["name", "events"],
  relationships: {},
});

const replay = relationBuilders<WebhookReplayRecord>();

/** A replay of a webhook's notifications (a Bollard extension), with its progress and `links.self`. */
export const webhookReplayResource = defineResource<WebhookReplayRecord>({
  type: "webhook_replay",
  attributes: keys<WebhookReplayRecord>(WebhookReplayAttributesSchema),
  relationships: { webhook: replay.one("webhook", "webhook_id") },
  selfLink: (r) => `/v2/webhooks/${r.webhook_id}/replays/${r.id}`,
});

const estimated = relationBuilders<EstimatedEventRecord>();
const updated = relationBuilders<ContainerUpdatedEventRecord>();
const created = relationBuilders<ContainerCreatedEventRecord>();
const podChanged = relationBuilders<ContainerPodTerminalChangedEventRecord>();
const demurrage = relationBuilders<ContainerDemurrageEventRecord>();

/** The `estimated_event` of a `shipment.estimated.arrival` notification. */
export const estimatedEventResource = defineResource<EstimatedEventRecord>({
  type: "estimated_event",
  attributes: keys<EstimatedEventRecord>(EstimatedEventAttributesSchema),
  relationships: { shipment: estimated.one("shipment", "shipment_id"), port: estimated.one("port", "port_id"), vessel: estimated.one("vessel", "vessel_id") },
});

/** The `container_updated_event` of a `container.updated` notification. */
export const containerUpdatedEventResource = defineResource<ContainerUpdatedEventRecord>({
  type: "container_updated_event",
  attributes: keys<ContainerUpdatedEventRecord>(ContainerUpdatedEventAttributesSchema),
  relationships: { container: updated.one("container", "container_id"), terminal: updated.one("terminal", "terminal_id"), shipment: updated.one("shipment", "shipment_id") },
});

/** The `container_created_event` of a `container.created` notification. */
export const containerCreatedEventResource = defineResource<ContainerCreatedEventRecord>({
  type: "container_created_event",
  attributes: keys<ContainerCreatedEventRecord>(ContainerCreatedEventAttributesSchema),
  relationships: { container: created.one("container", "container_id"), shipment: created.one("shipment", "shipment_id") },
});

/** The `container_pod_terminal_changed_event` of a `container.pod_terminal_changed` notification. */
export const containerPodTerminalChangedEventResource = defineResource<ContainerPodTerminalChangedEventRecord>({
  type: "container_pod_terminal_changed_event",
  attributes: keys<ContainerPodTerminalChangedEventRecord>(ContainerPodTerminalChangedEventAttributesSchema),
  relationships: { container: podChanged.one("container", "container_id"), terminal: podChanged.one("terminal", "terminal_id"), shipment: podChanged.one("shipment", "shipment_id") },
});

/** The `container_demurrage_event` of the demurrage and detention notifications (a Bollard extension). */
export const containerDemurrageEventResource = defineResource<ContainerDemurrageEventRecord>({
  type: "container_demurrage_event",
  attributes: keys<ContainerDemurrageEventRecord>(ContainerDemurrageEventAttributesSchema),
  relationships: { container: demurrage.one("container", "container_id"), shipment: demurrage.one("shipment", "shipment_id") },
});

/** The resource types that appear only in webhook payloads and the webhook endpoints. */
export const WEBHOOK_EXTRA_RESOURCES = [
  webhookNotificationLogResource,
  webhookEventCategoryResource,
  webhookReplayResource,
  estimatedEventResource,
  containerUpdatedEventResource,
  containerCreatedEventResource,
  containerPodTerminalChangedEventResource,
  containerDemurrageEventResource,
] as const;
