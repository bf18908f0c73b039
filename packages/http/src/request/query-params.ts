import { BollardError, NotFoundError, type IncludePath, type RecordType } from "@bollard/core";
import { parseIncludeParameter } from "@bollard/core/jsonapi";
import { UuidSchema } from "@bollard/core/schemas";
import type { Context } from "hono";
import type { AppEnv } from "../app-env.js";
import type { z } from "zod";

/**
 * The `include` parameter's paths for records of `type`, checked against their relations (400
 * on `include` for an unknown, too deep or too long one); `fallback` when the parameter is absent.
 */
export function includeQuery<T extends RecordType>(c: Context, type: T, fallback: IncludePath<T>[] = []): IncludePath<T>[] {
  const value = c.req.query("include");
  return value === undefined ? fallback : parseIncludeParameter(type, value);
}

/** `page[number]` and `page[size]` as positive integers; anything else is a 400 on that parameter. */
export function pageQuery(c: Context): { number?: number; size?: number } {
  const page: { number?: number; size?: number } = {};
  for (const key of ["number", "size"] as const) {
    const raw = c.req.query(`page[${key}]`);
    if (raw === undefined) continue;
    if (!/^\d{1,9}$/.test(raw.trim()) || Number(raw) < 1) {
      throw new BollardError("invalid_parameter", `page[${key}] must be a positive integer`, { parameter: `page[${key}]` });
    }
    page[key] = Number(raw);
  }
  return page;
}

/** A boolean query parameter (`true`/`false`, also `1`/`0`); anything else is a 400. */
export function booleanQuery(c: Context, name: string): boolean | undefined {
  const raw = c.req.query(name);
  if (raw === undefined) return undefined;
  const value = raw.trim().toLowerCase();
  if (value === "true" || value === "1") return true;
  if (value === "false" || value === "0") return false;
  throw new BollardError("invalid_parameter", `${name} must be true or false`, { parameter: name });
}

/**
 * Filters from query parameters, parsed with the SDK's schema of those filters: `names` maps each
 * filter (a dotted path for nested ones, `createdAt.start`) to its query parameter, whose repeated
 * `name[]` form gives an array. A value the
 * schema refuses, or one holding a NUL character, is a 400 on its query parameter.
 */
export function filterQuery<S extends z.ZodType>(c: Context, schema: S, names: Readonly<Record<string, string>>): z.output<S> {
  const raw: Record<string, unknown> = {};
  for (const [path, name] of Object.entries(names)) {
    const single = c.req.query(name);
    const repeated = c.req.queries(`${name}[]`);
    if (single === undefined && repeated === undefined) continue;
    // `filter[x][]=a&filter[x][]=b` is an array (with `filter[x]=c`, its first item); the schema says whether one is taken.
    const value = repeated === undefined ? single! : single === undefined ? repeated : [single, ...repeated];
    if ([value].flat().some((item) => item.includes("\u0000"))) throw new BollardError("invalid_parameter", `${name} must not contain a NUL character (%00)`, { parameter: name });
    const keys = path.split(".");
    let node = raw;
    for (const key of keys.slice(0, -1)) node = (node[key] ??= {}) as Record<string, unknown>;
    node[keys.at(-1)!] = value;
  }
  const result = schema.safeParse(raw);
  if (result.success) return result.data;
  const issue = result.error.issues[0]!;
  const name = names[issue.path.map(String).join(".")] ?? "filter";
  throw new BollardError("invalid_parameter", `${name}: ${issue.message}`, { parameter: name });
}

/**
 * The `as_of` query parameter of a shipment or container read, passed on as given: the SDK parses it,
 * and its error on `asOf` (a value that is no ISO 8601 date-time) is reported on `as_of`.
 */
export function asOfQuery(c: Context<AppEnv>): string | undefined {
  const value = c.req.query("as_of");
  if (value !== undefined) c.set("errorLocation", { ...c.get("errorLocation"), parameters: { ...c.get("errorLocation")?.parameters, asOf: "as_of" } });
  return value;
}

/** A path id that must be a UUID; anything else cannot name a record, so it is a 404. */
export function uuidParam(c: Context, name = "id"): string {
  const value = c.req.param(name) ?? "";
  if (!UuidSchema.safeParse(value).success) throw new NotFoundError(`No record ${value.slice(0, 64)}`);
  return value.toLowerCase();
}

/** Copies the values that were given into an options object, leaving out the absent ones. */
export function given<T extends Record<string, unknown>>(values: T): { [K in keyof T]?: Exclude<T[K], undefined> } {
  return Object.fromEntries(Object.entries(values).filter(([, value]) => value !== undefined)) as { [K in keyof T]?: Exclude<T[K], undefined> };
}
