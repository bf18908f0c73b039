// Writes docs/api.md, the list of every route Bollard serves, from the OpenAPI document that
// `GET /v2/openapi.json` returns (`openApiDocument()`). Run it after changing a route spec:
//
//   pnpm docs:api
//
// packages/http/src/api-md.test.ts fails while docs/api.md differs from what this renders.
import { writeFileSync } from "node:fs";
import { resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { ERROR_CODES } from "@bollard/core";
import { openApiDocument } from "../src/openapi/openapi-document.js";

/** Where the generated list is written. */
export const API_MD_PATH = fileURLToPath(new URL("../../../docs/api.md", import.meta.url));

/** The command that regenerates docs/api.md (from the repository root). */
export const API_MD_COMMAND = "pnpm docs:api";

/** The part of a JSON Schema this renderer reads. */
interface Schema {
  $ref?: string;
  type?: string | string[];
  enum?: unknown[];
  anyOf?: Schema[];
  oneOf?: Schema[];
  items?: Schema;
  properties?: Record<string, Schema>;
  required?: string[];
  description?: string;
  const?: unknown;
  "x-bollard-extension"?: boolean;
}

interface Parameter {
  in: string;
  name: string;
  required?: boolean;
  description?: string;
  schema?: Schema;
}

interface Operation {
  summary?: string;
  tags?: string[];
  "x-bollard-extension"?: boolean;
  deprecated?: boolean;
  security?: unknown[];
  parameters?: Parameter[];
  requestBody?: { content?: Record<string, { schema?: Schema }> };
  responses?: Record<string, { description?: string; content?: Record<string, { schema?: Schema }> }>;
}

const METHODS = ["get", "post", "patch", "put", "delete"] as const;
/** Enums longer than this are summarized instead of listed. */
const MAX_LISTED_ENUM = 12;

const code = (text: string) => `\`${text}\``;
/** Table cells: no line breaks, and `|` would end the cell. */
const cell = (text: string) => text.replace(/\s*\n\s*/g, " ").replace(/\|/g, "\\|");
const refName = (ref: string) => ref.slice(ref.lastIndexOf("/") + 1);

/** A short, human reading of a schema's type: `string`, `array of string`, `"a", "b" or null`, `Shipment`. */
export function describeType(schema: Schema | undefined): string {
  if (!schema) return "any";
  if (schema.$ref) return refName(schema.$ref);
  if (schema.const !== undefined) return code(JSON.stringify(schema.const));
  const alternatives = schema.anyOf ?? schema.oneOf;
  if (alternatives) return [...new Set(alternatives.map(describeType))].join(" or ");
  if (schema.enum) {
    if (schema.enum.length > MAX_LISTED_ENUM) return `${typeof schema.enum[0]} (one of ${schema.enum.length} values)`;
    return `one of ${schema.enum.map((value) => code(String(value))).join(", ")}`;
  }
  const types = Array.isArray(schema.type) ? schema.type : schema.type ? [schema.type] : [];
  const named = (type: string) => {
    if (type === "array") return `array of ${describeType(schema.items)}`;
    if (type === "object" && schema.properties) return `{${Object.keys(schema.properties).join(", ")}}`;
    return type;
  };
  return types.map(named).join(" or ") || "any";
}

/** One line describing a response body schema. */
function describeBody(schema: Schema | undefined): string {
  if (!schema) return "";
  if (schema.$ref) return code(refName(schema.$ref));
  const data = schema.properties?.data;
  if (data?.type === "array" && data.items?.$ref) return `a list of ${code(refName(data.items.$ref))} (\`data\`, \`included\`, \`links\`, \`meta\`)`;
  if (data?.$ref) return `one ${code(refName(data.$ref))} (\`data\`, \`included\`, \`links\`)`;
  return describeType(schema);
}

function parameterTable(parameters: readonly Parameter[]): string[] {
  if (parameters.length === 0) return [];
  const rows = parameters.map((p) => {
    const description = p.description ?? p.schema?.description ?? "";
    return `| ${code(p.name)} | ${p.in} | ${cell(describeType(p.schema))} | ${p.required ? "yes" : ""} | ${cell(description)} |`;
  });
  return ["| parameter | in | type | required | description |", "|---|---|---|---|---|", ...rows, ""];
}

/** The fields of a request body: `data.attributes.*` (and `data.relationships.*`) for JSON:API bodies, else the top-level keys. */
function bodyFields(schema: Schema): { prefix: string; schema: Schema }[] {
  const data = schema.properties?.data;
  if (!data?.properties) return [{ prefix: "", schema }];
  const parts: { prefix: string; schema: Schema }[] = [];
  for (const name of ["id", "type"]) {
    const field = data.properties[name];
    if (field) parts.push({ prefix: "data.", schema: { properties: { [name]: field }, required: (data.required ?? []).filter((r) => r === name) } });
  }
  if (data.properties.attributes) parts.push({ prefix: "data.attributes.", schema: data.properties.attributes });
  if (data.properties.relationships) parts.push({ prefix: "data.relationships.", schema: data.properties.relationships });
  return parts;
}

function bodyTable(body: NonNullable<Operation["requestBody"]>): string[] {
  const mediaTypes = Object.keys(body.content ?? {});
  const schema = Object.values(body.content ?? {})[0]?.schema;
  const lines = [`Request body (${mediaTypes.map(code).join(" or ")}):`, ""];
  if (!schema) return lines;
  const rows: string[] = [];
  for (const { prefix, schema: part } of bodyFields(schema)) {
    const required = new Set(part.required ?? []);
    for (const [name, field] of Object.entries(part.properties ?? {})) {
      rows.push(`| ${code(prefix + name)} | ${cell(describeType(field))} | ${required.has(name) ? "yes" : ""} | ${cell(field.description ?? "")} |`);
    }
  }
  if (rows.length === 0) return [...lines, describeType(schema), ""];
  const note = schema.description ? [schema.description, ""] : [];
  return [...lines, "| field | type | required | description |", "|---|---|---|---|", ...rows, "", ...note];
}

function operationSection(method: string, path: string, operation: Operation): string[] {
  const responses = Object.entries(operation.responses ?? {});
  const success = responses.filter(([status]) => status.startsWith("2"));
  const errors = responses.filter(([status]) => !status.startsWith("2")).map(([status]) => status);
  const summary = operation.summary ?? "";
  const deprecated = operation.deprecated && !/deprecated/i.test(summary) ? " Deprecated." : "";
  const extension = operation["x-bollard-extension"] ? " Bollard extension: the hosted service has no such operation." : "";
  const lines = [`#### ${method.toUpperCase()} ${path}`, "", `${summary}${deprecated}${extension}`, ""];
  if (Array.isArray(operation.security) && operation.security.length === 0) lines.push("No authentication.", "");
  lines.push(...parameterTable(operation.parameters ?? []));
  if (operation.requestBody) lines.push(...bodyTable(operation.requestBody));
  for (const [status, response] of success) {
    const content = Object.entries(response.content ?? {});
    const what = content.map(([type, media]) => `${code(type)}${media.schema ? `: ${describeBody(media.schema)}` : ""}`).join("; ");
    lines.push(`Response: ${status}${what ? ` ${what}` : status === "204" ? ", no body" : ""}.`, "");
  }
  if (errors.length > 0) lines.push(`Errors: ${errors.join(", ")}.`, "");
  return lines;
}

/** The attributes Bollard adds to resources the hosted service has: `x-bollard-extension` on a property of a `…Attributes` component. */
function extensionAttributes(document: Record<string, unknown>): string[] {
  const schemas = ((document.components as { schemas?: Record<string, Schema> } | undefined)?.schemas ?? {}) as Record<string, Schema>;
  return Object.entries(schemas)
    .filter(([name]) => name.endsWith("Attributes"))
    .flatMap(([name, schema]) =>
      Object.entries(schema.properties ?? {})
        .filter(([, property]) => property["x-bollard-extension"])
        .map(([attribute, property]) => `| ${code(name.replace(/Attributes$/, ""))} | ${code(attribute)} | ${cell(property.description ?? "")} |`),
    );
}

/** The Routes section: one heading per tag of the document (the groups of `/docs`), in its order, each with its operations. */
function routeGroups(document: Record<string, unknown>, routes: readonly { method: string; path: string; operation: Operation }[]): string[] {
  const tags = (document.tags ?? []) as { name: string; description?: string }[];
  const groups = [...tags, { name: "Other", description: "" }].map((tag) => ({ tag, routes: routes.filter(({ operation }) => (operation.tags?.[0] ?? "Other") === tag.name) }));
  return groups
    .filter((group) => group.routes.length > 0)
    .flatMap(({ tag, routes: tagged }) => [`### ${tag.name}`, "", ...(tag.description ? [tag.description, ""] : []), ...tagged.flatMap(({ method, path, operation }) => operationSection(method, path, operation))]);
}

/** Renders docs/api.md from an OpenAPI 3.1 document. */
export function renderApiMarkdown(document: Record<string, unknown>): string {
  const paths = (document.paths ?? {}) as Record<string, Partial<Record<(typeof METHODS)[number], Operation>>>;
  const routes = Object.entries(paths).flatMap(([path, item]) => METHODS.filter((m) => item[m]).map((method) => ({ method, path, operation: item[method]! })));
  const lines = [
    "# HTTP API routes",
    "",
    `<!-- Generated from the OpenAPI document (GET /v2/openapi.json) by packages/http/scripts/generate-api-md.ts. Do not edit; run \`${API_MD_COMMAND}\`. -->`,
    "",
    `Every route Bollard serves, ${routes.length} operations on ${Object.keys(paths).length} paths, as \`GET /v2/openapi.json\``,
    "describes them. Every route needs `Authorization: Token <API key>` (`Bearer <API key>` works too)",
    "unless it says otherwise; an `x-account-id` header (the hosted service's SDK sends one with user",
    "tokens) must name the key's own account, or the answer is a 403. Errors are JSON:API error documents",
    "(`{\"errors\": [{\"status\", \"title\", \"detail\", \"code\", \"source\"}]}`). `page[number]` and",
    "`page[size]` may also be sent percent-encoded (`page%5Bsize%5D`).",
    "",
    "Outside the OpenAPI document: `GET /healthz` answers `200 {\"status\":\"ok\"}` without authentication, or `503 {\"status\":\"unavailable\"}` when the storage does not answer.",
    "",
    "| method | path | summary |",
    "|---|---|---|",
    ...routes.map(({ method, path, operation }) => `| ${method.toUpperCase()} | ${code(path)} | ${cell(operation.summary ?? "")} |`),
    "",
    "## Bollard extensions",
    "",
    "What Bollard serves beyond the hosted service's published API (`x-bollard-extension: true` in",
    "the OpenAPI document): a client written for the hosted service will not find these there.",
    "",
    "| method | path | summary |",
    "|---|---|---|",
    ...routes.filter(({ operation }) => operation["x-bollard-extension"]).map(({ method, path, operation }) => `| ${method.toUpperCase()} | ${code(path)} | ${cell(operation.summary ?? "")} |`),
    "",
    "Attributes Bollard adds to the hosted service's resources (`x-bollard-extension: true` on the",
    "property): ETA delays and the predicted arrival (docs/eta.md).",
    "",
    "| resource | attribute | what it is |",
    "|---|---|---|",
    ...extensionAttributes(document),
    "",
    "## Where the live service and its published OpenAPI disagree",
    "",
    "A port's `latitude` and `longitude` are numbers in the hosted service's published OpenAPI",
    "document, but decimal strings (`\"35.10162\"`) in every port object the live service sends and in",
    "every webhook example. Clients are written against live answers, so Bollard sends strings, and",
    "the document above says so. `bollard serve --wire-compat openapi` (env `BOLLARD_WIRE_COMPAT`, the",
    "config file's `\"wire-compat\"`, or `createTracker({ wireCompat: \"openapi\" })`) sends numbers",
    "instead, in answers and in delivered webhooks, and its `GET /v2/openapi.json` says numbers.",
    "",
    "## Error codes",
    "",
    "Every `code` an error object can carry, lower-case snake_case as Terminal49 writes them",
    "(`duplicate` and `blank` are Terminal49's own), with the status it comes with.",
    "",
    "| code | status | title |",
    "|---|---|---|",
    ...Object.entries(ERROR_CODES).map(([name, info]) => `| ${code(name)} | ${info.status} | ${info.title} |`),
    "",
    "## Routes",
    "",
    "Grouped as `/docs` groups them, by the OpenAPI document's tags.",
    "",
    ...routeGroups(document, routes),
  ];
  return `${lines.join("\n").replace(/\n+$/, "")}\n`;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === resolve(process.argv[1])) {
  const markdown = renderApiMarkdown(openApiDocument());
  writeFileSync(API_MD_PATH, markdown);
  process.stdout.write(`Wrote ${API_MD_PATH}\n`);
}
