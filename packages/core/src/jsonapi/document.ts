import type { IncludeTree } from "../relations/include-paths.js";
import type { CollectionMeta, DocumentLinks, IdentifiedRecord, JsonApiDocument, Linkage, RelationshipObject, ResourceObject } from "./jsonapi-types.js";
import type { ResourceDefinition } from "./resource-definition.js";
import { resourceRegistry } from "./resources.js";
import { wireValue } from "./wire-time.js";

/**
 * Turns one record into a resource object: the definition's attributes (in order, missing
 * ones as `null`), every to-one relationship, every to-many relationship whose records the
 * record was read with (`shipment.containers`), and the resource-level self link where the type has one.
 */
export function serializeResource<T extends IdentifiedRecord>(definition: ResourceDefinition<T>, record: T): ResourceObject {
  const relationships = toOneRelationships(definition, record);
  for (const [name, relation] of Object.entries(definition.relationships)) {
    if (relation.kind === "one") continue;
    const related = (record as unknown as Record<string, unknown>)[name];
    if (Array.isArray(related)) relationships[name] = { data: related.map((child: IdentifiedRecord) => ({ type: relation.types[0], id: child.id })) };
  }
  const resource: ResourceObject = { id: record.id, type: definition.type, attributes: resourceAttributes(definition, record), relationships };
  if (definition.selfLink) resource.links = { self: definition.selfLink(record) };
  return resource;
}

/**
 * A record's attributes object: the definition's keys in order, missing ones as `null`, stored
 * timestamps in whole seconds (see {@link wireValue}) except in the definition's `verbatim` keys.
 */
export function resourceAttributes<T extends IdentifiedRecord>(definition: ResourceDefinition<T>, record: T): Record<string, unknown> {
  const attributes: Record<string, unknown> = {};
  const verbatim = definition.verbatim;
  for (const key of definition.attributes) {
    const value = record[key] ?? null;
    attributes[key] = verbatim?.includes(key) ? value : wireValue(value);
  }
  return attributes;
}

/** A record's to-one relationships, in definition order (to-many ones come from the related records read). */
export function toOneRelationships<T extends IdentifiedRecord>(definition: ResourceDefinition<T>, record: T): Record<string, RelationshipObject> {
  const relationships: Record<string, RelationshipObject> = {};
  for (const [name, relation] of Object.entries(definition.relationships)) {
    if (relation.kind === "one") relationships[name] = { data: relation.linkage(record) };
  }
  return relationships;
}

/** What {@link buildDocument} needs besides the primary data. */
export interface BuildDocumentOptions {
  /** The include paths; the related records on them go to `included`. */
  include?: IncludeTree;
  /** Top-level links. */
  links?: DocumentLinks;
  /** Top-level meta. */
  meta?: CollectionMeta | Record<string, unknown>;
}

/**
 * Builds a compound document from records read with their related records: primary data (one
 * record, `null`, or a list), `included` holding every related record on the include paths
 * exactly once (never a primary one), and the given top-level links and meta. `included` is
 * omitted when nothing was included.
 */
export function buildDocument(type: string, primary: IdentifiedRecord | null | readonly IdentifiedRecord[], options: BuildDocumentOptions = {}): JsonApiDocument {
  const definition = definitionOf(type);
  const records: readonly IdentifiedRecord[] = primary === null ? [] : Array.isArray(primary) ? primary : [primary as IdentifiedRecord];
  const data = records.map((record) => serializeResource(definition, record));
  const document: JsonApiDocument = { data: Array.isArray(primary) ? data : (data[0] ?? null) };
  if (options.include && options.include.size > 0) {
    const walk: IncludeWalk = { seen: new Set(records.map((record) => `${type}:${record.id}`)), expanded: new Map(), included: [] };
    for (const record of records) collectIncluded(type, record, options.include, walk);
    if (walk.included.length > 0) document.included = walk.included;
  }
  if (options.links) document.links = options.links;
  if (options.meta) document.meta = options.meta;
  return document;
}

/** The state of one walk along the include paths. */
interface IncludeWalk {
  /** Resources already in `data` or `included`. */
  seen: Set<string>;
  /** The resources already walked below each include node: each (resource, remaining path) is walked once. */
  expanded: Map<IncludeTree, Set<string>>;
  included: ResourceObject[];
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
        walk.included.push(serializeResource(relatedDefinition, related));
      }
      if (subtree.size > 0) collectIncluded(relatedType, related, subtree, walk);
    }
  }
}

/** The related records a record was read with under one relation, with their types. */
function relatedOf(relation: ResourceDefinition["relationships"][string], record: IdentifiedRecord, name: string): [string, IdentifiedRecord][] {
  const value = (record as unknown as Record<string, unknown>)[name] as IdentifiedRecord | IdentifiedRecord[] | null | undefined;
  if (!value) return [];
  if (relation.kind === "many") return (value as IdentifiedRecord[]).map((child) => [relation.types[0], child]);
  const linkage: Linkage = relation.linkage(record);
  return linkage && !Array.isArray(linkage) ? [[linkage.type, value as IdentifiedRecord]] : [];
}

function definitionOf(type: string): ResourceDefinition {
  const definition = resourceRegistry.get(type);
  if (!definition) throw new Error(`No resource definition for type "${type}"`);
  return definition;
}
