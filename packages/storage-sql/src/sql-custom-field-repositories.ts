import type { CustomField, CustomFieldDefinition, CustomFieldOption } from "@bollard/core";
import type { CustomFieldDefinitionRepository, CustomFieldOptionRepository, CustomFieldRepository } from "@bollard/core/storage";
import { docOf, docsOf, idEquals, inCreatedOrder, pageOfDocs, scopedGet, type SqlScope } from "./sql-rows.js";
import { rowsOf } from "./sql-records.js";
import { deleteScoped, insertRows, replaceRecord } from "./sql-writes.js";

const getDefinition = scopedGet<CustomFieldDefinition>("custom_field_definitions");
const getOption = scopedGet<CustomFieldOption>("custom_field_options");
const getField = scopedGet<CustomField>("custom_fields");

/** Custom field definitions; (`account_id`, `api_slug`) is unique. */
export function sqlCustomFieldDefinitionRepository(scope: SqlScope): CustomFieldDefinitionRepository {
  const { read, dialect } = scope;
  return {
    async insert(definition) {
      await insertRows(scope, "custom_field_definitions", [rowsOf.custom_field_definitions(definition, dialect)], { kind: "fail", noun: "custom field definition" });
    },
    update(definition) {
      return replaceRecord(scope, "custom_field_definitions", definition, rowsOf.custom_field_definitions, "custom field definition");
    },
    async delete(accountId, id) {
      return (await deleteScoped(scope, "custom_field_definitions", accountId, { id })) > 0;
    },
    get(accountId, id) {
      return getDefinition(scope, accountId, id);
    },
    async getBySlug(accountId, apiSlug) {
      const query = read.selectFrom("custom_field_definitions").select("doc").where(idEquals(dialect, "account_id", accountId)).where("api_slug", "=", apiSlug);
      return docOf<CustomFieldDefinition>(dialect, await query.executeTakeFirst());
    },
    list(accountId, { page, entityType, dataType, displayNamePrefix }) {
      let query = read.selectFrom("custom_field_definitions").where(idEquals(dialect, "account_id", accountId));
      if (entityType !== undefined) query = query.where("entity_type", "=", entityType);
      if (dataType !== undefined) query = query.where("data_type", "=", dataType);
      if (displayNamePrefix !== undefined) query = query.where(dialect.startsWith("display_name_lc", displayNamePrefix.toLowerCase()));
      return pageOfDocs<CustomFieldDefinition>(dialect, query, (ordered) => ordered.orderBy("created_at").orderBy("id"), page);
    },
  };
}

/** Options of enum custom field definitions; (`definition_id`, `value`) is unique. */
export function sqlCustomFieldOptionRepository(scope: SqlScope): CustomFieldOptionRepository {
  const { read, dialect } = scope;
  return {
    async insert(option) {
      await insertRows(scope, "custom_field_options", [rowsOf.custom_field_options(option, dialect)], { kind: "fail", noun: "custom field option" });
    },
    update(option) {
      return replaceRecord(scope, "custom_field_options", option, rowsOf.custom_field_options, "custom field option");
    },
    async delete(accountId, id) {
      return (await deleteScoped(scope, "custom_field_options", accountId, { id })) > 0;
    },
    get(accountId, id) {
      return getOption(scope, accountId, id);
    },
    listByDefinition(accountId, definitionId, page) {
      const query = read.selectFrom("custom_field_options").where(idEquals(dialect, "account_id", accountId)).where(idEquals(dialect, "definition_id", definitionId));
      return pageOfDocs<CustomFieldOption>(dialect, query, (ordered) => ordered.orderBy("position", (ob) => ob.asc().nullsLast()).orderBy("created_at").orderBy("id"), page);
    },
    deleteByDefinition(accountId, definitionId) {
      return deleteScoped(scope, "custom_field_options", accountId, { definition_id: definitionId });
    },
  };
}

/** Custom field values; (`entity_type`, `entity_id`, `api_slug`) is unique. */
export function sqlCustomFieldRepository(scope: SqlScope): CustomFieldRepository {
  const { read, dialect } = scope;
  return {
    async insert(field) {
      await insertRows(scope, "custom_fields", [rowsOf.custom_fields(field, dialect)], { kind: "fail", noun: "custom field" });
    },
    update(field) {
      return replaceRecord(scope, "custom_fields", field, rowsOf.custom_fields, "custom field");
    },
    async delete(accountId, id) {
      return (await deleteScoped(scope, "custom_fields", accountId, { id })) > 0;
    },
    get(accountId, id) {
      return getField(scope, accountId, id);
    },
    async getByEntitySlug(accountId, entityType, entityId, apiSlug) {
      const query = read
        .selectFrom("custom_fields")
        .select("doc")
        .where("entity_type", "=", entityType)
        .where(idEquals(dialect, "entity_id", entityId))
        .where("api_slug", "=", apiSlug)
        .where(idEquals(dialect, "account_id", accountId));
      return docOf<CustomField>(dialect, await query.executeTakeFirst());
    },
    list(accountId, { page, entityType, entityId, definitionId }) {
      let query = read.selectFrom("custom_fields").where(idEquals(dialect, "account_id", accountId));
      if (entityType !== undefined) query = query.where("entity_type", "=", entityType);
      if (entityId !== undefined) query = query.where(idEquals(dialect, "entity_id", entityId));
      if (definitionId !== undefined) query = query.where(idEquals(dialect, "definition_id", definitionId));
      return pageOfDocs<CustomField>(dialect, query, (ordered) => ordered.orderBy("created_at").orderBy("id"), page);
    },
    async listByEntities(accountId, entityType, entityIds) {
      if (entityIds.length === 0) return [];
      const query = read
        .selectFrom("custom_fields")
        .select("doc")
        .where(idEquals(dialect, "account_id", accountId))
        .where("entity_type", "=", entityType)
        .where(dialect.idIn("entity_id", entityIds.filter(dialect.isId)));
      return inCreatedOrder(docsOf<CustomField>(dialect, await query.execute()));
    },
    deleteByDefinition(accountId, definitionId) {
      return deleteScoped(scope, "custom_fields", accountId, { definition_id: definitionId });
    },
  };
}
