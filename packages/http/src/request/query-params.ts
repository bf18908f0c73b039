import { BollardError, NotFoundError, UuidSchema } from "@bollard/core";
import type { Context } from "hono";

/** The `include` parameter as sent (after decoding), or undefined. */
export function includeParam(c: Context): string | undefined {
  return c.req.query("include");
}

/** `page[number]` and `page[size]` as integers; anything else is a 400 on that parameter. */
export function pageParams(c: Context): { number?: number; size?: number } {
  const page: { number?: number; size?: number } = {};
  for (const key of ["number", "size"] as const) {
    const raw = c.req.query(`page[${key}]`);
    if (raw === undefined) continue;
    if (!/^\d{1,9}$/.test(raw.trim())) {
      throw new BollardError("INVALID_PARAMETER", `page[${key}] must be a positive integer`, { parameter: `page[${key}]` });
    }
    page[key] = Number(raw);
  }
  return page;
}

/** A boolean query parameter (`true`/`false`, also `1`/`0`); anything else is a 400. */
export function booleanParam(c: Context, name: string): boolean | undefined {
  const raw = c.req.query(name);
  if (raw === undefined) return undefined;
  const value = raw.trim().toLowerCase();
  if (value === "true" || value === "1") return true;
  if (value === "false" || value === "0") return false;
  throw new BollardError("INVALID_PARAMETER", `${name} must be true or false`, { parameter: name });
}

/** A path id that must be a UUID; anything else cannot name a record, so it is a 404. */
export function uuidParam(c: Context, name = "id"): string {
  const value = c.req.param(name) ?? "";
  if (!UuidSchema.safeParse(value).success) throw new NotFoundError(`No record ${value.slice(0, 64)}`);
  return value.toLowerCase();
}

/** Copies the query parameters that were given into an options object, leaving out the absent ones. */
export function given<T extends Record<string, unknown>>(values: T): { [K in keyof T]?: Exclude<T[K], undefined> } {
  return Object.fromEntries(Object.entries(values).filter(([, value]) => value !== undefined)) as { [K in keyof T]?: Exclude<T[K], undefined> };
}
