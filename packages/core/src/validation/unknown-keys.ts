import type { z } from "zod";

/** How a key is compared when looking for the one meant: lower case, without `_`, `-`, `.` or spaces. */
const loose = (key: string): string => key.toLowerCase().replace(/[\s_.-]/g, "");

/** The optimal string alignment distance: insertions, deletions, substitutions and swaps of neighbours cost 1. */
export function editDistance(a: string, b: string): number {
  const rows = Array.from({ length: a.length + 1 }, (_, i) => Array.from({ length: b.length + 1 }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)));
  for (let i = 1; i <= a.length; i++) {
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let best = Math.min(rows[i - 1]![j]! + 1, rows[i]![j - 1]! + 1, rows[i - 1]![j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) best = Math.min(best, rows[i - 2]![j - 2]! + 1);
      rows[i]![j] = best;
    }
  }
  return rows[a.length]![b.length]!;
}

/**
 * The key of `candidates` that `key` most likely misspells, or undefined when none is close:
 * the same key in another case or separator style (`requestNumber`, `Request-Number` →
 * `request_number`) first, else the nearest by edit distance within a quarter of its length (at
 * least 1, at most 3). Ties go to the earlier candidate.
 */
export function suggestKey(key: string, candidates: readonly string[]): string | undefined {
  const wanted = loose(key);
  if (wanted === "") return undefined;
  const same = candidates.find((candidate) => loose(candidate) === wanted);
  if (same !== undefined) return same;
  const allowed = Math.min(3, Math.max(1, Math.floor(wanted.length / 4)));
  let best: string | undefined;
  let bestDistance = allowed + 1;
  for (const candidate of candidates) {
    const distance = editDistance(wanted, loose(candidate));
    if (distance < bestDistance) [best, bestDistance] = [candidate, distance];
  }
  return best;
}

/** The part of a zod schema's definition {@link keysAt} reads (zod 4's `_zod.def`). */
interface SchemaDef {
  type: string;
  shape?: Record<string, Schema>;
  innerType?: Schema;
  in?: Schema;
  element?: Schema;
  options?: readonly Schema[];
  discriminator?: string;
  values?: readonly unknown[];
  left?: Schema;
  right?: Schema;
  valueType?: Schema;
  items?: readonly Schema[];
  getter?: () => Schema;
}

interface Schema {
  _zod: { def: SchemaDef };
}

/** How deep {@link keysAt} unwraps wrappers before giving up (lazy schemas may recurse). */
const MAX_UNWRAP = 64;

/** The member of `value` named `key`, or undefined when `value` is no object. */
const member = (value: unknown, key: PropertyKey): unknown => (typeof value === "object" && value !== null ? (value as Record<PropertyKey, unknown>)[key] : undefined);

/** The options of a discriminated union that `value`'s discriminator selects; all of them when it selects none. */
function selectedOptions(def: SchemaDef, value: unknown): readonly Schema[] {
  const options = def.options ?? [];
  if (def.discriminator === undefined) return options;
  const tag = member(value, def.discriminator);
  const selected = options.filter((option) => option._zod.def.shape?.[def.discriminator!]?._zod.def.values?.includes(tag));
  return selected.length > 0 ? selected : options;
}

/**
 * The keys the object schema at `path` of `schema` accepts, in declaration order: what an
 * `unrecognized_keys` issue at that path could have meant. Optional, nullable, default, pipe
 * (transform) and lazy wrappers are looked through; a union answers the keys of the objects the
 * `input` could be (by its discriminator when it has one).
 */
export function keysAt(schema: z.ZodType, path: readonly PropertyKey[], input?: unknown): string[] {
  const keys = new Set<string>();
  const visit = (node: Schema | undefined, rest: readonly PropertyKey[], value: unknown, budget: number): void => {
    if (!node || budget <= 0) return;
    const def = node._zod.def;
    const [next, ...after] = rest;
    switch (def.type) {
      case "object":
        if (next === undefined) for (const key of Object.keys(def.shape ?? {})) keys.add(key);
        else visit(def.shape?.[String(next)], after, member(value, next), budget - 1);
        return;
      case "array":
      case "record":
        if (next !== undefined) visit(def.type === "array" ? def.element : def.valueType, after, member(value, next), budget - 1);
        return;
      case "tuple":
        if (next !== undefined) visit(def.items?.[Number(next)], after, member(value, next), budget - 1);
        return;
      case "union":
        for (const option of selectedOptions(def, value)) visit(option, rest, value, budget - 1);
        return;
      case "intersection":
        visit(def.left, rest, value, budget - 1);
        visit(def.right, rest, value, budget - 1);
        return;
      case "pipe":
        visit(def.in, rest, value, budget - 1);
        return;
      case "lazy":
        visit(def.getter?.(), rest, value, budget - 1);
        return;
      default:
        // optional, nullable, default, prefault, readonly, catch, nonoptional, …: one inner schema.
        visit(def.innerType, rest, value, budget - 1);
    }
  };
  visit(schema as unknown as Schema, path, input, MAX_UNWRAP);
  return [...keys];
}

/**
 * The key of `known` that the unknown `key` stands for, if any ({@link suggestKey}); never `key`
 * itself, which another option of a union may take.
 */
export function meantKey(key: string, known: readonly string[]): string | undefined {
  return suggestKey(key, known.filter((candidate) => candidate !== key));
}

/** Key lists longer than this are not spelled out in an unknown key's detail. */
const MAX_LISTED_KEYS = 8;

/**
 * The detail of an unknown key: `Unknown attribute "requestNumber"; did you mean "request_number"?`,
 * or the keys that may be set when there are few, or just that it is unknown. `noun` names what the
 * keys are (`attribute`, `relationship`, `field`).
 */
export function unknownKeyDetail(key: string, known: readonly string[], noun = "attribute"): string {
  const unknown = `Unknown ${noun} ${JSON.stringify(key)}`;
  const suggestion = meantKey(key, known);
  if (suggestion !== undefined) return `${unknown}; did you mean ${JSON.stringify(suggestion)}?`;
  if (known.length === 0) return `${unknown}; no ${noun}s can be set here`;
  if (known.length <= MAX_LISTED_KEYS) return `${unknown}; the ${noun}s that can be set here are ${known.map((k) => JSON.stringify(k)).join(", ")}`;
  return `${unknown}; it is not one that can be set here`;
}
