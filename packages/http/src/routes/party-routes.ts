import type { PartyInput } from "@bollard/core";
import { listDocument, resourceDocument } from "@bollard/core/jsonapi";
import { Hono, type Context } from "hono";
import type { AppEnv } from "../app-env.js";
import { includeQuery, pageQuery, uuidParam } from "../request/query-params.js";
import { readInput } from "../request/request-body.js";
import { jsonApiText } from "../respond.js";

const selfOf = (c: Context, id: string) => new URL(`/v2/parties/${id}`, c.req.url).href;

/** `/v2/parties`: the account's parties (customers), 25 a page; create, read and rename one. */
export function partyRoutes(): Hono<AppEnv> {
  const routes = new Hono<AppEnv>();
  routes.get("/parties", async (c) => {
    includeQuery(c, "party");
    const result = await c.get("session").parties.list({ page: pageQuery(c) });
    return jsonApiText(c, 200, listDocument("party", result, { requestUrl: c.req.url }));
  });
  routes.post("/parties", async (c) => {
    const party = await c.get("session").parties.create(await readInput<PartyInput>(c));
    return jsonApiText(c, 201, resourceDocument("party", party, { self: selfOf(c, party.id) }));
  });
  routes.get("/parties/:id", async (c) => {
    const id = uuidParam(c);
    includeQuery(c, "party");
    return jsonApiText(c, 200, resourceDocument("party", await c.get("session").parties.get(id), { self: selfOf(c, id) }));
  });
  routes.patch("/parties/:id", async (c) => {
    const id = uuidParam(c);
    const party = await c.get("session").parties.update(id, await readInput<PartyInput>(c));
    return jsonApiText(c, 200, resourceDocument("party", party, { self: selfOf(c, id) }));
  });
  return routes;
}
