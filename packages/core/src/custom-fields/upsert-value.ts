import { ApiSlugSchema, type CustomField } from "../domain/index.js";
import { BollardError, ValidationError } from "../errors/index.js";
import { uuidv7 } from "../ids/index.js";
import type { StorageRepositories } from "../storage/index.js";
import { missingValue, resolveDefinitionForWrite, typeForDefinition, type CustomFieldTarget } from "./custom-field-lookup.js";

/** Who sets a custom field value, and when. */
export interface CustomFieldAuthor {
  /** The account the value belongs to. */
  readonly accountId: string;
  /** The user setting it (`updated_by_user_id`). */
  readonly userId: string;
  /** The write's time. */
  readonly now: string;
}

/** What {@link upsertCustomFieldValue} did. */
export interface CustomFieldUpsertResult {
  /** The value as stored now. */
  field: CustomField;
  /** True when there was no value of the definition on the target before. */
  created: boolean;
  /** False when the value typed to what was already stored. */
  changed: boolean;
}

/** Options of {@link upsertCustomFieldValue}. */
export interface CustomFieldUpsertOptions {
  /** Write nothing when the value types to what is stored (a bulk update's unchanged row). @default false: the value is written again, with its author and time */
  skipUnchanged?: boolean;
}

/**
 * Sets the value of the definition `apiSlug` on an existing target through `tx`, typed against the
 * definition (a service template is materialized into the account first); `value` left out sets
 * the definition's default. Throws the 422s of
 * the custom field routes. What `PUT`/`POST` of a custom field and bulk updates both call.
 */
export async function upsertCustomFieldValue(tx: StorageRepositories, author: CustomFieldAuthor, target: CustomFieldTarget, apiSlug: string, value: unknown, upsertOptions: CustomFieldUpsertOptions = {}): Promise<CustomFieldUpsertResult> {
  const { accountId, now } = author;
  if (!ApiSlugSchema.safeParse(apiSlug).success) {
    throw new ValidationError([new BollardError("unknown_slug", `${JSON.stringify(apiSlug.slice(0, 64))} is not an api_slug`, { path: ["api_slug"] })]);
  }
  const { definition, options } = await resolveDefinitionForWrite(tx, accountId, apiSlug, target, now);
  if (value === undefined && definition.default_value === null) throw new ValidationError([missingValue()]);
  const typed = await typeForDefinition(tx, accountId, definition, options, value !== undefined ? value : definition.default_value);
  const existing = await tx.customFields.getByEntitySlug(accountId, target.type, target.id, definition.api_slug);
  if (existing) {
    const changed = existing.stored_value !== typed.stored_value || existing.definition_id !== definition.id;
    if (!changed && upsertOptions.skipUnchanged) return { field: existing, created: false, changed };
    const next: CustomField = { ...existing, definition_id: definition.id, ...typed, updated_by_user_id: author.userId, updated_at: now };
    await tx.customFields.update(next);
    return { field: next, created: false, changed };
  }
  const field: CustomField = {
    id: uuidv7(),
    account_id: accountId,
    definition_id: definition.id,
    entity_type: target.type,
    entity_id: target.id,
    api_slug: definition.api_slug,
    ...typed,
    updated_by_user_id: author.userId,
    created_at: now,
    updated_at: now,
  };
  await tx.customFields.insert(field);
  return { field, created: true, changed: true };
}
