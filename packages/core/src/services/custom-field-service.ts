import { z } from "zod";
import { type TypedValue } from "../custom-fields/index.js";
import { ApiSlugSchema, CustomFieldTargetTypeSchema, UuidSchema, type CustomField } from "../domain/index.js";
import { BollardError, NotFoundError, ValidationError } from "../errors/index.js";
import { uuidv7 } from "../ids/index.js";
import { parseInclude } from "../jsonapi/include.js";
import { ResourceGraph } from "../jsonapi/resource-graph.js";
import { resourceRegistry } from "../jsonapi/resources.js";
import type { StorageRepositories } from "../storage/index.js";
import {
  assertUnchanged,
  CUSTOM_FIELD_PAGE_SIZE,
  missingValue,
  optionsOf,
  requireDefinition,
  requireTarget,
  resolveDefinitionForWrite,
  typeForDefinition,
  type CustomFieldTarget,
} from "./custom-field-lookup.js";
import { loadIncludes } from "./include-loader.js";
import { parseInput } from "./input-validation.js";
import { resolvePage } from "./pagination-defaults.js";
import type { ListOptions, ListResult, ReadOptions, ResourceResult } from "./read-results.js";
import type { SessionContext } from "./session.js";

export type { CustomFieldTarget } from "./custom-field-lookup.js";

/** The result of a create-or-update: the value, and whether it was new. */
export interface CustomFieldWriteResult extends ResourceResult<CustomField> {
  /** True when the value was created, false when an existing one was updated. */
  created: boolean;
}

/**
 * Custom field values on the session account's shipments, containers and tracking requests.
 * Writes need the editor role (403); reads need only the account. A record of another account
 * is a 404, like an unknown one.
 */
export interface CustomFieldService {
  /**
   * Creates the value of `api_slug` on the record, or updates it when the record has one (same id,
   * `created: false`). The slug names a definition of the account or a template (materialized in
   * the same transaction); a missing `value` takes the definition's `default_value`. 422s:
   * `UNKNOWN_SLUG`, `WRONG_ENTITY_TYPE` (on api_slug), and the typing codes (on value).
   */
  upsert(target: CustomFieldTarget, attributes: unknown): Promise<CustomFieldWriteResult>;
  /** One value; 404 when absent. */
  get(id: string, options?: ReadOptions): Promise<ResourceResult<CustomField>>;
  /** The values of a record, oldest first; default page size 25; 404 for an unknown record. */
  list(target: CustomFieldTarget, options?: ListOptions): Promise<ListResult<CustomField>>;
  /** Replaces a value, typed again against its definition (editor only); `api_slug` only unchanged. */
  update(id: string, attributes: unknown): Promise<ResourceResult<CustomField>>;
  /** Deletes a value (editor only) and returns it. */
  delete(id: string): Promise<CustomField>;
  /** {@link CustomFieldService.update} addressed by the record and slug; 404 when the record has no such value. */
  updateBySlug(target: CustomFieldTarget, apiSlug: string, attributes: unknown): Promise<ResourceResult<CustomField>>;
  /** {@link CustomFieldService.delete} addressed by the record and slug. */
  deleteBySlug(target: CustomFieldTarget, apiSlug: string): Promise<CustomField>;
}

const UpsertSchema = z.strictObject({ api_slug: z.string().min(1), value: z.unknown().optional() });
const PatchSchema = z.strictObject({ value: z.unknown().optional(), api_slug: z.unknown().optional() });

/**
 * The target of `POST /v2/custom_fields` from `data.relationships.entity.data` (`{type, id}` of a
 * shipment, container or tracking request): 422 on its pointer when missing or of another type,
 * 404 when the id cannot name a record.
 */
export function customFieldTargetFromRelationships(relationships: unknown): CustomFieldTarget {
  const pointer = "/data/relationships/entity";
  const entity = typeof relationships === "object" && relationships !== null ? (relationships as Record<string, unknown>).entity : undefined;
  if (entity === undefined) throw new ValidationError([new BollardError("BLANK", "The entity relationship (a shipment or container) is required", { pointer })]);
  const data = typeof entity === "object" && entity !== null ? (entity as Record<string, unknown>).data : undefined;
  if (typeof data !== "object" || data === null || Array.isArray(data)) {
    throw new ValidationError([new BollardError("INVALID", "entity.data must be {type, id}", { pointer: `${pointer}/data` })]);
  }
  const { type, id } = data as Record<string, unknown>;
  const parsedType = CustomFieldTargetTypeSchema.safeParse(type);
  if (!parsedType.success) {
    throw new ValidationError([new BollardError("INVALID", "entity type must be shipment, container or tracking_request", { pointer: `${pointer}/data/type` })]);
  }
  if (typeof id !== "string" || !UuidSchema.safeParse(id).success) throw new NotFoundError(`No ${parsedType.data} ${typeof id === "string" ? id.slice(0, 64) : "with that id"}`);
  return { type: parsedType.data, id: id.toLowerCase() };
}

/** Creates the {@link CustomFieldService} of a session. */
export function createCustomFieldService(context: SessionContext): CustomFieldService {
  const { storage, accountId } = context;
  const now = () => context.clock.now().toISOString();

  async function result(field: CustomField, includeValue?: string): Promise<ResourceResult<CustomField>> {
    const include = parseInclude(includeValue, "custom_field", resourceRegistry);
    const graph = new ResourceGraph();
    await loadIncludes(storage, accountId, graph, "custom_field", [field], include);
    return { type: "custom_field", data: field, graph, include };
  }

  async function write(tx: StorageRepositories, field: CustomField, typed: TypedValue): Promise<CustomField> {
    const next: CustomField = { ...field, ...typed, updated_by_user_id: context.principal.user.id, updated_at: now() };
    await tx.customFields.update(next);
    return next;
  }

  async function retype(tx: StorageRepositories, field: CustomField, attributes: unknown): Promise<CustomField> {
    const patch = parseInput(PatchSchema, attributes ?? {});
    assertUnchanged("api_slug", patch.api_slug, field.api_slug);
    if (patch.value === undefined) throw new ValidationError([missingValue()]);
    const definition = await requireDefinition(tx, accountId, field.definition_id);
    const typed = await typeForDefinition(tx, accountId, definition, await optionsOf(tx, accountId, definition.id), patch.value);
    return write(tx, field, typed);
  }

  async function bySlug(tx: StorageRepositories, target: CustomFieldTarget, apiSlug: string): Promise<CustomField> {
    await requireTarget(tx, accountId, target);
    const field = ApiSlugSchema.safeParse(apiSlug).success ? await tx.customFields.getByEntitySlug(accountId, target.type, target.id, apiSlug) : null;
    if (!field) throw new NotFoundError(`No custom field ${apiSlug.slice(0, 64)} on ${target.type} ${target.id}`);
    return field;
  }

  async function byId(tx: StorageRepositories, id: string): Promise<CustomField> {
    const field = await tx.customFields.get(accountId, id);
    if (!field) throw new NotFoundError(`No custom field ${id}`);
    return field;
  }

  return {
    async upsert(target, attributes) {
      context.requireEditor();
      const input = parseInput(UpsertSchema, attributes ?? {});
      const written = await storage.transaction(async (tx) => {
        await requireTarget(tx, accountId, target);
        if (!ApiSlugSchema.safeParse(input.api_slug).success) {
          throw new ValidationError([new BollardError("UNKNOWN_SLUG", `${JSON.stringify(input.api_slug.slice(0, 64))} is not an api_slug`, { pointer: "/data/attributes/api_slug" })]);
        }
        const at = now();
        const { definition, options } = await resolveDefinitionForWrite(tx, accountId, input.api_slug, target, at);
        if (input.value === undefined && definition.default_value === null) throw new ValidationError([missingValue()]);
        const typed = await typeForDefinition(tx, accountId, definition, options, input.value !== undefined ? input.value : definition.default_value);
        const existing = await tx.customFields.getByEntitySlug(accountId, target.type, target.id, definition.api_slug);
        if (existing) return { field: await write(tx, { ...existing, definition_id: definition.id }, typed), created: false };
        const field: CustomField = {
          id: uuidv7(),
          account_id: accountId,
          definition_id: definition.id,
          entity_type: target.type,
          entity_id: target.id,
          api_slug: definition.api_slug,
          ...typed,
          updated_by_user_id: context.principal.user.id,
          created_at: at,
          updated_at: at,
        };
        await tx.customFields.insert(field);
        return { field, created: true };
      });
      return { ...(await result(written.field)), created: written.created };
    },
    async get(id, options = {}) {
      parseInclude(options.include, "custom_field", resourceRegistry);
      return result(await byId(storage, id), options.include);
    },
    async list(target, options = {}) {
      const include = parseInclude(options.include, "custom_field", resourceRegistry);
      const page = resolvePage(options.page, CUSTOM_FIELD_PAGE_SIZE);
      await requireTarget(storage, accountId, target);
      const { items, total } = await storage.customFields.list(accountId, { page, entityType: target.type, entityId: target.id });
      const graph = new ResourceGraph();
      await loadIncludes(storage, accountId, graph, "custom_field", items, include);
      return { type: "custom_field", data: items, total, page, graph, include };
    },
    async update(id, attributes) {
      context.requireEditor();
      return result(await storage.transaction(async (tx) => retype(tx, await byId(tx, id), attributes)));
    },
    async delete(id) {
      context.requireEditor();
      return storage.transaction(async (tx) => {
        const field = await byId(tx, id);
        await tx.customFields.delete(accountId, id);
        return field;
      });
    },
    async updateBySlug(target, apiSlug, attributes) {
      context.requireEditor();
      return result(await storage.transaction(async (tx) => retype(tx, await bySlug(tx, target, apiSlug), attributes)));
    },
    async deleteBySlug(target, apiSlug) {
      context.requireEditor();
      return storage.transaction(async (tx) => {
        const field = await bySlug(tx, target, apiSlug);
        await tx.customFields.delete(accountId, field.id);
        return field;
      });
    },
  };
}
