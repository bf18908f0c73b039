import type { IncludeTree, ResourceRegistry } from "./include.js";
import type { CollectionMeta, DocumentLinks, JsonApiDocument, Linkage, RelationshipObject, ResourceIdentifier, ResourceObject } from "./jsonapi-types.js";
import type { ResourceDefinition } from "./resource-definition.js";
import type { ResourceGraph } from "./resource-graph.js";

/**
 * Turns one record into a resource object: the definition's attributes (in order, missing
 * ones as `null`), every to-one relationship, every to-many relationship loaded in `graph`,
 * and the resource-level self link where the type has one.
 */
export function serializeResource<
  T extends {
    /** The record's id. */
    id: string;
  },
>(definition: ResourceDefinition<T>, record: T, graph?: ResourceGraph): ResourceObject {
  const relationships = toOneRelationships(definition, record);
  for (const [name, relationship] of Object.entries(definition.relationships)) {
    if (relationship.kind === "one") continue;
    const many = graph?.getMany(definition.type, record.id, name);
    if (many) relationships[name] = { data: many };
  }
  const resource: ResourceObject = { id: record.id, type: definition.type, attributes: resourceAttributes(definition, record), relationships };
  if (definition.selfLink) resource.links = { self: definition.selfLink(record) };
  return resource;
}

/** A record's attributes object: the definition's keys in order, missing ones as `null`. */
export function resourceAttributes<
  T extends {
    /** The record's id. */
    id: string;
  },
>(definition: ResourceDefinition<T>, record: T): Record<string, unknown> {
  const attributes: Record<string, unknown> = {};
  for (const key of definition.attributes) attributes[key] = record[key] ?? null;
  return attributes;
}

/** A record's to-one relationships, in definition order (to-many ones come from a graph). */
export function toOneRelationships<
  T extends {
    /** The record's id. */
    id: string;
  },
>(definition: ResourceDefinition<T>, record: T): Record<string, RelationshipObject> {
  const relationships: Record<string, RelationshipObject> = {};
  for (const [name, relationship] of Object.entries(definition.relationships)) {
    if (relationship.kind === "one") relationships[name] = { data: relationship.linkage(record) };
  }
  return relationships;
}

/** What {@link buildDocument} needs besides the primary data. */
export interface BuildDocumentOptions {
  /** The resource definitions, by type. */
  registry: ResourceRegistry;
  /** The records the document may reference. */
  graph: ResourceGraph;
  /** The include paths; their records go to `included`. */
  include?: IncludeTree;
  /** Top-level links. */
  links?: DocumentLinks;
  /** Top-level meta. */
  meta?: CollectionMeta | Record<string, unknown>;
}

/**
 * Builds a compound document: primary data (one record, `null`, or a list), `included`
 * holding every record reached through the include paths exactly once (never a primary one),
 * and the given top-level links and meta. `included` is omitted when nothing was included.
 */
export function buildDocument(type: string, primary: { id: string } | null | readonly { id: string }[], options: BuildDocumentOptions): JsonApiDocument {
  const definition = definitionOf(options.registry, type);
  const records = primary === null ? [] : Array.isArray(primary) ? primary : [primary as { id: string }];
  const data = records.map((record) => serializeResource(definition, record, options.graph));
  const document: JsonApiDocument = { data: Array.isArray(primary) ? data : (data[0] ?? null) };
  if (options.include && options.include.size > 0) {
    const walk: IncludeWalk = { options, seen: new Set(records.map((record) => `${type}:${record.id}`)), expanded: new Map(), included: [] };
    for (const record of records) collectIncluded(type, record, options.include, walk);
    if (walk.included.length > 0) document.included = walk.included;
  }
  if (options.links) document.links = options.links;
  if (options.meta) document.meta = options.meta;
  return document;
}

/** The state of one walk along the include paths. */
interface IncludeWalk {
  options: BuildDocumentOptions;
  /** Resources already in `data` or `included`. */
  seen: Set<string>;
  /** The resources already walked below each include node: each (resource, remaining path) is walked once. */
  expanded: Map<IncludeTree, Set<string>>;
  included: ResourceObject[];
}

function collectIncluded(type: string, record: { id: string }, tree: IncludeTree, walk: IncludeWalk): void {
  const key = `${type}:${record.id}`;
  const expanded = walk.expanded.get(tree) ?? walk.expanded.set(tree, new Set()).get(tree)!;
  if (expanded.has(key)) return;
  expanded.add(key);
  const { options, seen, included } = walk;
  const definition = definitionOf(options.registry, type);
  for (const [name, subtree] of tree) {
    const relationship = definition.relationships[name];
    if (!relationship) continue;
    const linkage: Linkage | undefined =
      relationship.kind === "one" ? relationship.linkage(record) : options.graph.getMany(type, record.id, name);
    for (const identifier of identifiers(linkage)) {
      const related = options.graph.get(identifier.type, identifier.id);
      if (!related) continue;
      const relatedKey = `${identifier.type}:${identifier.id}`;
      if (!seen.has(relatedKey)) {
        seen.add(relatedKey);
        included.push(serializeResource(definitionOf(options.registry, identifier.type), related, options.graph));
      }
      if (subtree.size > 0) collectIncluded(identifier.type, related, subtree, walk);
    }
  }
}

function identifiers(linkage: Linkage | undefined): ResourceIdentifier[] {
  if (!linkage) return [];
  return Array.isArray(linkage) ? linkage : [linkage];
}

function definitionOf(registry: ResourceRegistry, type: string): ResourceDefinition {
  const definition = registry.get(type);
  if (!definition) throw new Error(`No resource definition for type "${type}"`);
  return definition;
}
