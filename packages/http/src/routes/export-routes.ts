import type { Clock, TableExport } from "@bollard/core";
import { ContainerFiltersSchema, ExportOptionsSchema, TrackingRequestFiltersSchema } from "@bollard/core/schemas";
import { Hono, type Context } from "hono";
import type { AppEnv } from "../app-env.js";
import { filterQuery } from "../request/query-params.js";
import { CONTAINER_FILTERS } from "./container-routes.js";
import { EVENT_FEED_PARAMETERS, eventFeedFilters } from "./event-feed-routes.js";
import { shipmentFilters } from "./shipment-routes.js";
import { TRACKING_REQUEST_FILTERS } from "./tracking-request-routes.js";

/** `format`: csv (the default), xlsx or ndjson; 400 on `format` otherwise. */
const formatQuery = (c: Context) => filterQuery(c, ExportOptionsSchema, { format: "format" });

/**
 * Sends an export as a download, `<name>-YYYY-MM-DD.<extension>`. The body is the export's stream,
 * read as the connection takes it, so no export is held whole; `no-store` keeps it out of the
 * conditional-GET hashing and of every cache.
 */
function attachment(c: Context, name: string, file: TableExport, clock: Clock): Response {
  const fileName = `${name}-${clock.now().toISOString().slice(0, 10)}.${file.fileExtension}`;
  return c.body(file.stream, 200, { "content-type": file.contentType, "content-disposition": `attachment; filename="${fileName}"`, "cache-control": "no-store" });
}

/**
 * `GET /v2/{shipments,containers,tracking_requests,transport_events}/export` (Bollard extensions,
 * docs/bulk.md): everything the listing finds with the same filters, under the same query
 * parameters, as one CSV, XLSX or NDJSON file streamed as it is read. Mounted before the `/{id}`
 * routes, so `export` is never read as an id.
 */
export function exportRoutes(clock: Clock): Hono<AppEnv> {
  const routes = new Hono<AppEnv>();
  routes.get("/shipments/export", async (c) => {
    const file = await c.get("session").shipments.export({ ...shipmentFilters(c), ...formatQuery(c) });
    return attachment(c, "shipments", file, clock);
  });
  routes.get("/containers/export", async (c) => {
    const file = await c.get("session").containers.export({ ...filterQuery(c, ContainerFiltersSchema, CONTAINER_FILTERS), ...formatQuery(c) });
    return attachment(c, "containers", file, clock);
  });
  routes.get("/tracking_requests/export", async (c) => {
    const file = await c.get("session").trackingRequests.export({ ...filterQuery(c, TrackingRequestFiltersSchema, TRACKING_REQUEST_FILTERS), ...formatQuery(c) });
    return attachment(c, "tracking_requests", file, clock);
  });
  routes.get("/transport_events/export", async (c) => {
    c.set("errorLocation", { parameters: EVENT_FEED_PARAMETERS });
    const file = await c.get("session").events.export({ ...eventFeedFilters(c), ...formatQuery(c) });
    return attachment(c, "transport_events", file, clock);
  });
  return routes;
}
