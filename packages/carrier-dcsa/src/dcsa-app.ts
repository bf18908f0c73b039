import type { Tracker } from "@bollard/core";
import { Hono } from "hono";
import { dcsaError } from "./dcsa-errors.js";
import { eventsRoutes } from "./events-routes.js";
import { notificationRoutes, type DcsaSubscription } from "./notification-routes.js";
import { v3Error } from "./v3-errors.js";
import { v3EventsRoutes } from "./v3-events-routes.js";
import { v3PushRoutes } from "./v3-push-routes.js";

/** Options of {@link createDcsaApp}. */
export interface DcsaAppOptions {
  /**
   * The subscriptions Bollard holds at carriers, whose signed pushes it accepts: 2.2
   * notifications at `/dcsa/v2/notifications/{id}`, 3.0 pushes at `/dcsa/v3/notifications/{id}/events`.
   * @default none
   */
  subscriptions?: readonly DcsaSubscription[];
}

const routeOf = (request: Request) => `${request.method} ${new URL(request.url).pathname}`.slice(0, 200);

/** The DCSA T&T 2.2 routes, answering unknown routes and failures with the 2.2 error body. */
function v2Routes(tracker: Tracker, subscriptions: readonly DcsaSubscription[]): Hono {
  const routes = new Hono();
  routes.route("/", eventsRoutes(tracker));
  routes.route("/", notificationRoutes(tracker, subscriptions));
  routes.all("*", (c) => dcsaError(c, 404, "notFound", `No route for ${routeOf(c.req.raw)}`));
  routes.onError((_error, c) => dcsaError(c, 500, "internalError", "The request could not be served"));
  return routes;
}

/** The DCSA T&T 3.0 routes, answering unknown routes and failures with 3.0's `feedbackElements`. */
function v3Routes(tracker: Tracker, subscriptions: readonly DcsaSubscription[]): Hono {
  const routes = new Hono();
  routes.route("/", v3EventsRoutes(tracker));
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
 * @example
 * const api = createHttpApp(tracker);
 * const dcsa = createDcsaApp(tracker, { subscriptions });
 * const app = new Hono().route("/", dcsa).all("*", (c) => api.fetch(c.req.raw, c.env));
 */
export function createDcsaApp(tracker: Tracker, options: DcsaAppOptions = {}): Hono {
  const subscriptions = options.subscriptions ?? [];
  return new Hono().route("/dcsa/v2", v2Routes(tracker, subscriptions)).route("/dcsa/v3", v3Routes(tracker, subscriptions));
}
