import { BollardError, NotFoundError, ValidationError, type CustomFieldTarget } from "@bollard/core";
import { CustomFieldTargetTypeSchema, UuidSchema } from "@bollard/core/schemas";

/**
 * The target of `POST /v2/custom_fields` from `data.relationships.entity.data` (`{type, id}` of a
 * shipment, container or tracking request): 422 on its pointer when missing or of another type,
 * 404 when the id cannot name a record.
 */
export function customFieldTargetFromRelationships(relationships: Record<string, unknown>): CustomFieldTarget {
  const pointer = "/data/relationships/entity";
  const entity = relationships.entity;
  if (entity === undefined) throw new ValidationError([new BollardError("blank", "The entity relationship (a shipment or container) is required", { pointer })]);
  const data = typeof entity === "object" && entity !== null ? (entity as Record<string, unknown>).data : undefined;
  if (typeof data !== "object" || data === null || Array.isArray(data)) {
    throw new ValidationError([new BollardError("invalid", "entity.data must be {type, id}", { pointer: `${pointer}/data` })]);
  }
  const { type, id } = data as Record<string, unknown>;
  const parsedType = CustomFieldTargetTypeSchema.safeParse(type);
  if (!parsedType.success) {
    throw new ValidationError([new BollardError("invalid", "entity type must be shipment, container or tracking_request", { pointer: `${pointer}/data/type` })]);
  }
  if (typeof id !== "string" || !UuidSchema.safeParse(id).success) throw new NotFoundError(`No ${parsedType.data} ${typeof id === "string" ? id.slice(0, 64) : "with that id"}`);
  return { type: parsedType.data, id: id.toLowerCase() };
}
