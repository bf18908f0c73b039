import type { VesselWithPositions } from "@bollard/core";
import { renderParts, renderResource, vesselResource, wireValue, writeDocument } from "@bollard/core/jsonapi";
import { Hono, type Context } from "hono";
import type { AppEnv } from "../app-env.js";
import { given } from "../request/query-params.js";
import { jsonApiText } from "../respond.js";

/** The document of a vessel endpoint: the vessel resource (with `attributes.positions` unless left out), and `links.self`. */
function vesselDocument(result: VesselWithPositions, self: string, withPositions = true): string {
  const parts = renderParts(vesselResource, result.vessel);
  const attributes = withPositions ? `${parts.attributes.slice(0, -1)},"positions":${JSON.stringify(wireValue(result.positions))}}` : parts.attributes;
  return writeDocument({ data: renderResource(vesselResource, { id: result.vessel.id, attributes, relationships: parts.relationships }), links: { self } });
}

/** A coordinate query parameter as a number (NaN when it is not one; the SDK answers 400 for it). */
const coordinate = (c: Context, name: string) => (c.req.query(name) === undefined ? undefined : Number(c.req.query(name)!.trim() || Number.NaN));

/** `/v2/vessels` routes: a vessel by IMO or id with its positions, and forecasts to a port along the sea lanes. */
export function vesselRoutes(): Hono<AppEnv> {
  const routes = new Hono<AppEnv>();
  routes.get("/vessels/:id", async (c) => {
    c.set("errorLocation", { parameters: { from: "show_positions[from_timestamp]", to: "show_positions[to_timestamp]" } });
    const window = given({ from: c.req.query("show_positions[from_timestamp]"), to: c.req.query("show_positions[to_timestamp]") });
    // As live: positions only when a show_positions parameter asks for them (either bound; the other has its default).
    const asked = Object.keys(c.req.queries()).some((name) => name.startsWith("show_positions"));
    return jsonApiText(c, 200, vesselDocument(await c.get("session").vessels.get(c.req.param("id"), window), c.req.url, asked));
  });
  routes.get("/vessels/:id/future_positions", async (c) => {
    const query = { port_id: c.req.query("port_id") ?? "", previous_port_id: c.req.query("previous_port_id") ?? "" };
    return jsonApiText(c, 200, vesselDocument(await c.get("session").vessels.futurePositions(c.req.param("id"), query), c.req.url));
  });
  routes.get("/vessels/:id/future_positions_with_coordinates", async (c) => {
    const query = { port_id: c.req.query("port_id") ?? "", previous_port_id: c.req.query("previous_port_id") ?? "" };
    const from = { ...query, latitude: coordinate(c, "latitude") as number, longitude: coordinate(c, "longitude") as number };
    return jsonApiText(c, 200, vesselDocument(await c.get("session").vessels.futurePositionsWithCoordinates(c.req.param("id"), from), c.req.url));
  });
  return routes;
}
