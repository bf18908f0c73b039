import { randomBytes } from "node:crypto";
import { DcsaCarrierConfigSchema, type DcsaCarrierConfigInput } from "./carrier-config.js";
import { createDcsaClient, DcsaRequestError } from "./dcsa-client.js";

/** What {@link subscribeAtCarrier} asks the carrier for. */
export interface SubscribeOptions {
  /** Where the carrier POSTs notifications: Bollard's `…/dcsa/v2/notifications/{subscriptionID}` is filled in once the id is known, so give the URL up to `notifications/`, or any URL of your own. */
  callbackUrl: string;
  /** The shared secret, Base64. @default 32 random bytes */
  secret?: string;
  /** The standard's subscription filters (`eventType`, `transportDocumentReference`, `equipmentEventTypeCodes`, …). */
  filters?: Record<string, unknown>;
  /** Aborts the request. */
  signal?: AbortSignal;
}

/** A subscription made at a carrier. */
export interface CarrierSubscription {
  /** The carrier's `subscriptionID`. */
  subscriptionID: string;
  /** The shared secret (Base64): keep it in the serve config, it is not shown again. */
  secret: string;
  /** The callback URL the carrier was given. */
  callbackUrl: string;
}

/**
 * Subscribes at a carrier (`POST <baseUrl>/event-subscriptions`) with a callback URL and a shared
 * secret, with the carrier's credentials. A `callbackUrl` ending in `/notifications/` gets the
 * subscription id appended by an update (`PUT <baseUrl>/event-subscriptions/{id}`), since the id is
 * known only once the carrier answers.
 */
export async function subscribeAtCarrier(carrier: DcsaCarrierConfigInput, options: SubscribeOptions): Promise<CarrierSubscription> {
  const config = DcsaCarrierConfigSchema.parse(carrier);
  const client = createDcsaClient(config);
  const base = config.baseUrl.endsWith("/") ? config.baseUrl : `${config.baseUrl}/`;
  const secret = options.secret ?? randomBytes(32).toString("base64");
  const body = { ...options.filters, callbackUrl: options.callbackUrl, secret };
  const response = await client.request(new URL("event-subscriptions", base), { method: "POST", body: JSON.stringify(body), signal: options.signal });
  if (response.status !== 201 && response.status !== 200) throw new DcsaRequestError("unrecognized", `The carrier answered ${response.status} to the subscription`, response.status);
  const created = (await response.json()) as { subscriptionID?: unknown };
  if (typeof created.subscriptionID !== "string") throw new DcsaRequestError("unrecognized", "The carrier's answer has no subscriptionID");
  let callbackUrl = options.callbackUrl;
  if (callbackUrl.endsWith("/notifications/")) {
    callbackUrl = `${callbackUrl}${created.subscriptionID}`;
    const { secret: _secret, ...update } = { ...body, callbackUrl, subscriptionID: created.subscriptionID };
    const updated = await client.request(new URL(`event-subscriptions/${created.subscriptionID}`, base), { method: "PUT", body: JSON.stringify(update), signal: options.signal });
    if (!updated.ok) throw new DcsaRequestError("unrecognized", `The carrier answered ${updated.status} to the callback update`, updated.status);
    await updated.body?.cancel();
  }
  return { subscriptionID: created.subscriptionID, secret, callbackUrl };
}
