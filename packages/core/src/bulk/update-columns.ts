import type { BulkColumn, BulkRowError } from "../domain/index.js";
import { columnOf, exactDefinition, listOf, normalizeHeader, type BulkCustomFieldDefinition, type BulkRowPlan, type PlannedRow } from "./tracking-request-columns.js";

/*
 * How the columns of a spreadsheet become updates of shipments or containers: a row names its
 * record by `id` (as an export writes it) or by its number (a shipment's bill of lading, a
 * container's number), and sets its reference numbers, a shipment's tags and customer, and custom
 * field values.
 * A blank cell leaves the value as it is; every other column (what an export adds: status, dates, …)
 * is ignored, so an export sent back changes nothing.
 */

/** What an update row names: `shipment` or `container`. */
export type BulkUpdateTarget = "shipment" | "container";

/** The headers each attribute of an update answers to, normalized (see {@link normalizeHeader}). */
const SYNONYMS: Readonly<Record<BulkUpdateTarget, Readonly<Record<string, readonly string[]>>>> = {
  shipment: {
    id: ["id", "shipmentid"],
    number: ["billofladingnumber", "billoflading", "bl", "blnumber", "bol", "bolnumber", "mbl", "mblnumber", "masterbl", "masterbilloflading"],
    ref_numbers: ["refnumbers", "refnumber", "ref", "refs", "reference", "references", "referencenumber", "referencenumbers", "ponumber", "po"],
    tags: ["tags", "tag", "shipmenttags", "labels", "label"],
    customer_name: ["customername", "customer", "client", "clientname"],
  },
  container: {
    id: ["id", "containerid"],
    number: ["number", "containernumber", "container", "cntr", "cntrnumber", "equipmentnumber"],
    ref_numbers: ["refnumbers", "refnumber", "ref", "refs", "reference", "references", "referencenumber", "referencenumbers", "ponumber", "po"],
  },
};

/**
 * Plans how a file's columns update the records of `target`: `id` or the record's number names the
 * row's record, `ref_numbers` (and a shipment's `tags`) replace the lists, a shipment's `customer_name`
 * sets its customer, a custom field definition
 * of the target's entity type (by `api_slug` or display name) sets its value.
 */
export function planUpdateColumns(target: BulkUpdateTarget, headers: readonly string[], definitions: readonly BulkCustomFieldDefinition[] = []): BulkRowPlan {
  const entityType = target === "shipment" ? "Shipment" : "Cargo";
  const byHeader = new Map(Object.entries(SYNONYMS[target]).flatMap(([attribute, names]) => names.map((name) => [name, attribute] as const)));
  const definitionsByName = new Map<string, BulkCustomFieldDefinition>();
  for (const definition of definitions.filter((candidate) => candidate.entity_type === entityType)) {
    for (const name of [definition.api_slug, definition.display_name]) {
      const key = normalizeHeader(name);
      if (key !== "" && !definitionsByName.has(key)) definitionsByName.set(key, definition);
    }
  }
  const columns: BulkColumn[] = [];
  const byAttribute = new Map<string, string>();
  const fields: { column: string; slug: string }[] = [];
  for (const column of headers) {
    const key = normalizeHeader(column);
    const exact = exactDefinition(column, definitions.filter((candidate) => candidate.entity_type === entityType));
    const builtIn = exact ? undefined : byHeader.get(key);
    const definition = exact ?? (builtIn ? undefined : (definitionsByName.get(key) ?? definitionsByName.get(key.replace(/^customfields?/, ""))));
    const attribute = builtIn ?? (definition ? `custom_fields.${definition.api_slug}` : null);
    if (attribute === null || byAttribute.has(attribute)) {
      columns.push({ column, attribute: null });
      continue;
    }
    byAttribute.set(attribute, column);
    columns.push({ column, attribute });
    if (definition) fields.push({ column, slug: definition.api_slug });
  }
  const columnFor = (attribute: string): string | null => byAttribute.get(attribute) ?? null;
  const keyColumns = ["id", "number"].filter((attribute) => byAttribute.has(attribute));
  return {
    columns,
    hasKeyColumn: keyColumns.length > 0,
    missingKeyDetail: `No column names the ${target}s to update: name one "id" or "${target === "shipment" ? "Bill of lading" : "Number"}"`,
    read(values) {
      const cell = (attribute: string) => {
        const column = byAttribute.get(attribute);
        return column === undefined ? "" : (values[column] ?? "").trim();
      };
      const input: Record<string, unknown> = {};
      const errors: BulkRowError[] = [];
      const id = cell("id");
      const number = cell("number");
      if (id !== "") input.id = id.toLowerCase();
      else if (number !== "") input.number = number;
      else errors.push({ code: "blank", detail: `The row names no ${target}: its id and number are blank`, column: columnFor(keyColumns[0] ?? "id"), attribute: keyColumns[0] ?? "id" });
      for (const list of target === "shipment" ? ["ref_numbers", "tags"] : ["ref_numbers"]) {
        const value = cell(list);
        if (value !== "") input[list] = listOf(value);
      }
      const customer = target === "shipment" ? cell("customer_name") : "";
      if (customer !== "") input.customer_name = customer;
      const customFields = fields.flatMap(({ column, slug }) => {
        const value = (values[column] ?? "").trim();
        return value === "" ? [] : [{ api_slug: slug, value }];
      });
      if (customFields.length > 0) input.custom_fields = customFields;
      return { input, errors, columnOf: (path) => updateColumnOf(path, input, columnFor) };
    },
  } satisfies BulkRowPlan;
}

/** The column of an update's attribute path: `custom_fields.<i>` names its custom field's column. */
export function updateColumnOf(path: readonly PropertyKey[], input: Readonly<Record<string, unknown>>, columnFor: (attribute: string) => string | null): string | null {
  const [head, index] = path;
  if (head === "custom_fields" && typeof index === "number") {
    const slug = (input.custom_fields as { api_slug: string }[] | undefined)?.[index]?.api_slug;
    return slug === undefined ? null : columnFor(`custom_fields.${slug}`);
  }
  return columnOf(path, input, columnFor);
}
