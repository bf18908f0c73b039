import type { WebhookEventName } from "../domain/index.js";
import { resourceText } from "../jsonapi/resource-text.js";
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

/** The notification's own resource: `data` of its payload. */
function notificationResource(envelope: NotificationEnvelope): ResourceObject {
  return {
    id: envelope.id,
    type: "webhook_notification",
    attributes: { id: envelope.id, event: envelope.event, delivery_status: "pending", created_at: wireTimestamp(envelope.createdAt) },
    relationships: {
      webhook: { data: { id: envelope.webhookId, type: "webhook" } },
      reference_object: { data: envelope.referenceObject },
      webhook_notification_logs: { data: [] },
    },
  };
}

/**
 * The JSON:API document POSTed to a webhook (pure), as objects: {@link notificationPayloadText}
 * read back. `data` is the `webhook_notification` (`attributes` `id`, `event`,
 * `delivery_status: "pending"`, `created_at`; relationships `webhook`, `reference_object` and an
 * empty `webhook_notification_logs`), `included` the records collected for the event kind (always
 * present, possibly empty).
 */
export function notificationPayload(envelope: NotificationEnvelope, records: PayloadRecords): WebhookPayload {
  return JSON.parse(notificationPayloadText(envelope, records)) as WebhookPayload;
}

/**
 * The payload as the text stored and sent, each included record rendered by the one renderer as
 * the API serves it. `texts` keeps each included record's text by type and id, so the records that
 * a batch of notifications shares (a snapshot's shipment and containers, their ports) are rendered
 * once; share it only among payloads whose records were read together (from one `PayloadRecordSource`).
 * A record of a type with no resource is left out.
 */
export function notificationPayloadText(envelope: NotificationEnvelope, records: PayloadRecords, texts = new Map<string, string>()): string {
  const included: string[] = [];
  for (const { type, record } of records.included) {
    const key = `${type} ${record.id}`;
    let text = texts.get(key);
    if (text === undefined) {
      const definition = resourceRegistry.get(type);
      if (!definition) continue;
      texts.set(key, (text = resourceText(definition, record)));
    }
    included.push(text);
  }
  // Unlike other documents, a payload's `included` is there even when empty.
  return `{"data":${JSON.stringify(notificationResource(envelope))},"included":[${included.join(",")}]}`;
}
