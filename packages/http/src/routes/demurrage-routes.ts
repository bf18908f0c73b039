import { writeTable, type ExposureGroup, type ExposureOptions, type TariffInput } from "@bollard/core";
import { collectionLinks, collectionMeta, listDocument, resourceDocument } from "@bollard/core/jsonapi";
import { DemurrageOptionsSchema, ExposureOptionsSchema } from "@bollard/core/schemas";
import { Hono, type Context } from "hono";
import { z } from "zod";
import type { AppEnv } from "../app-env.js";
import { filterQuery, pageQuery, uuidParam } from "../request/query-params.js";
import { readInput } from "../request/request-body.js";
import { jsonApi, jsonApiText } from "../respond.js";

const tariffSelf = (c: Context, id: string) => new URL(`/v2/tariffs/${id}`, c.req.url).href;

const ExposureQuerySchema = ExposureOptionsSchema.omit({ page: true }).extend({
  endingWithinDays: z.coerce.number().int().min(0).max(60).optional(),
  containerIds: z.string().transform((list) => list.split(",")).pipe(ExposureOptionsSchema.shape.containerIds.unwrap()).optional(),
  format: z.enum(["json", "csv"]).default("json"),
});
const EXPOSURE_QUERY = { groupBy: "group_by", endingWithinDays: "ending_within_days", projectedThrough: "projected_through", containerIds: "filter[container_id]", format: "format" };

/** The columns of the exposure CSV, in order: one row per group and currency. */
export const EXPOSURE_CSV_COLUMNS = ["group_by", "key", "containers", "charging", "free_time_ending", "unpriced_charges", "currency", "accrued", "projected"] as const;

/**
 * Demurrage and detention (Bollard extensions): `/v2/tariffs` (the account's rules, 25 a page;
 * create, read, change, delete), `/v2/containers/{id}/demurrage` (a container's charges with their
 * working) and `/v2/demurrage_exposure` (money at risk by terminal, carrier, customer or port, as
 * JSON:API or CSV).
 */
export function demurrageRoutes(): Hono<AppEnv> {
  const routes = new Hono<AppEnv>();
  routes.get("/tariffs", async (c) => {
    const result = await c.get("session").tariffs.list({ page: pageQuery(c) });
    return jsonApiText(c, 200, listDocument("tariff", result, { requestUrl: c.req.url }));
  });
  routes.post("/tariffs", async (c) => {
    const tariff = await c.get("session").tariffs.create(await readInput<TariffInput>(c));
    return jsonApiText(c, 201, resourceDocument("tariff", tariff, { self: tariffSelf(c, tariff.id) }));
  });
  routes.get("/tariffs/:id", async (c) => {
    const id = uuidParam(c);
    return jsonApiText(c, 200, resourceDocument("tariff", await c.get("session").tariffs.get(id), { self: tariffSelf(c, id) }));
  });
  routes.patch("/tariffs/:id", async (c) => {
    const id = uuidParam(c);
    const tariff = await c.get("session").tariffs.update(id, await readInput<Partial<TariffInput>>(c));
    return jsonApiText(c, 200, resourceDocument("tariff", tariff, { self: tariffSelf(c, id) }));
  });
  routes.delete("/tariffs/:id", async (c) => {
    await c.get("session").tariffs.delete(uuidParam(c));
    return c.body(null, 204);
  });
  routes.get("/containers/:id/demurrage", async (c) => {
    const id = uuidParam(c);
    const options = filterQuery(c, DemurrageOptionsSchema, { projectedThrough: "projected_through" });
    const { container_id, ...attributes } = await c.get("session").demurrage.container(id, options);
    const data = { id: container_id, type: "container_demurrage", attributes, relationships: { container: { data: { id: container_id, type: "container" } } } };
    return jsonApi(c, 200, { data, links: { self: c.req.url } });
  });
  routes.get("/demurrage_exposure", async (c) => {
    const { format, ...options } = filterQuery(c, ExposureQuerySchema, EXPOSURE_QUERY);
    const session = c.get("session");
    if (format === "csv") {
      // Every group from one pass over the containers.
      const rows = (await session.demurrage.exposureGroups(options)).flatMap((group) => csvRows(options.groupBy ?? "terminal", group));
      // Written as every export is (a byte order mark for Excel, CRLF lines).
      const file = writeTable(EXPOSURE_CSV_COLUMNS, (async function* () {
        yield* rows;
      })(), "csv");
      return c.body(file.stream, 200, { "content-type": file.contentType });
    }
    const result = await session.demurrage.exposure({ ...options, page: pageQuery(c) } satisfies ExposureOptions);
    const groupBy = options.groupBy ?? "terminal";
    const data = result.data.map((group) => ({ id: `${groupBy}:${group.key ?? ""}`, type: "demurrage_exposure", attributes: { group_by: groupBy, ...group } }));
    return jsonApi(c, 200, { data, links: collectionLinks(c.req.url, result.page, result.total), meta: collectionMeta(data.length, result.total) });
  });
  return routes;
}

/** A group's CSV rows: one per currency, or one with no currency when nothing in it is priced. */
function csvRows(groupBy: string, group: ExposureGroup): (string | number | null)[][] {
  const head = [groupBy, group.key, group.containers, group.charging, group.free_time_ending, group.unpriced_charges];
  if (group.accrued.length === 0) return [[...head, null, null, null]];
  return group.accrued.map((accrued) => [...head, accrued.currency, accrued.amount, group.projected.find((p) => p.currency === accrued.currency)?.amount ?? null]);
}
