import type { BulkColumn, BulkRowError, CustomFieldDefinition, RequestType } from "../domain/index.js";
import { allShippingLines, shippingLineByScac } from "../reference/index.js";
import { inferNumber } from "../tracking/infer-number.js";

/*
 * How the columns of a spreadsheet become the attributes of tracking requests: headers are matched
 * forgivingly (case, spaces and punctuation left out, `#` and `No.` read as "number", common
 * synonyms such as "B/L", "Container #" or "Carrier"), and each cell is read into what
 * `POST /v2/tracking_requests` takes. Pure: the stored data it needs (the account's custom field
 * definitions) is handed in.
 */

/** The attributes a column can fill, besides custom fields (`custom_fields.<api_slug>`). */
export type BulkAttribute =
  | "request_type"
  | "request_number"
  | "bill_of_lading_number"
  | "booking_number"
  | "container_number"
  | "scac"
  | "auto_detect_vocc_scac"
  | "ref_numbers"
  | "shipment_tags"
  | "customer_name";

/** The headers each attribute answers to, normalized (see {@link normalizeHeader}). */
const SYNONYMS: Readonly<Record<BulkAttribute, readonly string[]>> = {
  request_type: ["requesttype", "type", "numbertype", "trackingtype", "referencetype"],
  request_number: ["requestnumber", "number", "trackingnumber", "shipmentnumber"],
  bill_of_lading_number: ["billofladingnumber", "billoflading", "bl", "blnumber", "bol", "bolnumber", "mbl", "mblnumber", "mbol", "mbolnumber", "masterbl", "masterblnumber", "masterbilloflading", "oceanbl", "oceanblnumber"],
  booking_number: ["bookingnumber", "booking", "bkg", "bkgnumber", "bookingref", "bookingreference"],
  container_number: ["containernumber", "container", "containers", "cntr", "cntrnumber", "ctr", "ctrnumber", "containerid", "equipment", "equipmentnumber", "unitnumber", "boxnumber"],
  scac: ["scac", "scaccode", "carrier", "carrierscac", "carriercode", "carriername", "oceancarrier", "shippingline", "line", "ssl", "steamshipline", "vocc", "vocscac", "voccscac"],
  auto_detect_vocc_scac: ["autodetectvoccscac", "autodetect", "autodetectscac", "autodetectcarrier", "detectcarrier"],
  ref_numbers: ["refnumbers", "refnumber", "ref", "refs", "reference", "references", "referencenumber", "referencenumbers", "ponumber", "po", "purchaseorder", "customerreference", "yourreference"],
  shipment_tags: ["shipmenttags", "tags", "tag", "labels", "label"],
  customer_name: ["customername", "customer", "client", "clientname"],
};

const BY_HEADER = new Map<string, BulkAttribute>(Object.entries(SYNONYMS).flatMap(([attribute, names]) => names.map((name) => [name, attribute as BulkAttribute] as const)));

/**
 * A header as it is matched: lower case, `#`, `No` and `Nr` read as "number", every character
 * but letters and digits left out (`Container #` → `containernumber`, `B/L No.` → `blnumber`).
 */
export function normalizeHeader(header: string): string {
  return header
    .toLowerCase()
    .replace(/#/g, " number ")
    .replace(/\b(no|nr|num)\b\.?/g, " number ")
    .replace(/[^a-z0-9]/g, "");
}

/** Which request type each number column stands for. */
const TYPED_NUMBERS = {
  bill_of_lading_number: "bill_of_lading",
  booking_number: "booking_number",
  container_number: "container",
} as const satisfies Partial<Record<BulkAttribute, RequestType>>;

/** What `request_type` cells may say, normalized, by type. */
const REQUEST_TYPES = new Map<string, RequestType>([
  ...["billoflading", "bl", "bol", "mbl", "billofladingnumber", "blnumber"].map((name) => [name, "bill_of_lading"] as const),
  ...["bookingnumber", "booking", "bkg"].map((name) => [name, "booking_number"] as const),
  ...["container", "containernumber", "cntr"].map((name) => [name, "container"] as const),
]);

const YES = new Set(["yes", "y", "true", "1", "x"]);
const NO = new Set(["no", "n", "false", "0", ""]);

/** The custom field definitions a column can fill: the account's own (the service templates are not matched by name). */
export type BulkCustomFieldDefinition = Pick<CustomFieldDefinition, "api_slug" | "display_name" | "entity_type">;

/** How the columns of one file are read (see {@link planTrackingRequestColumns} and `planUpdateColumns`). */
export interface BulkRowPlan {
  /** Each column with the attribute it fills (null: ignored), in the file's order: the mapping a job reports. */
  readonly columns: BulkColumn[];
  /** Whether some column names what each row is about: the numbers to track, or the records to update (a file without one is refused whole). */
  readonly hasKeyColumn: boolean;
  /** The 422's detail for a file without such a column. */
  readonly missingKeyDetail: string;
  /** Reads one row's cells into the attributes of a create or update, with the errors of cells that could not be read. */
  read(values: Readonly<Record<string, string>>): PlannedRow;
}

/** One row read: the attributes of the create or update, and the cells that could not be read. */
export interface PlannedRow {
  /** What the create or update is called with. */
  input: Record<string, unknown>;
  /** Cells that could not be read, each with its column. */
  errors: BulkRowError[];
  /** The column that filled an attribute path of the create (`request_number`, `initial_custom_fields.shipment.0.value`, …), or null. */
  columnOf(path: readonly PropertyKey[]): string | null;
}

/**
 * Plans how a file's columns fill tracking requests. A header names an attribute by any of its
 * synonyms, or a custom field definition of the account by its `api_slug` or display name (the
 * value goes into `initial_custom_fields`). When two columns name one attribute, the first is used
 * and the second is ignored; every ignored column is reported with `attribute: null`.
 */
export function planTrackingRequestColumns(headers: readonly string[], definitions: readonly BulkCustomFieldDefinition[] = []): BulkRowPlan {
  const definitionsByName = new Map<string, BulkCustomFieldDefinition>();
  for (const definition of definitions) {
    for (const name of [definition.api_slug, definition.display_name]) {
      const key = normalizeHeader(name);
      if (key !== "" && !definitionsByName.has(key)) definitionsByName.set(key, definition);
    }
  }
  const taken = new Set<string>();
  const columns: BulkColumn[] = [];
  const byAttribute = new Map<string, string>();
  const fields: { column: string; definition: BulkCustomFieldDefinition }[] = [];
  for (const column of headers) {
    const key = normalizeHeader(column);
    // A custom field named exactly (its api_slug, `custom_fields.<api_slug>` or display name) wins over a synonym: an export's `po_number` column is that field, not the reference numbers.
    const exact = exactDefinition(column, definitions);
    const builtIn = exact ? undefined : BY_HEADER.get(key);
    const definition = exact ?? (builtIn ? undefined : (definitionsByName.get(key) ?? definitionsByName.get(key.replace(/^customfields?/, ""))));
    const attribute = builtIn ?? (definition ? `custom_fields.${definition.api_slug}` : null);
    if (attribute === null || taken.has(attribute)) {
      columns.push({ column, attribute: null });
      continue;
    }
    taken.add(attribute);
    byAttribute.set(attribute, column);
    columns.push({ column, attribute });
    if (definition) fields.push({ column, definition });
  }
  const numberColumns = (["request_number", "bill_of_lading_number", "booking_number", "container_number"] as const).filter((attribute) => byAttribute.has(attribute));
  const cell = (values: Readonly<Record<string, string>>, attribute: BulkAttribute): string => {
    const column = byAttribute.get(attribute);
    return column === undefined ? "" : (values[column] ?? "").trim();
  };

  return {
    columns,
    hasKeyColumn: numberColumns.length > 0,
    missingKeyDetail: `No column holds the numbers to track: name one "Request number", "B/L", "Booking" or "Container #"`,
    read(values) {
      const errors: BulkRowError[] = [];
      const input: Record<string, unknown> = {};
      let numberColumn: string | null = null;
      const columnFor = (attribute: string): string | null => (attribute === "request_number" ? numberColumn : (byAttribute.get(attribute) ?? null));
      const errorAt = (attribute: string, code: string, detail: string): BulkRowError => ({ code, detail, column: columnFor(attribute), attribute });
      // The number: the request number column with its type, else the first typed number column filled in.
      let type: RequestType | null = null;
      const typeCell = cell(values, "request_type");
      if (typeCell !== "") {
        type = REQUEST_TYPES.get(normalizeHeader(typeCell)) ?? null;
        if (type === null) errors.push(errorAt("request_type", "invalid", `Request type '${typeCell}' is not one of bill_of_lading, booking_number, container`));
      }
      let number = cell(values, "request_number");
      numberColumn = byAttribute.get("request_number") ?? null;
      if (number === "") {
        const typed = (["bill_of_lading_number", "booking_number", "container_number"] as const).find((attribute) => cell(values, attribute) !== "");
        if (typed) {
          number = cell(values, typed);
          type ??= TYPED_NUMBERS[typed];
          numberColumn = byAttribute.get(typed)!;
        } else {
          numberColumn = numberColumns[0] === undefined ? null : byAttribute.get(numberColumns[0])!;
        }
      }
      if (number !== "" && type === null && typeCell === "") {
        const inferred = inferNumber(number).number_type;
        type = inferred === "booking" ? "booking_number" : inferred;
        if (type === null) errors.push(errorAt("request_number", "invalid", `Request number '${number}' is not a container, bill of lading or booking number; add a request type column`));
      }
      input.request_type = type ?? "bill_of_lading";
      input.request_number = number;

      // The carrier: a SCAC, or a shipping line's name; blank to detect it from the number.
      const carrier = cell(values, "scac");
      const detectCell = normalizeHeader(cell(values, "auto_detect_vocc_scac"));
      if (!YES.has(detectCell) && !NO.has(detectCell)) errors.push(errorAt("auto_detect_vocc_scac", "invalid", `Auto-detect '${cell(values, "auto_detect_vocc_scac")}' is not yes or no`));
      if (carrier === "") input.auto_detect_vocc_scac = true;
      else {
        input.scac = scacOf(carrier);
        if (YES.has(detectCell)) input.auto_detect_vocc_scac = true;
      }

      const refs = listOf(cell(values, "ref_numbers"));
      if (refs.length > 0) input.ref_numbers = refs;
      const tags = listOf(cell(values, "shipment_tags"));
      if (tags.length > 0) input.shipment_tags = tags;
      const customer = cell(values, "customer_name");
      if (customer !== "") input.customer_name = customer;

      const shipment: { api_slug: string; value: string }[] = [];
      const containers: { api_slug: string; value: string }[] = [];
      for (const { column, definition } of fields) {
        const value = (values[column] ?? "").trim();
        if (value === "") continue;
        (definition.entity_type === "Shipment" ? shipment : containers).push({ api_slug: definition.api_slug, value });
      }
      if (shipment.length > 0 || containers.length > 0) {
        input.initial_custom_fields = { ...(shipment.length > 0 && { shipment }), ...(containers.length > 0 && { containers }) };
      }
      return { input, errors, columnOf: (path) => columnOf(path, input, columnFor) };
    },
  };
}

/**
 * The column that filled an attribute path of a row's create (`initial_custom_fields.shipment.0.value`
 * names its custom field's column), or null; `columnFor` tells the column of each attribute.
 */
export function columnOf(path: readonly PropertyKey[], input: Readonly<Record<string, unknown>>, columnFor: (attribute: string) => string | null): string | null {
  const [head, group, index] = path;
  if (head === "initial_custom_fields" && (group === "shipment" || group === "containers") && typeof index === "number") {
    const entries = (input.initial_custom_fields as Record<string, { api_slug: string }[] | undefined> | undefined)?.[group];
    const slug = entries?.[index]?.api_slug;
    return slug === undefined ? null : columnFor(`custom_fields.${slug}`);
  }
  if (head === "tags") return columnFor("shipment_tags");
  return typeof head === "string" ? columnFor(head) : null;
}

/** The definition a header names exactly: its `api_slug`, `custom_fields.<api_slug>` (as an export heads a clashing one) or its display name. */
export function exactDefinition(header: string, definitions: readonly BulkCustomFieldDefinition[]): BulkCustomFieldDefinition | undefined {
  const name = header.trim();
  const slug = name.startsWith("custom_fields.") ? name.slice("custom_fields.".length) : name;
  return definitions.find((definition) => definition.api_slug === slug) ?? definitions.find((definition) => definition.display_name === name);
}

/** A SCAC as written, or the SCAC of the shipping line a name (full or short) names; what it was given when neither. */
function scacOf(carrier: string): string {
  if (shippingLineByScac(carrier)) return carrier.toUpperCase();
  const wanted = normalizeHeader(carrier);
  const line = allShippingLines().find((candidate) => normalizeHeader(candidate.short_name) === wanted || normalizeHeader(candidate.name) === wanted);
  return line?.scac ?? carrier;
}

/** A list cell: values separated by commas, semicolons, pipes or line breaks, trimmed, each once. */
export function listOf(cell: string): string[] {
  return [...new Set(cell.split(/[,;|\n]/).map((value) => value.trim()).filter((value) => value !== ""))];
}
