import { createHmac, timingSafeEqual } from "node:crypto";

/** How far `webhook-timestamp` may be from this machine's clock (Standard Webhooks' default). */
export const TOLERANCE_SECONDS = 5 * 60;

const sameText = (a: string, b: string) => a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));

/** Checks `X-T49-Webhook-Signature`: the hex HMAC-SHA256 of the raw body, keyed with the webhook secret. */
export function verifyT49(body: string, secret: string, signature: string | undefined): boolean {
  if (!signature) return false;
  return sameText(createHmac("sha256", secret).update(body).digest("hex"), signature.trim().toLowerCase());
}

/**
 * Checks the Standard Webhooks headers: `webhook-signature` holds one or more `v1,<base64>`
 * signatures of `${webhook-id}.${webhook-timestamp}.${body}`, HMAC-SHA256 keyed with the secret's
 * bytes (Bollard keys it with the secret string itself, like X-T49; in Standard Webhooks form that
 * key is `whsec_` + base64(secret)). The timestamp must be within {@link TOLERANCE_SECONDS} of now.
 */
export function verifyStandardWebhook(body: string, secret: string, headers: { id?: string; timestamp?: string; signature?: string }, nowSeconds = Date.now() / 1000): boolean {
  const { id, timestamp, signature } = headers;
  if (!id || !timestamp || !signature || !/^\d+$/.test(timestamp)) return false;
  if (Math.abs(nowSeconds - Number(timestamp)) > TOLERANCE_SECONDS) return false;
  const expected = createHmac("sha256", secret).update(`${id}.${timestamp}.${body}`).digest("base64");
  return signature.split(" ").some((candidate) => {
    const [version, value] = candidate.split(",");
    return version === "v1" && value !== undefined && sameText(value, expected);
  });
}
