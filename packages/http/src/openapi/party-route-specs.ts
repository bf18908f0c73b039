import { z } from "zod";
import "zod-openapi";
import { includeParameter } from "./query-parameters.js";
import { collectionDocument, singleDocument } from "./resource-schemas.js";
import type { RouteSpec } from "./route-spec.js";

const PartyBody = z.object({
  data: z.object({
    type: z.literal("party").optional(),
    attributes: z.object({ company_name: z.string().meta({ description: "The company's name; not blank, unique within the account" }) }),
  }),
});
const paged = {
  include: includeParameter,
  "page[number]": z.string().optional().meta({ description: "Page number, from 1" }),
  "page[size]": z.string().optional().meta({ description: "Page size, default 25, capped at 100" }),
};

/** The parties routes: the account's customers (spread into `ROUTE_SPECS`). */
export const PARTY_ROUTE_SPECS: RouteSpec[] = [
  { method: "get", path: "/parties", summary: "List the account's parties (customers), oldest first", query: z.object(paged), status: 200, response: collectionDocument("party"), errors: [400] },
  { method: "post", path: "/parties", summary: "Create a party (422 for a blank or taken company_name)", body: PartyBody, status: 201, response: singleDocument("party"), errors: [400, 403, 413, 415, 422] },
  { method: "get", path: "/parties/{id}", summary: "Get a party", query: z.object({ include: includeParameter }), status: 200, response: singleDocument("party"), errors: [400, 404] },
  { method: "patch", path: "/parties/{id}", summary: "Rename a party (422 for a blank or taken company_name)", body: PartyBody, status: 200, response: singleDocument("party"), errors: [400, 403, 404, 413, 415, 422] },
];
