import { z } from "zod";
import { UuidSchema, WebhookDeliveryStatusSchema, WebhookEventNameSchema, type WebhookEventName, type WebhookNotification } from "../domain/index.js";
import { BollardError } from "../errors/index.js";
import type { IncludePath, WithRelated } from "../relations/include-paths.js";
import { exampleNotification } from "../demo/example-notifications.js";
import type { WebhookPayload } from "../webhooks/notification-payload.js";
import { redeliverNotification } from "../webhooks/redelivery.js";
import { definedOnly, parseOptions } from "../validation/input-validation.js";
import { resolvePage } from "./pagination-defaults.js";
import type { ListOptions, ListResult, ReadOptions } from "./read-options.js";
import { createRelatedReader } from "./related-reader.js";
import type { SessionContext } from "./session-context.js";

/** The filters of {@link WebhookNotificationService.list}. */
export const WebhookNotificationFiltersSchema = z.object({
  /** Only notifications of this webhook. */
  webhookId: UuidSchema.optional(),
  /** Only notifications in this delivery state. */
  deliveryStatus: WebhookDeliveryStatusSchema.optional(),
});

/** Filters and paging of {@link WebhookNotificationService.list}. */
export interface WebhookNotificationListOptions<P extends string = never> extends ListOptions<P>, z.input<typeof WebhookNotificationFiltersSchema> {}

/** Include paths of a notification read: `webhook`, `webhook_notification_logs` (the attempts), `reference_object`. */
export type WebhookNotificationInclude = IncludePath<"webhook_notification">;

/** The webhook notifications of the session account (the outbox and its delivery log), and payload examples. */
export interface WebhookNotificationService {
  /**
   * Notifications newest first; default page size 30. `include` may name `webhook`,
   * `webhook_notification_logs` (the attempts) and `reference_object` (tracking requests and
   * transport events; the `*_event` objects exist only inside payloads).
   */
  list<const P extends WebhookNotificationInclude = never>(options?: WebhookNotificationListOptions<P>): Promise<ListResult<WithRelated<"webhook_notification", P>>>;
  /** One notification with the related records asked for (its attempts: `webhook_notification_logs`); 404 when absent. */
  get<const P extends WebhookNotificationInclude = never>(id: string, options?: ReadOptions<P>): Promise<WithRelated<"webhook_notification", P>>;
  /** The payload a webhook receives for `event`, built from synthetic records; an unknown event is a 400 on `event`. */
  example(event: WebhookEventName): Promise<WebhookPayload>;
  /**
   * Sends a stored notification again (editor only): the same id and body, pending and due now with a
   * fresh retry schedule; its attempts join the same delivery log. 404 when absent (or pruned), 409
   * while it is still pending or when its webhook is inactive.
   */
  redeliver(id: string): Promise<WebhookNotification>;
}

/** Creates the {@link WebhookNotificationService} of a session. */
export function createWebhookNotificationService(context: SessionContext): WebhookNotificationService {
  const { storage, accountId } = context;
  const reader = createRelatedReader(storage, accountId);
  return {
    list(options = {}) {
      const filters = parseOptions(WebhookNotificationFiltersSchema, definedOnly({ webhookId: options.webhookId, deliveryStatus: options.deliveryStatus }));
      const page = resolvePage(options.page, 30);
      return reader.page("webhook_notification", options.include, page, () =>
        storage.webhookNotifications.list(accountId, { page, ...definedOnly({ webhookId: filters.webhookId?.toLowerCase(), deliveryStatus: filters.deliveryStatus }) }),
      );
    },
    get: (id, options = {}) => reader.one("webhook_notification", options.include, () => storage.webhookNotifications.get(accountId, id), `No webhook notification ${id}`),
    async example(event) {
      const parsed = WebhookEventNameSchema.safeParse(event);
      if (!parsed.success) throw new BollardError("invalid_parameter", `${String(event).slice(0, 100)} is not a webhook event (see GET /v2/webhooks/events)`, { parameter: "event" });
      return exampleNotification(parsed.data);
    },
    redeliver(id) {
      context.requireEditor();
      return redeliverNotification(storage, accountId, id, context.clock.now().toISOString());
    },
  };
}
