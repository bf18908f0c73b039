import { BollardError } from "../errors/index.js";
import type { ResourceDefinition } from "./resource-definition.js";

/** A parsed `include` parameter: relationship name → the includes nested under it. */
export type IncludeTree = Map<string, IncludeTree>;

/** Looks up resource definitions by type. */
export type ResourceRegistry = ReadonlyMap<string, ResourceDefinition>;

/**
 * How many relationships one include path may chain. The deepest path the real service
 * documents has two (`containers.transport_events`); each further level multiplies the records
 * a request can reach.
 */
export const MAX_INCLUDE_DEPTH = 3;

/** How many comma-separated paths one `include` may hold. */
export const MAX_INCLUDE_PATHS = 10;

/**
 * The most related records one response may include. A page of 100 shipments with every
 * container's transport and raw events stays under it; past it, the request is refused rather
 * than left to hold the event loop while it reads and renders an unbounded number of records.
 */
export const MAX_INCLUDED_RESOURCES = 10_000;

/**
 * Parses an `include` value (comma-separated, dotted paths such as `containers.transport_events`)
 * and checks every segment against the relationships of the resource types on the way.
 * Throws a 400 `INVALID_INCLUDE` error with `source.parameter: "include"` for an unknown name,
 * a path deeper than {@link MAX_INCLUDE_DEPTH} or more than {@link MAX_INCLUDE_PATHS} paths.
 */
export function parseInclude(value: string | undefined, rootType: string, registry: ResourceRegistry): IncludeTree {
  const tree: IncludeTree = new Map();
  if (value === undefined) return tree;
  const paths = value.split(",").map((path) => path.trim()).filter((path) => path !== "");
  if (paths.length > MAX_INCLUDE_PATHS) {
    throw invalidInclude(`include takes at most ${MAX_INCLUDE_PATHS} paths (got ${paths.length})`);
  }
  for (const path of paths) {
    const names = path.split(".");
    if (names.length > MAX_INCLUDE_DEPTH) {
      throw invalidInclude(`include path "${clip(path)}" is ${names.length} levels deep; at most ${MAX_INCLUDE_DEPTH} are allowed`);
    }
    let types: readonly string[] = [rootType];
    let node = tree;
    for (const name of names) {
      const next = types.flatMap((type) => registry.get(type)?.relationships[name]?.types ?? []);
      if (next.length === 0) throw invalidInclude(`${clip(name)} is not a relationship of ${types.join(" or ")} (in include path "${clip(path)}")`);
      let child = node.get(name);
      if (!child) node.set(name, (child = new Map()));
      node = child;
      types = next;
    }
  }
  return tree;
}

function invalidInclude(detail: string): BollardError {
  return new BollardError("INVALID_INCLUDE", detail, { parameter: "include" });
}

/** Keeps a caller's text short enough to echo back in an error detail. */
function clip(text: string): string {
  return text.length > 100 ? `${text.slice(0, 100)}…` : text;
}

/** Merges include trees, e.g. a default include with the requested one. */
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
