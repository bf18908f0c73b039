import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import type { WebhookHeader } from "../domain/index.js";

/** The `User-Agent` of every delivery. */
export const WEBHOOK_USER_AGENT = "Bollard Webhook Bot";

/**
 * A new webhook secret: 32 random bytes as 64 lowercase hex characters. Both signatures are keyed
 * with the secret's own (ASCII) bytes, so receivers use the string as they got it.
 */
export function generateWebhookSecret(): string {
  return randomBytes(32).toString("hex");
}

/** `X-T49-Webhook-Signature`: the hex HMAC-SHA256 of the raw body, keyed with the secret. */
export function t49Signature(body: string, secret: string): string {
  return createHmac("sha256", secret).update(body, "utf8").digest("hex");
}

/** Checks an `X-T49-Webhook-Signature` value against the body in constant time. */
export function verifyT49Signature(body: string, secret: string, signature: string): boolean {
  const expected = Buffer.from(t49Signature(body, secret), "utf8");
  const given = Buffer.from(signature.trim().toLowerCase(), "utf8");
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/**
 * The webhook secret in Standard Webhooks form (`whsec_` + base64 of the key bytes). The key bytes
 * are the secret's ASCII bytes, the same key as `X-T49-Webhook-Signature`, so
 * `new Webhook(standardWebhooksSecret(secret))` (the `standardwebhooks` package) verifies deliveries,
 * as does `new Webhook(secret, { format: "raw" })`.
 * @example
 * standardWebhooksSecret("ab12") // "whsec_YWIxMg=="
 */
export function standardWebhooksSecret(secret: string): string {
  return `whsec_${Buffer.from(secret, "utf8").toString("base64")}`;
}

/** `webhook-signature`: `v1,` + base64 HMAC-SHA256 of `${id}.${timestamp}.${body}`, keyed with the secret's bytes. */
export function standardWebhooksSignature(id: string, timestampSeconds: number, body: string, secret: string): string {
  return `v1,${createHmac("sha256", secret).update(`${id}.${timestampSeconds}.${body}`, "utf8").digest("base64")}`;
}

/** What {@link deliveryHeaders} signs. */
export interface DeliveryHeaderInput {
  /** The notification id: the `webhook-id`, stable across retries (receivers dedupe on it). */
  id: string;
  /** The exact body sent (what is signed). */
  body: string;
  /** The signing secret; without one (a trigger without `secret`) no signature headers are sent. */
  secret: string | null;
  /** Unix seconds of this attempt (`webhook-timestamp`). */
  timestampSeconds: number;
  /** The webhook's custom headers, sent after Bollard's own (which they cannot replace). */
  custom?: readonly WebhookHeader[] | null;
}

/**
 * The headers of one delivery attempt: `Content-Type`, `User-Agent`, `X-T49-Webhook-Signature`,
 * the Standard Webhooks `webhook-id`, `webhook-timestamp` and `webhook-signature`, then custom headers.
 */
export function deliveryHeaders(input: DeliveryHeaderInput): Record<string, string> {
  const headers: Record<string, string> = { "Content-Type": "application/json", "User-Agent": WEBHOOK_USER_AGENT };
  if (input.secret !== null) headers["X-T49-Webhook-Signature"] = t49Signature(input.body, input.secret);
  headers["webhook-id"] = input.id;
  headers["webhook-timestamp"] = String(input.timestampSeconds);
  if (input.secret !== null) headers["webhook-signature"] = standardWebhooksSignature(input.id, input.timestampSeconds, input.body, input.secret);
  const taken = new Set(Object.keys(headers).map((name) => name.toLowerCase()));
  for (const header of input.custom ?? []) {
    if (!taken.has(header.name.toLowerCase())) headers[header.name] = header.value;
  }
  return headers;
}
