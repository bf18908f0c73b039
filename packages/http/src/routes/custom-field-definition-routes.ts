import { listDocument, resourceDocument } from "@bollard/core";
import { Hono } from "hono";
import type { AppEnv } from "../app.js";
import { given, includeParam, pageParams, uuidParam } from "../request/query-params.js";
import { readResource } from "../request/request-body.js";
import { jsonApi } from "../respond.js";

/**
 * `/v2/custom_field_definitions` routes and the nested `/options`. DELETEs answer 200 with only
 * top-level meta (`{"meta": {"deleted": true, …}}`), as JSON:API allows and the upstream service
 * answers for these two resources.
 */
export function customFieldDefinitionRoutes(): Hono<AppEnv> {
  const routes = new Hono<AppEnv>();
  const self = (url: string, path: string) => new URL(path, url).href;
  routes.get("/custom_field_definitions", async (c) => {
    const q = (name: string) => c.req.query(name);
    const result = await c.get("session").customFieldDefinitions.list(
      given({ include: includeParam(c), page: pageParams(c), entityType: q("filter[entity_type]"), dataType: q("filter[data_type]"), displayName: q("filter[display_name]") }),
    );
    return jsonApi(c, 200, listDocument(result, c.req.url));
  });
  routes.post("/custom_field_definitions", async (c) => {
    const { attributes } = await readResource(c);
    const result = await c.get("session").customFieldDefinitions.create(attributes);
    return jsonApi(c, 201, resourceDocument(result, self(c.req.url, `/v2/custom_field_definitions/${result.data.id}`)));
  });
  routes.get("/custom_field_definitions/:id", async (c) => {
    const result = await c.get("session").customFieldDefinitions.get(uuidParam(c), given({ include: includeParam(c) }));
    return jsonApi(c, 200, resourceDocument(result, c.req.url));
  });
  routes.patch("/custom_field_definitions/:id", async (c) => {
    const id = uuidParam(c);
    const { attributes } = await readResource(c);
    return jsonApi(c, 200, resourceDocument(await c.get("session").customFieldDefinitions.update(id, attributes), c.req.url));
  });
  routes.delete("/custom_field_definitions/:id", async (c) => {
    const deleted = await c.get("session").customFieldDefinitions.delete(uuidParam(c));
    return jsonApi(c, 200, { meta: { deleted: true, deleted_options: deleted.deletedOptions, deleted_values: deleted.deletedValues } });
  });
  routes.get("/custom_field_definitions/:definition_id/options", async (c) => {
    const result = await c.get("session").customFieldDefinitions.listOptions(uuidParam(c, "definition_id"), given({ include: includeParam(c), page: pageParams(c) }));
    return jsonApi(c, 200, listDocument(result, c.req.url));
  });
  routes.post("/custom_field_definitions/:definition_id/options", async (c) => {
    const definitionId = uuidParam(c, "definition_id");
    const { attributes } = await readResource(c);
    const result = await c.get("session").customFieldDefinitions.createOption(definitionId, attributes);
    return jsonApi(c, 201, resourceDocument(result, self(c.req.url, `/v2/custom_field_definitions/${definitionId}/options/${result.data.id}`)));
  });
  routes.get("/custom_field_definitions/:definition_id/options/:option_id", async (c) => {
    const result = await c.get("session").customFieldDefinitions.getOption(uuidParam(c, "definition_id"), uuidParam(c, "option_id"), given({ include: includeParam(c) }));
    return jsonApi(c, 200, resourceDocument(result, c.req.url));
  });
  routes.patch("/custom_field_definitions/:definition_id/options/:option_id", async (c) => {
    const [definitionId, optionId] = [uuidParam(c, "definition_id"), uuidParam(c, "option_id")];
    const { attributes } = await readResource(c);
    return jsonApi(c, 200, resourceDocument(await c.get("session").customFieldDefinitions.updateOption(definitionId, optionId, attributes), c.req.url));
  });
  routes.delete("/custom_field_definitions/:definition_id/options/:option_id", async (c) => {
    await c.get("session").customFieldDefinitions.deleteOption(uuidParam(c, "definition_id"), uuidParam(c, "option_id"));
    return jsonApi(c, 200, { meta: { deleted: true } });
  });
  return routes;
}
