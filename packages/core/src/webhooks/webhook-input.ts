import { z } from "zod";
import { CurrencyCodeSchema, DecimalAmountSchema, toTimestamp, WebhookEventNameSchema } from "../domain/index.js";

/** How many days before a last free day `container.free_time.ending` is sent: 0 to 30. */
const FreeTimeEndingDaysSchema = z.int().min(0).max(30);
/** The smallest move of a date a webhook hears of, in hours: 0 (every move) to a year. */
const ChangeHoursSchema = z.number().min(0).max(8760);
/** A cost threshold: a decimal amount and its currency. */
const CostThresholdSchema = z
  .strictObject({
    /** The amount, a decimal string. */
    amount: DecimalAmountSchema,
    /** Its ISO 4217 currency. */
    currency: CurrencyCodeSchema,
  })
  .nullable();

/** Headers Bollard sets on every delivery; a webhook's custom headers cannot replace them. */
export const RESERVED_WEBHOOK_HEADERS: ReadonlySet<string> = new Set([
  "content-type", "content-length", "host", "user-agent", "x-t49-webhook-signature", "webhook-id", "webhook-timestamp", "webhook-signature",
  "transfer-encoding", "connection", "keep-alive", "te", "trailer", "upgrade", "expect",
]);

/**
 * Capitalizes a header name the way the upstream service stores custom headers: each
 * dash-separated word gets an upper-case first letter and lower-case rest (`x-api-KEY` → `X-Api-Key`).
 */
export function capitalizeHeaderName(name: string): string {
  return name
    .split("-")
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1).toLowerCase())
    .join("-");
}

// RFC 9110 token characters.
const TOKEN = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;
// RFC 9110 field-value (without obs-text): visible ASCII, with spaces and tabs between.
const FIELD_VALUE = /^(?:[\x21-\x7e](?:[\t\x20-\x7e]*[\x21-\x7e])?)?$/;

/** One custom header as sent: a valid, non-reserved name (capitalized on the way in) and a single-line value. */
export const WebhookHeaderInputSchema = z.strictObject({
  /** The header's name; capitalized on the way in (`x-api-key` → `X-Api-Key`). */
  name: z
    .string()
    .trim()
    .min(1)
    .max(100)
    .regex(TOKEN, "must be an HTTP header name (letters, digits and !#$%&'*+.^_`|~-)")
    .refine((name) => !RESERVED_WEBHOOK_HEADERS.has(name.toLowerCase()), "is set by Bollard on every delivery and cannot be replaced")
    .transform(capitalizeHeaderName),
  /**
   * The header's value: visible ASCII with inner spaces or tabs (RFC 9110 field-value without
   * obs-text), so every HTTP client can send it; surrounding whitespace is trimmed.
   */
  value: z
    .string()
    .max(4096)
    .transform((value) => value.replace(/^[ \t]+|[ \t]+$/g, ""))
    .pipe(z.string().regex(FIELD_VALUE, "must be visible ASCII characters, spaces and tabs on one line (RFC 9110 field value)")),
});

/** The custom headers of a webhook: at most 20, names unique ignoring case; null or [] for none. */
export const WebhookHeadersInputSchema = z
  .array(WebhookHeaderInputSchema)
  .max(20)
  .refine((headers) => new Set(headers.map((h) => h.name.toLowerCase())).size === headers.length, "header names must be unique")
  .nullable();

/** A webhook URL: http or https with a host, at most 2048 characters. */
export const WebhookUrlInputSchema = z.string().trim().min(1).max(2048).pipe(z.url({ protocol: /^https?$/, hostname: /^.+$/ }));

/** The events a webhook subscribes to: at least one, each a known event name, no repeats. */
export const WebhookEventsInputSchema = z
  .array(WebhookEventNameSchema)
  .min(1)
  .refine((events) => new Set(events).size === events.length, "events must be unique");

/** The attributes `POST /v2/webhooks` accepts; `active` defaults to true, the secret is generated. */
export const WebhookCreateSchema = z.strictObject({
  /** Where to deliver; http or https. */
  url: WebhookUrlInputSchema,
  /** Whether to deliver; defaults to true. */
  active: z.boolean().default(true),
  /** The events to subscribe to. */
  events: WebhookEventsInputSchema,
  /** Custom headers sent with every delivery. */
  headers: WebhookHeadersInputSchema.optional(),
  /** Days before a last free day `container.free_time.ending` is sent (Bollard extension). */
  free_time_ending_days: FreeTimeEndingDaysSchema.default(3),
  /** Only demurrage and detention notifications for charges projected at least this much (Bollard extension). */
  demurrage_cost_threshold: CostThresholdSchema.default(null),
  /** Only moved estimates that moved at least this many hours (Bollard extension). */
  min_eta_change_hours: ChangeHoursSchema.default(0),
  /** Only moved last free days that moved at least this many hours (Bollard extension). */
  min_lfd_change_hours: ChangeHoursSchema.default(0),
});

/** The attributes `PATCH /v2/webhooks/{id}` accepts (any subset). */
export const WebhookPatchSchema = z.strictObject({
  /** A new URL. */
  url: WebhookUrlInputSchema.optional(),
  /** Turns deliveries on or off. */
  active: z.boolean().optional(),
  /** Replaces the subscribed events. */
  events: WebhookEventsInputSchema.optional(),
  /** Replaces the custom headers; `null` or `[]` removes them. */
  headers: WebhookHeadersInputSchema.optional(),
  /** Days before a last free day `container.free_time.ending` is sent. */
  free_time_ending_days: FreeTimeEndingDaysSchema.optional(),
  /** The cost threshold of demurrage and detention notifications; `null` removes it. */
  demurrage_cost_threshold: CostThresholdSchema.optional(),
  /** The smallest move of an estimate sent, in hours. */
  min_eta_change_hours: ChangeHoursSchema.optional(),
  /** The smallest move of a last free day sent, in hours. */
  min_lfd_change_hours: ChangeHoursSchema.optional(),
});

/** The body of `POST /v2/webhooks/trigger`: where to send a sample of which event, and the optional signing secret. */
export const WebhookTriggerSchema = z.strictObject({
  /** Where to send the sample. */
  url: WebhookUrlInputSchema,
  /** Which event's sample to send. */
  event: WebhookEventNameSchema,
  /** The key to sign the sample with, if any. */
  secret: z.string().min(1).max(512).optional(),
});

/** A point in time given as input (a replay window, a sandbox clock): any ISO 8601 date-time with an offset or `Z`, kept in the stored form. */
export const TimestampInputSchema = z.string().transform((value, ctx) => {
  const timestamp = toTimestamp(value);
  if (timestamp === null) {
    ctx.addIssue({ code: "custom", message: "must be an ISO 8601 date-time with an offset or Z, e.g. 2026-11-20T08:00:00Z" });
    return z.NEVER;
  }
  return timestamp;
});

/** What `POST /v2/webhooks/{id}/replay` accepts: the window of notifications to send again, and optionally which events. */
export const WebhookReplaySchema = z
  .strictObject({
    /** Notifications created at or after this time. */
    since: TimestampInputSchema,
    /** Notifications created before this time; defaults to now. */
    until: TimestampInputSchema.optional(),
    /** Only notifications of these events; all of the window's when absent. */
    events: z.array(WebhookEventNameSchema).min(1).max(100).optional(),
  })
  .refine((input) => input.until === undefined || input.since < input.until, { message: "since must be before until", path: ["since"] });
