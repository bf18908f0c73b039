import { z } from "zod";
import { CUSTOM_FIELD_TEMPLATES, settleDefinitionSettings } from "../custom-fields/index.js";
import {
  ApiSlugSchema,
  CustomFieldDataTypeSchema,
  CustomFieldDefaultValueSchema,
  CustomFieldValidationSchema,
  type CustomFieldDefinition,
  type CustomFieldEntityType,
} from "../domain/index.js";
import { BollardError } from "../errors/index.js";
import { uuidv7 } from "../ids/index.js";
import { mergeIncludes, parseInclude } from "../jsonapi/include.js";
import { ResourceGraph } from "../jsonapi/resource-graph.js";
import { resourceRegistry } from "../jsonapi/resources.js";
import type { CustomFieldDefinitionListQuery, StorageRepositories } from "../storage/index.js";
import { assertUnchanged, CUSTOM_FIELD_PAGE_SIZE, optionsOf, requireDefinition, rerenderValues } from "./custom-field-lookup.js";
import { createCustomFieldOptionService, type CustomFieldOptionService } from "./custom-field-option-service.js";
import { loadIncludes } from "./include-loader.js";
import { parseInput } from "./input-validation.js";
import { resolvePage } from "./pagination-defaults.js";
import type { ListOptions, ListResult, ReadOptions, ResourceResult } from "./read-results.js";
import type { SessionContext } from "./session.js";

/** Filters of {@link CustomFieldDefinitionService.list}, as the API's query parameters give them. */
export interface CustomFieldDefinitionListOptions extends ListOptions {
  /** `Shipment` or `Cargo` (`Container` is an alias of `Cargo`). */
  entityType?: string;
  /** One of the data types. */
  dataType?: string;
  /** Case-insensitive prefix of the display name. */
  displayName?: string;
}

/** What deleting a definition removed. */
export interface DeletedCustomFieldDefinition {
  /** The definition as it was before deletion. */
  definition: CustomFieldDefinition;
  /** How many of its options were deleted with it. */
  deletedOptions: number;
  /** How many custom field values were deleted with it. */
  deletedValues: number;
}

/** Custom field definitions of the session account, their options, and the service templates. */
export interface CustomFieldDefinitionService extends CustomFieldOptionService {
  /** Creates a definition (editor only); 422 with pointers for every invalid attribute, `DUPLICATE` for a taken api_slug. */
  create(attributes: unknown): Promise<ResourceResult<CustomFieldDefinition>>;
  /** Definitions oldest first, filtered; default page size 25. Bad filters are 400s on their parameter. */
  list(options?: CustomFieldDefinitionListOptions): Promise<ListResult<CustomFieldDefinition>>;
  /** One definition with its options linkage; 404 when absent. */
  get(id: string, options?: ReadOptions): Promise<ResourceResult<CustomFieldDefinition>>;
  /**
   * Edits display_name, description, validation, default_format and default_value (editor only).
   * api_slug, entity_type, data_type and reference_type are immutable (422 `IMMUTABLE` unless
   * unchanged). A new default_format re-renders the display of every existing value; new
   * validation rules apply to later writes only.
   */
  update(id: string, attributes: unknown): Promise<ResourceResult<CustomFieldDefinition>>;
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

/** The attributes `POST /v2/custom_field_definitions` accepts. */
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

/** The attributes `PATCH /v2/custom_field_definitions/{id}` accepts (the immutable ones only unchanged). */
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
  /** Accepted only unchanged (`IMMUTABLE` otherwise). */
  api_slug: z.unknown().optional(),
  /** Accepted only unchanged (`IMMUTABLE` otherwise). */
  entity_type: z.unknown().optional(),
  /** Accepted only unchanged (`IMMUTABLE` otherwise). */
  data_type: z.unknown().optional(),
  /** Accepted only unchanged (`IMMUTABLE` otherwise). */
  reference_type: z.unknown().optional(),
});

/** Definitions always carry their options' linkage, so options are loaded even when not included. */
const LINKAGE = parseInclude("options", "custom_field_definition", resourceRegistry);

function listQuery(options: CustomFieldDefinitionListOptions): Omit<CustomFieldDefinitionListQuery, "page"> {
  const query: Omit<CustomFieldDefinitionListQuery, "page"> = {};
  if (options.entityType !== undefined) {
    const entityType = EntityTypeInputSchema.safeParse(options.entityType);
    if (!entityType.success) throw new BollardError("INVALID_PARAMETER", "filter[entity_type] must be Shipment or Cargo (or Container)", { parameter: "filter[entity_type]" });
    query.entityType = entityType.data;
  }
  if (options.dataType !== undefined) {
    const dataType = CustomFieldDataTypeSchema.safeParse(options.dataType);
    if (!dataType.success) throw new BollardError("INVALID_PARAMETER", `filter[data_type] must be one of ${CustomFieldDataTypeSchema.options.join(", ")}`, { parameter: "filter[data_type]" });
    query.dataType = dataType.data;
  }
  if (options.displayName !== undefined && options.displayName !== "") query.displayNamePrefix = options.displayName;
  return query;
}

/** Creates the {@link CustomFieldDefinitionService} of a session. */
export function createCustomFieldDefinitionService(context: SessionContext): CustomFieldDefinitionService {
  const { storage, accountId } = context;
  const now = () => context.clock.now().toISOString();

  async function result(repos: StorageRepositories, definition: CustomFieldDefinition, includeValue?: string): Promise<ResourceResult<CustomFieldDefinition>> {
    const include = parseInclude(includeValue, "custom_field_definition", resourceRegistry);
    const graph = new ResourceGraph();
    await loadIncludes(repos, accountId, graph, "custom_field_definition", [definition], mergeIncludes(LINKAGE, include));
    return { type: "custom_field_definition", data: definition, graph, include };
  }

  return {
    ...createCustomFieldOptionService(context),
    async create(attributes) {
      context.requireEditor();
      const input = parseInput(CustomFieldDefinitionCreateSchema, attributes ?? {});
      const settings = settleDefinitionSettings({
        /** Accepted only unchanged (`IMMUTABLE` otherwise). */
        data_type: input.data_type,
        /** Accepted only unchanged (`IMMUTABLE` otherwise). */
        reference_type: input.reference_type ?? null,
        /** New validation rules; `null` clears them. */
        validation: input.validation ?? null,
        /** A new display format; `null` clears it. */
        default_format: input.default_format ?? null,
        /** A new default value; `null` clears it. */
        default_value: input.default_value ?? null,
      });
      const created = await storage.transaction(async (tx) => {
        if (await tx.customFieldDefinitions.getBySlug(accountId, input.api_slug)) {
          throw new BollardError("DUPLICATE", `A custom field definition with api_slug ${input.api_slug} already exists`, { pointer: "/data/attributes/api_slug" });
        }
        const at = now();
        const definition: CustomFieldDefinition = {
          id: uuidv7(),
          account_id: accountId,
          template_id: null,
          /** Accepted only unchanged (`IMMUTABLE` otherwise). */
          entity_type: input.entity_type,
          /** Accepted only unchanged (`IMMUTABLE` otherwise). */
          api_slug: input.api_slug,
          /** A new display name. */
          display_name: input.display_name,
          /** A new description; `null` clears it. */
          description: input.description ?? null,
          /** Accepted only unchanged (`IMMUTABLE` otherwise). */
          data_type: input.data_type,
          ...settings,
          created_at: at,
          updated_at: at,
        };
        await tx.customFieldDefinitions.insert(definition);
        return definition;
      });
      return result(storage, created);
    },
    async list(options = {}) {
      const include = parseInclude(options.include, "custom_field_definition", resourceRegistry);
      const query = listQuery(options);
      const page = resolvePage(options.page, CUSTOM_FIELD_PAGE_SIZE);
      const { items, total } = await storage.customFieldDefinitions.list(accountId, { ...query, page });
      const graph = new ResourceGraph();
      await loadIncludes(storage, accountId, graph, "custom_field_definition", items, mergeIncludes(LINKAGE, include));
      return { type: "custom_field_definition", data: items, total, page, graph, include };
    },
    async get(id, options = {}) {
      parseInclude(options.include, "custom_field_definition", resourceRegistry);
      return result(storage, await requireDefinition(storage, accountId, id), options.include);
    },
    async update(id, attributes) {
      context.requireEditor();
      const patch = parseInput(CustomFieldDefinitionPatchSchema, attributes ?? {});
      const updated = await storage.transaction(async (tx) => {
        const current = await requireDefinition(tx, accountId, id);
        assertUnchanged("api_slug", patch.api_slug, current.api_slug);
        assertUnchanged("entity_type", patch.entity_type === "Container" ? "Cargo" : patch.entity_type, current.entity_type);
        assertUnchanged("data_type", patch.data_type, current.data_type);
        assertUnchanged("reference_type", patch.reference_type, current.reference_type);
        const options = await optionsOf(tx, accountId, current.id);
        const settings = settleDefinitionSettings(
          {
            /** Accepted only unchanged (`IMMUTABLE` otherwise). */
            data_type: current.data_type,
            /** Accepted only unchanged (`IMMUTABLE` otherwise). */
            reference_type: current.reference_type,
            /** New validation rules; `null` clears them. */
            validation: patch.validation !== undefined ? patch.validation : current.validation,
            /** A new display format; `null` clears it. */
            default_format: patch.default_format !== undefined ? patch.default_format : current.default_format,
            /** A new default value; `null` clears it. */
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
      return result(storage, updated);
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
