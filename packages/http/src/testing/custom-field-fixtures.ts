import type { Storage } from "@bollard/core";
import { expect } from "vitest";
import type { Harness } from "./http-harness.js";

/** A JSON:API request body for a definition. */
export const definitionDocument = (attributes: Record<string, unknown>) => ({ data: { type: "custom_field_definition", attributes } });

/** A JSON:API request body for a custom field value; without `value` when it is undefined. */
export const valueDocument = (api_slug: unknown, ...value: unknown[]) => ({ data: { type: "custom_field", attributes: value.length > 0 ? { api_slug, value: value[0] } : { api_slug } } });

/** Creates a definition over HTTP (a Shipment short_text unless told otherwise) and returns its resource. */
export async function createDefinition(h: Harness, attributes: Record<string, unknown> = {}, key?: string): Promise<any> {
  const res = await h.request("POST", "/v2/custom_field_definitions", {
    body: definitionDocument({ entity_type: "Shipment", display_name: "Field", data_type: "short_text", ...attributes }),
    ...(key ? { key } : {}),
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.data;
}

/** Adds options to an enum definition over HTTP, in order. */
export async function addOptions(h: Harness, definitionId: string, options: [value: string, label: string][]): Promise<any[]> {
  const created = [];
  for (const [value, label] of options) {
    const res = await h.request("POST", `/v2/custom_field_definitions/${definitionId}/options`, { body: { data: { type: "custom_field_option", attributes: { value, label } } } });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    created.push(res.body.data);
  }
  return created;
}

/** Everything custom-field related stored for the accounts (definitions, options, values), to compare before and after. */
export async function snapshotCustomFields(storage: Storage, accountIds: readonly string[]): Promise<unknown> {
  const page = { number: 1, size: 1_000_000 };
  const accounts = [];
  for (const accountId of accountIds) {
    const definitions = (await storage.customFieldDefinitions.list(accountId, { page })).items;
    const options = [];
    for (const definition of definitions) options.push(...(await storage.customFieldOptions.listByDefinition(accountId, definition.id)).items);
    const values = (await storage.customFields.list(accountId, { page })).items;
    accounts.push({ definitions, options, values });
  }
  return accounts;
}
