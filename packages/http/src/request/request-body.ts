import { BollardError, unknownKeyDetail, ValidationError } from "@bollard/core";
import { pointerOf } from "@bollard/core/jsonapi";
import { joinChunks, MAX_BODY_BYTES, readRequestBody } from "@bollard/core/http";
import type { Context } from "hono";
import type { AppEnv } from "../app-env.js";

const JSON_TYPES = new Set(["application/json", "application/vnd.api+json"]);

/** The resource object of a JSON:API request body (`data`). */
export interface RequestResource {
  id?: unknown;
  type?: unknown;
  attributes: Record<string, unknown>;
  relationships: Record<string, unknown>;
}

/**
 * Reads a plain JSON request body (`{"number": …}` of infer_number), with the checks of
 * {@link readResource} but no JSON:API shape; null for an empty body.
 */
export async function readJson(c: Context): Promise<unknown> {
  const text = await readBodyText(c);
  if (text.trim() === "") return null;
  try {
    return JSON.parse(text);
  } catch {
    throw new BollardError("malformed_json", "The request body is not valid JSON");
  }
}

/** Options of {@link readResource}. */
export interface ReadResourceOptions {
  /**
   * An empty body reads as a resource with no attributes instead of a 422.
   * @default false
   */
  optional?: boolean;
  /**
   * The relationships the route takes (`customer`, `entity`); any other member of
   * `data.relationships` is a 422 `unknown_attribute` on its pointer, with a did-you-mean.
   * @default none
   */
  relationships?: readonly string[];
}

/**
 * Reads a JSON:API request body: 415 unless it is `application/json` or `application/vnd.api+json`,
 * 413 over {@link MAX_BODY_BYTES}, 400 for malformed JSON, 422 (pointer `/data`) unless `data` is
 * an object whose `attributes` and `relationships`, when present, are objects, and 422 on each
 * relationship the route does not take (see {@link ReadResourceOptions.relationships}). Unknown
 * attributes are the SDK's to refuse, as it does for every caller.
 */
export async function readResource(c: Context, options: ReadResourceOptions = {}): Promise<RequestResource> {
  const text = await readBodyText(c);
  if (text.trim() === "") {
    if (options.optional) return { attributes: {}, relationships: {} };
    throw new BollardError("validation_failed", "The request body must be a JSON:API document with a data object", { pointer: "/data" });
  }
  let document: unknown;
  try {
    document = JSON.parse(text);
  } catch {
    throw new BollardError("malformed_json", "The request body is not valid JSON");
  }
  const data = isObject(document) ? document.data : undefined;
  if (!isObject(data)) throw new BollardError("validation_failed", "data must be an object", { pointer: "/data" });
  for (const member of ["attributes", "relationships"] as const) {
    if (data[member] !== undefined && !isObject(data[member])) {
      throw new BollardError("validation_failed", `${member} must be an object`, { pointer: `/data/${member}` });
    }
  }
  const relationships = (data.relationships as Record<string, unknown> | undefined) ?? {};
  refuseUnknownRelationships(relationships, options.relationships ?? []);
  return {
    id: data.id,
    type: data.type,
    attributes: (data.attributes as Record<string, unknown> | undefined) ?? {},
    relationships,
  };
}

/** A 422 listing every member of `data.relationships` that is not one of `known`, each on its pointer. */
function refuseUnknownRelationships(relationships: Record<string, unknown>, known: readonly string[]): void {
  const unknown = Object.keys(relationships).filter((name) => !known.includes(name));
  if (unknown.length === 0) return;
  throw new ValidationError(unknown.map((name) => new BollardError("unknown_attribute", unknownKeyDetail(name, known, "relationship"), { pointer: pointerOf([name], "/data/relationships") })));
}

/**
 * The body's `data.attributes` as the SDK input of the route: typed for the call, checked by the
 * SDK at run time, which answers 422 on the path of each bad attribute (`/data/attributes/…` here).
 */
export async function readInput<T>(c: Context): Promise<T> {
  return asInput<T>((await readResource(c)).attributes);
}

/** Request attributes as the SDK input they are sent as; the SDK checks them at run time (see {@link readInput}). */
export function asInput<T>(attributes: Record<string, unknown>): T {
  return attributes as T;
}

/**
 * A body of plain keys as upstream sends the trigger's (`{url, event, secret}`), or the same keys in
 * a JSON:API `data.attributes`; sets where its 422s point (under `/data/attributes`, or at the top level).
 */
export async function plainOrAttributesInput<T>(c: Context<AppEnv>): Promise<T> {
  const text = await readBodyText(c);
  let body: unknown = {};
  try {
    if (text.trim() !== "") body = JSON.parse(text);
  } catch {
    throw new BollardError("malformed_json", "The request body is not valid JSON");
  }
  if (isObject(body) && isObject(body.data) && isObject(body.data.attributes)) {
    if (isObject(body.data.relationships)) refuseUnknownRelationships(body.data.relationships, []);
    return asInput<T>(body.data.attributes);
  }
  c.set("errorLocation", { pointerPrefix: "" });
  return (isObject(body) ? asInput<T>(body) : body) as T;
}

/**
 * Reads a request body as text with core's bounded reader: 413 over {@link MAX_BODY_BYTES} (and
 * the connection closed after the answer), 415 unless a non-empty body is `application/json` or
 * `application/vnd.api+json` in UTF-8 (no other `charset`), 400 for invalid UTF-8; "" when there is none.
 */
export async function readBodyText(c: Context): Promise<string> {
  const [type = "", ...parameters] = (c.req.header("content-type") ?? "").split(";");
  const mediaType = type.trim().toLowerCase();
  const charset = parameters.map((p) => p.trim().toLowerCase()).find((p) => p.startsWith("charset="))?.slice("charset=".length).replace(/^"|"$/g, "");
  const chunks = await readRequestBody(c.req.raw, { incoming: (c.env as { incoming?: unknown } | undefined)?.incoming }).catch((error: unknown) => closing(c, error));
  if (chunks.length === 0) return "";
  if (!JSON_TYPES.has(mediaType)) {
    throw new BollardError("unsupported_media_type", "Send the body as application/json or application/vnd.api+json");
  }
  // JSON is UTF-8 (RFC 8259): a body declared in another charset would be read wrongly.
  if (charset !== undefined && charset !== "utf-8" && charset !== "utf8") {
    throw new BollardError("unsupported_media_type", `Send the body as UTF-8; charset=${charset.slice(0, 40)} is not supported`);
  }
  try {
    return new TextDecoder("utf-8", { fatal: true }).decode(joinChunks(chunks));
  } catch {
    throw new BollardError("malformed_json", "The request body is not valid UTF-8");
  }
}

/**
 * Rethrows a failed read, asking for the connection to be closed after the answer when the body
 * was too large: what is left of it is not read (kept open, the connection would wait for it).
 */
function closing(c: Context, error: unknown): never {
  if (error instanceof BollardError && error.code === "payload_too_large") c.header("connection", "close");
  throw error;
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
