import { upgradeWebhook } from "../storage/record-upgrades.js";
import type { OutboxRetentionOptions } from "../webhooks/outbox-retention.js";
import { realClock, type Clock } from "../clock/index.js";
import type { Webhook, WebhookEventName, WebhookReplayRecord } from "../domain/index.js";
import { BollardError, NotFoundError } from "../errors/index.js";
import { uuidv7 } from "../ids/index.js";
import { z } from "zod";
import { DEFAULT_WEBHOOK_DELIVERY_POLICY, WEBHOOK_SUCCESS_STATUSES, type WebhookDeliveryPolicy } from "../webhooks/delivery-policy.js";
import { WEBHOOK_EVENT_CATEGORIES, type WebhookEventCategory } from "../domain/webhook-event-catalogue.js";
import { exampleNotification } from "../demo/example-notifications.js";
import { nodeHttpTransport, type WebhookTransport } from "../webhooks/http-transport.js";
import { systemLookup, webhookUrlProblem, type HostLookup } from "../webhooks/url-safety.js";
import { recordReplay, webhookReplaySettings, type WebhookReplayOptions, type WebhookReplaySettings } from "../webhooks/webhook-replays.js";
import { WebhookCreateSchema, WebhookPatchSchema, WebhookReplaySchema, WebhookTriggerSchema } from "../webhooks/webhook-input.js";
import { deliveryHeaders, generateWebhookSecret } from "../webhooks/webhook-signing.js";
import { definedOnly, parseInput } from "../validation/input-validation.js";
import { resolvePage } from "./pagination-defaults.js";
import type { ListOptions, ListResult } from "./read-options.js";
import type { SessionContext } from "./session-context.js";

/** How a tracker's webhooks reach the outside world; shared by the session services and the dispatcher. */
export interface WebhookSettings {
  /** Accept webhook URLs on private, loopback and link-local addresses (local development only). */
  allowPrivateUrls: boolean;
  /** Resolves host names for the URL checks at create and update. */
  lookup: HostLookup;
  /** Sends trigger requests (and deliveries). */
  transport: WebhookTransport;
  /** Retries, timeouts, size caps and the deactivation threshold. */
  policy: WebhookDeliveryPolicy;
  /** The clock of `webhook-timestamp` (real time). */
  wallClock: Clock;
  /** The retry jitter source, in [0, 1). */
  random: () => number;
  /** The bounds of a replay and the pace of the replay background. */
  replay: WebhookReplaySettings;
}

/** How a tracker delivers webhooks: what `createTracker({ webhooks })` accepts. */
export interface WebhookOptions {
  /**
   * Accept webhook URLs whose host is (or resolves to) a private, loopback, link-local,
   * unique-local or unspecified address. For local development and tests only
   * (`bollard serve --allow-private-webhooks`).
   * @default false
   */
  allowPrivateUrls?: boolean;
  /**
   * Retry schedule, timeouts, size caps and the deactivation threshold (any subset).
   * @default DEFAULT_WEBHOOK_DELIVERY_POLICY
   */
  delivery?: Partial<WebhookDeliveryPolicy>;
  /**
   * Sends the HTTP requests.
   * @default nodeHttpTransport({ allowPrivateUrls, lookup, responseBodyLimitBytes })
   */
  transport?: WebhookTransport;
  /**
   * Resolves host names for the URL checks.
   * @default systemLookup
   */
  lookup?: HostLookup;
  /**
   * The clock of `webhook-timestamp`.
   * @default realClock()
   */
  wallClock?: Clock;
  /**
   * The retry jitter source, in [0, 1); `() => 0.5` gives the schedule without jitter (tests).
   * @default Math.random
   */
  random?: () => number;
  /**
   * Outbox retention: delivered notifications older than `deliveredMaxAgeMs` are deleted with their
   * attempts by a pass that runs while the delivery worker does (`bollard serve --webhook-retention-days`).
   * @default { deliveredMaxAgeMs: 2_592_000_000 } (30 days)
   */
  retention?: OutboxRetentionOptions;
  /**
   * Replays (`POST /v2/webhooks/{id}/replay`): the longest window and the most notifications one
   * takes, and how the background works them off (batch size, batches per pass, how often).
   * @default DEFAULT_WEBHOOK_REPLAY_SETTINGS (31 days, 10,000 notifications, batches of 200)
   */
  replay?: WebhookReplayOptions;
}

/** Completes {@link WebhookOptions} with the defaults. */
export function webhookSettings(options: WebhookOptions = {}): WebhookSettings {
  const allowPrivateUrls = options.allowPrivateUrls ?? false;
  const policy: WebhookDeliveryPolicy = { ...DEFAULT_WEBHOOK_DELIVERY_POLICY, ...options.delivery };
  const lookup = options.lookup ?? systemLookup;
  const transport = options.transport ?? nodeHttpTransport({ allowPrivateUrls, lookup, responseBodyLimitBytes: policy.responseBodyLimitBytes });
  return { allowPrivateUrls, lookup, transport, policy, wallClock: options.wallClock ?? realClock(), random: options.random ?? Math.random, replay: webhookReplaySettings(options.replay) };
}

let defaults: WebhookSettings | undefined;

/** The settings of a session created without a tracker's: private targets refused, default policy. */
export function defaultWebhookSettings(): WebhookSettings {
  return (defaults ??= webhookSettings());
}

/** What `POST /v2/webhooks/trigger` reports, as the upstream service does. */
export interface WebhookTriggerResult {
  /** Where the sample was sent. */
  url: string;
  /** The receiver answered 200, 201, 202 or 204. */
  succeeded: boolean;
  /** Why it was not accepted (e.g. `the receiver answered 500`), or null. */
  error: string | null;
  /** The receiver's HTTP status, or null when no response came. */
  status_code: number | null;
  /** The headers sent, signatures included. */
  request_headers: Record<string, string>;
  /** The body sent: a sample notification of the event. */
  request_body: string;
  /** The response's headers, or null without a response. */
  response_headers: Record<string, string> | null;
  /** The response body (capped), or null without a response. */
  response_body: string | null;
}

/** What {@link WebhookService.create} accepts: `url` and `events` are required, `active` defaults to true. */
export type WebhookCreate = z.input<typeof WebhookCreateSchema>;

/** What {@link WebhookService.update} accepts (`headers: null` clears the headers). */
export type WebhookUpdate = z.input<typeof WebhookPatchSchema>;

/** What {@link WebhookService.trigger} accepts: where to send a sample of which event, and the secret to sign it with. */
export type WebhookTrigger = z.input<typeof WebhookTriggerSchema>;

/** Webhook subscriptions of the session account, the events catalogue, and test deliveries. */
export interface WebhookService {
  /** Webhooks newest first; default page size 30. */
  list(options?: ListOptions): Promise<ListResult<Webhook>>;
  /** One webhook (with its `secret`); 404 when absent or another account's. */
  get(id: string): Promise<Webhook>;
  /**
   * Creates a webhook (editor only) with a generated secret; `active` defaults to true. 422 on the
   * path of each bad attribute, `unsafe_url` on `url` for a private target (unless the tracker
   * allows them).
   */
  create(input: WebhookCreate): Promise<Webhook>;
  /**
   * Changes `url`, `active`, `events` and/or `headers` (editor only; `headers: null` clears them).
   * Re-activating resets the failure count. The secret never changes.
   */
  update(id: string, input: WebhookUpdate): Promise<Webhook>;
  /** Deletes a webhook (editor only); its pending notifications fail at their next attempt. */
  delete(id: string): Promise<void>;
  /** The events catalogue, by category. */
  eventCategories(): readonly WebhookEventCategory[];
  /**
   * POSTs a sample notification of `event` to `url` (editor only) and reports what happened; signed
   * with `secret` when given (no signature headers otherwise).
   */
  trigger(input: WebhookTrigger): Promise<WebhookTriggerResult>;
  /**
   * Asks for every notification of the webhook created in `[since, until)` to be sent again (editor
   * only; `until` defaults to now and is never later than now), of `events` only when given: a
   * backfill for a receiver that was down. Resolves once the replay is recorded (durably), running;
   * the background then queues the notifications again in batches, oldest first, each keeping its id
   * and body, and leaves those still pending as they are. Follow it with {@link WebhookService.getReplay}.
   * 404 for an unknown webhook; 409 for an inactive one, or while a replay of it is running; 422
   * (`invalid`, `out_of_range`, on `since`) for a window out of order, longer than 31 days or holding
   * more than 10,000 notifications (the bounds are `createTracker({ webhooks: { replay } })`).
   *
   * @example
   * let replay = await session.webhooks.replay(webhook.id, { since: "2026-11-01T00:00:00Z" });
   * while (replay.status === "running") replay = await session.webhooks.getReplay(webhook.id, replay.id);
   */
  replay(id: string, input: WebhookReplay): Promise<WebhookReplayRecord>;
  /** A replay of the webhook, with its progress (`scanned` of `total`, `queued`, `already_pending`); 404 when absent, another webhook's or another account's. */
  getReplay(webhookId: string, replayId: string): Promise<WebhookReplayRecord>;
}

/** What {@link WebhookService.replay} accepts: `since` (required), `until` and `events`. */
export type WebhookReplay = z.input<typeof WebhookReplaySchema>;

/** Creates the {@link WebhookService} of a session. */
export function createWebhookService(context: SessionContext, settings: WebhookSettings): WebhookService {
  const { storage, accountId } = context;
  async function assertSafe(url: string): Promise<void> {
    const problem = await webhookUrlProblem(url, { allowPrivate: settings.allowPrivateUrls, lookup: settings.lookup });
    if (problem) {
      throw new BollardError("unsafe_url", `The URL's host must be a public address: ${problem}. (Private targets are allowed only when the server runs with --allow-private-webhooks.)`, { path: ["url"] });
    }
  }

  return {
    async list(options = {}) {
      const page = resolvePage(options.page, 30);
      const { items, total } = await storage.webhooks.list(accountId, page);
      return { data: items.map(upgradeWebhook), total, page };
    },
    async get(id) {
      const webhook = await storage.webhooks.get(accountId, id);
      if (!webhook) throw new NotFoundError(`No webhook ${id}`);
      return upgradeWebhook(webhook);
    },
    async create(create) {
      context.requireEditor();
      const input = parseInput(WebhookCreateSchema, create ?? {});
      await assertSafe(input.url);
      const now = context.clock.now().toISOString();
      const webhook: Webhook = {
        id: uuidv7(), account_id: accountId, url: input.url, active: input.active, events: input.events, secret: generateWebhookSecret(),
        headers: input.headers ?? null, free_time_ending_days: input.free_time_ending_days, demurrage_cost_threshold: input.demurrage_cost_threshold,
        min_eta_change_hours: input.min_eta_change_hours, min_lfd_change_hours: input.min_lfd_change_hours,
        consecutive_failures: 0, created_at: now, updated_at: now,
      };
      await storage.webhooks.insert(webhook);
      return webhook;
    },
    async update(id, update) {
      context.requireEditor();
      const patch = definedOnly(parseInput(WebhookPatchSchema, update ?? {}));
      if (patch.url !== undefined) await assertSafe(patch.url);
      const updated = await storage.transaction(async (tx) => {
        const found = await tx.webhooks.get(accountId, id);
        if (!found) throw new NotFoundError(`No webhook ${id}`);
        const stored = upgradeWebhook(found);
        const reactivated = patch.active === true && !stored.active;
        const next: Webhook = { ...stored, ...patch, ...(reactivated && { consecutive_failures: 0 }), updated_at: context.clock.now().toISOString() };
        await tx.webhooks.update(next);
        return next;
      });
      return updated;
    },
    async delete(id) {
      context.requireEditor();
      if (!(await storage.webhooks.delete(accountId, id))) throw new NotFoundError(`No webhook ${id}`);
    },
    eventCategories: () => WEBHOOK_EVENT_CATEGORIES,
    async trigger(input) {
      context.requireEditor();
      const parsed = parseInput(WebhookTriggerSchema, input ?? {});
      await assertSafe(parsed.url);
      const id = uuidv7();
      const body = JSON.stringify(await exampleNotification(parsed.event as WebhookEventName, { notificationId: id }));
      const timestampSeconds = Math.floor(settings.wallClock.now().getTime() / 1000);
      const headers = deliveryHeaders({ id, body, secret: parsed.secret ?? null, timestampSeconds });
      const response = await settings.transport({ url: parsed.url, headers, body, timeoutMs: settings.policy.timeoutMs, accountId });
      const succeeded = response.status !== null && WEBHOOK_SUCCESS_STATUSES.includes(response.status);
      const error = succeeded ? null : (response.error ?? `the receiver answered ${response.status}`);
      const excerpt = response.body === null ? null : response.body.slice(0, settings.policy.responseBodyLimitBytes);
      return { url: parsed.url, succeeded, error, status_code: response.status, request_headers: headers, request_body: body, response_headers: response.headers, response_body: excerpt };
    },
    async replay(id, input) {
      context.requireEditor();
      const parsed = parseInput(WebhookReplaySchema, input ?? {});
      return recordReplay(storage, accountId, { webhookId: id, ...parsed }, context.clock.now().toISOString(), settings.replay);
    },
    async getReplay(webhookId, replayId) {
      const replay = await storage.webhookReplays.get(accountId, replayId);
      if (!replay || replay.webhook_id !== webhookId) throw new NotFoundError(`No replay ${replayId} of the webhook ${webhookId}`);
      return replay;
    },
  };
}
