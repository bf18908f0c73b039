import { Hono } from "hono";
import type { AppEnv } from "../app-env.js";
import { uuidParam } from "../request/query-params.js";

/** The media type of the container map (RFC 7946 GeoJSON). */
export const GEO_JSON = "application/geo+json";

/** `GET /v2/containers/{id}/map_geojson`: the container map collection, plain GeoJSON rather than JSON:API. */
export function mapRoutes(): Hono<AppEnv> {
  const routes = new Hono<AppEnv>();
  routes.get("/containers/:id/map_geojson", async (c) => {
    const map = await c.get("session").maps.container(uuidParam(c));
    return c.body(JSON.stringify(map), 200, { "content-type": GEO_JSON });
  });
  return routes;
}
