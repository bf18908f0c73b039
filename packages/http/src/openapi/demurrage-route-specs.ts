import { ContainerDemurrageSchema, ExposureGroupBySchema, ExposureGroupSchema, TariffAttributesSchema } from "@bollard/core/schemas";
import { z } from "zod";
import "zod-openapi";
import { CollectionLinksSchema, CollectionMetaSchema, collectionDocument, singleDocument } from "./resource-schemas.js";
import type { RouteSpec } from "./route-spec.js";

const TariffBody = z.object({ data: z.object({ type: z.literal("tariff").optional(), id: z.string().optional(), attributes: TariffAttributesSchema }) });
const TariffPatchBody = z.object({ data: z.object({ type: z.literal("tariff").optional(), id: z.string().optional(), attributes: z.record(z.string(), z.unknown()) }) });
const projectedThrough = z.string().optional().meta({ description: "The local date (YYYY-MM-DD) projections run to; by default the pickup appointment, else today + 7 days" });

const ContainerDemurrageDocument = z
  .object({
    data: z.object({
      id: z.string(),
      type: z.literal("container_demurrage"),
      attributes: ContainerDemurrageSchema.meta({ id: "ContainerDemurrageAttributes" }),
      relationships: z.object({ container: z.object({ data: z.object({ id: z.string(), type: z.literal("container") }) }) }),
    }),
    links: z.object({ self: z.string() }),
  })
  .meta({ id: "ContainerDemurrageDocument" });

const ExposureDocument = z
  .object({
    data: z.array(
      z.object({
        id: z.string(),
        type: z.literal("demurrage_exposure"),
        attributes: ExposureGroupSchema.extend({ group_by: ExposureGroupBySchema }).meta({ id: "DemurrageExposureAttributes" }),
      }),
    ),
    links: CollectionLinksSchema,
    meta: CollectionMetaSchema,
  })
  .meta({ id: "DemurrageExposureDocument" });

/** Tariff rules, a container's demurrage and the account's exposure: all Bollard extensions (docs/demurrage.md). */
export const DEMURRAGE_ROUTE_SPECS: RouteSpec[] = [
  { method: "get", path: "/tariffs", summary: "List the account's tariff rules, oldest first", query: z.object({ "page[number]": z.string().optional(), "page[size]": z.string().optional().meta({ description: "Page size, default 25, capped at 100" }) }), status: 200, response: collectionDocument("tariff"), errors: [400] },
  { method: "post", path: "/tariffs", summary: "Create a tariff rule: free time and daily rates for demurrage, detention, combined or storage (422 with the field's pointer when it breaks the format)", body: TariffBody, status: 201, response: singleDocument("tariff"), errors: [400, 403, 413, 415, 422] },
  { method: "get", path: "/tariffs/{id}", summary: "Get a tariff rule", status: 200, response: singleDocument("tariff"), errors: [400, 404] },
  { method: "patch", path: "/tariffs/{id}", summary: "Change some fields of a tariff rule; the whole rule is checked again", body: TariffPatchBody, status: 200, response: singleDocument("tariff"), errors: [400, 403, 404, 413, 415, 422] },
  { method: "delete", path: "/tariffs/{id}", summary: "Delete a tariff rule", status: 204, errors: [400, 403, 404] },
  {
    method: "get",
    path: "/containers/{id}/demurrage",
    summary: "A container's demurrage and detention: the binding last free day and its basis, money accrued and projected, and the day-by-day working",
    query: z.object({ projected_through: projectedThrough }),
    status: 200,
    response: ContainerDemurrageDocument,
    errors: [400, 404],
  },
  {
    method: "get",
    path: "/demurrage_exposure",
    summary: "Money at risk: the running charges of the account's containers grouped by terminal, carrier, customer or port (JSON:API, or CSV with format=csv); by container for a board of every container",
    query: z.object({
      group_by: ExposureGroupBySchema.optional().meta({ description: "What to group by (default terminal); container gives one group per container" }),
      ending_within_days: z.string().optional().meta({ description: "How many days ahead a last free day counts as ending soon (default 3, at most 60)" }),
      projected_through: projectedThrough,
      "filter[container_id]": z.string().optional().meta({ description: "Only these containers: up to 100 ids, comma-separated (a board asks for the containers it shows)" }),
      format: z.enum(["json", "csv"]).optional().meta({ description: "csv answers text/csv, one row per group and currency, every group at once" }),
      "page[number]": z.string().optional(),
      "page[size]": z.string().optional().meta({ description: "Groups per page, default 25, capped at 100" }),
    }),
    status: 200,
    response: ExposureDocument,
    errors: [400],
  },
].map((spec): RouteSpec => ({ ...(spec as RouteSpec), extension: true }));
