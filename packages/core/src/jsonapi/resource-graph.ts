import type { ResourceIdentifier } from "./jsonapi-types.js";

/**
 * The records a document may reference, loaded by a service before serialization:
 * records by type and id, and the to-many linkages that were loaded for them.
 * Serialization only reads it, so it stays a pure function of the graph.
 */
export class ResourceGraph {
  private readonly records = new Map<string, { id: string }>();
  private readonly toMany = new Map<string, ResourceIdentifier[]>();

  /** Adds records of one type (a later add of the same id replaces the earlier). */
  add(type: string, records: readonly { id: string }[] | { id: string } | null | undefined): this {
    if (!records) return this;
    for (const record of Array.isArray(records) ? records : [records]) this.records.set(`${type}:${record.id}`, record);
    return this;
  }

  /** The record of that type and id, if loaded. */
  get(
    type: string,
    id: string,
  ):
    | {
        /** The record's id. */
        id: string;
      }
    | undefined {
    return this.records.get(`${type}:${id}`);
  }

  /** Records the to-many linkage of one record's relationship. */
  setMany(type: string, id: string, relationship: string, identifiers: ResourceIdentifier[]): this {
    this.toMany.set(`${type}:${id}:${relationship}`, identifiers);
    return this;
  }

  /** The to-many linkage of a record's relationship, or undefined when it was not loaded. */
  getMany(type: string, id: string, relationship: string): ResourceIdentifier[] | undefined {
    return this.toMany.get(`${type}:${id}:${relationship}`);
  }
}
