import { VesselAttributesSchema, VesselPositionSchema } from "@bollard/core/schemas";
import { ContainerMapSchema } from "@bollard/core/geo";
import { z } from "zod";
import "zod-openapi";
import type { RouteSpec } from "./route-spec.js";

const VesselWithPositionsDocument = z
  .object({
    data: z.object({
      id: z.string(),
      type: z.literal("vessel"),
      attributes: VesselAttributesSchema.extend({
        positions: z.array(VesselPositionSchema).optional().meta({ description: "The positions: always for a forecast; for GET /vessels/{id} only when a show_positions parameter asks for them" }),
      }).meta({ id: "VesselWithPositionsAttributes" }),
      relationships: z.object({}).optional(),
      links: z.object({ self: z.string() }).optional(),
    }),
    links: z.object({ self: z.string() }),
  })
  .meta({ id: "VesselWithPositionsDocument" });

const portIds = {
  port_id: z.string().meta({ description: "The destination port's id (a UUID, e.g. a map port feature's location_id)" }),
  previous_port_id: z.string().meta({ description: "The id of the port the vessel sailed from" }),
};

const FORECAST = "estimated positions (estimated: true) along the sea route to port_id, one an hour (the hosted service: one a minute) at the vessel's speed (16 knots when unknown or under 1), heading towards the next position";

/** The vessel and container map routes. */
export const VESSEL_ROUTE_SPECS: RouteSpec[] = [
  {
    method: "get",
    path: "/vessels/{id}",
    summary: "Get a vessel by 7-digit IMO number or id; with a show_positions parameter, its reported positions inside that window",
    query: z.object({
      "show_positions[from_timestamp]": z.string().optional().meta({ description: "ISO 8601 date-time; default 7 days ago" }),
      "show_positions[to_timestamp]": z.string().optional().meta({ description: "ISO 8601 date-time; default now" }),
    }),
    status: 200,
    response: VesselWithPositionsDocument,
    errors: [400, 404],
  },
  {
    method: "get",
    path: "/vessels/{id}/future_positions",
    summary: `Forecast a vessel from its current position (or previous_port_id when it has none): ${FORECAST}`,
    query: z.object(portIds),
    status: 200,
    response: VesselWithPositionsDocument,
    errors: [400, 404],
  },
  {
    method: "get",
    path: "/vessels/{id}/future_positions_with_coordinates",
    summary: `Forecast a vessel from the given latitude and longitude: ${FORECAST}`,
    query: z.object({ ...portIds, latitude: z.number().min(-90).max(90), longitude: z.number().min(-180).max(180) }),
    status: 200,
    response: VesselWithPositionsDocument,
    errors: [400, 404],
  },
  {
    method: "get",
    path: "/containers/{id}/map_geojson",
    summary:
      "The container map: ports, past vessel paths, the current vessel and estimated legs as one GeoJSON FeatureCollection ([lon, lat]; a line over the antimeridian keeps longitudes in [-180, 180] with a [±180, lat] vertex pair where it crosses)",
    status: 200,
    response: ContainerMapSchema,
    contentType: "application/geo+json",
    errors: [404],
  },
];
