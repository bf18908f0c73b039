import { z } from "zod";
import { ApiSlugSchema, normalizeContainerNumber, type CustomField, type CustomFieldTargetType, type InitialCustomFields, type TrackingRequest } from "../domain/index.js";
import { BollardError, ValidationError, type FieldPath } from "../errors/index.js";
import { uuidv7 } from "../ids/index.js";
import type { StorageRepositories } from "../storage/index.js";
import { missingValue, resolveDefinitionForWrite, typeForDefinition } from "./custom-field-lookup.js";

/*
 * `initial_custom_fields` of a tracking request: checked and typed when the request is made (the
 * same definition lookup and typing as the custom field routes), kept on the request, and written
 * to the shipment and its containers in the transaction that creates the shipment.
 */

/** One value of `initial_custom_fields`. */
const EntrySchema = z.strictObject({
  /** The `api_slug` of a definition of the account or of a service template. */
  api_slug: z.string().max(255),
  /** The value, typed against the definition; left out, the definition's `default_value`. */
  value: z.unknown().optional(),
});

/** The `initial_custom_fields` a tracking request accepts. */
export const InitialCustomFieldsInputSchema = z.strictObject({
  /** Values of the shipment: Shipment definitions. */
  shipment: z.array(EntrySchema).max(100).optional(),
  /** Values of containers (Cargo definitions): of the container `number`, or of every container when it is left out or empty. */
  containers: z
    .array(
      EntrySchema.extend({
        /** The container's number; left out, null or empty for every container of the shipment. */
        number: z.string().max(20).nullish(),
      }),
    )
    .max(100)
    .optional(),
});

/** What `initial_custom_fields` of {@link TrackingRequestCreate} accepts. */
export type InitialCustomFieldsInput = z.input<typeof InitialCustomFieldsInputSchema>;

const GROUPS = [
  ["shipment", "shipment"],
  ["containers", "container"],
] as const satisfies readonly (readonly [keyof InitialCustomFieldsInput, CustomFieldTargetType])[];

/** The error with its path (or each issue's) under `prefix`. */
function under(prefix: FieldPath, error: BollardError): BollardError[] {
  const issues = error instanceof ValidationError ? error.issues : [error];
  return issues.map((issue) => new BollardError(issue.code, issue.detail, { path: [...prefix, ...(issue.path ?? [])], ...(issue.meta ? { meta: issue.meta } : {}) }));
}

/** Types one staged value against its definition (materializing a template through `tx`); throws the 422 of the custom field routes. */
async function typed(tx: StorageRepositories, accountId: string, type: CustomFieldTargetType, apiSlug: string, value: unknown, now: string) {
  if (!ApiSlugSchema.safeParse(apiSlug).success) throw new ValidationError([new BollardError("unknown_slug", `${JSON.stringify(apiSlug.slice(0, 64))} is not an api_slug`, { path: ["api_slug"] })]);
  const { definition, options } = await resolveDefinitionForWrite(tx, accountId, apiSlug, { type, id: "" }, now);
  if (value === undefined && definition.default_value === null) throw new ValidationError([missingValue()]);
  return { definition, value: await typeForDefinition(tx, accountId, definition, options, value !== undefined ? value : definition.default_value) };
}

/**
 * Checks and types `initial_custom_fields` inside the transaction that creates the tracking
 * request: every problem is a 422 on `["initial_custom_fields", "shipment" | "containers", index, …]`.
 * Returns what to keep on the request, or null when there is nothing to stage.
 */
export async function stageInitialCustomFields(tx: StorageRepositories, accountId: string, input: InitialCustomFieldsInput | null | undefined, now: string): Promise<InitialCustomFields | null> {
  if (!input) return null;
  const staged: InitialCustomFields = { shipment: [], containers: [] };
  const issues: BollardError[] = [];
  for (const [group, type] of GROUPS) {
    const items: readonly { api_slug: string; value?: unknown; number?: string | null | undefined }[] = input[group] ?? [];
    for (const [index, item] of items.entries()) {
      try {
        const { definition, value } = await typed(tx, accountId, type, item.api_slug, item.value, now);
        if (group === "shipment") staged.shipment.push({ api_slug: definition.api_slug, value: value.value });
        else {
          const number = item.number ? normalizeContainerNumber(item.number) : null;
          staged.containers.push({ api_slug: definition.api_slug, value: value.value, number });
        }
      } catch (error) {
        if (!(error instanceof BollardError)) throw error;
        issues.push(...under(["initial_custom_fields", group, index], error));
      }
    }
  }
  if (issues.length > 0) throw new ValidationError(issues);
  return staged.shipment.length + staged.containers.length > 0 ? staged : null;
}

/**
 * Writes the values a tracking request staged to its new shipment and the shipment's containers,
 * typed again against their definitions. A record that already has a value of that slug keeps it;
 * a value its definition no longer accepts (deleted, retyped, option removed) is skipped, since the
 * carrier's answer must not be lost over it. The request's user is recorded as the one who set them.
 */
export async function applyInitialCustomFields(tx: StorageRepositories, request: TrackingRequest, shipmentId: string, now: string): Promise<number> {
  const staged = request.initial_custom_fields;
  if (!staged) return 0;
  const accountId = request.account_id;
  const containers = staged.containers.length > 0 ? await tx.containers.listByShipments(accountId, [shipmentId]) : [];
  const writes: { type: CustomFieldTargetType; id: string; api_slug: string; value: unknown }[] = [
    ...staged.shipment.map((item) => ({ type: "shipment" as const, id: shipmentId, ...item })),
    ...staged.containers.flatMap((item) =>
      containers.filter((c) => item.number === null || normalizeContainerNumber(c.number) === item.number).map((c) => ({ type: "container" as const, id: c.id, api_slug: item.api_slug, value: item.value })),
    ),
  ];
  let written = 0;
  for (const write of writes) {
    if (await tx.customFields.getByEntitySlug(accountId, write.type, write.id, write.api_slug)) continue;
    let result;
    try {
      result = await typed(tx, accountId, write.type, write.api_slug, write.value, now);
    } catch (error) {
      if (error instanceof BollardError) continue;
      throw error;
    }
    const field: CustomField = {
      id: uuidv7(),
      account_id: accountId,
      definition_id: result.definition.id,
      entity_type: write.type,
      entity_id: write.id,
      api_slug: result.definition.api_slug,
      ...result.value,
      updated_by_user_id: request.user_id,
      created_at: now,
      updated_at: now,
    };
    await tx.customFields.insert(field);
    written += 1;
  }
  return written;
}
