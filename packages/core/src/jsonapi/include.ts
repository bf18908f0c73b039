import { BollardError } from "../errors/index.js";
import type { ResourceDefinition } from "./resource-definition.js";

/** A parsed `include` parameter: relationship name → the includes nested under it. */
export type IncludeTree = Map<string, IncludeTree>;

/** Looks up resource definitions by type. */
export type ResourceRegistry = ReadonlyMap<string, ResourceDefinition>;

/**
 * Parses an `include` value (comma-separated, dotted paths such as `containers.transport_events`)
 * and checks every segment against the relationships of the resource types on the way.
 * Throws a 400 `INVALID_INCLUDE` error with `source.parameter: "include"` for an unknown name.
 */
export function parseInclude(value: string | undefined, rootType: string, registry: ResourceRegistry): IncludeTree {
  const tree: IncludeTree = new Map();
  if (value === undefined) return tree;
  for (const rawPath of value.split(",")) {
    const path = rawPath.trim();
    if (path === "") continue;
    let types: readonly string[] = [rootType];
    let node = tree;
    for (const name of path.split(".")) {
      const next = types.flatMap((type) => registry.get(type)?.relationships[name]?.types ?? []);
      if (next.length === 0) {
        throw new BollardError("INVALID_INCLUDE", `${name} is not a relationship of ${types.join(" or ")} (in include path "${path}")`, {
          parameter: "include",
        });
      }
      let child = node.get(name);
      if (!child) node.set(name, (child = new Map()));
      node = child;
      types = next;
    }
  }
  return tree;
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
