import type { CustomField, CustomFieldDefinition, CustomFieldOption } from "@bollard/core";
import type { CustomFieldDefinitionRepository, CustomFieldOptionRepository, CustomFieldRepository } from "@bollard/core/storage";
import { sql } from "kysely";
import { pageOfDocs, parseDoc, type RepositoryScope, scopedGet } from "./sqlite-doc-rows.js";
import { deleteScoped, insertRows, replaceRecord } from "./sqlite-writes.js";

const getDefinition = scopedGet<CustomFieldDefinition>("custom_field_definitions");
const getOption = scopedGet<CustomFieldOption>("custom_field_options");
const getField = scopedGet<CustomField>("custom_fields");

function definitionRow(definition: CustomFieldDefinition) {
  return {
    id: definition.id,
    account_id: definition.account_id,
    api_slug: definition.api_slug,
    entity_type: definition.entity_type,
    data_type: definition.data_type,
    display_name_lc: definition.display_name.toLowerCase(),
    created_at: definition.created_at,
    doc: JSON.stringify(definition),
  };
}

function optionRow(option: CustomFieldOption) {
  return {
    id: option.id,
    account_id: option.account_id,
    definition_id: option.definition_id,
    value: option.value,
    position: option.position,
    created_at: option.created_at,
    doc: JSON.stringify(option),
  };
}

function fieldRow(field: CustomField) {
  return {
    id: field.id,
    account_id: field.account_id,
    definition_id: field.definition_id,
    entity_type: field.entity_type,
    entity_id: field.entity_id,
    api_slug: field.api_slug,
    created_at: field.created_at,
    doc: JSON.stringify(field),
  };
}

/** Custom field definitions over SQLite; (`account_id`, `api_slug`) is unique. */
export function sqliteCustomFieldDefinitionRepository({ read, write }: RepositoryScope): CustomFieldDefinitionRepository {
  return {
    async insert(definition) {
      await insertRows(write, "custom_field_definitions", [definitionRow(definition)]);
    },
    update(definition) {
      return replaceRecord(write, "custom_field_definitions", definition, definitionRow, "custom field definition");
    },
    async delete(accountId, id) {
      return (await deleteScoped(write, "custom_field_definitions", accountId, { id })) > 0;
    },
    get(accountId, id) {
      return getDefinition(read, accountId, id);
    },
    async getBySlug(accountId, apiSlug) {
      const row = await read
        .selectFrom("custom_field_definitions")
        .select("doc")
        .where("account_id", "=", accountId)
        .where("api_slug", "=", apiSlug)
        .executeTakeFirst();
      return parseDoc<CustomFieldDefinition>(row);
    },
    list(accountId, { page, entityType, dataType, displayNamePrefix }) {
      let query = read.selectFrom("custom_field_definitions").where("account_id", "=", accountId);
      if (entityType !== undefined) query = query.where("entity_type", "=", entityType);
      if (dataType !== undefined) query = query.where("data_type", "=", dataType);
      if (displayNamePrefix !== undefined) {
        // A literal prefix test (LIKE would treat % and _ as wildcards); substr counts code points.
        const prefix = displayNamePrefix.toLowerCase();
        query = query.where(sql<boolean>`substr(display_name_lc, 1, ${Array.from(prefix).length}) = ${prefix}`);
      }
      return pageOfDocs<CustomFieldDefinition>(query, (ordered) => ordered.orderBy("created_at").orderBy("id"), page);
    },
  };
}

/** Options of enum custom field definitions over SQLite; (`definition_id`, `value`) is unique. */
export function sqliteCustomFieldOptionRepository({ read, write }: RepositoryScope): CustomFieldOptionRepository {
  return {
    async insert(option) {
      await insertRows(write, "custom_field_options", [optionRow(option)]);
    },
    update(option) {
      return replaceRecord(write, "custom_field_options", option, optionRow, "custom field option");
    },
    async delete(accountId, id) {
      return (await deleteScoped(write, "custom_field_options", accountId, { id })) > 0;
    },
    get(accountId, id) {
      return getOption(read, accountId, id);
    },
    listByDefinition(accountId, definitionId, page) {
      const query = read.selectFrom("custom_field_options").where("account_id", "=", accountId).where("definition_id", "=", definitionId);
      return pageOfDocs<CustomFieldOption>(
        query,
        (ordered) => ordered.orderBy(sql`position is null`).orderBy("position").orderBy("created_at").orderBy("id"),
        page,
      );
    },
    deleteByDefinition(accountId, definitionId) {
      return deleteScoped(write, "custom_field_options", accountId, { definition_id: definitionId });
    },
  };
}

/** Custom field values over SQLite; (`entity_type`, `entity_id`, `api_slug`) is unique. */
export function sqliteCustomFieldRepository({ read, write }: RepositoryScope): CustomFieldRepository {
  return {
    async insert(field) {
      await insertRows(write, "custom_fields", [fieldRow(field)]);
    },
    update(field) {
      return replaceRecord(write, "custom_fields", field, fieldRow, "custom field");
    },
    async delete(accountId, id) {
      return (await deleteScoped(write, "custom_fields", accountId, { id })) > 0;
    },
    get(accountId, id) {
      return getField(read, accountId, id);
    },
    async getByEntitySlug(accountId, entityType, entityId, apiSlug) {
      const row = await read
        .selectFrom("custom_fields")
        .select("doc")
        .where("entity_type", "=", entityType)
        .where("entity_id", "=", entityId)
        .where("api_slug", "=", apiSlug)
        .where("account_id", "=", accountId)
        .executeTakeFirst();
      return parseDoc<CustomField>(row);
    },
    list(accountId, { page, entityType, entityId, definitionId }) {
      let query = read.selectFrom("custom_fields").where("account_id", "=", accountId);
      if (entityType !== undefined) query = query.where("entity_type", "=", entityType);
      if (entityId !== undefined) query = query.where("entity_id", "=", entityId);
      if (definitionId !== undefined) query = query.where("definition_id", "=", definitionId);
      return pageOfDocs<CustomField>(query, (ordered) => ordered.orderBy("created_at").orderBy("id"), page);
    },
    deleteByDefinition(accountId, definitionId) {
      return deleteScoped(write, "custom_fields", accountId, { definition_id: definitionId });
    },
  };
}
