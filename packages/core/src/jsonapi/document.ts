import type { IncludeTree } from "../relations/include-paths.js";
import type { IdentifiedRecord, Linkage } from "./jsonapi-types.js";
import type { ResourceDefinition } from "./resource-definition.js";
import { resourceText } from "./resource-text.js";
import { resourceRegistry } from "./resources.js";

/** The parts of a JSON:API document, each resource already text (see `resourceText`, `renderResource`). */
export interface DocumentParts {
  /** The primary data: one resource's text, `null`, or a list of them. */
  data: string | null | readonly string[];
  /** The resources of `included`; the member is left out when there are none. */
  included?: readonly string[];
  /** Top-level links. */
  links?: unknown;
  /** Top-level meta. */
  meta?: unknown;
}

/**
 * The one document writer: every JSON:API document Bollard sends or keeps (single, list, any
 * include, webhook payload, event feed) is this text, members in this order: `data`, `included`
 * when it holds anything, `links`, `meta` when given.
 */
export function writeDocument(parts: DocumentParts): string {
  const data = parts.data === null ? "null" : typeof parts.data === "string" ? parts.data : `[${parts.data.join(",")}]`;
  const included = parts.included && parts.included.length > 0 ? `,"included":[${parts.included.join(",")}]` : "";
  const links = parts.links === undefined ? "" : `,"links":${JSON.stringify(parts.links)}`;
  const meta = parts.meta === undefined ? "" : `,"meta":${JSON.stringify(parts.meta)}`;
  return `{"data":${data}${included}${links}${meta}}`;
}

/** What {@link buildDocument} needs besides the primary data. */
export interface BuildDocumentOptions {
  /** The include paths; the related records on them go to `included`. */
  include?: IncludeTree;
  /** Top-level links. */
  links?: unknown;
  /** Top-level meta. */
  meta?: unknown;
}

/**
 * Writes a compound document from records read with their related records: primary data (one
 * record, `null`, or a list), `included` holding every related record on the include paths
 * exactly once (never a primary one), and the given top-level links and meta.
 */
export function buildDocument(type: string, primary: IdentifiedRecord | null | readonly IdentifiedRecord[], options: BuildDocumentOptions = {}): string {
  const definition = definitionOf(type);
  const records: readonly IdentifiedRecord[] = primary === null ? [] : Array.isArray(primary) ? primary : [primary as IdentifiedRecord];
  const data = records.map((record) => resourceText(definition, record));
  const included: string[] = [];
  if (options.include && options.include.size > 0) {
    const walk: IncludeWalk = { seen: new Set(records.map((record) => `${type}:${record.id}`)), expanded: new Map(), included };
    for (const record of records) collectIncluded(type, record, options.include, walk);
  }
  return writeDocument({ data: Array.isArray(primary) ? data : (data[0] ?? null), included, links: options.links, meta: options.meta });
}

/** The state of one walk along the include paths. */
interface IncludeWalk {
  /** Resources already in `data` or `included`. */
  seen: Set<string>;
  /** The resources already walked below each include node: each (resource, remaining path) is walked once. */
  expanded: Map<IncludeTree, Set<string>>;
  /** The texts of the resources included so far. */
  included: string[];
}

function collectIncluded(type: string, record: IdentifiedRecord, tree: IncludeTree, walk: IncludeWalk): void {
  const key = `${type}:${record.id}`;
  const expanded = walk.expanded.get(tree) ?? walk.expanded.set(tree, new Set()).get(tree)!;
  if (expanded.has(key)) return;
  expanded.add(key);
  const definition = definitionOf(type);
  for (const [name, subtree] of tree) {
    const relation = definition.relationships[name];
    if (!relation) continue;
    for (const [relatedType, related] of relatedOf(relation, record, name)) {
      const relatedKey = `${relatedType}:${related.id}`;
      const relatedDefinition = resourceRegistry.get(relatedType);
      if (!relatedDefinition) continue;
      if (!walk.seen.has(relatedKey)) {
        walk.seen.add(relatedKey);
        walk.included.push(resourceText(relatedDefinition, related));
      }
      if (subtree.size > 0) collectIncluded(relatedType, related, subtree, walk);
    }
  }
}

/** The related records a record was read with under one relation, with their types. */
function relatedOf(relation: ResourceDefinition["relationships"][string], record: IdentifiedRecord, name: string): [string, IdentifiedRecord][] {
  const value = (record as unknown as Record<string, unknown>)[name] as IdentifiedRecord | IdentifiedRecord[] | null | undefined;
  if (!value) return [];
  if (relation.kind === "many") return (value as IdentifiedRecord[]).map((child) => [relation.types[0]!, child]);
  const linkage: Linkage = relation.linkage(record);
  return linkage && !Array.isArray(linkage) ? [[linkage.type, value as IdentifiedRecord]] : [];
}

function definitionOf(type: string): ResourceDefinition {
  const definition = resourceRegistry.get(type);
  if (!definition) throw new Error(`No resource definition for type "${type}"`);
  return definition;
}
