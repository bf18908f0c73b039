import { z } from "zod";
import { LOOKUP_ROUTE_SPECS } from "./lookup-route-specs.js";
import "zod-openapi";
import { includeParameter, pageNumberParameter } from "./query-parameters.js";
import { CUSTOM_FIELD_ROUTE_SPECS } from "./custom-field-route-specs.js";
import { PARTY_ROUTE_SPECS } from "./party-route-specs.js";
import { DEMURRAGE_ROUTE_SPECS } from "./demurrage-route-specs.js";
import { ETA_ROUTE_SPECS } from "./eta-route-specs.js";
import { BULK_JOB_ROUTE_SPECS } from "./bulk-job-route-specs.js";
import { EXCEPTION_ROUTE_SPECS } from "./exception-route-specs.js";
import { collectionDocument, singleDocument } from "./resource-schemas.js";
import { VESSEL_ROUTE_SPECS } from "./vessel-route-specs.js";
import type { RouteSpec } from "./route-spec.js";
import { WEBHOOK_ROUTE_SPECS } from "./webhook-route-specs.js";
import { SANDBOX_ROUTE_SPECS } from "./sandbox-route-specs.js";
import { EVENT_FEED_ROUTE_SPECS } from "./event-feed-route-specs.js";
import { withExportRoutes } from "./export-route-specs.js";

const include = includeParameter;
const pageNumber = pageNumberParameter;
const pageSize = z.string().optional().meta({ description: "Page size; capped at 100" });
const paged = { include, "page[number]": pageNumber, "page[size]": pageSize };
const asOf = z.string().optional().meta({
  description:
    "Answer what Bollard knew at this instant (ISO 8601 date-time): the resource's attributes and to-one relationships as they were, its to-many linkage cut to the records that existed then; included records are as they are now. 404 when the resource did not exist yet, 400 on as_of for a value that is no date-time",
});
const changesPage = { "page[number]": pageNumber, "page[size]": z.string().optional().meta({ description: "Page size (default 30); capped at 100" }) };
const patchBody = (attributes: z.ZodObject) =>
  z.object({ data: z.object({ id: z.string().optional(), type: z.string().optional(), attributes }) });

/** Every route Bollard serves (later issues append theirs), and the exports of its listings, which take their filters. */
/** `filter[current_status]` of the container listing and export, and its array form (the hosted service's 2026 list filters). */
const CURRENT_STATUS_FILTER = {
  "filter[current_status]": z
    .string()
    .optional()
    .meta({ description: "A container status (optionally `=status`), comma-separated statuses for any of them, `@exists` or `@not_exists`; a status outside the enum matches nothing" }),
  "filter[current_status][]": z.array(z.string()).optional().meta({ description: "Repeated: every value must hold (AND)" }),
};

export const ROUTE_SPECS: RouteSpec[] = withExportRoutes([
  { method: "get", path: "/shipments", summary: "List shipments, newest first", query: z.object({ ...paged, "filter[tracking_stopped]": z.enum(["true", "false"]).optional(), number: z.string().optional(), q: z.string().optional() }), status: 200, response: collectionDocument("shipment"), errors: [400] },
  { method: "get", path: "/shipments/{id}", summary: "Get a shipment, now or as of an instant", query: z.object({ include, as_of: asOf }), status: 200, response: singleDocument("shipment"), errors: [400, 404] },
  { method: "get", path: "/shipments/{id}/changes", summary: "List every change to a shipment's attributes, newest first", query: z.object(changesPage), status: 200, response: collectionDocument("change"), errors: [400, 404], extension: true },
  { method: "patch", path: "/shipments/{id}", summary: "Edit a shipment's ref_numbers and tags", body: patchBody(z.object({ ref_numbers: z.array(z.string()).optional(), tags: z.array(z.string()).optional() })), status: 200, response: singleDocument("shipment"), errors: [400, 403, 404, 413, 415, 422] },
  { method: "patch", path: "/shipments/{id}/stop_tracking", summary: "Stop tracking a shipment (refreshes and notifications pause; history stays)", status: 200, response: singleDocument("shipment"), errors: [400, 403, 404, 413, 415] },
  { method: "patch", path: "/shipments/{id}/resume_tracking", summary: "Resume tracking a shipment", status: 200, response: singleDocument("shipment"), errors: [400, 403, 404, 413, 415] },
  { method: "get", path: "/containers", summary: "List containers, newest first", query: z.object({ ...paged, "filter[number]": z.string().optional(), ...CURRENT_STATUS_FILTER }), status: 200, response: collectionDocument("container"), errors: [400] },
  { method: "patch", path: "/containers", summary: "Edit a container's ref_numbers (the target is data.id)", body: z.object({ data: z.object({ id: z.string(), type: z.string().optional(), attributes: z.object({ ref_numbers: z.array(z.string()).optional() }) }) }), status: 200, response: singleDocument("container"), errors: [400, 403, 404, 413, 415, 422] },
  { method: "patch", path: "/containers/{id}", summary: "Edit a container's ref_numbers, the id in the path (JSON:API's form of PATCH /v2/containers; a data.id naming another container is 409)", body: z.object({ data: z.object({ id: z.string().optional(), type: z.string().optional(), attributes: z.object({ ref_numbers: z.array(z.string()).optional() }) }) }), status: 200, response: singleDocument("container"), errors: [400, 403, 404, 409, 413, 415, 422], extension: true },
  { method: "get", path: "/containers/{id}", summary: "Get a container, now or as of an instant", query: z.object({ include, as_of: asOf }), status: 200, response: singleDocument("container"), errors: [400, 404] },
  { method: "get", path: "/containers/{id}/changes", summary: "List every change to a container's attributes, newest first", query: z.object(changesPage), status: 200, response: collectionDocument("change"), errors: [400, 404], extension: true },
  { method: "get", path: "/containers/{id}/transport_events", summary: "List a container's transport events by timestamp", query: z.object(paged), status: 200, response: collectionDocument("transport_event"), errors: [400, 404] },
  { method: "get", path: "/containers/{id}/raw_events", summary: "List a container's raw carrier events (deprecated)", query: z.object(paged), status: 200, response: collectionDocument("raw_event"), errors: [400, 404], deprecated: true },
  {
    method: "get",
    path: "/tracking_requests",
    summary: "List tracking requests, newest first",
    query: z.object({
      ...paged,
      q: z.string().optional(),
      "filter[request_number]": z.string().optional(),
      "filter[status]": z.enum(["pending", "awaiting_manifest", "created", "failed", "tracking_stopped"]).optional(),
      "filter[scac]": z.string().optional(),
      "filter[created_at][start]": z.string().optional(),
      "filter[created_at][end]": z.string().optional(),
      "filter[updated_at][start]": z.string().optional(),
      "filter[updated_at][end]": z.string().optional(),
    }),
    status: 200,
    response: collectionDocument("tracking_request"),
    errors: [400],
  },
  {
    method: "post",
    path: "/tracking_requests",
    summary: "Register a number to track (status pending)",
    body: z.object({
      data: z.object({
        type: z.string().optional(),
        attributes: z.object({
          request_type: z.enum(["bill_of_lading", "booking_number", "container"]),
          request_number: z.string(),
          scac: z.string().optional().meta({ description: "The carrier's SCAC; required unless auto_detect_vocc_scac is true" }),
          auto_detect_vocc_scac: z.boolean().optional().meta({ description: "Leave out scac and let Bollard find the carrier (201 pending; scac is set when found)" }),
          ref_numbers: z.array(z.string()).optional(),
          shipment_tags: z.array(z.string()).optional(),
          tags: z.array(z.string()).optional().meta({ description: "The same list as shipment_tags, under the API specification's name for the attribute; shipment_tags wins when both are given" }),
          customer_name: z.string().optional(),
          initial_custom_fields: z
            .object({
              shipment: z.array(z.object({ api_slug: z.string(), value: z.unknown().optional() })).optional(),
              containers: z.array(z.object({ api_slug: z.string(), value: z.unknown().optional(), number: z.string().nullable().optional().meta({ description: "The container's number; left out or empty for every container" }) })).optional(),
            })
            .optional()
            .meta({ description: "Custom field values set on the shipment and its containers when the shipment is created; checked at once (422 on the entry's pointer)" }),
        }),
        relationships: z.object({ customer: z.object({ data: z.object({ id: z.string(), type: z.string() }) }) }).optional(),
      }),
    }),
    status: 201,
    response: singleDocument("tracking_request"),
    errors: [400, 403, 413, 415, 422],
  },
  { method: "patch", path: "/tracking_requests/{id}", summary: "Edit a tracking request's reference numbers and tags", body: patchBody(z.object({ ref_number: z.string().optional(), ref_numbers: z.array(z.string()).optional(), shipment_tags: z.array(z.string()).optional() })), status: 200, response: singleDocument("tracking_request"), errors: [400, 403, 404, 413, 415, 422] },
  { method: "get", path: "/tracking_requests/{id}", summary: "Get a tracking request", query: z.object({ include }), status: 200, response: singleDocument("tracking_request"), errors: [400, 404] },
  { method: "get", path: "/ports/{id}", summary: "Get a port by id or UN/LOCODE", query: z.object({ include }), status: 200, response: singleDocument("port"), errors: [400, 404] },
  { method: "get", path: "/terminals/{id}", summary: "Get a terminal", query: z.object({ include }), status: 200, response: singleDocument("terminal"), errors: [400, 404] },
  { method: "get", path: "/metro_areas/{id}", summary: "Get a metro area by id or UN/LOCODE", query: z.object({ include }), status: 200, response: singleDocument("metro_area"), errors: [400, 404] },
  { method: "get", path: "/shipping_lines", summary: "List shipping lines", query: z.object({ ...paged, search: z.string().optional() }), status: 200, response: collectionDocument("shipping_line"), errors: [400] },
  { method: "get", path: "/openapi.json", summary: "This OpenAPI document", status: 200, errors: [], public: true, extension: true },
  ...LOOKUP_ROUTE_SPECS,
  ...CUSTOM_FIELD_ROUTE_SPECS,
  ...PARTY_ROUTE_SPECS,
  ...DEMURRAGE_ROUTE_SPECS,
  ...ETA_ROUTE_SPECS,
  ...EXCEPTION_ROUTE_SPECS,
  ...BULK_JOB_ROUTE_SPECS,
  ...VESSEL_ROUTE_SPECS,
  ...WEBHOOK_ROUTE_SPECS,
  // The sandbox's controls are Bollard's own (the hosted service's sandbox has none of them).
  ...SANDBOX_ROUTE_SPECS.map((spec) => ({ ...spec, extension: true })),
  ...EVENT_FEED_ROUTE_SPECS,
]);
