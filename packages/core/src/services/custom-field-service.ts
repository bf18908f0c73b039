import { z } from "zod";
import { type TypedValue } from "../custom-fields/index.js";
import { upsertCustomFieldValue } from "../custom-fields/upsert-value.js";
import { ApiSlugSchema, UuidSchema, type CustomField, type CustomFieldValue } from "../domain/index.js";
import { NotFoundError, ValidationError } from "../errors/index.js";
import type { IncludePath, WithRelated } from "../relations/include-paths.js";
import type { StorageRepositories } from "../storage/index.js";
import {
  assertUnchanged,
  CUSTOM_FIELD_PAGE_SIZE,
  missingValue,
  optionsOf,
  requireDefinition,
  requireTarget,
  typeForDefinition,
  type CustomFieldTarget,
} from "../custom-fields/custom-field-lookup.js";
import { definedOnly, parseInput, parseOptions } from "../validation/input-validation.js";
import { resolvePage } from "./pagination-defaults.js";
import type { ListOptions, ListResult, ReadOptions } from "./read-options.js";
import { createRelatedReader } from "./related-reader.js";
import type { SessionContext } from "./session-context.js";

export type { CustomFieldTarget } from "../custom-fields/custom-field-lookup.js";

/** What {@link CustomFieldService.upsert} accepts: the definition's (or a template's) `api_slug`, and the value. */
export interface CustomFieldUpsert {
  /** The `api_slug` of a definition of the account or of a service template. */
  api_slug: string;
  /** The value, typed against the definition; left out, the definition's `default_value`. */
  value?: CustomFieldValue;
}

/** What {@link CustomFieldService.update} accepts: the new value (`api_slug` only unchanged). */
export interface CustomFieldUpdate {
  /** The new value, typed against the definition. */
  value?: CustomFieldValue;
  /** Accepted only unchanged (`immutable` otherwise). */
  api_slug?: string;
}

/** The result of a create-or-update: the value, and whether it was new. */
export interface CustomFieldWriteResult {
  /** The value as stored. */
  field: CustomField;
  /** True when the value was created, false when an existing one was updated. */
  created: boolean;
}

const TARGET_TYPES: Readonly<Record<string, CustomFieldTarget["type"]>> = {
  shipment: "shipment",
  container: "container",
  cargo: "container",
  tracking_request: "tracking_request",
  trackingrequest: "tracking_request",
};

/**
 * The filters of {@link CustomFieldService.listAll}. `entityType` takes the record type in either
 * spelling the API uses: `Shipment`, `Container` (or `Cargo`), `TrackingRequest`, or the JSON:API
 * type (`shipment`, `container`, `tracking_request`).
 */
export const CustomFieldFiltersSchema = z.object({
  /** The type of record the values are attached to. */
  entityType: z
    .string()
    .transform((t, ctx) => TARGET_TYPES[t.trim().toLowerCase()] ?? (ctx.addIssue({ code: "custom", message: "must be Shipment, Container or TrackingRequest" }), z.NEVER))
    .optional(),
  /** The id of the record the values are attached to. */
  entityId: UuidSchema.transform((id) => id.toLowerCase()).optional(),
  /** The id of the values' definition. */
  definitionId: UuidSchema.transform((id) => id.toLowerCase()).optional(),
});

/** Filters and paging of {@link CustomFieldService.listAll}. */
export interface CustomFieldListOptions<P extends string = never> extends ListOptions<P>, z.input<typeof CustomFieldFiltersSchema> {}

/** Include paths of a custom field read: `definition`, `entity`, `updated_by_user` (and deeper). */
export type CustomFieldInclude = IncludePath<"custom_field">;

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
   * `unknown_slug`, `wrong_entity_type` (on `api_slug`), and the typing codes (on `value`).
   */
  upsert(target: CustomFieldTarget, input: CustomFieldUpsert): Promise<CustomFieldWriteResult>;
  /** One value with the related records asked for; 404 when absent. */
  get<const P extends CustomFieldInclude = never>(id: string, options?: ReadOptions<P>): Promise<WithRelated<"custom_field", P>>;
  /** The values of a record, oldest first; default page size 25; 404 for an unknown record. */
  list<const P extends CustomFieldInclude = never>(target: CustomFieldTarget, options?: ListOptions<P>): Promise<ListResult<WithRelated<"custom_field", P>>>;
  /**
   * Every value of the account, oldest first, narrowed by the filters (combined with AND); default
   * page size 25. An unknown record or definition in a filter is an empty page, not a 404.
   */
  listAll<const P extends CustomFieldInclude = never>(options?: CustomFieldListOptions<P>): Promise<ListResult<WithRelated<"custom_field", P>>>;
  /** Replaces a value, typed again against its definition (editor only); `api_slug` only unchanged. */
  update(id: string, input: CustomFieldUpdate): Promise<CustomField>;
  /** Deletes a value (editor only) and returns it. */
  delete(id: string): Promise<CustomField>;
  /** {@link CustomFieldService.update} addressed by the record and slug; 404 when the record has no such value. */
  updateBySlug(target: CustomFieldTarget, apiSlug: string, input: CustomFieldUpdate): Promise<CustomField>;
  /** {@link CustomFieldService.delete} addressed by the record and slug. */
  deleteBySlug(target: CustomFieldTarget, apiSlug: string): Promise<CustomField>;
}

const UpsertSchema = z.strictObject({ api_slug: z.string().min(1), value: z.unknown().optional() });
const PatchSchema = z.strictObject({ value: z.unknown().optional(), api_slug: z.unknown().optional() });

/** Creates the {@link CustomFieldService} of a session. */
export function createCustomFieldService(context: SessionContext): CustomFieldService {
  const { storage, accountId } = context;
  const now = () => context.clock.now().toISOString();

  const reader = createRelatedReader(storage, accountId);

  async function write(tx: StorageRepositories, field: CustomField, typed: TypedValue): Promise<CustomField> {
    const next: CustomField = { ...field, ...typed, updated_by_user_id: context.principal.user.id, updated_at: now() };
    await tx.customFields.update(next);
    return next;
  }

  async function retype(tx: StorageRepositories, field: CustomField, input: CustomFieldUpdate): Promise<CustomField> {
    const patch = parseInput(PatchSchema, input ?? {});
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
    async upsert(target, upsert) {
      context.requireEditor();
      const input = parseInput(UpsertSchema, upsert ?? {});
      const written = await storage.transaction(async (tx) => {
        await requireTarget(tx, accountId, target);
        const { field, created } = await upsertCustomFieldValue(tx, { accountId, userId: context.principal.user.id, now: now() }, target, input.api_slug, input.value);
        return { field, created };
      });
      return written;
    },
    get: (id, options = {}) => reader.one("custom_field", options.include, () => storage.customFields.get(accountId, id), `No custom field ${id}`),
    list(target, options = {}) {
      const page = resolvePage(options.page, CUSTOM_FIELD_PAGE_SIZE);
      return reader.page("custom_field", options.include, page, async () => {
        await requireTarget(storage, accountId, target);
        return storage.customFields.list(accountId, { page, entityType: target.type, entityId: target.id });
      });
    },
    listAll(options = {}) {
      const filters = parseOptions(CustomFieldFiltersSchema, definedOnly({ entityType: options.entityType, entityId: options.entityId, definitionId: options.definitionId }));
      const page = resolvePage(options.page, CUSTOM_FIELD_PAGE_SIZE);
      return reader.page("custom_field", options.include, page, () => storage.customFields.list(accountId, { page, ...definedOnly(filters) }));
    },
    async update(id, input) {
      context.requireEditor();
      return storage.transaction(async (tx) => retype(tx, await byId(tx, id), input));
    },
    async delete(id) {
      context.requireEditor();
      return storage.transaction(async (tx) => {
        const field = await byId(tx, id);
        await tx.customFields.delete(accountId, id);
        return field;
      });
    },
    async updateBySlug(target, apiSlug, input) {
      context.requireEditor();
      return storage.transaction(async (tx) => retype(tx, await bySlug(tx, target, apiSlug), input));
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
