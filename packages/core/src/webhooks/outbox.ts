import type { DomainEvent, Webhook, WebhookNotification } from "../domain/index.js";
import { uuidv7 } from "../ids/index.js";
import type { StorageRepositories } from "../storage/index.js";
import { upgradeWebhook } from "../storage/record-upgrades.js";
import { wantsNotification } from "./webhook-wants.js";
import { notificationPayloadText } from "./notification-payload.js";
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
  // By account: where its records are read, and their JSON (the events of a change share records).
  const sources = new Map<string, { source: PayloadRecordSource; texts: Map<string, string> }>();
  const notifications: WebhookNotification[] = [];
  for (const event of events) {
    let webhooks = webhooksByAccount.get(event.account_id);
    if (!webhooks) webhooksByAccount.set(event.account_id, (webhooks = (await tx.webhooks.listActive(event.account_id)).map(upgradeWebhook)));
    const subscribed = webhooks.filter((webhook) => webhook.events.includes(event.event) && wantsNotification(webhook, event));
    if (subscribed.length === 0) continue;
    let read = sources.get(event.account_id);
    if (!read) sources.set(event.account_id, (read = { source: storageRecordSource(tx, event.account_id), texts: new Map() }));
    const { source, texts } = read;
    if (event.event !== "tracking_request.tracking_stopped" && event.shipment_id) {
      const shipment = await source.shipment(event.shipment_id);
      if (shipment?.line_tracking_stopped_at) continue;
    }
    const records = await collectPayloadRecords(source, event);
    for (const webhook of subscribed) {
      const id = uuidv7();
      const payload = notificationPayloadText(
        { id, webhookId: webhook.id, event: event.event, createdAt: event.created_at, referenceObject: { type: event.reference_object_type, id: event.reference_object_id } },
        records,
        texts,
      );
      notifications.push({
        id,
        account_id: event.account_id,
        webhook_id: webhook.id,
        event: event.event,
        delivery_status: "pending",
        reference_object_type: event.reference_object_type,
        reference_object_id: event.reference_object_id,
        payload,
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
