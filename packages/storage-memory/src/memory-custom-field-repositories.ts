import type { CustomField, CustomFieldDefinition, CustomFieldOption } from "@bollard/core";
import type { StorageRepositories } from "@bollard/core/storage";
import {
  cmp,
  cmpNullsLast,
  deleteScoped,
  deleteWhere,
  getScoped,
  insertInto,
  listWhere,
  oldestFirst,
  updateIn,
  type Access,
} from "./memory-records.js";
import { valuesOf, type MemoryTables } from "./memory-table.js";

type CustomFieldRepositories = Pick<StorageRepositories, "customFieldDefinitions" | "customFieldOptions" | "customFields">;

// The unique keys: a slug per account, a value per definition, a slug per entity.
const sameSlug = (d: CustomFieldDefinition) => (other: CustomFieldDefinition) => other.account_id === d.account_id && other.api_slug === d.api_slug;
const sameValue = (o: CustomFieldOption) => (other: CustomFieldOption) => other.definition_id === o.definition_id && other.value === o.value;
const sameTarget = (f: CustomField) => (other: CustomField) =>
  other.entity_type === f.entity_type && other.entity_id === f.entity_id && other.api_slug === f.api_slug;

function byPosition(a: CustomFieldOption, b: CustomFieldOption): number {
  return cmpNullsLast(a.position, b.position) || cmp(a.created_at, b.created_at) || cmp(a.id, b.id);
}

/** Custom field definitions, options and values. */
export function customFieldRepositories(tables: MemoryTables, access: Access): CustomFieldRepositories {
  const { customFieldDefinitions: definitions, customFieldOptions: options, customFields: fields } = tables;
  return {
    customFieldDefinitions: {
      insert: (d) => access.write(() => insertInto(definitions, d, "custom field definition", sameSlug(d))),
      update: (d) => access.write(() => updateIn(definitions, d, "custom field definition", sameSlug(d))),
      delete: (accountId, id) => access.write(() => deleteScoped(definitions, accountId, id)),
      get: (accountId, id) => access.read(() => getScoped(definitions, accountId, id)),
      getBySlug: (accountId, apiSlug) =>
        access.read(() => {
          const found = valuesOf(definitions).find((d) => d.account_id === accountId && d.api_slug === apiSlug);
          return found ? getScoped(definitions, accountId, found.id) : null;
        }),
      list: (accountId, query) =>
        access.read(() => {
          const prefix = query.displayNamePrefix?.toLowerCase();
          const match = (d: CustomFieldDefinition) =>
            d.account_id === accountId &&
            (query.entityType === undefined || d.entity_type === query.entityType) &&
            (query.dataType === undefined || d.data_type === query.dataType) &&
            (prefix === undefined || d.display_name.toLowerCase().startsWith(prefix));
          return listWhere(definitions, match, oldestFirst, query.page);
        }),
    },
    customFieldOptions: {
      insert: (o) => access.write(() => insertInto(options, o, "custom field option", sameValue(o))),
      update: (o) => access.write(() => updateIn(options, o, "custom field option", sameValue(o))),
      delete: (accountId, id) => access.write(() => deleteScoped(options, accountId, id)),
      get: (accountId, id) => access.read(() => getScoped(options, accountId, id)),
      listByDefinition: (accountId, definitionId, page) =>
        access.read(() => listWhere(options, (o) => o.account_id === accountId && o.definition_id === definitionId, byPosition, page)),
      deleteByDefinition: (accountId, definitionId) =>
        access.write(() => deleteWhere(options, (o) => o.account_id === accountId && o.definition_id === definitionId)),
    },
    customFields: {
      insert: (f) => access.write(() => insertInto(fields, f, "custom field", sameTarget(f))),
      update: (f) => access.write(() => updateIn(fields, f, "custom field", sameTarget(f))),
      delete: (accountId, id) => access.write(() => deleteScoped(fields, accountId, id)),
      get: (accountId, id) => access.read(() => getScoped(fields, accountId, id)),
      getByEntitySlug: (accountId, entityType, entityId, apiSlug) =>
        access.read(() => {
          const found = valuesOf(fields).find(
            (f) => f.account_id === accountId && f.entity_type === entityType && f.entity_id === entityId && f.api_slug === apiSlug,
          );
          return found ? getScoped(fields, accountId, found.id) : null;
        }),
      list: (accountId, query) =>
        access.read(() => {
          const match = (f: CustomField) =>
            f.account_id === accountId &&
            (query.entityType === undefined || f.entity_type === query.entityType) &&
            (query.entityId === undefined || f.entity_id === query.entityId) &&
            (query.definitionId === undefined || f.definition_id === query.definitionId);
          return listWhere(fields, match, oldestFirst, query.page);
        }),
      listByEntities: (accountId, entityType, entityIds) =>
        access.read(() => {
          const ids = new Set(entityIds);
          return listWhere(fields, (f) => f.account_id === accountId && f.entity_type === entityType && ids.has(f.entity_id), oldestFirst).items;
        }),
      deleteByDefinition: (accountId, definitionId) =>
        access.write(() => deleteWhere(fields, (f) => f.account_id === accountId && f.definition_id === definitionId)),
    },
  };
}
