import { customFieldTargetFromRelationships, listDocument, resourceDocument, type CustomFieldTarget, type CustomFieldTargetType } from "@bollard/core";
import { Hono, type Context } from "hono";
import type { AppEnv } from "../app.js";
import { given, includeParam, pageParams, uuidParam } from "../request/query-params.js";
import { readResource } from "../request/request-body.js";
import { jsonApi } from "../respond.js";

const selfOf = (c: Context, id: string) => new URL(`/v2/custom_fields/${id}`, c.req.url).href;

/**
 * `/v2/custom_fields`: create-or-update with `data.relationships.entity`, and read, change and
 * delete by id. The top-level DELETE answers 200 with `{"meta": {"deleted": true}}`.
 */
export function customFieldRoutes(): Hono<AppEnv> {
  const routes = new Hono<AppEnv>();
  routes.post("/custom_fields", async (c) => {
    const { attributes, relationships } = await readResource(c);
    const result = await c.get("session").customFields.upsert(customFieldTargetFromRelationships(relationships), attributes);
    return jsonApi(c, 201, resourceDocument(result, selfOf(c, result.data.id)));
  });
  routes.get("/custom_fields/:id", async (c) => {
    const result = await c.get("session").customFields.get(uuidParam(c), given({ include: includeParam(c) }));
    return jsonApi(c, 200, resourceDocument(result, c.req.url));
  });
  routes.patch("/custom_fields/:id", async (c) => {
    const id = uuidParam(c);
    const { attributes } = await readResource(c);
    return jsonApi(c, 200, resourceDocument(await c.get("session").customFields.update(id, attributes), c.req.url));
  });
  routes.delete("/custom_fields/:id", async (c) => {
    await c.get("session").customFields.delete(uuidParam(c));
    return jsonApi(c, 200, { meta: { deleted: true } });
  });
  return routes;
}

/**
 * The custom fields nested under a record: `/v2/{collection}/{param}/custom_fields` (list and
 * create-or-update, 201 either way) and `…/custom_fields/{api_slug}` (PATCH 200, DELETE 204
 * without a body, as upstream).
 */
export function entityCustomFieldRoutes(collection: string, param: string, type: CustomFieldTargetType): Hono<AppEnv> {
  const routes = new Hono<AppEnv>();
  const base = `/${collection}/:${param}/custom_fields`;
  const target = (c: Context): CustomFieldTarget => ({ type, id: uuidParam(c, param) });
  routes.get(base, async (c) => {
    const result = await c.get("session").customFields.list(target(c), given({ include: includeParam(c), page: pageParams(c) }));
    return jsonApi(c, 200, listDocument(result, c.req.url));
  });
  routes.post(base, async (c) => {
    const entity = target(c);
    const { attributes } = await readResource(c);
    const result = await c.get("session").customFields.upsert(entity, attributes);
    return jsonApi(c, 201, resourceDocument(result, selfOf(c, result.data.id)));
  });
  routes.patch(`${base}/:api_slug`, async (c) => {
    const entity = target(c);
    const { attributes } = await readResource(c);
    return jsonApi(c, 200, resourceDocument(await c.get("session").customFields.updateBySlug(entity, c.req.param("api_slug") ?? "", attributes), c.req.url));
  });
  routes.delete(`${base}/:api_slug`, async (c) => {
    await c.get("session").customFields.deleteBySlug(target(c), c.req.param("api_slug") ?? "");
    return c.body(null, 204);
  });
  return routes;
}
