import { vesselDocument } from "@bollard/core";
import { Hono } from "hono";
import type { AppEnv } from "../app.js";
import { given } from "../request/query-params.js";
import { jsonApi } from "../respond.js";

/** `/v2/vessels` routes: a vessel by IMO or id with its positions, and forecasts to a port along the sea lanes. */
export function vesselRoutes(): Hono<AppEnv> {
  const routes = new Hono<AppEnv>();
  routes.get("/vessels/:id", async (c) => {
    const window = given({ from: c.req.query("show_positions[from_timestamp]"), to: c.req.query("show_positions[to_timestamp]") });
    return jsonApi(c, 200, vesselDocument(await c.get("session").vessels.get(c.req.param("id"), window), c.req.url));
  });
  routes.get("/vessels/:id/future_positions", async (c) => {
    const query = given({ port_id: c.req.query("port_id"), previous_port_id: c.req.query("previous_port_id") });
    return jsonApi(c, 200, vesselDocument(await c.get("session").vessels.futurePositions(c.req.param("id"), query), c.req.url));
  });
  routes.get("/vessels/:id/future_positions_with_coordinates", async (c) => {
    const query = given({ port_id: c.req.query("port_id"), previous_port_id: c.req.query("previous_port_id"), latitude: c.req.query("latitude"), longitude: c.req.query("longitude") });
    return jsonApi(c, 200, vesselDocument(await c.get("session").vessels.futurePositionsWithCoordinates(c.req.param("id"), query), c.req.url));
  });
  return routes;
}
