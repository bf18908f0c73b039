import type { Tracker } from "@bollard/core";
import { Hono } from "hono";
import { dcsaError } from "./dcsa-errors.js";
import { eventsRoutes } from "./events-routes.js";
import { notificationRoutes, type DcsaSubscription } from "./notification-routes.js";

/** Options of {@link createDcsaApp}. */
export interface DcsaAppOptions {
  /**
   * The subscriptions Bollard holds at carriers, whose signed notifications it accepts.
   * @default none
   */
  subscriptions?: readonly DcsaSubscription[];
}

/**
 * The DCSA Track & Trace 2.2 routes of a tracker, under `/dcsa/v2`: `GET /events` and
 * `GET /events/{eventID}` serve the account of the API key sent (`Authorization: Token <key>`,
 * as on `/v2`) as DCSA events, with the standard's filters and cursor paging;
 * `POST /notifications/{subscriptionID}` takes carriers' signed push notifications.
 * @example
 * const api = createHttpApp(tracker);
 * const dcsa = createDcsaApp(tracker, { subscriptions });
 * const app = new Hono().route("/", dcsa).all("*", (c) => api.fetch(c.req.raw, c.env));
 */
export function createDcsaApp(tracker: Tracker, options: DcsaAppOptions = {}): Hono {
  const routes = new Hono();
  routes.route("/", eventsRoutes(tracker));
  routes.route("/", notificationRoutes(tracker, options.subscriptions ?? []));
  routes.notFound((c) => dcsaError(c, 404, "notFound", `No route for ${c.req.method} ${new URL(c.req.url).pathname}`));
  routes.onError((_error, c) => dcsaError(c, 500, "internalError", "The request could not be served"));
  return new Hono().route("/dcsa/v2", routes);
}
