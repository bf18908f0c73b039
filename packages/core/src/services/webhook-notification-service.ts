import { UuidSchema, WebhookDeliveryStatusSchema, WebhookEventNameSchema, type WebhookNotification } from "../domain/index.js";
import { BollardError, NotFoundError } from "../errors/index.js";
import { mergeIncludes, parseInclude } from "../jsonapi/include.js";
import type { JsonApiDocument } from "../jsonapi/jsonapi-types.js";
import { ResourceGraph } from "../jsonapi/resource-graph.js";
import { resourceRegistry } from "../jsonapi/resources.js";
import { exampleNotification } from "../webhooks/example-notifications.js";
import { loadIncludes } from "./include-loader.js";
import { resolvePage } from "./pagination-defaults.js";
import type { ListOptions, ListResult, ReadOptions, ResourceResult } from "./read-results.js";
import type { SessionContext } from "./session.js";

/** Filters of {@link WebhookNotificationService.list}, as the API's query parameters give them. */
export interface WebhookNotificationListOptions extends ListOptions {
  /** Only notifications of this webhook (a UUID; anything else is a 400 on `filter[webhook_id]`). */
  webhookId?: string;
  /** `pending`, `succeeded` or `failed` (anything else is a 400 on `filter[delivery_status]`). */
  deliveryStatus?: string;
}

/** The webhook notifications of the session account (the outbox and its delivery log), and payload examples. */
export interface WebhookNotificationService {
  /**
   * Notifications newest first; default page size 30. `include` may name `webhook`,
   * `webhook_notification_logs` (the attempts) and `reference_object` (tracking requests and
   * transport events; the `*_event` objects exist only inside payloads).
   */
  list(options?: WebhookNotificationListOptions): Promise<ListResult<WebhookNotification>>;
  /** One notification with its delivery attempts (`webhook_notification_logs`) included by default; 404 when absent. */
  get(id: string, options?: ReadOptions): Promise<ResourceResult<WebhookNotification>>;
  /**
   * The document a webhook receives for `event`, built from synthetic records; a missing or
   * unknown event is a 400 on the `event` parameter.
   */
  example(event: string | undefined): Promise<JsonApiDocument>;
}

const LOGS = parseInclude("webhook_notification_logs", "webhook_notification", resourceRegistry);

/** Creates the {@link WebhookNotificationService} of a session. */
export function createWebhookNotificationService(context: SessionContext): WebhookNotificationService {
  const { storage, accountId } = context;
  return {
    async list(options = {}) {
      const include = parseInclude(options.include, "webhook_notification", resourceRegistry);
      const page = resolvePage(options.page, 30);
      if (options.webhookId !== undefined && !UuidSchema.safeParse(options.webhookId).success) {
        throw new BollardError("INVALID_PARAMETER", "filter[webhook_id] must be a webhook id (a UUID)", { parameter: "filter[webhook_id]" });
      }
      const status = options.deliveryStatus === undefined ? undefined : WebhookDeliveryStatusSchema.safeParse(options.deliveryStatus);
      if (status && !status.success) {
        throw new BollardError("INVALID_PARAMETER", "filter[delivery_status] must be pending, succeeded or failed", { parameter: "filter[delivery_status]" });
      }
      const { items, total } = await storage.webhookNotifications.list(accountId, {
        page,
        ...(options.webhookId !== undefined && { webhookId: options.webhookId.toLowerCase() }),
        ...(status?.success && { deliveryStatus: status.data }),
      });
      const graph = new ResourceGraph();
      await loadIncludes(storage, accountId, graph, "webhook_notification", items, include);
      return { type: "webhook_notification", data: items, total, page, graph, include };
    },
    async get(id, options = {}) {
      const requested = parseInclude(options.include, "webhook_notification", resourceRegistry);
      const include = options.include === undefined ? LOGS : requested;
      const notification = await storage.webhookNotifications.get(accountId, id);
      if (!notification) throw new NotFoundError(`No webhook notification ${id}`);
      const graph = new ResourceGraph();
      await loadIncludes(storage, accountId, graph, "webhook_notification", [notification], mergeIncludes(LOGS, include));
      return { type: "webhook_notification", data: notification, graph, include };
    },
    async example(event) {
      if (event === undefined || event.trim() === "") {
        throw new BollardError("INVALID_PARAMETER", "event is required: name the webhook event to show an example of", { parameter: "event" });
      }
      const parsed = WebhookEventNameSchema.safeParse(event.trim());
      if (!parsed.success) throw new BollardError("INVALID_PARAMETER", `${event.slice(0, 100)} is not a webhook event (see GET /v2/webhooks/events)`, { parameter: "event" });
      return exampleNotification(parsed.data);
    },
  };
}
