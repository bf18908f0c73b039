import { valueError } from "./field-errors.js";
import { findTemplate, materializeTemplate, renderStored, splitMulti, typeValue, type TypedValue } from "./index.js";
import type { CustomField, CustomFieldDefinition, CustomFieldEntityType, CustomFieldOption, CustomFieldTargetType } from "../domain/index.js";
import { BollardError, NotFoundError } from "../errors/index.js";
import { uuidv7 } from "../ids/index.js";
import type { StorageRepositories } from "../storage/index.js";

/** The default page size of custom field, definition and option listings. */
export const CUSTOM_FIELD_PAGE_SIZE = 25;

/** The record a custom field value is attached to. */
export interface CustomFieldTarget {
  /** The record's JSON:API type. */
  type: CustomFieldTargetType;
  /** The record's id. */
  id: string;
}

/**
 * The definition entity type whose fields a record takes: containers take `Cargo` fields;
 * shipments and tracking requests (which track a shipment) take `Shipment` fields.
 */
export function definitionEntityTypeFor(target: CustomFieldTargetType): CustomFieldEntityType {
  return target === "container" ? "Cargo" : "Shipment";
}

const ENTITY_NAMES: Record<CustomFieldTargetType, string> = { shipment: "shipment", container: "container", tracking_request: "tracking request" };

/** Throws 404 unless the record exists in the account (another account's record does not exist). */
export async function requireTarget(repos: StorageRepositories, accountId: string, target: CustomFieldTarget): Promise<void> {
  const found =
    target.type === "shipment"
      ? await repos.shipments.get(accountId, target.id)
      : target.type === "container"
        ? await repos.containers.get(accountId, target.id)
        : await repos.trackingRequests.get(accountId, target.id);
  if (!found) throw new NotFoundError(`No ${ENTITY_NAMES[target.type]} ${target.id}`);
}

/** The definition with this id in the account; 404 otherwise. */
export async function requireDefinition(repos: StorageRepositories, accountId: string, id: string): Promise<CustomFieldDefinition> {
  const definition = await repos.customFieldDefinitions.get(accountId, id);
  if (!definition) throw new NotFoundError(`No custom field definition ${id}`);
  return definition;
}

/** Every option of a definition, in position order. */
export async function optionsOf(repos: StorageRepositories, accountId: string, definitionId: string): Promise<CustomFieldOption[]> {
  return (await repos.customFieldOptions.listByDefinition(accountId, definitionId)).items;
}

/**
 * The definition a value with this slug uses on the target, with its options: the account's own
 * definition, else a service template, materialized into the account (with its options) through
 * `tx` so it is stored only if the write that first uses it commits. 422 `unknown_slug` when
 * neither exists, `wrong_entity_type` when the definition is for another kind of record.
 */
export async function resolveDefinitionForWrite(
  tx: StorageRepositories,
  accountId: string,
  apiSlug: string,
  target: CustomFieldTarget,
  now: string,
): Promise<{ definition: CustomFieldDefinition; options: CustomFieldOption[] }> {
  const path = ["api_slug"];
  const own = await tx.customFieldDefinitions.getBySlug(accountId, apiSlug);
  const template = own ? undefined : findTemplate(apiSlug);
  const definition = own ?? template?.definition;
  if (!definition) throw valueError("unknown_slug", `No custom field definition or template has the api_slug ${JSON.stringify(apiSlug.slice(0, 64))}`, path);
  const wanted = definitionEntityTypeFor(target.type);
  if (definition.entity_type !== wanted) {
    throw valueError("wrong_entity_type", `${apiSlug} is a ${definition.entity_type} field; a ${ENTITY_NAMES[target.type]} takes ${wanted} fields`, path);
  }
  if (own) return { definition: own, options: await optionsOf(tx, accountId, own.id) };
  const copy = materializeTemplate(template!, accountId, now, uuidv7);
  await tx.customFieldDefinitions.insert(copy.definition);
  for (const option of copy.options) await tx.customFieldOptions.insert(option);
  return copy;
}

/** The number people know a referenced record by (B/L, container or request number, user name), or null when it is not in the account. */
async function referenceLabel(repos: StorageRepositories, accountId: string, type: string, id: string): Promise<string | null> {
  switch (type) {
    case "shipment":
      return (await repos.shipments.get(accountId, id))?.bill_of_lading_number ?? null;
    case "container":
      return (await repos.containers.get(accountId, id))?.number ?? null;
    case "tracking_request":
      return (await repos.trackingRequests.get(accountId, id))?.request_number ?? null;
    case "user": {
      const user = await repos.users.get(accountId, id);
      return user ? (user.name ?? user.email ?? user.id) : null;
    }
    default:
      return null;
  }
}

/**
 * Types a value against its definition (see `typeValue`), and for references checks that the
 * record exists in the account (422 `reference_not_found`) and displays it by its number.
 */
export async function typeForDefinition(
  repos: StorageRepositories,
  accountId: string,
  definition: CustomFieldDefinition,
  options: readonly CustomFieldOption[],
  input: unknown,
): Promise<TypedValue> {
  const typed = typeValue(definition, input, { options });
  if (definition.data_type !== "reference" || typed.value === null) return typed;
  const { type, id } = typed.value as { type: string; id: string };
  const label = await referenceLabel(repos, accountId, type, id);
  if (label === null) throw valueError("reference_not_found", `No ${type} ${id} in this account`);
  return { ...typed, display_value: label };
}

/**
 * Re-renders the display value of every value of a definition (after its `default_format` or an
 * option label changed), in pages, updating only the values whose display changed. References are
 * displayed by the referenced record, not by the definition, so they are left as they are; so is
 * an enum value naming a deleted option, which keeps the display it was written with.
 */
export async function rerenderValues(tx: StorageRepositories, accountId: string, definition: CustomFieldDefinition, options: readonly CustomFieldOption[]): Promise<number> {
  if (definition.data_type === "reference") return 0;
  let changed = 0;
  const size = 500;
  for (let number = 1; ; number += 1) {
    const { items, total } = await tx.customFields.list(accountId, { definitionId: definition.id, page: { number, size } });
    for (const field of items) {
      if (field.stored_value !== null && !choicesExist(definition, field.stored_value, options)) continue;
      const rendered = renderStored(definition, field.stored_value, options);
      if (rendered.display_value === field.display_value) continue;
      const next: CustomField = { ...field, display_value: rendered.display_value };
      await tx.customFields.update(next);
      changed += 1;
    }
    if (number * size >= total) return changed;
  }
}

function choicesExist(definition: CustomFieldDefinition, stored: string, options: readonly CustomFieldOption[]): boolean {
  if (definition.data_type !== "enum" && definition.data_type !== "enum_multi") return true;
  const values = definition.data_type === "enum" ? [stored] : splitMulti(stored);
  return values.every((value) => options.some((o) => o.value === value));
}

/** A 422 `immutable` when a patch gives an attribute that cannot change a value other than the current one. */
export function assertUnchanged(name: string, given: unknown, current: unknown): void {
  if (given !== undefined && given !== current) {
    throw valueError("immutable", `${name} cannot be changed`, [name]);
  }
}

/** The 422 for a value write without a value. */
export function missingValue(): BollardError {
  return new BollardError("blank", "value can't be blank", { path: ["value"] });
}
