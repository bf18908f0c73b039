import { BollardError } from "../errors/index.js";
import type { RecordType, RecordTypes } from "./record-types.js";
import { relationsByType, type RelationsOf, type ToManyRelation, type ToOneRelation } from "./relation-definitions.js";

/**
 * How many relations one include path may chain. The deepest path the real service documents
 * has two (`containers.transport_events`); each further level multiplies the records a read can reach.
 */
export const MAX_INCLUDE_DEPTH = 3;

/**
 * How many paths one `include` may hold. A path that only leads to another one given
 * (`containers` beside `containers.transport_events`) does not count.
 */
export const MAX_INCLUDE_PATHS = 10;

/**
 * The most related records one read may bring along. A page of 100 shipments with every
 * container's transport and raw events stays under it; past it, the read is refused rather than
 * left to hold the event loop while it reads an unbounded number of records.
 */
export const MAX_INCLUDED_RESOURCES = 10_000;

type Levels = [never, 0, 1];
type TargetOf<R> = R extends { readonly types: readonly (infer U)[] } ? U : never;

/**
 * A valid `include` path from records of type `T`: a relation name, or up to
 * {@link MAX_INCLUDE_DEPTH} of them joined by dots, e.g. `"containers"`,
 * `"containers.transport_events"`, `"containers.transport_events.location"`.
 */
export type IncludePath<T extends RecordType, Level extends number = 2> = [Level] extends [never]
  ? never
  : T extends RecordType
    ? {
        [K in keyof RelationsOf<T> & string]: K | `${K}.${IncludePath<Extract<TargetOf<RelationsOf<T>[K]>, RecordType>, Levels[Level]>}`;
      }[keyof RelationsOf<T> & string]
    : never;

type Head<P extends string> = P extends `${infer H}.${string}` ? H : P;
type Rest<P extends string, K extends string> = P extends `${K}.${infer R}` ? R : never;
type RelatedValue<R, P extends string> =
  R extends ToManyRelation<infer U> ? RelatedRecord<U, P>[] : R extends ToOneRelation<infer U> ? RelatedRecord<U, P> | null : never;
type RelatedRecord<U, P extends string> = U extends RecordType ? WithRelated<U, P> : never;

/**
 * A record of type `T` with the related records the include paths `P` asked for, under their
 * relation names: a to-many relation gives an array (`shipment.containers`), a to-one relation
 * the record or null (`container.shipment`); deeper paths nest the same way.
 * @example
 * // WithRelated<"shipment", "containers" | "containers.transport_events"> is
 * // Shipment & { containers: (Container & { transport_events: TransportEvent[] })[] }
 */
export type WithRelated<T extends RecordType, P extends string = never> = [P] extends [never]
  ? RecordTypes[T]
  : RecordTypes[T] & { [K in Head<P> & keyof RelationsOf<T>]: RelatedValue<RelationsOf<T>[K], Rest<P, K & string>> };

/** A parsed set of include paths: relation name → the paths nested under it. */
export type IncludeTree = Map<string, IncludeTree>;

/**
 * Checks include paths against the relations of the record types on the way and returns them as a
 * tree. Throws a 400 `invalid_include` on the `include` parameter for an unknown relation, a path
 * deeper than {@link MAX_INCLUDE_DEPTH}, or more than {@link MAX_INCLUDE_PATHS} paths.
 */
export function includeTree(rootType: RecordType, paths: readonly string[] | undefined): IncludeTree {
  const tree: IncludeTree = new Map();
  if (!paths) return tree;
  if (!Array.isArray(paths)) throw invalidInclude("include must be an array of relation paths");
  // Repeats and prefixes of other paths do not count, but a huge list is refused before it is read.
  if (paths.length > 4 * MAX_INCLUDE_PATHS) throw tooMany(paths.length);
  for (const path of paths) {
    if (typeof path !== "string") throw invalidInclude("each include path must be a string");
    const names = path.split(".");
    if (names.length > MAX_INCLUDE_DEPTH) {
      throw invalidInclude(`include path "${clip(path)}" is ${names.length} levels deep; at most ${MAX_INCLUDE_DEPTH} are allowed`);
    }
    let types: readonly string[] = [rootType];
    let node = tree;
    for (const name of names) {
      const next = types.flatMap((type) => relationsByType(type)?.[name]?.types ?? []);
      if (next.length === 0) throw invalidInclude(`${clip(name)} is not a relationship of ${types.join(" or ")} (in include path "${clip(path)}")`);
      let child = node.get(name);
      if (!child) node.set(name, (child = new Map()));
      node = child;
      types = next;
    }
  }
  const leaves = countLeaves(tree);
  if (leaves > MAX_INCLUDE_PATHS) throw tooMany(leaves);
  return tree;
}

function countLeaves(tree: IncludeTree): number {
  let leaves = 0;
  for (const child of tree.values()) leaves += child.size === 0 ? 1 : countLeaves(child);
  return leaves;
}

function tooMany(count: number): BollardError {
  return invalidInclude(`include takes at most ${MAX_INCLUDE_PATHS} paths (got ${count})`);
}

/**
 * The paths of an `include` query value (comma-separated, e.g. `containers,port_of_lading`),
 * checked as {@link includeTree} checks them.
 */
export function parseIncludeParameter<T extends RecordType>(rootType: T, value: string | undefined): IncludePath<T>[] {
  if (value === undefined) return [];
  const paths = value
    .split(",")
    .map((path) => path.trim())
    .filter((path) => path !== "");
  includeTree(rootType, paths);
  return paths as IncludePath<T>[];
}

/** Merges include trees, e.g. the relations a rendering always needs with the requested ones. */
export function mergeIncludes(...trees: IncludeTree[]): IncludeTree {
  const merged: IncludeTree = new Map();
  for (const tree of trees) {
    for (const [name, child] of tree) merged.set(name, mergeIncludes(merged.get(name) ?? new Map(), child));
  }
  return merged;
}

/** Every dotted path in a tree, e.g. `["containers", "containers.transport_events"]`. */
export function includePaths(tree: IncludeTree, prefix = ""): string[] {
  return [...tree].flatMap(([name, child]) => [prefix + name, ...includePaths(child, `${prefix}${name}.`)]);
}

function invalidInclude(detail: string): BollardError {
  return new BollardError("invalid_include", detail, { parameter: "include" });
}

/** Keeps a caller's text short enough to echo back in an error detail. */
function clip(text: string): string {
  return text.length > 100 ? `${text.slice(0, 100)}…` : text;
}
