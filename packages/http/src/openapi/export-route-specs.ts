import { CONTAINER_EXPORT_COLUMNS, SHIPMENT_EXPORT_COLUMNS, TRACKING_REQUEST_EXPORT_COLUMNS, TRANSPORT_EVENT_EXPORT_COLUMNS, type ExportColumnInfo } from "@bollard/core";
import { ExportFormatSchema } from "@bollard/core/schemas";
import { z } from "zod";
import "zod-openapi";
import type { RouteSpec } from "./route-spec.js";

/** Each export, the listing whose filters it takes, and its columns. */
const EXPORTS = [
  { path: "/shipments/export", listing: "/shipments", what: "the shipments GET /v2/shipments lists", columns: SHIPMENT_EXPORT_COLUMNS, customFields: "shipment" },
  { path: "/containers/export", listing: "/containers", what: "the containers GET /v2/containers lists", columns: CONTAINER_EXPORT_COLUMNS, customFields: "container (Cargo)" },
  { path: "/tracking_requests/export", listing: "/tracking_requests", what: "the tracking requests GET /v2/tracking_requests lists", columns: TRACKING_REQUEST_EXPORT_COLUMNS, customFields: null },
  { path: "/transport_events/export", listing: "/events", what: "the account's transport events, in the order Bollard learned them (the event feed's filters)", columns: TRANSPORT_EVENT_EXPORT_COLUMNS, customFields: null },
] as const satisfies readonly { path: string; listing: string; what: string; columns: readonly ExportColumnInfo[]; customFields: string | null }[];

/** The query parameters of a listing that page or shape it rather than filter it: an export takes the others. */
const NOT_FILTERS = new Set(["include", "page[number]", "page[size]", "page[after]", "filter[type]"]);

const format = ExportFormatSchema.optional().meta({ description: "The file: csv (the default; UTF-8 with a byte order mark, CRLF), xlsx, or ndjson (one JSON object per line); 400 on format for anything else" });

/**
 * The routes with every listing's export appended (Bollard extensions, docs/bulk.md): each takes
 * its listing's filters, under the same names, and answers the whole file, streamed.
 */
export function withExportRoutes(specs: readonly RouteSpec[]): RouteSpec[] {
  const exports = EXPORTS.map(({ path, listing, what, columns, customFields }): RouteSpec => {
    const list = specs.find((spec) => spec.method === "get" && spec.path === listing);
    if (!list?.query) throw new Error(`No listing ${listing} to take the filters of ${path} from`);
    const filters = Object.fromEntries(Object.entries(list.query.shape).filter(([name]) => !NOT_FILTERS.has(name)));
    const header = `${columns.map((column) => column.name).join(", ")}${customFields ? `, then one per ${customFields} custom field, headed by its api_slug` : ""}`;
    const file = (kind: string) => z.string().meta({ format: "binary", description: `${kind}; the columns: ${header}` });
    return {
      method: "get",
      path,
      summary: `Export ${what} as one CSV, XLSX or NDJSON file (Content-Disposition: attachment), streamed as it is read`,
      query: z.object({ format, ...filters }),
      status: 200,
      responseContent: {
        "text/csv": file("CSV, a header row first"),
        "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet": file("An XLSX workbook, one worksheet (Export) with a header row"),
        "application/x-ndjson": file("One JSON object per line, keyed by column"),
      },
      errors: [400],
      extension: true,
    };
  });
  return [...specs, ...exports];
}
