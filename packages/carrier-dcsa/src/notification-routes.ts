import { createHmac, timingSafeEqual } from "node:crypto";
import type { Tracker } from "@bollard/core";
import { MAX_BODY_BYTES } from "@bollard/core/http";
import { Hono, type Context } from "hono";
import { dcsaError } from "./dcsa-errors.js";
import type { DcsaSubscription } from "./dcsa-subscription.js";
import { readPushBody } from "./push-body.js";
import { readNotificationEvents } from "./push-events.js";
import { applyPush, planPush } from "./push-ingest.js";

/** What {@link notificationRoutes} takes besides the tracker. */
export interface NotificationRouteOptions {
  /** The subscriptions whose signed notifications are accepted. */
  subscriptions: readonly DcsaSubscription[];
  /** How many transport documents Bollard does not track yet one notification may add (see `DcsaAppOptions`). */
  maxNewReferencesPerNotification: number;
}

const badSignature = (c: Context) => dcsaError(c, 401, "invalidSignature", "The Notification-Signature does not match the body");

/** Whether `header` is `sha256=<hex HMAC-SHA256 of body>` under the Base64 `secret`. */
export function verifyNotificationSignature(body: Uint8Array, header: string | undefined, secret: string): boolean {
  const match = /^\s*sha256=([0-9a-fA-F]{64})\s*$/.exec(header ?? "");
  if (!match) return false;
  const expected = createHmac("sha256", Buffer.from(secret, "base64")).update(body).digest();
  return timingSafeEqual(expected, Buffer.from(match[1]!, "hex"));
}

/**
 * `POST /notifications/{subscriptionID}`: a carrier's push of events. An unknown subscription or a
 * push without a signature is answered before the body is read; the body is read bounded (413 past
 * 1 MiB) and its signature checked before anything else (401 and nothing stored when it is wrong).
 * Then it is all or nothing: a body that is not a list of readable events, events that make no valid
 * snapshot, or more new transport documents than allowed are a 400 with nothing applied (see
 * `planPush`). The events go through `tracker.ingest` like a pull's, so a duplicate is stored once
 * and events apply in event time order; each carries the time the carrier issued it, so a late,
 * older estimate moves no ETA back (the rule is core's, in snapshot planning).
 */
export function notificationRoutes(tracker: Tracker, options: NotificationRouteOptions): Hono {
  const byId = new Map(options.subscriptions.map((s) => [s.id, s]));
  const app = new Hono();
  app.post("/notifications/:subscriptionID", async (c) => {
    // Answered before a byte of the body is read: an unknown subscription answers like a bad
    // signature (no hint of which ids exist), and so does a push without a signature.
    const subscription = byId.get(c.req.param("subscriptionID"));
    const signature = c.req.header("notification-signature");
    if (!subscription || signature === undefined) return badSignature(c);
    const body = await readPushBody(c);
    if (body === null) return dcsaError(c, 413, "tooLarge", `A notification is at most ${MAX_BODY_BYTES} bytes`);
    if (!verifyNotificationSignature(body, signature, subscription.secret)) return badSignature(c);
    const read = readNotificationEvents(body);
    if ("refusal" in read) return dcsaError(c, 400, read.refusal.reason, read.refusal.message);
    const planned = await planPush(tracker, subscription, read.events, options.maxNewReferencesPerNotification);
    if ("refusal" in planned) return dcsaError(c, 400, planned.refusal.reason, planned.refusal.message);
    const refused = await applyPush(tracker, subscription, planned.plan);
    if (refused) return dcsaError(c, 400, refused.reason, refused.message);
    return c.body(null, 204);
  });
  return app;
}
