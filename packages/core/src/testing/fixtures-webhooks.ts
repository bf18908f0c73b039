import type { Webhook, WebhookNotification, WebhookNotificationAttempt, WebhookReplayRecord } from "../domain/index.js";
import { uuidv7 } from "../ids/index.js";
import { nextSerial, nowTimestamp, sha256Hex } from "./fixture-values.js";

/** An active webhook subscribed to arrivals and tracking request outcomes. */
export function makeWebhook(accountId: string, overrides: Partial<Webhook> = {}): Webhook {
  const n = nextSerial();
  const now = nowTimestamp();
  return {
    id: uuidv7(),
    account_id: accountId,
    url: `https://hooks.example.com/bollard/${n}`,
    active: true,
    events: ["container.transport.vessel_arrived", "tracking_request.succeeded", "tracking_request.failed"],
    secret: sha256Hex(`webhook-secret-${n}`),
    headers: [{ name: "X-Partner-Id", value: `partner-${n}` }],
    free_time_ending_days: 3,
    demurrage_cost_threshold: null,
    min_eta_change_hours: 0,
    min_lfd_change_hours: 0,
    consecutive_failures: 0,
    created_at: now,
    updated_at: now,
    ...overrides,
  };
}

/** A pending "tracking request succeeded" notification of the webhook, due now. */
export function makeWebhookNotification(accountId: string, webhookId: string, overrides: Partial<WebhookNotification> = {}): WebhookNotification {
  const id = uuidv7();
  const referenceId = uuidv7();
  const now = nowTimestamp();
  return {
    id,
    account_id: accountId,
    webhook_id: webhookId,
    event: "tracking_request.succeeded",
    delivery_status: "pending",
    reference_object_type: "tracking_request",
    reference_object_id: referenceId,
    payload: JSON.stringify({
      data: {
        id,
        type: "webhook_notification",
        attributes: { event: "tracking_request.succeeded", delivery_status: "pending", created_at: now },
        relationships: { reference_object: { data: { id: referenceId, type: "tracking_request" } } },
      },
    }),
    attempts: 0,
    next_attempt_at: now,
    last_attempt_at: null,
    last_response_status: null,
    created_at: now,
    updated_at: now,
    ...overrides,
  };
}

/** A successful delivery attempt of the notification. */
export function makeWebhookNotificationAttempt(notificationId: string, overrides: Partial<WebhookNotificationAttempt> = {}): WebhookNotificationAttempt {
  return {
    id: uuidv7(),
    notification_id: notificationId,
    attempted_at: nowTimestamp(),
    duration_ms: 182,
    status_code: 200,
    error: null,
    response_excerpt: '{"ok":true}',
    ...overrides,
  };
}

/** A running replay of the webhook's notifications of the last day, before its first batch. */
export function makeWebhookReplay(accountId: string, webhookId: string, overrides: Partial<WebhookReplayRecord> = {}): WebhookReplayRecord {
  const now = nowTimestamp();
  return {
    id: uuidv7(),
    account_id: accountId,
    webhook_id: webhookId,
    status: "running",
    since: new Date(Date.parse(now) - 86_400_000).toISOString(),
    until: now,
    events: null,
    total: 12,
    scanned: 0,
    queued: 0,
    already_pending: 0,
    error: null,
    after_created_at: null,
    after_id: null,
    created_at: now,
    updated_at: now,
    completed_at: null,
    ...overrides,
  };
}
