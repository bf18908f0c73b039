import type { Tracker } from "@bollard/core";
import { Hono } from "hono";
import { dcsaError } from "./dcsa-errors.js";
import type { DcsaSubscription } from "./dcsa-subscription.js";
import { eventsRoutes } from "./events-routes.js";
import { notificationRoutes } from "./notification-routes.js";

/** The default of {@link DcsaAppOptions.maxNewReferencesPerNotification}. */
export const DEFAULT_MAX_NEW_REFERENCES_PER_NOTIFICATION = 100;

/** Options of {@link createDcsaApp}. */
export interface DcsaAppOptions {
  /**
   * The subscriptions Bollard holds at carriers, whose signed notifications it accepts.
   * @default none
   */
  subscriptions?: readonly DcsaSubscription[];
  /**
   * How many transport documents Bollard does not track yet one notification may add (each one
   * becomes a tracking request and a shipment). A notification over it is a `400`
   * (`tooManyReferences`) and nothing of it is applied; references already tracked do not count.
   * A whole number from 0 (a push only updates what is tracked) up.
   * @default 100
   */
  maxNewReferencesPerNotification?: number;
}

/**
 * The DCSA Track & Trace 2.2 routes of a tracker, under `/dcsa/v2`: `GET /events` and
 * `GET /events/{eventID}` serve the account of the API key sent (`Authorization: Token <key>`,
 * as on `/v2`) as DCSA events, with the standard's filters and cursor paging;
 * `POST /notifications/{subscriptionID}` takes carriers' signed push notifications.
 * @throws RangeError when `maxNewReferencesPerNotification` is not a whole number from 0
 * @example
 * const api = createHttpApp(tracker);
 * const dcsa = createDcsaApp(tracker, { subscriptions });
 * const app = new Hono().route("/", dcsa).all("*", (c) => api.fetch(c.req.raw, c.env));
 */
export function createDcsaApp(tracker: Tracker, options: DcsaAppOptions = {}): Hono {
  const maxNewReferencesPerNotification = options.maxNewReferencesPerNotification ?? DEFAULT_MAX_NEW_REFERENCES_PER_NOTIFICATION;
  if (!Number.isSafeInteger(maxNewReferencesPerNotification) || maxNewReferencesPerNotification < 0) {
    throw new RangeError(`maxNewReferencesPerNotification must be a whole number from 0, not ${String(maxNewReferencesPerNotification)}`);
  }
  const routes = new Hono();
  routes.route("/", eventsRoutes(tracker));
  routes.route("/", notificationRoutes(tracker, { subscriptions: options.subscriptions ?? [], maxNewReferencesPerNotification }));
  routes.notFound((c) => dcsaError(c, 404, "notFound", `No route for ${c.req.method} ${new URL(c.req.url).pathname}`));
  routes.onError((_error, c) => dcsaError(c, 500, "internalError", "The request could not be served"));
  return new Hono().route("/dcsa/v2", routes);
}
