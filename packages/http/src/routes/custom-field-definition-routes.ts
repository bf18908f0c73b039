import type { CustomFieldDefinitionCreate, CustomFieldDefinitionUpdate, CustomFieldOptionCreate, CustomFieldOptionUpdate } from "@bollard/core";
import { documentInclude, listDocument, resourceDocument } from "@bollard/core/jsonapi";
import { CustomFieldDefinitionFiltersSchema } from "@bollard/core/schemas";
import { Hono } from "hono";
import type { AppEnv } from "../app-env.js";
import { filterQuery, includeQuery, pageQuery, uuidParam } from "../request/query-params.js";
import { readInput } from "../request/request-body.js";
import { jsonApi, jsonApiText } from "../respond.js";

const FILTERS = { entityType: "filter[entity_type]", dataType: "filter[data_type]", displayName: "filter[display_name]" };

/**
 * `/v2/custom_field_definitions` routes and the nested `/options`. DELETEs answer 200 with only
 * top-level meta (`{"meta": {"deleted": true, …}}`), as JSON:API allows and the upstream service
 * answers for these two resources.
 */
export function customFieldDefinitionRoutes(): Hono<AppEnv> {
  const routes = new Hono<AppEnv>();
  const self = (url: string, path: string) => new URL(path, url).href;
  const linked = documentInclude<"custom_field_definition">;
  routes.get("/custom_field_definitions", async (c) => {
    const include = includeQuery(c, "custom_field_definition");
    const filters = filterQuery(c, CustomFieldDefinitionFiltersSchema, FILTERS);
    const result = await c.get("session").customFieldDefinitions.list({ ...filters, page: pageQuery(c), include: linked("custom_field_definition", include) });
    return jsonApiText(c, 200, listDocument("custom_field_definition", result, { include, requestUrl: c.req.url }));
  });
  routes.post("/custom_field_definitions", async (c) => {
    const input = await readInput<CustomFieldDefinitionCreate>(c);
    const definition = await c.get("session").customFieldDefinitions.create(input, { include: linked("custom_field_definition", []) });
    return jsonApiText(c, 201, resourceDocument("custom_field_definition", definition, { self: self(c.req.url, `/v2/custom_field_definitions/${definition.id}`) }));
  });
  routes.get("/custom_field_definitions/:id", async (c) => {
    const id = uuidParam(c);
    const include = includeQuery(c, "custom_field_definition");
    const definition = await c.get("session").customFieldDefinitions.get(id, { include: linked("custom_field_definition", include) });
    return jsonApiText(c, 200, resourceDocument("custom_field_definition", definition, { include, self: c.req.url }));
  });
  routes.patch("/custom_field_definitions/:id", async (c) => {
    const id = uuidParam(c);
    const definition = await c.get("session").customFieldDefinitions.update(id, await readInput<CustomFieldDefinitionUpdate>(c), { include: linked("custom_field_definition", []) });
    return jsonApiText(c, 200, resourceDocument("custom_field_definition", definition, { self: c.req.url }));
  });
  routes.delete("/custom_field_definitions/:id", async (c) => {
    const deleted = await c.get("session").customFieldDefinitions.delete(uuidParam(c));
    return jsonApi(c, 200, { meta: { deleted: true, deleted_options: deleted.deletedOptions, deleted_values: deleted.deletedValues } });
  });
  routes.get("/custom_field_definitions/:definition_id/options", async (c) => {
    const definitionId = uuidParam(c, "definition_id");
    const include = includeQuery(c, "custom_field_option");
    const result = await c.get("session").customFieldDefinitions.listOptions(definitionId, { include, page: pageQuery(c) });
    return jsonApiText(c, 200, listDocument("custom_field_option", result, { include, requestUrl: c.req.url }));
  });
  routes.post("/custom_field_definitions/:definition_id/options", async (c) => {
    const definitionId = uuidParam(c, "definition_id");
    const option = await c.get("session").customFieldDefinitions.createOption(definitionId, await readInput<CustomFieldOptionCreate>(c));
    return jsonApiText(c, 201, resourceDocument("custom_field_option", option, { self: self(c.req.url, `/v2/custom_field_definitions/${definitionId}/options/${option.id}`) }));
  });
  routes.get("/custom_field_definitions/:definition_id/options/:option_id", async (c) => {
    const [definitionId, optionId] = [uuidParam(c, "definition_id"), uuidParam(c, "option_id")];
    const include = includeQuery(c, "custom_field_option");
    const option = await c.get("session").customFieldDefinitions.getOption(definitionId, optionId, { include });
    return jsonApiText(c, 200, resourceDocument("custom_field_option", option, { include, self: c.req.url }));
  });
  routes.patch("/custom_field_definitions/:definition_id/options/:option_id", async (c) => {
    const [definitionId, optionId] = [uuidParam(c, "definition_id"), uuidParam(c, "option_id")];
    const option = await c.get("session").customFieldDefinitions.updateOption(definitionId, optionId, await readInput<CustomFieldOptionUpdate>(c));
    return jsonApiText(c, 200, resourceDocument("custom_field_option", option, { self: c.req.url }));
  });
  routes.delete("/custom_field_definitions/:definition_id/options/:option_id", async (c) => {
    await c.get("session").customFieldDefinitions.deleteOption(uuidParam(c, "definition_id"), uuidParam(c, "option_id"));
    return jsonApi(c, 200, { meta: { deleted: true } });
  });
  return routes;
}
