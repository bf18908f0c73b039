import { createHash } from "node:crypto";
import { resourceAttributes, toOneRelationships } from "./document.js";
import type { RenderedRecord } from "../storage/storage.js";
import type { ResourceIdentifier } from "./jsonapi-types.js";
import type { ResourceDefinition } from "./resource-definition.js";
import { containerResource, shipmentResource } from "./resources.js";

/*
 * Pre-rendered resources: the hot reads (a shipment with its containers) are answered by splicing
 * JSON text a storage rendered when the record was written, instead of parsing stored documents,
 * building resource objects and stringifying them again on every request. The text is exactly
 * what `JSON.stringify(serializeResource(...))` produces for the same record.
 */

/** A record's JSON:API attributes and to-one relationships as JSON text, rendered when it was written. */
export interface RenderedParts {
  /** The `attributes` object, as {@link resourceAttributes} builds it. */
  readonly attributes: string;
  /** The to-one members of the `relationships` object, as {@link toOneRelationships} builds it. */
  readonly relationships: string;
}

/** Bump when the rendering of {@link RENDERED_RESOURCES} changes in a way their shapes don't show (a linkage rule). */
const RENDERING_VERSION = 2;

/** The resource types whose records storages keep in rendered form. */
export const RENDERED_RESOURCES = [shipmentResource, containerResource] as const;

/** The record types a storage may keep in rendered form (see `StoredRenderings`). */
export type RenderedType = "shipment" | "container";

/**
 * The rendering a storage keeps of a shipment or container it stores (see `StoredRenderings`):
 * the text `StoredRenderings` reads must equal this, rendered from the record as stored.
 */
export function storedRendering(
  type: RenderedType,
  record: {
    /** The record's id. */
    id: string;
  },
): RenderedRecord {
  const definition: ResourceDefinition = type === "shipment" ? shipmentResource : containerResource;
  return renderRecord(definition, record);
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

/** A record in rendered form (what a storage without stored renderings returns). */
export function renderRecord<
  T extends {
    /** The record's id. */
    id: string;
  },
>(definition: ResourceDefinition<T>, record: T): RenderedRecord {
  return { id: record.id, ...renderParts(definition, record) };
}

/**
 * The resource object text of a rendered record, with the given to-many linkages (in definition
 * order, after the to-one members; or their members' text, as `RenderedRecord.toMany` keeps it)
 * and the type's self link.
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

/** Resource identifiers of rendered records of one type. */
export function identifiersOf(type: string, records: readonly { id: string }[]): ResourceIdentifier[] {
  return records.map((record) => ({ type, id: record.id }));
}

/**
 * A fingerprint of how {@link RENDERED_RESOURCES} render: a version, their attribute keys and
 * their relationships. A storage that keeps renderings stores it, and renders its records again when
 * the fingerprint it finds differs (a new Bollard version changed a resource's shape).
 */
export function renderingFingerprint(): string {
  const shape = RENDERED_RESOURCES.map((definition) => [
    definition.type,
    definition.attributes,
    Object.entries(definition.relationships).map(([name, relationship]) => [name, relationship.kind, relationship.types]),
  ]);
  return createHash("sha256").update(JSON.stringify([RENDERING_VERSION, shape])).digest("hex").slice(0, 16);
}
