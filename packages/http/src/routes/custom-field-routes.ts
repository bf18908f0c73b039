import type { CustomFieldTarget, CustomFieldTargetType, CustomFieldUpdate, CustomFieldUpsert } from "@bollard/core";
import { documentInclude, listDocument, resourceDocument } from "@bollard/core/jsonapi";
import { CustomFieldFiltersSchema } from "@bollard/core/schemas";
import { Hono, type Context } from "hono";
import type { AppEnv } from "../app-env.js";
import { filterQuery, includeQuery, pageQuery, uuidParam } from "../request/query-params.js";
import { asInput, readInput, readResource } from "../request/request-body.js";
import { jsonApi, jsonApiText } from "../respond.js";
import { customFieldTargetFromRelationships } from "./custom-field-target.js";

const FILTERS = { entityType: "filter[entity_type]", entityId: "filter[entity_id]", definitionId: "filter[definition_id]" };
const selfOf = (c: Context, id: string) => new URL(`/v2/custom_fields/${id}`, c.req.url).href;

/**
 * `/v2/custom_fields`: the account's values (filtered by `filter[entity_type]`, `filter[entity_id]`,
 * `filter[definition_id]`), create-or-update with `data.relationships.entity`, and read, change and
 * delete by id. The top-level DELETE answers 200 with `{"meta": {"deleted": true}}`.
 */
export function customFieldRoutes(): Hono<AppEnv> {
  const routes = new Hono<AppEnv>();
  routes.get("/custom_fields", async (c) => {
    const include = includeQuery(c, "custom_field");
    const filters = filterQuery(c, CustomFieldFiltersSchema, FILTERS);
    const result = await c.get("session").customFields.listAll({ ...filters, page: pageQuery(c), include: documentInclude("custom_field", include) });
    return jsonApiText(c, 200, listDocument("custom_field", result, { include, requestUrl: c.req.url }));
  });
  routes.post("/custom_fields", async (c) => {
    const { attributes, relationships } = await readResource(c, { relationships: ["entity"] });
    const { field } = await c.get("session").customFields.upsert(customFieldTargetFromRelationships(relationships), asInput<CustomFieldUpsert>(attributes));
    return jsonApiText(c, 201, resourceDocument("custom_field", field, { self: selfOf(c, field.id) }));
  });
  routes.get("/custom_fields/:id", async (c) => {
    const id = uuidParam(c);
    const include = includeQuery(c, "custom_field");
    const field = await c.get("session").customFields.get(id, { include: documentInclude("custom_field", include) });
    return jsonApiText(c, 200, resourceDocument("custom_field", field, { include, self: c.req.url }));
  });
  routes.patch("/custom_fields/:id", async (c) => {
    const id = uuidParam(c);
    const field = await c.get("session").customFields.update(id, await readInput<CustomFieldUpdate>(c));
    return jsonApiText(c, 200, resourceDocument("custom_field", field, { self: c.req.url }));
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
    const entity = target(c);
    const include = includeQuery(c, "custom_field");
    const result = await c.get("session").customFields.list(entity, { include: documentInclude("custom_field", include), page: pageQuery(c) });
    return jsonApiText(c, 200, listDocument("custom_field", result, { include, requestUrl: c.req.url }));
  });
  routes.post(base, async (c) => {
    const entity = target(c);
    const { field } = await c.get("session").customFields.upsert(entity, await readInput<CustomFieldUpsert>(c));
    return jsonApiText(c, 201, resourceDocument("custom_field", field, { self: selfOf(c, field.id) }));
  });
  routes.patch(`${base}/:api_slug`, async (c) => {
    const entity = target(c);
    const field = await c.get("session").customFields.updateBySlug(entity, c.req.param("api_slug") ?? "", await readInput<CustomFieldUpdate>(c));
    return jsonApiText(c, 200, resourceDocument("custom_field", field, { self: c.req.url }));
  });
  routes.delete(`${base}/:api_slug`, async (c) => {
    await c.get("session").customFields.deleteBySlug(target(c), c.req.param("api_slug") ?? "");
    return c.body(null, 204);
  });
  return routes;
}
