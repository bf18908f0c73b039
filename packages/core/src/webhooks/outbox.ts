import type { DomainEvent, Webhook, WebhookNotification } from "../domain/index.js";
import { uuidv7 } from "../ids/index.js";
import type { StorageRepositories } from "../storage/index.js";
import { notificationPayload } from "./notification-payload.js";
import { collectPayloadRecords, storageRecordSource, type PayloadRecordSource } from "./payload-records.js";

/**
 * Writes the webhook outbox rows of domain events inside the transaction that records them: for
 * each event, one pending notification per active webhook of its account subscribed to the event,
 * due at once, with its JSON body built and frozen now (retries send the same bytes). Events of a
 * shipment whose tracking is stopped queue nothing, except `tracking_request.tracking_stopped`,
 * which announces the stop itself. Returns the notifications written.
 */
export async function queueWebhookNotifications(tx: StorageRepositories, events: readonly DomainEvent[]): Promise<WebhookNotification[]> {
  const webhooksByAccount = new Map<string, Webhook[]>();
  const sources = new Map<string, PayloadRecordSource>();
  const notifications: WebhookNotification[] = [];
  for (const event of events) {
    let webhooks = webhooksByAccount.get(event.account_id);
    if (!webhooks) webhooksByAccount.set(event.account_id, (webhooks = await tx.webhooks.listActive(event.account_id)));
    const subscribed = webhooks.filter((webhook) => webhook.events.includes(event.event));
    if (subscribed.length === 0) continue;
    let source = sources.get(event.account_id);
    if (!source) sources.set(event.account_id, (source = storageRecordSource(tx, event.account_id)));
    if (event.event !== "tracking_request.tracking_stopped" && event.shipment_id) {
      const shipment = await source.shipment(event.shipment_id);
      if (shipment?.line_tracking_stopped_at) continue;
    }
    const records = await collectPayloadRecords(source, event);
    for (const webhook of subscribed) {
      const id = uuidv7();
      const payload = notificationPayload(
        { id, webhookId: webhook.id, event: event.event, createdAt: event.created_at, referenceObject: { type: event.reference_object_type, id: event.reference_object_id } },
        records,
      );
      notifications.push({
        id,
        account_id: event.account_id,
        webhook_id: webhook.id,
        event: event.event,
        delivery_status: "pending",
        reference_object_type: event.reference_object_type,
        reference_object_id: event.reference_object_id,
        payload: JSON.stringify(payload),
        attempts: 0,
        next_attempt_at: event.created_at,
        last_attempt_at: null,
        last_response_status: null,
        created_at: event.created_at,
        updated_at: event.created_at,
      });
    }
  }
  if (notifications.length > 0) await tx.webhookNotifications.insertMany(notifications);
  return notifications;
}
