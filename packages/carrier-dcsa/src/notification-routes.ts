import { createHmac, timingSafeEqual } from "node:crypto";
import { isBollardError, type Tracker } from "@bollard/core";
import { MAX_BODY_BYTES } from "@bollard/core/http";
import { Hono, type Context } from "hono";
import { dcsaError } from "./dcsa-errors.js";
import type { DcsaEvent } from "./dcsa-types.js";
import { dcsaSnapshot, documentReference } from "./events-to-snapshot.js";
import { readPushBody } from "./push-body.js";
import { ingestPush, NO_STORED_SHIPMENT, pushTarget } from "./push-ingest.js";

/** A subscription Bollard holds at a carrier: where its notifications go, and how they are signed. */
export interface DcsaSubscription {
  /** The `subscriptionID` the carrier gave; the callback is `/dcsa/v2/notifications/<id>`. */
  id: string;
  /** The shared secret, Base64 as the standard writes it; the HMAC key is its decoded bytes. */
  secret: string;
  /** The carrier's SCAC: the notifications' events update this SCAC's tracking requests. */
  scac: string;
  /** The account whose shipments they update. */
  accountId: string;
}

const badSignature = (c: Context) => dcsaError(c, 401, "invalidSignature", "The Notification-Signature does not match the body");

/** Whether `header` is `sha256=<hex HMAC-SHA256 of body>` under the Base64 `secret`. */
export function verifyNotificationSignature(body: Uint8Array, header: string | undefined, secret: string): boolean {
  const match = /^\s*sha256=([0-9a-fA-F]{64})\s*$/.exec(header ?? "");
  if (!match) return false;
  const expected = createHmac("sha256", Buffer.from(secret, "base64")).update(body).digest();
  return timingSafeEqual(expected, Buffer.from(match[1]!, "hex"));
}

/** The reference a notification's event belongs under: its transport document, else its booking, else its container. */
function groupKey(event: DcsaEvent): string | null {
  return documentReference(event, "TRD") ?? documentReference(event, "BKG") ?? (event.eventType === "EQUIPMENT" ? event.equipmentReference ?? null : null);
}

/**
 * `POST /notifications/{subscriptionID}`: a carrier's push of events. An unknown subscription or a
 * push without a signature is answered before the body is read; the body is read bounded (413 past
 * 1 MiB) and its signature checked before anything else (401 and nothing stored when it is wrong).
 * The events then go through `tracker.ingest` like a pull's, so a duplicate is stored once and
 * events apply in event time order; each carries the time the carrier issued it, so a late, older
 * estimate moves no ETA back, across restarts and servers (the rule is core's, in snapshot planning).
 */
export function notificationRoutes(tracker: Tracker, subscriptions: readonly DcsaSubscription[]): Hono {
  const byId = new Map(subscriptions.map((s) => [s.id, s]));
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
    let events: DcsaEvent[];
    try {
      events = JSON.parse(Buffer.from(body).toString("utf8")) as DcsaEvent[];
      if (!Array.isArray(events)) throw new Error("not a list");
    } catch {
      return dcsaError(c, 400, "invalidBody", "The body must be a JSON list of DCSA events");
    }
    const groups = new Map<string, DcsaEvent[]>();
    for (const event of events) {
      if (typeof event !== "object" || event === null) continue;
      const key = groupKey(event);
      if (key === null || typeof event.eventDateTime !== "string") continue;
      groups.set(key, [...(groups.get(key) ?? []), event]);
    }
    for (const [key, group] of groups) {
      try {
        await ingest(tracker, subscription, key, group);
      } catch (error) {
        if (isBollardError(error) && error.status === 422) return dcsaError(c, 400, "invalidEvents", `Events of ${key}: ${error.message}`);
        if (isBollardError(error) && error.status === 404) continue;
        throw error;
      }
    }
    return c.body(null, 204);
  });
  return app;
}

/** Applies one shipment's events to the tracked shipment one of their references names (see `pushTarget`), or, with a transport document, to a tracking request made for it. */
async function ingest(tracker: Tracker, subscription: DcsaSubscription, key: string, events: DcsaEvent[]): Promise<void> {
  const numbers = [key];
  for (const event of events) {
    for (const ref of [documentReference(event, "TRD"), documentReference(event, "BKG"), event.eventType === "EQUIPMENT" ? event.equipmentReference : null]) if (ref) numbers.push(ref);
  }
  const owner = { accountId: subscription.accountId, scac: subscription.scac };
  const target = await pushTarget(tracker, owner, numbers);
  // A push is some of the carrier's events: the shipment's stored containers and ports complete it.
  const snapshot = dcsaSnapshot(events, { requestNumber: key, push: target?.push ?? NO_STORED_SHIPMENT });
  if (snapshot) await ingestPush(tracker, owner, target, snapshot, events.some((e) => documentReference(e, "TRD")));
}
