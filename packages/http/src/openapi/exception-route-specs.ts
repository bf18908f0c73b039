import { ExceptionKindSchema, ExceptionRuleAttributesSchema, ExceptionRulePatchSchema, ExceptionStatusSchema } from "@bollard/core/schemas";
import { z } from "zod";
import "zod-openapi";
import { collectionDocument, singleDocument } from "./resource-schemas.js";
import type { RouteSpec } from "./route-spec.js";

const RuleBody = z.object({ data: z.object({ type: z.literal("exception_rule").optional(), id: z.string().optional(), attributes: ExceptionRuleAttributesSchema }) });
const RulePatchBody = z.object({ data: z.object({ type: z.literal("exception_rule").optional(), id: z.string().optional(), attributes: ExceptionRulePatchSchema }) });
const page = {
  "page[number]": z.string().optional(),
  "page[size]": z.string().optional().meta({ description: "Page size, capped at 100" }),
};

/** Exception rules and the exceptions they raise: Bollard extensions (docs/exceptions.md). */
export const EXCEPTION_ROUTE_SPECS: RouteSpec[] = [
  { method: "get", path: "/exception_rules", summary: "List the account's exception rules, oldest first (a kind without one follows its default, docs/exceptions.md)", query: z.object(page), status: 200, response: collectionDocument("exception_rule"), errors: [400] },
  { method: "post", path: "/exception_rules", summary: "Create the rule of a kind: its threshold (threshold_hours or threshold_days, by kind) and enabled; 422 duplicate when the kind has one", body: RuleBody, status: 201, response: singleDocument("exception_rule"), errors: [400, 403, 413, 415, 422] },
  { method: "get", path: "/exception_rules/{id}", summary: "Get an exception rule", status: 200, response: singleDocument("exception_rule"), errors: [400, 404] },
  { method: "patch", path: "/exception_rules/{id}", summary: "Change an exception rule's threshold or enabled", body: RulePatchBody, status: 200, response: singleDocument("exception_rule"), errors: [400, 403, 404, 413, 415, 422] },
  { method: "delete", path: "/exception_rules/{id}", summary: "Delete an exception rule: its kind follows the default again", status: 204, errors: [400, 403, 404] },
  {
    method: "get",
    path: "/exceptions",
    summary: "List the exceptions raised on the account's shipments, newest raised first",
    query: z.object({
      "filter[status]": ExceptionStatusSchema.optional().meta({ description: "open or cleared" }),
      "filter[kind]": ExceptionKindSchema.optional().meta({ description: "Only this rule kind" }),
      "filter[shipment_id]": z.string().optional().meta({ description: "Only this shipment's exceptions" }),
      "filter[container_id]": z.string().optional().meta({ description: "Only this container's exceptions" }),
      ...page,
    }),
    status: 200,
    response: collectionDocument("exception"),
    errors: [400],
  },
  { method: "get", path: "/exceptions/{id}", summary: "Get an exception", status: 200, response: singleDocument("exception"), errors: [400, 404] },
].map((spec): RouteSpec => ({ ...(spec as RouteSpec), extension: true }));
