import type { WebhookEventName } from "../domain/index.js";
import { serializeResource } from "../jsonapi/document.js";
import type { ResourceIdentifier, ResourceObject } from "../jsonapi/jsonapi-types.js";
import { resourceRegistry } from "../jsonapi/resources.js";
import { wireTimestamp } from "../jsonapi/wire-time.js";
import type { PayloadRecords } from "./payload-records.js";

/** The notification a payload announces. */
export interface NotificationEnvelope {
  /** The notification id: `data.id`, `data.attributes.id` and the `webhook-id` header. */
  id: string;
  /** The webhook the notification is for. */
  webhookId: string;
  /** The event announced. */
  event: WebhookEventName;
  /** When the notification was created (`created_at`). */
  createdAt: string;
  /** The object the event is about (the `reference_object` relationship). */
  referenceObject: ResourceIdentifier;
}

/** The body POSTed to a webhook: a JSON:API document of the notification and the records it is about. */
export interface WebhookPayload {
  /** The `webhook_notification`. */
  data: ResourceObject;
  /** The records the notification is about (see `collectPayloadRecords`); always present, possibly empty. */
  included: ResourceObject[];
}

/**
 * The JSON:API document POSTed to a webhook (pure): `data` is the `webhook_notification`
 * (`attributes` `id`, `event`, `delivery_status: "pending"`, `created_at`; relationships `webhook`,
 * `reference_object` and an empty `webhook_notification_logs`), `included` the records collected
 * for the event kind (always present, possibly empty).
 */
export function notificationPayload(envelope: NotificationEnvelope, records: PayloadRecords): WebhookPayload {
  const data: ResourceObject = {
    id: envelope.id,
    type: "webhook_notification",
    attributes: { id: envelope.id, event: envelope.event, delivery_status: "pending", created_at: wireTimestamp(envelope.createdAt) },
    relationships: {
      webhook: { data: { id: envelope.webhookId, type: "webhook" } },
      reference_object: { data: envelope.referenceObject },
      webhook_notification_logs: { data: [] },
    },
  };
  const included = records.included.flatMap(({ type, record }) => {
    const definition = resourceRegistry.get(type);
    return definition ? [serializeResource(definition, record)] : [];
  });
  return { data, included };
}

/**
 * {@link notificationPayload} as the text stored and sent: byte for byte its `JSON.stringify`.
 * `texts` keeps each included record's JSON by type and id, so the records that a batch of
 * notifications shares (a snapshot's shipment and containers, their ports) are serialized once;
 * share it only among payloads whose records were read together (from one `PayloadRecordSource`).
 */
export function notificationPayloadText(envelope: NotificationEnvelope, records: PayloadRecords, texts = new Map<string, string>()): string {
  const included: string[] = [];
  for (const { type, record } of records.included) {
    const key = `${type} ${record.id}`;
    let text = texts.get(key);
    if (text === undefined) {
      const definition = resourceRegistry.get(type);
      if (!definition) continue;
      texts.set(key, (text = JSON.stringify(serializeResource(definition, record))));
    }
    included.push(text);
  }
  return `{"data":${JSON.stringify(notificationPayload(envelope, { included: [] }).data)},"included":[${included.join(",")}]}`;
}
