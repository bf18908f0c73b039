import type { CustomField, CustomFieldDefinition, CustomFieldOption } from "../domain/index.js";
import type { Page, PageResult } from "./pagination.js";

/** Filters of the custom field definitions listing. */
export interface CustomFieldDefinitionListQuery {
  /** Which page to return. */
  page: Page;
  /** Only definitions for this entity type. */
  entityType?: CustomFieldDefinition["entity_type"];
  /** Only definitions of this data type. */
  dataType?: CustomFieldDefinition["data_type"];
  /** Case-insensitive prefix of `display_name`. */
  displayNamePrefix?: string;
}

/** Custom field definitions of an account. `api_slug` is unique per account. */
export interface CustomFieldDefinitionRepository {
  /** Stores a new definition; `conflict` when the id or the account's `api_slug` is taken. */
  insert(definition: CustomFieldDefinition): Promise<void>;
  /** Replaces the stored definition; `not_found` when there is none. */
  update(definition: CustomFieldDefinition): Promise<void>;
  /** Deletes the definition; true when there was one. */
  delete(accountId: string, id: string): Promise<boolean>;
  /** The account's definition with this id, or null. */
  get(accountId: string, id: string): Promise<CustomFieldDefinition | null>;
  /** The account's definition with this `api_slug`, or null. */
  getBySlug(accountId: string, apiSlug: string): Promise<CustomFieldDefinition | null>;
  /** Ordered by `created_at`, then `id`, ascending. */
  list(accountId: string, query: CustomFieldDefinitionListQuery): Promise<PageResult<CustomFieldDefinition>>;
}

/** Options of enum custom field definitions. `value` is unique per definition. */
export interface CustomFieldOptionRepository {
  /** Stores a new option; `conflict` when the id or the definition's `value` is taken. */
  insert(option: CustomFieldOption): Promise<void>;
  /** Replaces the stored option; `not_found` when there is none. */
  update(option: CustomFieldOption): Promise<void>;
  /** Deletes the option; true when there was one. */
  delete(accountId: string, id: string): Promise<boolean>;
  /** The account's option with this id, or null. */
  get(accountId: string, id: string): Promise<CustomFieldOption | null>;
  /** Ordered by `position` ascending with null positions last, then `created_at`, then `id`. */
  listByDefinition(accountId: string, definitionId: string, page?: Page): Promise<PageResult<CustomFieldOption>>;
  /** Removes every option of a definition; returns how many were removed. */
  deleteByDefinition(accountId: string, definitionId: string): Promise<number>;
}

/** Filters of the custom field values listing. */
export interface CustomFieldListQuery {
  /** Which page to return. */
  page: Page;
  /** Only values attached to this type of record. */
  entityType?: CustomField["entity_type"];
  /** Only values attached to this record. */
  entityId?: string;
  /** Only values of this definition. */
  definitionId?: string;
}

/** Custom field values. (`entity_type`, `entity_id`, `api_slug`) is unique. */
export interface CustomFieldRepository {
  /** Stores a new value; `conflict` when the id or (`entity_type`, `entity_id`, `api_slug`) is taken. */
  insert(field: CustomField): Promise<void>;
  /** Replaces the stored value; `not_found` when there is none. */
  update(field: CustomField): Promise<void>;
  /** Deletes the value; true when there was one. */
  delete(accountId: string, id: string): Promise<boolean>;
  /** The account's custom field value with this id, or null. */
  get(accountId: string, id: string): Promise<CustomField | null>;
  /** The value of one field on one record, or null. */
  getByEntitySlug(accountId: string, entityType: CustomField["entity_type"], entityId: string, apiSlug: string): Promise<CustomField | null>;
  /** Ordered by `created_at`, then `id`, ascending. */
  list(accountId: string, query: CustomFieldListQuery): Promise<PageResult<CustomField>>;
  /**
   * Every value attached to the records of `entityType` with these ids (a page of an export, at most
   * 1,000 ids), ordered by `created_at`, then `id`, ascending; unknown ids and other accounts' values are skipped.
   */
  listByEntities(accountId: string, entityType: CustomField["entity_type"], entityIds: readonly string[]): Promise<CustomField[]>;
  /** Removes every value of a definition; returns how many were removed. */
  deleteByDefinition(accountId: string, definitionId: string): Promise<number>;
}
