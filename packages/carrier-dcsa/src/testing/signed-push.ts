import { createHmac } from "node:crypto";
import type { DcsaSubscription } from "../dcsa-subscription.js";

/** An app that answers Fetch requests (`createDcsaApp(...)`, or a real socket's `fetch`). */
export interface PushTarget {
  request(path: string, init: RequestInit): Response | Promise<Response>;
}

/** The `Notification-Signature` a carrier sends with `body` under the subscription's Base64 secret. */
export function notificationSignature(body: string | Uint8Array, secret: string): string {
  return `sha256=${createHmac("sha256", Buffer.from(secret, "base64")).update(body).digest("hex")}`;
}

/** POSTs `body` to the subscription's callback, signed as the standard says: a string or bytes as they are, any other value written as JSON. */
export function signedPush(app: PushTarget, subscription: Pick<DcsaSubscription, "id" | "secret">, body: unknown): Promise<Response> {
  const bytes = typeof body === "string" || body instanceof Uint8Array ? body : JSON.stringify(body);
  return Promise.resolve(app.request(`/dcsa/v2/notifications/${subscription.id}`, {
    method: "POST",
    body: bytes,
    headers: { "content-type": "application/json", "notification-signature": notificationSignature(bytes, subscription.secret), "api-version": "2.2.0" },
  }));
}
