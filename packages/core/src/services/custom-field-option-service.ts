import { z } from "zod";
import { MULTI_SEPARATOR } from "../custom-fields/index.js";
import type { CustomFieldDefinition, CustomFieldOption } from "../domain/index.js";
import { BollardError, NotFoundError } from "../errors/index.js";
import { uuidv7 } from "../ids/index.js";
import { includeTree, type IncludePath, type WithRelated } from "../relations/include-paths.js";
import type { StorageRepositories } from "../storage/index.js";
import { assertUnchanged, CUSTOM_FIELD_PAGE_SIZE, optionsOf, requireDefinition, rerenderValues } from "../custom-fields/custom-field-lookup.js";
import { parseInput } from "../validation/input-validation.js";
import { resolvePage } from "./pagination-defaults.js";
import type { ListOptions, ListResult, ReadOptions } from "./read-options.js";
import { createRelatedReader } from "./related-reader.js";
import type { SessionContext } from "./session-context.js";

/** Include paths of an option read: `definition`. */
export type CustomFieldOptionInclude = IncludePath<"custom_field_option">;

/** The options of enum and enum_multi definitions (part of the definitions service). */
export interface CustomFieldOptionService {
  /** A definition's options by position (nulls last); default page size 25; 404 for an unknown definition. */
  listOptions<const P extends CustomFieldOptionInclude = never>(definitionId: string, options?: ListOptions<P>): Promise<ListResult<WithRelated<"custom_field_option", P>>>;
  /**
   * Adds an option (editor only). Only enum and enum_multi definitions have options (422
   * `not_supported` on the `definition_id` parameter otherwise); `value` is unique per definition
   * (`duplicate`) and has no comma; `position` defaults to after the last option.
   */
  createOption(definitionId: string, input: CustomFieldOptionCreate): Promise<CustomFieldOption>;
  /** One option of the definition; 404 when either is unknown or the option belongs to another definition. */
  getOption<const P extends CustomFieldOptionInclude = never>(definitionId: string, optionId: string, options?: ReadOptions<P>): Promise<WithRelated<"custom_field_option", P>>;
  /** Edits label and position (editor only); `value` is immutable. A new label re-renders the values' display. */
  updateOption(definitionId: string, optionId: string, input: CustomFieldOptionUpdate): Promise<CustomFieldOption>;
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

/** What {@link CustomFieldOptionService.createOption} accepts. */
export const CustomFieldOptionCreateSchema = z.strictObject({
  /** The option as people see it. */
  label: z.string().trim().min(1).max(255),
  /** The stored value; unique within the definition, immutable. */
  value: CustomFieldOptionValueSchema,
  /** Sort position; defaults to after the last option. */
  position: PositionSchema.optional(),
});

/** What {@link CustomFieldOptionService.updateOption} accepts (`value` only unchanged). */
export const CustomFieldOptionPatchSchema = z.strictObject({
  /** A new label; values that chose the option are re-rendered. */
  label: z.string().trim().min(1).max(255).optional(),
  /** A new sort position; `null` sorts last. */
  position: PositionSchema.optional(),
  /** Accepted only unchanged (`immutable` otherwise). */
  value: z.unknown().optional(),
});

/** What {@link CustomFieldOptionService.createOption} accepts. */
export type CustomFieldOptionCreate = z.input<typeof CustomFieldOptionCreateSchema>;

/** What {@link CustomFieldOptionService.updateOption} accepts. */
export type CustomFieldOptionUpdate = Omit<z.input<typeof CustomFieldOptionPatchSchema>, "value"> & {
  /** Accepted only unchanged (`immutable` otherwise). */
  value?: string;
};

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

  const reader = createRelatedReader(storage, accountId);

  return {
    listOptions(definitionId, options = {}) {
      const page = resolvePage(options.page, CUSTOM_FIELD_PAGE_SIZE);
      return reader.page("custom_field_option", options.include, page, async () => {
        await requireDefinition(storage, accountId, definitionId);
        return storage.customFieldOptions.listByDefinition(accountId, definitionId, page);
      });
    },
    async createOption(definitionId, create) {
      context.requireEditor();
      const input = parseInput(CustomFieldOptionCreateSchema, create ?? {});
      const created = await storage.transaction(async (tx) => {
        const definition = await requireDefinition(tx, accountId, definitionId);
        if (definition.data_type !== "enum" && definition.data_type !== "enum_multi") {
          throw new BollardError("not_supported", `Only enum and enum_multi definitions have options; this one is ${definition.data_type}`, { parameter: "definition_id" });
        }
        const existing = await optionsOf(tx, accountId, definitionId);
        if (existing.some((o) => o.value === input.value)) {
          throw new BollardError("duplicate", `The definition already has an option with value ${JSON.stringify(input.value)}`, { path: ["value"] });
        }
        const last = Math.max(0, ...existing.map((o) => o.position ?? 0));
        const at = now();
        const option: CustomFieldOption = {
          id: uuidv7(),
          account_id: accountId,
          definition_id: definitionId,
          label: input.label,
          value: input.value,
          position: input.position !== undefined ? input.position : last + 1,
          created_at: at,
          updated_at: at,
        };
        await tx.customFieldOptions.insert(option);
        return option;
      });
      return created;
    },
    async getOption(definitionId, optionId, options = {}) {
      includeTree("custom_field_option", options.include);
      return (await reader.attach("custom_field_option", [(await requireOption(storage, definitionId, optionId)).option], options.include))[0] as never;
    },
    async updateOption(definitionId, optionId, update) {
      context.requireEditor();
      const patch = parseInput(CustomFieldOptionPatchSchema, update ?? {});
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
      return updated;
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
