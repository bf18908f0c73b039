import type { CustomField, CustomFieldDefinition, CustomFieldOption } from "@bollard/core";
import type { CustomFieldDefinitionRepository, CustomFieldOptionRepository, CustomFieldRepository } from "@bollard/core/storage";
import { sql, type SqlBool } from "kysely";
import { docOf, isUuid, pageOfDocs, type RepositoryScope, uuidEquals } from "./postgres-rows.js";
import { rows } from "./postgres-records.js";
import { deleteScoped, insertRows, replaceRecord } from "./postgres-writes.js";

/** Custom field definitions over PostgreSQL; (`account_id`, `api_slug`) is unique. */
export function postgresCustomFieldDefinitionRepository({ db }: RepositoryScope): CustomFieldDefinitionRepository {
  return {
    async insert(definition) {
      await insertRows(db, "custom_field_definitions", [rows.custom_field_definitions(definition)], { kind: "fail", noun: "custom field definition" });
    },
    update(definition) {
      return replaceRecord(db, "custom_field_definitions", definition, rows.custom_field_definitions, "custom field definition");
    },
    async delete(accountId, id) {
      return (await deleteScoped(db, "custom_field_definitions", accountId, { id })) > 0;
    },
    async get(accountId, id) {
      if (!isUuid(id) || !isUuid(accountId)) return null;
      const row = await db.selectFrom("custom_field_definitions").select("doc").where("id", "=", id).where("account_id", "=", accountId).executeTakeFirst();
      return docOf<CustomFieldDefinition>(row);
    },
    async getBySlug(accountId, apiSlug) {
      const query = db.selectFrom("custom_field_definitions").select("doc").where(uuidEquals("account_id", accountId)).where("api_slug", "=", apiSlug);
      return docOf<CustomFieldDefinition>(await query.executeTakeFirst());
    },
    list(accountId, { page, entityType, dataType, displayNamePrefix }) {
      let query = db.selectFrom("custom_field_definitions").where(uuidEquals("account_id", accountId));
      if (entityType !== undefined) query = query.where("entity_type", "=", entityType);
      if (dataType !== undefined) query = query.where("data_type", "=", dataType);
      // starts_with is a literal prefix test (LIKE would treat % and _ as wildcards).
      if (displayNamePrefix !== undefined) query = query.where(sql<SqlBool>`starts_with(display_name_lc, ${displayNamePrefix.toLowerCase()})`);
      return pageOfDocs<CustomFieldDefinition>(query, (ordered) => ordered.orderBy("created_at").orderBy("id"), page);
    },
  };
}

/** Options of enum custom field definitions over PostgreSQL; (`definition_id`, `value`) is unique. */
export function postgresCustomFieldOptionRepository({ db }: RepositoryScope): CustomFieldOptionRepository {
  return {
    async insert(option) {
      await insertRows(db, "custom_field_options", [rows.custom_field_options(option)], { kind: "fail", noun: "custom field option" });
    },
    update(option) {
      return replaceRecord(db, "custom_field_options", option, rows.custom_field_options, "custom field option");
    },
    async delete(accountId, id) {
      return (await deleteScoped(db, "custom_field_options", accountId, { id })) > 0;
    },
    async get(accountId, id) {
      if (!isUuid(id) || !isUuid(accountId)) return null;
      return docOf<CustomFieldOption>(await db.selectFrom("custom_field_options").select("doc").where("id", "=", id).where("account_id", "=", accountId).executeTakeFirst());
    },
    listByDefinition(accountId, definitionId, page) {
      const query = db.selectFrom("custom_field_options").where(uuidEquals("account_id", accountId)).where(uuidEquals("definition_id", definitionId));
      return pageOfDocs<CustomFieldOption>(query, (ordered) => ordered.orderBy("position", (ob) => ob.asc().nullsLast()).orderBy("created_at").orderBy("id"), page);
    },
    deleteByDefinition(accountId, definitionId) {
      return deleteScoped(db, "custom_field_options", accountId, { definition_id: definitionId });
    },
  };
}

/** Custom field values over PostgreSQL; (`entity_type`, `entity_id`, `api_slug`) is unique. */
export function postgresCustomFieldRepository({ db }: RepositoryScope): CustomFieldRepository {
  return {
    async insert(field) {
      await insertRows(db, "custom_fields", [rows.custom_fields(field)], { kind: "fail", noun: "custom field" });
    },
    update(field) {
      return replaceRecord(db, "custom_fields", field, rows.custom_fields, "custom field");
    },
    async delete(accountId, id) {
      return (await deleteScoped(db, "custom_fields", accountId, { id })) > 0;
    },
    async get(accountId, id) {
      if (!isUuid(id) || !isUuid(accountId)) return null;
      return docOf<CustomField>(await db.selectFrom("custom_fields").select("doc").where("id", "=", id).where("account_id", "=", accountId).executeTakeFirst());
    },
    async getByEntitySlug(accountId, entityType, entityId, apiSlug) {
      const query = db
        .selectFrom("custom_fields")
        .select("doc")
        .where("entity_type", "=", entityType)
        .where(uuidEquals("entity_id", entityId))
        .where("api_slug", "=", apiSlug)
        .where(uuidEquals("account_id", accountId));
      return docOf<CustomField>(await query.executeTakeFirst());
    },
    list(accountId, { page, entityType, entityId, definitionId }) {
      let query = db.selectFrom("custom_fields").where(uuidEquals("account_id", accountId));
      if (entityType !== undefined) query = query.where("entity_type", "=", entityType);
      if (entityId !== undefined) query = query.where(uuidEquals("entity_id", entityId));
      if (definitionId !== undefined) query = query.where(uuidEquals("definition_id", definitionId));
      return pageOfDocs<CustomField>(query, (ordered) => ordered.orderBy("created_at").orderBy("id"), page);
    },
    deleteByDefinition(accountId, definitionId) {
      return deleteScoped(db, "custom_fields", accountId, { definition_id: definitionId });
    },
  };
}
