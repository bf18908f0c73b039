import type { WireCompat } from "@bollard/core";
import { createDocument } from "zod-openapi";
import { z } from "zod";
import { OPERATION_TAGS, operationTag } from "./operation-tags.js";
import { ErrorDocumentSchema } from "./resource-schemas.js";
import type { RouteSpec } from "./route-spec.js";
import { ROUTE_SPECS } from "./route-specs.js";

const JSON_API = "application/vnd.api+json";

const STATUS_TEXT: Record<number, string> = {
  400: "Bad request: a query parameter or include is invalid",
  401: "Missing or invalid API key",
  403: "The key's role does not allow this",
  404: "Unknown id, another account's id, or unknown route",
  405: "The path exists but not with this method",
  413: "Request body over 1 MiB",
  415: "Request body is not application/json or application/vnd.api+json",
  422: "Validation failed",
  429: "Rate limit exceeded (see Retry-After)",
  500: "Unexpected server error (logged with the request id; no internals in the body)",
};

function operation(spec: RouteSpec) {
  const pathParams = [...spec.path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]!);
  const errors = spec.public ? [...spec.errors, 500] : [...spec.errors, 401, 405, 429, 500];
  return {
    summary: spec.summary,
    tags: [operationTag(spec.path)],
    ...(spec.extension ? { "x-bollard-extension": true } : {}),
    ...(spec.deprecated ? { deprecated: true } : {}),
    ...(spec.public ? { security: [] } : {}),
    requestParams: {
      ...(pathParams.length > 0 ? { path: z.object(Object.fromEntries(pathParams.map((name) => [name, z.string()]))) } : {}),
      ...(spec.query ? { query: spec.query } : {}),
    },
    ...(spec.body || spec.bodyContent
      ? { requestBody: { required: true, content: { ...(spec.body && { "application/json": { schema: spec.body }, [JSON_API]: { schema: spec.body } }), ...Object.fromEntries(Object.entries(spec.bodyContent ?? {}).map(([type, schema]) => [type, { schema }])) } } }
      : {}),
    responses: {
      [String(spec.status)]: {
        description: spec.summary,
        ...(spec.responseContent
          ? { content: Object.fromEntries(Object.entries(spec.responseContent).map(([type, schema]) => [type, { schema }])) }
          : spec.response
            ? { content: { [spec.contentType ?? JSON_API]: { schema: spec.response } } }
            : {}),
      },
      ...Object.fromEntries([...new Set(errors)].sort().map((status) => [String(status), { description: STATUS_TEXT[status] ?? "Error", content: { [JSON_API]: { schema: ErrorDocumentSchema } } }])),
    },
  };
}

let cached: Record<string, unknown> | undefined;
let cachedOpenApi: Record<string, unknown> | undefined;

/**
 * The OpenAPI 3.1 document of every route Bollard serves, generated from core's zod schemas, each
 * operation tagged by resource (see {@link OPERATION_TAGS}), saying what is sent: with `wireCompat` `openapi` a port's coordinates are numbers, else decimal strings.
 */
export function openApiDocument(wireCompat: WireCompat = "live"): Record<string, unknown> {
  if (wireCompat === "openapi") return (cachedOpenApi ??= numericPortCoordinates(openApiDocument("live")));
  if (cached) return cached;
  const paths: Record<string, Record<string, unknown>> = {};
  for (const spec of ROUTE_SPECS) (paths[`/v2${spec.path}`] ??= {})[spec.method] = operation(spec);
  cached = createDocument({
    openapi: "3.1.0",
    info: { title: "Bollard API", version: "2.0.0", description: "Container and shipment tracking, Terminal49 v2-compatible JSON:API." },
    components: { securitySchemes: { authorization: { type: "apiKey", in: "header", name: "Authorization", description: "Token <API key> (Bearer <API key> is accepted too). An x-account-id header, if sent, must name the key's own account (403 otherwise)" } } },
    security: [{ authorization: [] }],
    // The groups of `/docs` (Swagger UI shows one section per tag, in this order).
    tags: OPERATION_TAGS.map((tag) => ({ ...tag })),
    paths: paths as never,
  }) as unknown as Record<string, unknown>;
  cached = wireTimestamps(cached) as Record<string, unknown>;
  return cached;
}

/** The document with the port's coordinates as numbers, as `--wire-compat openapi` sends them (the live form is the generated one). */
function numericPortCoordinates(document: Record<string, unknown>): Record<string, unknown> {
  const copy = structuredClone(document) as { components?: { schemas?: Record<string, { properties?: Record<string, unknown> }> } };
  const properties = copy.components?.schemas?.PortAttributes?.properties;
  if (!properties) throw new Error("The OpenAPI document has no PortAttributes schema");
  properties.latitude = { type: "number", minimum: -90, maximum: 90, description: "Latitude in degrees" };
  properties.longitude = { type: "number", minimum: -180, maximum: 180, description: "Longitude in degrees" };
  return copy as Record<string, unknown>;
}

/** The pattern of a stored timestamp (core's `TimestampSchema`: milliseconds). */
const STORED_TIMESTAMP = String.raw`^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$`;
/** The pattern of a timestamp on the wire: whole seconds, as the live service writes them. */
const WIRE_TIMESTAMP = String.raw`^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$`;

/**
 * The document with every timestamp schema describing the wire form: the resources' schemas come
 * from core's stored schemas (milliseconds), while responses carry whole seconds (`wireValue`).
 */
function wireTimestamps(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(wireTimestamps);
  if (node === null || typeof node !== "object") return node;
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(node)) out[key] = key === "pattern" && value === STORED_TIMESTAMP ? WIRE_TIMESTAMP : wireTimestamps(value);
  if (out.pattern === WIRE_TIMESTAMP && typeof out.description === "string") out.description = out.description.replace("YYYY-MM-DDTHH:mm:ss.sssZ", "YYYY-MM-DDTHH:mm:ssZ");
  return out;
}
