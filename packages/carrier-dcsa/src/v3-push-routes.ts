import type { Tracker } from "@bollard/core";
import { MAX_BODY_BYTES } from "@bollard/core/http";
import { Hono, type Context } from "hono";
import { apiKeySession, type SessionEnv } from "./api-key-auth.js";
import type { DcsaSubscription } from "./dcsa-subscription.js";
import { verifyNotificationSignature } from "./notification-routes.js";
import { readPushBody } from "./push-body.js";
import type { PushOwner } from "./push-ingest.js";
import { V3_API_VERSION, v3Error, v3Unauthorized } from "./v3-errors.js";
import { applyV3Push } from "./v3-push.js";

const badSignature = (c: Context) => v3Error(c, 401, "The Notification-Signature does not match the body");

/** Reads the push bounded and applies it for `owner`; `verify` checks the bytes first (a subscription's signature). */
async function push(c: Context, tracker: Tracker, owner: PushOwner, verify: (body: Uint8Array) => boolean = () => true): Promise<Response> {
  const body = await readPushBody(c);
  if (body === null) return v3Error(c, 413, `A push is at most ${MAX_BODY_BYTES} bytes`);
  if (!verify(body)) return badSignature(c);
  const feedback = await applyV3Push(tracker, owner, body);
  if (!Array.isArray(feedback)) return v3Error(c, 400, feedback.error, "$.events");
  c.header("API-Version", V3_API_VERSION);
  return c.json({ feedbackElements: feedback }, 200);
}

/**
 * The consumer's `POST /events` of DCSA T&T 3.0, reached two ways:
 * - `POST /events` with a Bollard editor's API key (`Authorization: Token <key>`): the events go to
 *   that key's account, to the shipments it tracks (how DCSA's conformance kit calls a consumer);
 * - `POST /notifications/{subscriptionID}/events` signed like a 2.2 notification
 *   (`Notification-Signature: sha256=<hex HMAC-SHA256 of the body>` under the subscription's
 *   secret): the subscription's account and SCAC, so a producer configured with the base URL
 *   `…/dcsa/v3/notifications/{subscriptionID}` calls it as `<base>/events`.
 * A caller without a key, an unknown subscription or an unsigned push is answered (401) before the
 * body is read; the body is read bounded (413 past 1 MiB). The answer is 200 with `API-Version:
 * 3.0.0` and `{"feedbackElements":[…]}`, a `WARN` per event not applied; 400 when the body is not
 * `{"events":[…]}`.
 */
export function v3PushRoutes(tracker: Tracker, subscriptions: readonly DcsaSubscription[]): Hono<SessionEnv> {
  const byId = new Map(subscriptions.map((s) => [s.id, s]));
  const app = new Hono<SessionEnv>();
  app.post("/events", apiKeySession(tracker, v3Unauthorized), (c) => {
    const { principal } = c.get("session");
    if (principal.user.role !== "editor") return v3Error(c, 403, "Pushing events needs the API key of an editor");
    return push(c, tracker, { accountId: principal.account.id, scac: null });
  });
  app.post("/notifications/:subscriptionID/events", (c) => {
    // An unknown subscription answers like a bad signature (no hint of which ids exist).
    const subscription = byId.get(c.req.param("subscriptionID"));
    const signature = c.req.header("notification-signature");
    if (!subscription || signature === undefined) return badSignature(c);
    return push(c, tracker, { accountId: subscription.accountId, scac: subscription.scac }, (body) => verifyNotificationSignature(body, signature, subscription.secret));
  });
  return app;
}
