import fc from "fast-check";
import {
  WebhookDeliveryStatusSchema,
  WebhookEventNameSchema,
  type Webhook,
  type WebhookNotification,
  type WebhookNotificationAttempt,
  type WebhookReplayRecord,
  WebhookReplayStatusSchema,
} from "../domain/index.js";
import { intArb, nonEmptyTextArb, nullable, textArb, timestampArb, uuidArb } from "./arbitrary-values.js";

const plain = { noNullPrototype: true } as const;
const httpStatusArb = fc.integer({ min: 100, max: 599 });

/** Any valid webhook of the account: http or https, any non-empty set of events, any headers. */
export function arbitraryWebhook(accountId: string): fc.Arbitrary<Webhook> {
  return fc.record(
    {
      id: uuidArb,
      account_id: fc.constant(accountId),
      url: fc.webUrl({ validSchemes: ["https", "http"], withQueryParameters: true, withFragments: true }),
      active: fc.boolean(),
      events: fc.uniqueArray(fc.constantFrom(...WebhookEventNameSchema.options), { minLength: 1, maxLength: WebhookEventNameSchema.options.length }),
      secret: nonEmptyTextArb,
      headers: nullable(fc.array(fc.record({ name: nonEmptyTextArb, value: textArb() }, plain), { maxLength: 4 })),
      free_time_ending_days: fc.integer({ min: 0, max: 30 }),
      demurrage_cost_threshold: nullable(fc.record({ amount: fc.constantFrom("0", "150.00", "1234.5678"), currency: fc.constantFrom("USD", "EUR") }, plain)),
      min_eta_change_hours: fc.constantFrom(0, 0.5, 12, 8760),
      min_lfd_change_hours: fc.constantFrom(0, 24, 72),
      consecutive_failures: intArb(0),
      created_at: timestampArb,
      updated_at: timestampArb,
    },
    plain,
  );
}

/** Any valid notification of the webhook, in every delivery state. */
export function arbitraryWebhookNotification(accountId: string, webhookId: string): fc.Arbitrary<WebhookNotification> {
  return fc.record(
    {
      id: uuidArb,
      account_id: fc.constant(accountId),
      webhook_id: fc.constant(webhookId),
      event: fc.constantFrom(...WebhookEventNameSchema.options),
      delivery_status: fc.constantFrom(...WebhookDeliveryStatusSchema.options),
      reference_object_type: nonEmptyTextArb,
      reference_object_id: uuidArb,
      payload: fc.oneof(textArb(), fc.json()),
      attempts: intArb(0),
      next_attempt_at: nullable(timestampArb),
      last_attempt_at: nullable(timestampArb),
      last_response_status: nullable(httpStatusArb),
      created_at: timestampArb,
      updated_at: timestampArb,
    },
    plain,
  );
}

/** Any valid delivery attempt of the notification, answered or not. */
export function arbitraryWebhookNotificationAttempt(notificationId: string): fc.Arbitrary<WebhookNotificationAttempt> {
  return fc.record(
    {
      id: uuidArb,
      notification_id: fc.constant(notificationId),
      attempted_at: timestampArb,
      duration_ms: intArb(0),
      status_code: nullable(httpStatusArb),
      error: nullable(textArb()),
      response_excerpt: nullable(textArb()),
    },
    plain,
  );
}

/** Any valid replay of the webhook, in every state, before or after its first batch. */
export function arbitraryWebhookReplay(accountId: string, webhookId: string): fc.Arbitrary<WebhookReplayRecord> {
  return fc.record(
    {
      id: uuidArb,
      account_id: fc.constant(accountId),
      webhook_id: fc.constant(webhookId),
      status: fc.constantFrom(...WebhookReplayStatusSchema.options),
      since: timestampArb,
      until: timestampArb,
      events: nullable(fc.uniqueArray(fc.constantFrom(...WebhookEventNameSchema.options), { minLength: 1, maxLength: 5 })),
      total: intArb(0),
      scanned: intArb(0),
      queued: intArb(0),
      already_pending: intArb(0),
      error: nullable(textArb()),
      after_created_at: nullable(timestampArb),
      after_id: nullable(uuidArb),
      created_at: timestampArb,
      updated_at: timestampArb,
      completed_at: nullable(timestampArb),
    },
    plain,
  );
}
