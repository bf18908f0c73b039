import { resourceAttributes, toOneRelationships } from "./document.js";
import type { ResourceIdentifier } from "./jsonapi-types.js";
import type { ResourceDefinition } from "./resource-definition.js";

/*
 * Resources as text: the hot reads (a shipment with its containers, the lists) are written by
 * splicing the texts core's read model keeps of each record (`read-model/`), instead of parsing
 * stored records, building resource objects and stringifying them again on every request. The text
 * is exactly what `JSON.stringify(serializeResource(...))` produces for the same record.
 */

/** A record's JSON:API attributes and to-one relationships as JSON text. */
export interface RenderedParts {
  /** The `attributes` object, as {@link resourceAttributes} builds it. */
  readonly attributes: string;
  /** The to-one members of the `relationships` object, as {@link toOneRelationships} builds it. */
  readonly relationships: string;
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

/**
 * The resource object text of a rendered record, with the given to-many linkages (in definition
 * order, after the to-one members; or their members' text, as a kept event linkage is) and the
 * type's self link.
 */
export function renderResource(definition: ResourceDefinition, record: RenderedRecord, toMany: Readonly<Record<string, readonly ResourceIdentifier[]>> | string = {}): string {
  const members = typeof toMany === "string" ? toMany : toManyText(toMany);
  const relationships = members === "" ? record.relationships : record.relationships === "{}" ? `{${members}}` : `${record.relationships.slice(0, -1)},${members}}`;
  const self = definition.selfLink ? `,"links":{"self":${JSON.stringify(definition.selfLink(record))}}` : "";
  return `{"id":${JSON.stringify(record.id)},"type":${JSON.stringify(definition.type)},"attributes":${record.attributes},"relationships":${relationships}${self}}`;
}

/** To-many linkages as the members of a `relationships` object, without its braces (`"name":{"data":[...]}`, comma-separated). */
export function toManyText(toMany: Readonly<Record<string, readonly ResourceIdentifier[]>>): string {
  return Object.entries(toMany)
    .map(([name, identifiers]) => `${JSON.stringify(name)}:{"data":${JSON.stringify(identifiers)}}`)
    .join(",");
}

/**
 * The text of a single-resource document, laid out as `buildDocument` lays it out: `data`,
 * `included` when it holds anything, then `links.self` when given.
 */
export function renderDocument(data: string, included: readonly string[], self?: string): string {
  const includedMember = included.length > 0 ? `,"included":[${included.join(",")}]` : "";
  const links = self === undefined ? "" : `,"links":{"self":${JSON.stringify(self)}}`;
  return `{"data":${data}${includedMember}${links}}`;
}
