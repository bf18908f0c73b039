import { createHmac } from "node:crypto";
import { createTracker, manualClock, type Session, type Tracker } from "@bollard/core";
import { memoryStorage } from "@bollard/storage-memory";
import { createDcsaApp, type DcsaAppOptions } from "../dcsa-app.js";
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

/** A tracker on memory storage with one account, a session of its editor, and a subscription of that account pushing as MAEU. */
export async function pushedAccount(name: string, appOptions: Omit<DcsaAppOptions, "subscriptions"> = {}): Promise<{ tracker: Tracker; session: Session; subscription: DcsaSubscription; app: ReturnType<typeof createDcsaApp> }> {
  const tracker = await createTracker({ storage: memoryStorage(), clock: manualClock("2026-05-12T12:00:00Z") });
  const { account } = await tracker.accounts.ensure(name);
  const session = tracker.session(await tracker.accounts.authenticate((await tracker.accounts.issueKey(account.id)).apiKey));
  const subscription: DcsaSubscription = { id: "7d3f6a52-1c1e-4f7e-9a43-5b2f2d7c9e01", secret: Buffer.from(`${name} secret`).toString("base64"), scac: "MAEU", accountId: account.id };
  return { tracker, session, subscription, app: createDcsaApp(tracker, { ...appOptions, subscriptions: [subscription] }) };
}
