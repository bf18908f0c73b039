import type { Tracker } from "@bollard/core";
import { Hono } from "hono";
import { dcsaError } from "./dcsa-errors.js";
import type { DcsaSubscription } from "./dcsa-subscription.js";
import { eventsRoutes } from "./events-routes.js";
import { notificationRoutes, type NotificationRouteOptions } from "./notification-routes.js";
import { createPageQueue, type PageQueue } from "./page-queue.js";
import { v3Error } from "./v3-errors.js";
import { v3EventsRoutes } from "./v3-events-routes.js";
import { v3PushRoutes } from "./v3-push-routes.js";

/** The default of {@link DcsaAppOptions.concurrentPages}. */
export const DEFAULT_CONCURRENT_PAGES = 2;

/** The default of {@link DcsaAppOptions.maxNewReferencesPerNotification}. */
export const DEFAULT_MAX_NEW_REFERENCES_PER_NOTIFICATION = 100;

/** Options of {@link createDcsaApp}. */
export interface DcsaAppOptions {
  /**
   * The subscriptions Bollard holds at carriers, whose signed pushes it accepts: 2.2
   * notifications at `/dcsa/v2/notifications/{id}`, 3.0 pushes at `/dcsa/v3/notifications/{id}/events`.
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
  /**
   * How many pages of `GET /dcsa/v2/events` and `GET /dcsa/v3/events` are worked on at once; more
   * wait their turn. A page is work without I/O on SQLite, so a few at a time keep the server
   * answering everything else (a health check, the `/v2` API) while many clients read pages.
   * @default 2
   */
  concurrentPages?: number;
}

const routeOf = (request: Request) => `${request.method} ${new URL(request.url).pathname}`.slice(0, 200);

/** The DCSA T&T 2.2 routes, answering unknown routes and failures with the 2.2 error body. */
function v2Routes(tracker: Tracker, push: NotificationRouteOptions, pages: PageQueue): Hono {
  const routes = new Hono();
  routes.route("/", eventsRoutes(tracker, pages));
  routes.route("/", notificationRoutes(tracker, push));
  routes.all("*", (c) => dcsaError(c, 404, "notFound", `No route for ${routeOf(c.req.raw)}`));
  routes.onError((_error, c) => dcsaError(c, 500, "internalError", "The request could not be served"));
  return routes;
}

/** The DCSA T&T 3.0 routes, answering unknown routes and failures with 3.0's `feedbackElements`. */
function v3Routes(tracker: Tracker, subscriptions: readonly DcsaSubscription[], pages: PageQueue): Hono {
  const routes = new Hono();
  routes.route("/", v3EventsRoutes(tracker, pages));
  routes.route("/", v3PushRoutes(tracker, subscriptions));
  routes.all("*", (c) => v3Error(c, 404, `No route for ${routeOf(c.req.raw)}`));
  routes.onError((_error, c) => v3Error(c, 500, "The request could not be served"));
  return routes;
}

/**
 * The DCSA Track & Trace routes of a tracker, 2.2 under `/dcsa/v2` and 3.0 under `/dcsa/v3`, each
 * answering in its own version's shapes (errors included). Both serve the account of the API key
 * sent (`Authorization: Token <key>`, as on `/v2`) from its event feed:
 * - 2.2: `GET /events` and `GET /events/{eventID}` with the standard's filters and cursor paging;
 *   `POST /notifications/{subscriptionID}` takes carriers' signed push notifications;
 * - 3.0: `GET /events` (the producer's endpoint); `POST /events` (the consumer's) takes pushes
 *   with an editor's API key, and `POST /notifications/{subscriptionID}/events` signed ones.
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
  const push = { subscriptions: options.subscriptions ?? [], maxNewReferencesPerNotification };
  // Both versions' pages share one queue: a few run at once, whoever asks (see PageQueue).
  const pages = createPageQueue(options.concurrentPages ?? DEFAULT_CONCURRENT_PAGES);
  return new Hono().route("/dcsa/v2", v2Routes(tracker, push, pages)).route("/dcsa/v3", v3Routes(tracker, push.subscriptions, pages));
}
