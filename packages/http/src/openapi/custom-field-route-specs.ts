import { CustomFieldDataTypeSchema, CustomFieldDefaultValueSchema, CustomFieldValidationSchema, CustomFieldValueSchema } from "@bollard/core/schemas";
import { z } from "zod";
import "zod-openapi";
import { includeParameter } from "./query-parameters.js";
import { collectionDocument, singleDocument } from "./resource-schemas.js";
import type { RouteSpec } from "./route-spec.js";

const include = includeParameter;
const paged = {
  include,
  "page[number]": z.string().optional().meta({ description: "Page number, from 1" }),
  "page[size]": z.string().optional().meta({ description: "Page size, default 25, capped at 100" }),
};
const body = (attributes: z.ZodObject, relationships?: z.ZodObject) =>
  z.object({ data: z.object({ type: z.string().optional(), attributes, ...(relationships ? { relationships } : {}) }) });

const definitionAttributes = {
  display_name: z.string(),
  description: z.string().nullable().optional(),
  validation: CustomFieldValidationSchema.nullable().optional(),
  default_format: z.string().nullable().optional().meta({
    description: 'Numbers: [prefix]0[,0][.00][[00]][suffix] such as "0,0.00" or "$0,0.00". Dates: date-fns tokens such as "dd/MM/yyyy". Datetimes: the same, optionally after an IANA zone and "|"',
  }),
  default_value: CustomFieldDefaultValueSchema.nullable().optional(),
};
const DefinitionCreateBody = body(
  z.object({
    entity_type: z.enum(["Shipment", "Cargo", "Container"]).meta({ description: "Container is an alias of Cargo" }),
    api_slug: z.string(),
    data_type: CustomFieldDataTypeSchema,
    reference_type: z.enum(["shipment", "container", "tracking_request", "user"]).nullable().optional(),
    ...definitionAttributes,
  }),
);
const DefinitionPatchBody = body(z.object({ ...definitionAttributes, display_name: z.string().optional() }));
const OptionCreateBody = body(z.object({ label: z.string(), value: z.string().meta({ description: "Unique per definition, without commas" }), position: z.int().nullable().optional() }));
const OptionPatchBody = body(z.object({ label: z.string().optional(), position: z.int().nullable().optional() }));
const ValueBody = body(z.object({ api_slug: z.string(), value: CustomFieldValueSchema.optional().meta({ description: "Defaults to the definition's default_value" }) }));
const ValuePatchBody = body(z.object({ value: CustomFieldValueSchema }));
const EntityRelationship = z.object({ entity: z.object({ data: z.object({ type: z.enum(["shipment", "container", "tracking_request"]), id: z.string() }) }) });

/** The body of a top-level DELETE: JSON:API's "200 with only top-level meta". */
export const DeletedDocumentSchema = z
  .object({ meta: z.object({ deleted: z.literal(true), deleted_options: z.int().optional(), deleted_values: z.int().optional() }) })
  .meta({ id: "DeletedDocument" });

const WRITE = [400, 403, 404, 413, 415, 422];

const entityRoutes = (collection: string, param: string, name: string): RouteSpec[] => [
  { method: "get", path: `/${collection}/{${param}}/custom_fields`, summary: `List a ${name}'s custom fields`, query: z.object(paged), status: 200, response: collectionDocument("custom_field"), errors: [400, 404] },
  { method: "post", path: `/${collection}/{${param}}/custom_fields`, summary: `Set a custom field on a ${name} (created, or updated when it has one with that api_slug)`, body: ValueBody, status: 201, response: singleDocument("custom_field"), errors: WRITE },
  { method: "patch", path: `/${collection}/{${param}}/custom_fields/{api_slug}`, summary: `Change a ${name}'s custom field`, body: ValuePatchBody, status: 200, response: singleDocument("custom_field"), errors: WRITE },
  { method: "delete", path: `/${collection}/{${param}}/custom_fields/{api_slug}`, summary: `Delete a ${name}'s custom field (204, no body)`, status: 204, errors: [403, 404] },
];

/** Every custom field route: definitions, their options, and values (spread into `ROUTE_SPECS`). */
export const CUSTOM_FIELD_ROUTE_SPECS: RouteSpec[] = [
  {
    method: "get",
    path: "/custom_field_definitions",
    summary: "List custom field definitions, oldest first",
    query: z.object({ ...paged, "filter[entity_type]": z.enum(["Shipment", "Cargo", "Container"]).optional(), "filter[data_type]": CustomFieldDataTypeSchema.optional(), "filter[display_name]": z.string().optional().meta({ description: "Prefix, case-insensitive" }) }),
    status: 200,
    response: collectionDocument("custom_field_definition"),
    errors: [400],
  },
  { method: "post", path: "/custom_field_definitions", summary: "Create a custom field definition", body: DefinitionCreateBody, status: 201, response: singleDocument("custom_field_definition"), errors: [400, 403, 413, 415, 422] },
  { method: "get", path: "/custom_field_definitions/{id}", summary: "Get a custom field definition", query: z.object({ include }), status: 200, response: singleDocument("custom_field_definition"), errors: [400, 404] },
  { method: "patch", path: "/custom_field_definitions/{id}", summary: "Edit a custom field definition (api_slug, entity_type, data_type and reference_type are immutable)", body: DefinitionPatchBody, status: 200, response: singleDocument("custom_field_definition"), errors: WRITE },
  { method: "delete", path: "/custom_field_definitions/{id}", summary: "Delete a custom field definition with its options and values", status: 200, response: DeletedDocumentSchema, errors: [403, 404] },
  { method: "get", path: "/custom_field_definitions/{definition_id}/options", summary: "List a definition's options by position", query: z.object(paged), status: 200, response: collectionDocument("custom_field_option"), errors: [400, 404] },
  { method: "post", path: "/custom_field_definitions/{definition_id}/options", summary: "Add an option to an enum or enum_multi definition", body: OptionCreateBody, status: 201, response: singleDocument("custom_field_option"), errors: WRITE },
  { method: "get", path: "/custom_field_definitions/{definition_id}/options/{option_id}", summary: "Get an option", query: z.object({ include }), status: 200, response: singleDocument("custom_field_option"), errors: [400, 404] },
  { method: "patch", path: "/custom_field_definitions/{definition_id}/options/{option_id}", summary: "Edit an option's label or position", body: OptionPatchBody, status: 200, response: singleDocument("custom_field_option"), errors: WRITE },
  { method: "delete", path: "/custom_field_definitions/{definition_id}/options/{option_id}", summary: "Delete an option (values that chose it are kept)", status: 200, response: DeletedDocumentSchema, errors: [403, 404] },
  {
    method: "get",
    path: "/custom_fields",
    summary: "List the account's custom fields, oldest first",
    query: z.object({
      ...paged,
      "filter[entity_type]": z.string().optional().meta({ description: "Shipment, Container (or Cargo) or TrackingRequest; the JSON:API type (shipment, container, tracking_request) too" }),
      "filter[entity_id]": z.string().optional().meta({ description: "The id of the shipment, container or tracking request" }),
      "filter[definition_id]": z.string().optional().meta({ description: "The id of the custom field definition" }),
    }),
    status: 200,
    response: collectionDocument("custom_field"),
    errors: [400],
  },
  { method: "post", path: "/custom_fields", summary: "Set a custom field on the shipment, container or tracking request in data.relationships.entity", body: body(ValueBody.shape.data.shape.attributes, EntityRelationship), status: 201, response: singleDocument("custom_field"), errors: WRITE },
  { method: "get", path: "/custom_fields/{id}", summary: "Get a custom field", query: z.object({ include }), status: 200, response: singleDocument("custom_field"), errors: [400, 404] },
  { method: "patch", path: "/custom_fields/{id}", summary: "Change a custom field's value", body: ValuePatchBody, status: 200, response: singleDocument("custom_field"), errors: WRITE },
  { method: "delete", path: "/custom_fields/{id}", summary: "Delete a custom field", status: 200, response: DeletedDocumentSchema, errors: [403, 404] },
  ...entityRoutes("shipments", "shipment_id", "shipment"),
  ...entityRoutes("containers", "container_id", "container"),
  ...entityRoutes("tracking_requests", "tracking_request_id", "tracking request"),
];
