import { z } from "zod";
import { CUSTOM_FIELD_TEMPLATES, settleDefinitionSettings } from "../custom-fields/index.js";
import {
  ApiSlugSchema,
  CustomFieldDataTypeSchema,
  CustomFieldDefaultValueSchema,
  CustomFieldValidationSchema,
  type CustomFieldDataType,
  type CustomFieldDefinition,
  type CustomFieldEntityType,
} from "../domain/index.js";
import { BollardError } from "../errors/index.js";
import { uuidv7 } from "../ids/index.js";
import { includeTree, type IncludePath, type WithRelated } from "../relations/include-paths.js";
import type { CustomFieldDefinitionListQuery } from "../storage/index.js";
import { assertUnchanged, CUSTOM_FIELD_PAGE_SIZE, optionsOf, requireDefinition, rerenderValues } from "../custom-fields/custom-field-lookup.js";
import { createCustomFieldOptionService, type CustomFieldOptionService } from "./custom-field-option-service.js";
import { definedOnly, parseInput, parseOptions } from "../validation/input-validation.js";
import { resolvePage } from "./pagination-defaults.js";
import type { ListOptions, ListResult, ReadOptions } from "./read-options.js";
import { createRelatedReader } from "./related-reader.js";
import type { SessionContext } from "./session-context.js";

/** What deleting a definition removed. */
export interface DeletedCustomFieldDefinition {
  /** The definition as it was before deletion. */
  definition: CustomFieldDefinition;
  /** How many of its options were deleted with it. */
  deletedOptions: number;
  /** How many custom field values were deleted with it. */
  deletedValues: number;
}

/** Include paths of a definition read: `options`. */
export type CustomFieldDefinitionInclude = IncludePath<"custom_field_definition">;

/** Custom field definitions of the session account, their options, and the service templates. */
export interface CustomFieldDefinitionService extends CustomFieldOptionService {
  /** Creates a definition (editor only); 422 on the path of every invalid attribute, `duplicate` for a taken api_slug. */
  create<const P extends CustomFieldDefinitionInclude = never>(input: CustomFieldDefinitionCreate, options?: ReadOptions<P>): Promise<WithRelated<"custom_field_definition", P>>;
  /** Definitions oldest first, filtered; default page size 25. */
  list<const P extends CustomFieldDefinitionInclude = never>(options?: CustomFieldDefinitionListOptions<P>): Promise<ListResult<WithRelated<"custom_field_definition", P>>>;
  /** One definition with the related records asked for; 404 when absent. */
  get<const P extends CustomFieldDefinitionInclude = never>(id: string, options?: ReadOptions<P>): Promise<WithRelated<"custom_field_definition", P>>;
  /**
   * Edits display_name, description, validation, default_format and default_value (editor only).
   * api_slug, entity_type, data_type and reference_type are immutable (422 `immutable` unless
   * unchanged). A new default_format re-renders the display of every existing value; new
   * validation rules apply to later writes only.
   */
  update<const P extends CustomFieldDefinitionInclude = never>(id: string, input: CustomFieldDefinitionUpdate, options?: ReadOptions<P>): Promise<WithRelated<"custom_field_definition", P>>;
  /** Deletes a definition with its options and every value using it, in one transaction (editor only). */
  delete(id: string): Promise<DeletedCustomFieldDefinition>;
  /** The service-provided templates, usable by slug in every account (materialized on first use). */
  templates(): readonly CustomFieldDefinition[];
}

const EntityTypeInputSchema = z.enum(["Shipment", "Cargo", "Container"]).transform((t): CustomFieldEntityType => (t === "Container" ? "Cargo" : t));

const editable = {
  display_name: z.string().trim().min(1).max(255),
  description: z.string().max(2000).nullable(),
  validation: CustomFieldValidationSchema.nullable(),
  default_format: z.string().max(100).nullable(),
  default_value: CustomFieldDefaultValueSchema.nullable(),
};

/** What {@link CustomFieldDefinitionService.create} accepts. */
export const CustomFieldDefinitionCreateSchema = z.strictObject({
  /** `Shipment`, or `Cargo` (also accepted as `Container`) for containers. */
  entity_type: EntityTypeInputSchema,
  /** The field's key; unique within the account, immutable. */
  api_slug: ApiSlugSchema,
  /** The type of the values; immutable. */
  data_type: CustomFieldDataTypeSchema,
  /** What a `reference` field points at (required for that type only); immutable. */
  reference_type: z.string().max(64).nullable().optional(),
  /** The field's name as people see it. */
  display_name: editable.display_name,
  /** A longer explanation. */
  description: editable.description.optional(),
  /** Rules a value must pass. */
  validation: editable.validation.optional(),
  /** How values are displayed (number pattern or date-fns tokens). */
  default_format: editable.default_format.optional(),
  /** The value a new custom field takes when created without one. */
  default_value: editable.default_value.optional(),
});

/** What {@link CustomFieldDefinitionService.update} accepts (the immutable attributes only unchanged). */
export const CustomFieldDefinitionPatchSchema = z.strictObject({
  /** A new display name. */
  display_name: editable.display_name.optional(),
  /** A new description; `null` clears it. */
  description: editable.description.optional(),
  /** New validation rules; `null` clears them. */
  validation: editable.validation.optional(),
  /** A new display format; `null` clears it. */
  default_format: editable.default_format.optional(),
  /** A new default value; `null` clears it. */
  default_value: editable.default_value.optional(),
  /** Accepted only unchanged (`immutable` otherwise). */
  api_slug: z.unknown().optional(),
  /** Accepted only unchanged (`immutable` otherwise). */
  entity_type: z.unknown().optional(),
  /** Accepted only unchanged (`immutable` otherwise). */
  data_type: z.unknown().optional(),
  /** Accepted only unchanged (`immutable` otherwise). */
  reference_type: z.unknown().optional(),
});

/** What {@link CustomFieldDefinitionService.create} accepts. */
export type CustomFieldDefinitionCreate = z.input<typeof CustomFieldDefinitionCreateSchema>;

/** What {@link CustomFieldDefinitionService.update} accepts. */
export type CustomFieldDefinitionUpdate = Omit<z.input<typeof CustomFieldDefinitionPatchSchema>, "api_slug" | "entity_type" | "data_type" | "reference_type"> & {
  /** Accepted only unchanged (`immutable` otherwise). */
  api_slug?: string;
  /** Accepted only unchanged (`immutable` otherwise); `Container` is `Cargo`. */
  entity_type?: "Shipment" | "Cargo" | "Container";
  /** Accepted only unchanged (`immutable` otherwise). */
  data_type?: CustomFieldDataType;
  /** Accepted only unchanged (`immutable` otherwise). */
  reference_type?: string | null;
};

/** The filters of {@link CustomFieldDefinitionService.list}. */
export const CustomFieldDefinitionFiltersSchema = z.object({
  /** `Shipment` or `Cargo` (`Container` is an alias of `Cargo`). */
  entityType: EntityTypeInputSchema.optional(),
  /** One of the data types. */
  dataType: CustomFieldDataTypeSchema.optional(),
  /** Case-insensitive prefix of the display name. */
  displayName: z.string().max(255).optional(),
});

/** Filters and paging of {@link CustomFieldDefinitionService.list}. */
export interface CustomFieldDefinitionListOptions<P extends string = never> extends ListOptions<P>, z.input<typeof CustomFieldDefinitionFiltersSchema> {}

function listQuery(options: z.input<typeof CustomFieldDefinitionFiltersSchema>): Omit<CustomFieldDefinitionListQuery, "page"> {
  const filters = parseOptions(CustomFieldDefinitionFiltersSchema, definedOnly({ entityType: options.entityType, dataType: options.dataType, displayName: options.displayName }));
  return definedOnly({ entityType: filters.entityType, dataType: filters.dataType, displayNamePrefix: filters.displayName || undefined });
}

/** Creates the {@link CustomFieldDefinitionService} of a session. */
export function createCustomFieldDefinitionService(context: SessionContext): CustomFieldDefinitionService {
  const { storage, accountId } = context;
  const now = () => context.clock.now().toISOString();

  const reader = createRelatedReader(storage, accountId);

  return {
    ...createCustomFieldOptionService(context),
    async create(create, options = {}) {
      context.requireEditor();
      includeTree("custom_field_definition", options.include);
      const input = parseInput(CustomFieldDefinitionCreateSchema, create ?? {});
      const settings = settleDefinitionSettings({
        data_type: input.data_type,
        reference_type: input.reference_type ?? null,
        validation: input.validation ?? null,
        default_format: input.default_format ?? null,
        default_value: input.default_value ?? null,
      });
      const created = await storage.transaction(async (tx) => {
        if (await tx.customFieldDefinitions.getBySlug(accountId, input.api_slug)) {
          throw new BollardError("duplicate", `A custom field definition with api_slug ${input.api_slug} already exists`, { path: ["api_slug"] });
        }
        const at = now();
        const definition: CustomFieldDefinition = {
          id: uuidv7(),
          account_id: accountId,
          template_id: null,
          entity_type: input.entity_type,
          api_slug: input.api_slug,
          display_name: input.display_name,
          description: input.description ?? null,
          data_type: input.data_type,
          ...settings,
          created_at: at,
          updated_at: at,
        };
        await tx.customFieldDefinitions.insert(definition);
        return definition;
      });
      return (await reader.attach("custom_field_definition", [created], options.include))[0] as never;
    },
    list(options = {}) {
      const query = listQuery(options);
      const page = resolvePage(options.page, CUSTOM_FIELD_PAGE_SIZE);
      return reader.page("custom_field_definition", options.include, page, () => storage.customFieldDefinitions.list(accountId, { ...query, page }));
    },
    get: (id, options = {}) =>
      reader.one("custom_field_definition", options.include, () => storage.customFieldDefinitions.get(accountId, id), `No custom field definition ${id}`),
    async update(id, input, options = {}) {
      context.requireEditor();
      includeTree("custom_field_definition", options.include);
      const patch = parseInput(CustomFieldDefinitionPatchSchema, input ?? {});
      const updated = await storage.transaction(async (tx) => {
        const current = await requireDefinition(tx, accountId, id);
        assertUnchanged("api_slug", patch.api_slug, current.api_slug);
        assertUnchanged("entity_type", patch.entity_type === "Container" ? "Cargo" : patch.entity_type, current.entity_type);
        assertUnchanged("data_type", patch.data_type, current.data_type);
        assertUnchanged("reference_type", patch.reference_type, current.reference_type);
        const options = await optionsOf(tx, accountId, current.id);
        const settings = settleDefinitionSettings(
          {
            data_type: current.data_type,
            reference_type: current.reference_type,
            validation: patch.validation !== undefined ? patch.validation : current.validation,
            default_format: patch.default_format !== undefined ? patch.default_format : current.default_format,
            default_value: patch.default_value !== undefined ? patch.default_value : current.default_value,
          },
          // A stored enum default is re-checked against the options only when it is being changed.
          patch.default_value !== undefined ? options : undefined,
        );
        const next: CustomFieldDefinition = {
          ...current,
          ...(patch.display_name !== undefined && { display_name: patch.display_name }),
          ...(patch.description !== undefined && { description: patch.description }),
          ...settings,
          updated_at: now(),
        };
        await tx.customFieldDefinitions.update(next);
        if (next.default_format !== current.default_format) await rerenderValues(tx, accountId, next, options);
        return next;
      });
      return (await reader.attach("custom_field_definition", [updated], options.include))[0] as never;
    },
    async delete(id) {
      context.requireEditor();
      return storage.transaction(async (tx) => {
        const definition = await requireDefinition(tx, accountId, id);
        const deletedValues = await tx.customFields.deleteByDefinition(accountId, id);
        const deletedOptions = await tx.customFieldOptions.deleteByDefinition(accountId, id);
        await tx.customFieldDefinitions.delete(accountId, id);
        return { definition, deletedOptions, deletedValues };
      });
    },
    templates() {
      return CUSTOM_FIELD_TEMPLATES.map((t) => t.definition);
    },
  };
}
