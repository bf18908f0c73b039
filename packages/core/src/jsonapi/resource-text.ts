import type { IdentifiedRecord, RelationshipObject, ResourceIdentifier } from "./jsonapi-types.js";
import type { ResourceDefinition } from "./resource-definition.js";
import { wireValue } from "./wire-time.js";

/*
 * The one renderer: a resource's JSON text from its record's parts (attributes and to-one
 * relationships, rendered once and kept by core's read model, see `read-model/`) and its to-many
 * linkage. Every document — single, list, any include, webhook payload, event feed — is written
 * from these texts by `writeDocument`; objects are never built to be stringified.
 */

/** A record's JSON:API attributes and to-one relationships as JSON text. */
export interface RenderedParts {
  /** The `attributes` object, as {@link resourceAttributes} builds it. */
  readonly attributes: string;
  /** The to-one members of the `relationships` object, as {@link toOneRelationships} builds it. */
  readonly relationships: string;
}

/**
 * A record's attributes object: the definition's keys in order, missing ones as `null`, stored
 * timestamps in whole seconds (see {@link wireValue}) except in the definition's `verbatim` keys,
 * numbers of its `decimalText` keys as decimal strings.
 */
export function resourceAttributes<T extends IdentifiedRecord>(definition: ResourceDefinition<T>, record: T): Record<string, unknown> {
  const attributes: Record<string, unknown> = {};
  const { verbatim, decimalText } = definition;
  for (const key of definition.attributes) {
    const value = record[key] ?? null;
    attributes[key] = verbatim?.includes(key) ? value : decimalText?.includes(key) && typeof value === "number" ? String(value) : wireValue(value);
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

/**
 * The text of a record read with its related records (`shipment.containers`): its parts, every
 * to-many relationship whose records it was read with, the type's self link, and `meta` when given.
 */
export function resourceText<T extends IdentifiedRecord>(definition: ResourceDefinition<T>, record: T, meta?: Readonly<Record<string, unknown>>): string {
  const toMany: Record<string, ResourceIdentifier[]> = {};
  for (const [name, relation] of Object.entries(definition.relationships)) {
    if (relation.kind === "one") continue;
    const related = (record as unknown as Record<string, unknown>)[name];
    if (Array.isArray(related)) toMany[name] = related.map((child: IdentifiedRecord) => ({ type: relation.types[0]!, id: child.id }));
  }
  return renderResource(definition, { id: record.id, ...renderParts(definition, record) }, toMany, { meta, self: definition.selfLink?.(record) });
}

/** A record's resource as parts of text: its id, {@link RenderedParts}, and a container's event linkage. */
export interface RenderedRecord extends RenderedParts {
  /** The record's id. */
  readonly id: string;
  /**
   * To-many members of the `relationships` object as text, without braces (a container's
   * `transport_events` and `raw_events` linkage, as the read model keeps it).
   */
  readonly toMany?: string;
}

/** Renders the parts of a record that depend on the record alone. */
export function renderParts<
  T extends {
    /** The record's id. */
    id: string;
  },
>(definition: ResourceDefinition<T>, record: T): RenderedParts {
  return { attributes: JSON.stringify(resourceAttributes(definition, record)), relationships: JSON.stringify(toOneRelationships(definition, record)) };
}

/** What {@link renderResource} adds after a resource's relationships. */
export interface ResourceExtras {
  /** The resource's self link, when its record is at hand (else the type's link of the rendered record's id). */
  self?: string | undefined;
  /** The resource's `meta` (an event feed entry's cursor). */
  meta?: Readonly<Record<string, unknown>> | undefined;
}

/**
 * The resource object text of a rendered record, with the given to-many linkages (in definition
 * order, after the to-one members; or their members' text, as a kept event linkage is), the
 * type's self link, and `meta` when given.
 */
export function renderResource(definition: ResourceDefinition, record: RenderedRecord, toMany: Readonly<Record<string, readonly ResourceIdentifier[]>> | string = {}, extras: ResourceExtras = {}): string {
  const members = typeof toMany === "string" ? toMany : toManyText(toMany);
  const relationships = members === "" ? record.relationships : record.relationships === "{}" ? `{${members}}` : `${record.relationships.slice(0, -1)},${members}}`;
  const selfLink = extras.self ?? definition.selfLink?.(record);
  const self = selfLink === undefined ? "" : `,"links":{"self":${JSON.stringify(selfLink)}}`;
  const metaMember = extras.meta === undefined ? "" : `,"meta":${JSON.stringify(extras.meta)}`;
  return `{"id":${JSON.stringify(record.id)},"type":${JSON.stringify(definition.type)},"attributes":${record.attributes},"relationships":${relationships}${self}${metaMember}}`;
}

/** To-many linkages as the members of a `relationships` object, without its braces (`"name":{"data":[...]}`, comma-separated). */
export function toManyText(toMany: Readonly<Record<string, readonly ResourceIdentifier[]>>): string {
  return Object.entries(toMany)
    .map(([name, identifiers]) => `${JSON.stringify(name)}:{"data":${JSON.stringify(identifiers)}}`)
    .join(",");
}
