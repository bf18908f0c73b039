import { z } from "zod";
import { MULTI_SEPARATOR } from "../custom-fields/index.js";
import type { CustomFieldDefinition, CustomFieldOption } from "../domain/index.js";
import { BollardError, NotFoundError } from "../errors/index.js";
import { uuidv7 } from "../ids/index.js";
import { parseInclude } from "../jsonapi/include.js";
import { ResourceGraph } from "../jsonapi/resource-graph.js";
import { resourceRegistry } from "../jsonapi/resources.js";
import type { StorageRepositories } from "../storage/index.js";
import { assertUnchanged, CUSTOM_FIELD_PAGE_SIZE, optionsOf, requireDefinition, rerenderValues } from "./custom-field-lookup.js";
import { loadIncludes } from "./include-loader.js";
import { parseInput } from "./input-validation.js";
import { resolvePage } from "./pagination-defaults.js";
import type { ListOptions, ListResult, ReadOptions, ResourceResult } from "./read-results.js";
import type { SessionContext } from "./session.js";

/** The options of enum and enum_multi definitions (part of the definitions service). */
export interface CustomFieldOptionService {
  /** A definition's options by position (nulls last); default page size 25; 404 for an unknown definition. */
  listOptions(definitionId: string, options?: ListOptions): Promise<ListResult<CustomFieldOption>>;
  /**
   * Adds an option (editor only). Only enum and enum_multi definitions have options (422
   * `NOT_SUPPORTED` on the `definition_id` parameter otherwise); `value` is unique per definition
   * (`DUPLICATE`) and has no comma; `position` defaults to after the last option.
   */
  createOption(definitionId: string, attributes: unknown): Promise<ResourceResult<CustomFieldOption>>;
  /** One option of the definition; 404 when either is unknown or the option belongs to another definition. */
  getOption(definitionId: string, optionId: string, options?: ReadOptions): Promise<ResourceResult<CustomFieldOption>>;
  /** Edits label and position (editor only); `value` is immutable. A new label re-renders the values' display. */
  updateOption(definitionId: string, optionId: string, attributes: unknown): Promise<ResourceResult<CustomFieldOption>>;
  /** Deletes an option (editor only). Values that chose it keep their stored value and display. */
  deleteOption(definitionId: string, optionId: string): Promise<CustomFieldOption>;
}

/** An option value: 1 to 255 characters without a comma (enum_multi values are stored comma-separated). */
export const CustomFieldOptionValueSchema = z
  .string()
  .min(1)
  .max(255)
  .refine((value) => !value.includes(MULTI_SEPARATOR), "must not contain a comma (enum_multi values are stored comma-separated)");

const PositionSchema = z.int().min(0).max(1_000_000).nullable();

/** The attributes `POST …/options` accepts. */
export const CustomFieldOptionCreateSchema = z.strictObject({
  /** The option as people see it. */
  label: z.string().trim().min(1).max(255),
  /** The stored value; unique within the definition, immutable. */
  value: CustomFieldOptionValueSchema,
  /** Sort position; defaults to after the last option. */
  position: PositionSchema.optional(),
});

/** The attributes `PATCH …/options/{option_id}` accepts (`value` only unchanged). */
export const CustomFieldOptionPatchSchema = z.strictObject({
  /** A new label; values that chose the option are re-rendered. */
  label: z.string().trim().min(1).max(255).optional(),
  /** A new sort position; `null` sorts last. */
  position: PositionSchema.optional(),
  /** Accepted only unchanged (`IMMUTABLE` otherwise). */
  value: z.unknown().optional(),
});

/** Creates the option half of the definitions service. */
export function createCustomFieldOptionService(context: SessionContext): CustomFieldOptionService {
  const { storage, accountId } = context;
  const now = () => context.clock.now().toISOString();

  async function requireOption(repos: StorageRepositories, definitionId: string, optionId: string): Promise<{ definition: CustomFieldDefinition; option: CustomFieldOption }> {
    const definition = await requireDefinition(repos, accountId, definitionId);
    const option = await repos.customFieldOptions.get(accountId, optionId);
    if (!option || option.definition_id !== definitionId) throw new NotFoundError(`No option ${optionId} of custom field definition ${definitionId}`);
    return { definition, option };
  }

  async function result(option: CustomFieldOption, includeValue?: string): Promise<ResourceResult<CustomFieldOption>> {
    const include = parseInclude(includeValue, "custom_field_option", resourceRegistry);
    const graph = new ResourceGraph();
    await loadIncludes(storage, accountId, graph, "custom_field_option", [option], include);
    return { type: "custom_field_option", data: option, graph, include };
  }

  return {
    async listOptions(definitionId, options = {}) {
      const include = parseInclude(options.include, "custom_field_option", resourceRegistry);
      const page = resolvePage(options.page, CUSTOM_FIELD_PAGE_SIZE);
      await requireDefinition(storage, accountId, definitionId);
      const { items, total } = await storage.customFieldOptions.listByDefinition(accountId, definitionId, page);
      const graph = new ResourceGraph();
      await loadIncludes(storage, accountId, graph, "custom_field_option", items, include);
      return { type: "custom_field_option", data: items, total, page, graph, include };
    },
    async createOption(definitionId, attributes) {
      context.requireEditor();
      const input = parseInput(CustomFieldOptionCreateSchema, attributes ?? {});
      const created = await storage.transaction(async (tx) => {
        const definition = await requireDefinition(tx, accountId, definitionId);
        if (definition.data_type !== "enum" && definition.data_type !== "enum_multi") {
          throw new BollardError("NOT_SUPPORTED", `Only enum and enum_multi definitions have options; this one is ${definition.data_type}`, { parameter: "definition_id" });
        }
        const existing = await optionsOf(tx, accountId, definitionId);
        if (existing.some((o) => o.value === input.value)) {
          throw new BollardError("DUPLICATE", `The definition already has an option with value ${JSON.stringify(input.value)}`, { pointer: "/data/attributes/value" });
        }
        const last = Math.max(0, ...existing.map((o) => o.position ?? 0));
        const at = now();
        const option: CustomFieldOption = {
          id: uuidv7(),
          account_id: accountId,
          definition_id: definitionId,
          /** A new label; values that chose the option are re-rendered. */
          label: input.label,
          /** Accepted only unchanged (`IMMUTABLE` otherwise). */
          value: input.value,
          /** A new sort position; `null` sorts last. */
          position: input.position !== undefined ? input.position : last + 1,
          created_at: at,
          updated_at: at,
        };
        await tx.customFieldOptions.insert(option);
        return option;
      });
      return result(created);
    },
    async getOption(definitionId, optionId, options = {}) {
      parseInclude(options.include, "custom_field_option", resourceRegistry);
      return result((await requireOption(storage, definitionId, optionId)).option, options.include);
    },
    async updateOption(definitionId, optionId, attributes) {
      context.requireEditor();
      const patch = parseInput(CustomFieldOptionPatchSchema, attributes ?? {});
      const updated = await storage.transaction(async (tx) => {
        const { definition, option } = await requireOption(tx, definitionId, optionId);
        assertUnchanged("value", patch.value, option.value);
        const next: CustomFieldOption = {
          ...option,
          ...(patch.label !== undefined && { label: patch.label }),
          ...(patch.position !== undefined && { position: patch.position }),
          updated_at: now(),
        };
        await tx.customFieldOptions.update(next);
        if (next.label !== option.label) await rerenderValues(tx, accountId, definition, await optionsOf(tx, accountId, definitionId));
        return next;
      });
      return result(updated);
    },
    async deleteOption(definitionId, optionId) {
      context.requireEditor();
      return storage.transaction(async (tx) => {
        const { option } = await requireOption(tx, definitionId, optionId);
        await tx.customFieldOptions.delete(accountId, optionId);
        return option;
      });
    },
  };
}
