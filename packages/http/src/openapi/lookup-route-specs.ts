import { z } from "zod";
import { resourceSchemas, singleDocument } from "./resource-schemas.js";
import type { RouteSpec } from "./route-spec.js";

const InferNumberResultSchema = z.object({
  data: z.object({
    id: z.string(),
    type: z.literal("infer_number_results"),
    attributes: z.object({
      number: z.string(),
      number_type: z.enum(["container", "bill_of_lading", "booking"]),
      validation: z.object({ is_valid: z.boolean().nullable(), type: z.enum(["container", "shipment"]), check_digit_passed: z.boolean().nullable(), parsed_number: z.string().nullable(), reason: z.string().nullable() }),
      shipping_line: z.object({ decision: z.enum(["auto_select", "needs_confirmation", "no_prediction"]), selected: z.unknown(), candidates: z.array(z.unknown()) }),
    }),
  }),
});

/** The routes the official SDK and MCP server call beyond the interface spec (see `lookupRoutes`). */
export const LOOKUP_ROUTE_SPECS: RouteSpec[] = [
  {
    method: "get",
    path: "/search",
    summary: "Search shipments and containers by number (search_result resources)",
    query: z.object({ query: z.string().meta({ description: "A bill of lading, reference or container number" }) }),
    status: 200,
    response: z.object({ data: z.array(resourceSchemas.search_result!), links: z.object({ self: z.string() }) }),
    errors: [400],
  },
  {
    method: "post",
    path: "/tracking_requests/infer_number",
    summary: "Infer the number type and carrier of a tracking number",
    body: z.object({ number: z.string() }),
    status: 200,
    response: InferNumberResultSchema,
    contentType: "application/vnd.api+json",
    errors: [400, 413, 415, 422],
  },
  { method: "get", path: "/shipping_lines/{id}", summary: "Get a shipping line by id or SCAC", status: 200, response: singleDocument("shipping_line"), errors: [404] },
  {
    method: "patch",
    path: "/containers/{id}/refresh",
    summary: "Refresh a container from the carrier now (10 per minute per key)",
    status: 200,
    response: z.object({ message: z.string() }),
    contentType: "application/json",
    errors: [403, 404, 422],
  },
  {
    method: "get",
    path: "/webhooks/ips",
    summary: "The addresses webhook deliveries are sent from (as configured for this server)",
    status: 200,
    response: z.object({ webhook_notification_ips: z.array(z.string()), last_updated: z.string() }),
    contentType: "application/json",
    errors: [],
  },
];
