import fc from "fast-check";

/** One generated request. */
export interface GeneratedRequest {
  method: string;
  /** The path with its parameters filled in (percent-encoded), and the query string. */
  url: string;
  /** The request body, when one is sent. */
  body?: string;
  /** Which key signs it: editor, viewer, another account's, none, or a made-up one. */
  key: "editor" | "viewer" | "other" | "none" | "bogus";
  /** The operation it was made for, e.g. `patch /v2/shipments/{id}`. */
  operation: string;
}

type Schema = {
  type?: string | string[];
  enum?: unknown[];
  properties?: Record<string, Schema>;
  items?: Schema;
  anyOf?: Schema[];
  oneOf?: Schema[];
  allOf?: Schema[];
  $ref?: string;
  const?: unknown;
};

interface Operation {
  method: string;
  path: string;
  parameters: { in: string; name: string; schema?: Schema }[];
  body?: Schema;
}

/** Strings that break careless servers: injections, NUL, huge, odd Unicode, numbers as text. */
const NASTY = [
  "' OR '1'='1",
  "1; DROP TABLE shipments;--",
  "<script>alert(1)</script>",
  "../../etc/passwd",
  "\u0000",
  "a\u0000b",
  "${jndi:ldap://x}",
  "__proto__",
  "constructor",
  "😀".repeat(20),
  "a".repeat(3000),
  "%",
  "\\",
  "null",
  "-1",
  "0",
  "1e309",
  "2026-02-30T25:61:00Z",
  "",
  " ",
];

const nasty = fc.constantFrom(...NASTY);
const junk = fc.oneof(nasty, fc.string({ maxLength: 30 }), fc.integer().map(String), fc.constantFrom("true", "false", "[]", "{}"));

/** Every operation of an OpenAPI document, with `$ref`s of its request bodies resolved. */
export function operationsOf(document: any): Operation[] {
  const resolve = (schema: Schema | undefined, depth = 0): Schema | undefined => {
    if (!schema || depth > 8) return schema;
    if (schema.$ref) return resolve(document.components?.schemas?.[schema.$ref.split("/").at(-1)!], depth + 1);
    return schema;
  };
  const operations: Operation[] = [];
  for (const [path, methods] of Object.entries<any>(document.paths)) {
    for (const [method, operation] of Object.entries<any>(methods)) {
      const body = operation.requestBody?.content?.["application/json"]?.schema ?? operation.requestBody?.content?.["application/vnd.api+json"]?.schema;
      operations.push({ method: method.toUpperCase(), path, parameters: operation.parameters ?? [], ...(body && { body: resolve(body) }) });
    }
  }
  return operations;
}

/** Values shaped by a schema, with wrong types, nasty strings and missing parts mixed in. */
function valueFor(schema: Schema | undefined, refs: (schema: Schema) => Schema | undefined, depth = 0): fc.Arbitrary<unknown> {
  const resolved = schema?.$ref ? refs(schema) : schema;
  if (!resolved || depth > 5) return fc.jsonValue({ maxDepth: 2 });
  const wrong = fc.oneof(junk, fc.integer(), fc.boolean(), fc.constant(null), fc.constant([]), fc.constant({}));
  const variants = resolved.anyOf ?? resolved.oneOf ?? resolved.allOf;
  if (variants && variants.length > 0) return fc.oneof(...variants.map((variant) => valueFor(variant, refs, depth + 1)));
  if (resolved.enum) return fc.oneof({ weight: 4, arbitrary: fc.constantFrom(...resolved.enum) }, { weight: 1, arbitrary: wrong });
  if (resolved.const !== undefined) return fc.oneof(fc.constant(resolved.const), wrong);
  const type = Array.isArray(resolved.type) ? resolved.type[0] : resolved.type;
  switch (type) {
    case "string":
      return fc.oneof({ weight: 3, arbitrary: fc.string({ maxLength: 20 }) }, { weight: 2, arbitrary: nasty }, { weight: 1, arbitrary: wrong });
    case "integer":
    case "number":
      return fc.oneof(fc.integer({ min: -5, max: 200 }), fc.double(), wrong);
    case "boolean":
      return fc.oneof(fc.boolean(), wrong);
    case "array":
      return fc.oneof({ weight: 4, arbitrary: fc.array(valueFor(resolved.items, refs, depth + 1), { maxLength: 4 }) }, { weight: 1, arbitrary: wrong });
    case "object": {
      const properties = Object.entries(resolved.properties ?? {});
      if (properties.length === 0) return fc.oneof(fc.dictionary(junk, fc.jsonValue({ maxDepth: 2 }), { maxKeys: 3 }), wrong);
      const shaped = fc.record(Object.fromEntries(properties.map(([key, child]) => [key, valueFor(child, refs, depth + 1)])), { requiredKeys: [] });
      // Sometimes an unknown attribute too.
      return fc.oneof({ weight: 5, arbitrary: shaped }, { weight: 1, arbitrary: fc.tuple(shaped, junk, fc.jsonValue({ maxDepth: 1 })).map(([value, key, extra]) => ({ ...(value as object), [key]: extra })) }, { weight: 1, arbitrary: wrong });
    }
    default:
      return fc.jsonValue({ maxDepth: 2 });
  }
}

/**
 * Requests over every operation of a served OpenAPI document: path parameters from `ids` (real
 * records of the account, by the path's collection) or malformed, query parameters the operation
 * declares with values shaped by their schemas or not, bodies shaped by the request schema or junk,
 * signed with keys of every role or none.
 */
export function openApiRequests(document: any, ids: (path: string, parameter: string) => string[]): fc.Arbitrary<GeneratedRequest> {
  const refs = (schema: Schema) => document.components?.schemas?.[schema.$ref!.split("/").at(-1)!] as Schema | undefined;
  const operations = operationsOf(document);
  const perOperation = operations.map((operation) => {
    const pathParameters = [...operation.path.matchAll(/\{(\w+)\}/g)].map((match) => match[1]!);
    const pathValues = fc.tuple(
      ...pathParameters.map((name) => {
        const known = ids(operation.path, name);
        return known.length > 0 ? fc.oneof({ weight: 4, arbitrary: fc.constantFrom(...known) }, { weight: 1, arbitrary: junk }) : junk;
      }),
    );
    const queryParameters = operation.parameters.filter((parameter) => parameter.in === "query");
    const query = fc.tuple(...queryParameters.map((parameter) => fc.option(valueFor(parameter.schema, refs).map((value) => (typeof value === "string" ? value : JSON.stringify(value))), { nil: undefined })));
    const body = operation.body
      ? fc.oneof(
          { weight: 6, arbitrary: valueFor(operation.body, refs).map((value) => JSON.stringify(value)) },
          { weight: 1, arbitrary: fc.constantFrom("{", "[]", "null", '{"data":null}', "[".repeat(3000) + "]".repeat(3000)) },
          { weight: 1, arbitrary: fc.constant(undefined) },
        )
      : fc.option(fc.jsonValue({ maxDepth: 2 }).map((value) => JSON.stringify(value)), { nil: undefined, freq: 6 });
    const key = fc.constantFrom<GeneratedRequest["key"]>("editor", "editor", "editor", "viewer", "other", "none", "bogus");
    return fc.tuple(pathValues, query, body, key).map(([values, queryValues, text, signer]): GeneratedRequest => {
      let index = 0;
      const path = operation.path.replace(/\{(\w+)\}/g, () => encodeURIComponent(String(values[index++])));
      const search = queryParameters
        .map((parameter, i) => (queryValues[i] === undefined ? undefined : `${encodeURIComponent(parameter.name)}=${encodeURIComponent(queryValues[i]!)}`))
        .filter((pair) => pair !== undefined)
        .join("&");
      // A GET carries no body (clients refuse to send one).
      const sent = operation.method === "GET" ? undefined : text;
      return { method: operation.method, url: search ? `${path}?${search}` : path, ...(sent !== undefined && { body: sent }), key: signer, operation: `${operation.method.toLowerCase()} ${operation.path}` };
    });
  });
  return fc.oneof(...perOperation);
}
