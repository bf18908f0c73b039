import { ETA_ACCURACY_DEFINITION } from "@bollard/core";
import { collectionLinks, collectionMeta } from "@bollard/core/jsonapi";
import { EtaAccuracyOptionsSchema } from "@bollard/core/schemas";
import { Hono } from "hono";
import type { AppEnv } from "../app-env.js";
import { filterQuery } from "../request/query-params.js";
import { jsonApi } from "../respond.js";

const ACCURACY_QUERY = { carrier: "filter[carrier]", lane: "filter[lane]", from: "filter[arrived_from]", to: "filter[arrived_to]" };

/**
 * ETA accuracy (a Bollard extension): `/v2/eta_accuracy`, one row per ETA source and horizon over
 * the account's arrived shipments (docs/eta.md). The table has 15 rows, always one page.
 */
export function etaRoutes(): Hono<AppEnv> {
  const routes = new Hono<AppEnv>();
  routes.get("/eta_accuracy", async (c) => {
    const filters = filterQuery(c, EtaAccuracyOptionsSchema, ACCURACY_QUERY);
    const report = await c.get("session").eta.accuracy(filters);
    const data = report.rows.map((row) => ({ id: `${row.source}:${row.horizon}`, type: "eta_accuracy", attributes: row }));
    const page = { number: 1, size: Math.max(1, data.length) };
    return jsonApi(c, 200, {
      data,
      links: collectionLinks(c.req.url, page, data.length),
      meta: { ...collectionMeta(data.length, data.length), arrived_shipments: report.shipments, ...ETA_ACCURACY_DEFINITION },
    });
  });
  return routes;
}
