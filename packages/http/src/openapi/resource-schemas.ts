import { ERROR_CODES, type ErrorCode } from "@bollard/core";
import { WEBHOOK_RESOURCE_ATTRIBUTES, resourceRegistry } from "@bollard/core/jsonapi";
import { AccountAttributesSchema, BulkJobAttributesSchema, BulkJobRowAttributesSchema, ChangeAttributesSchema, ContainerAttributesSchema, CustomFieldAttributesSchema, CustomFieldDefinitionAttributesSchema, CustomFieldOptionAttributesSchema, MetroAreaAttributesSchema, PartyAttributesSchema, TariffServedAttributesSchema, ExceptionRuleServedAttributesSchema, ShipmentExceptionAttributesSchema, PortAttributesSchema, RailTerminalAttributesSchema, RawEventAttributesSchema, SearchResultAttributesSchema, ShipmentAttributesSchema, ShippingLineAttributesSchema, TerminalAttributesSchema, TrackingRequestAttributesSchema, TransportEventAttributesSchema, UserAttributesSchema, VesselAttributesSchema, WebhookAttributesSchema, WebhookNotificationAttributesSchema } from "@bollard/core/schemas";
import { z } from "zod";
import "zod-openapi";

const Identifier = z.object({ type: z.string(), id: z.string() }).meta({ id: "ResourceIdentifier" });
const Relationship = z
  .object({ data: z.union([Identifier, z.null(), z.array(Identifier)]) })
  .meta({ id: "Relationship", description: "A relationship: to-one linkage (null when empty) or to-many linkage." });

const ATTRIBUTES: Record<string, z.ZodObject> = {
  shipment: ShipmentAttributesSchema,
  container: ContainerAttributesSchema,
  transport_event: TransportEventAttributesSchema,
  raw_event: RawEventAttributesSchema,
  vessel: VesselAttributesSchema,
  // What is sent (`--wire-compat live`, the default): the live service's decimal strings; `openApiDocument("openapi")` puts the numbers back.
  port: PortAttributesSchema.omit({ provided_data: true }).extend({
    latitude: z.string().regex(/^-?\d+(\.\d+)?$/).meta({ description: "Latitude in degrees, as a decimal string (\"35.10162\") as the live service sends it; a number with --wire-compat openapi" }),
    longitude: z.string().regex(/^-?\d+(\.\d+)?$/).meta({ description: "Longitude in degrees, as a decimal string as the live service sends it; a number with --wire-compat openapi" }),
  }),
  terminal: TerminalAttributesSchema,
  rail_terminal: RailTerminalAttributesSchema,
  metro_area: MetroAreaAttributesSchema,
  shipping_line: ShippingLineAttributesSchema,
  account: AccountAttributesSchema,
  user: UserAttributesSchema,
  tracking_request: TrackingRequestAttributesSchema,
  party: PartyAttributesSchema,
  tariff: TariffServedAttributesSchema,
  exception_rule: ExceptionRuleServedAttributesSchema,
  exception: ShipmentExceptionAttributesSchema,
  bulk_job: BulkJobAttributesSchema,
  bulk_job_row: BulkJobRowAttributesSchema,
  custom_field_definition: CustomFieldDefinitionAttributesSchema,
  custom_field_option: CustomFieldOptionAttributesSchema,
  custom_field: CustomFieldAttributesSchema,
  webhook: WebhookAttributesSchema,
  webhook_notification: WebhookNotificationAttributesSchema,
  search_result: SearchResultAttributesSchema,
  change: ChangeAttributesSchema,
  // Webhook payload types (event objects, delivery logs, event categories) and the notification's served attributes.
  ...WEBHOOK_RESOURCE_ATTRIBUTES,
};

const pascal = (type: string) => type.replace(/(^|_)([a-z])/g, (_m, _s, c: string) => c.toUpperCase());

/** The JSON:API resource object schema of each type, built from core's attribute schemas. */
export const resourceSchemas: Record<string, z.ZodObject> = Object.fromEntries(
  Object.entries(ATTRIBUTES).map(([type, attributes]) => {
    const definition = resourceRegistry.get(type);
    const relationships = Object.fromEntries(Object.keys(definition?.relationships ?? {}).map((name) => [name, Relationship.optional()]));
    const schema = z
      .object({
        id: z.string(),
        type: z.literal(type),
        attributes: attributes.meta({ id: `${pascal(type)}Attributes` }),
        relationships: z.object(relationships).optional(),
        links: z.object({ self: z.string() }).optional(),
      })
      .meta({ id: pascal(type) });
    return [type, schema];
  }),
);

/** Any resource that may appear in `included`. */
export const IncludedSchema = z.array(z.union(Object.values(resourceSchemas) as [z.ZodObject, z.ZodObject, ...z.ZodObject[]])).meta({ id: "Included" });

/** Top-level links of a collection page. */
export const CollectionLinksSchema = z
  .object({
    self: z.string(),
    current: z.string(),
    first: z.string().optional(),
    last: z.string().optional(),
    prev: z.string().optional(),
    next: z.string().optional(),
  })
  .meta({ id: "CollectionLinks" });

/** Top-level meta of a collection page. */
export const CollectionMetaSchema = z
  .object({
    size: z.int(),
    total: z.int(),
    pagination: z
      .object({ current: z.int(), next: z.int().optional(), last: z.int().optional(), records: z.int() })
      .optional()
      .meta({ description: "On tracking requests, parties and webhook notifications, as the live service writes it: next when a later page exists, last when there are records" }),
  })
  .meta({ id: "CollectionMeta" });

/** The schema of a single-resource document of a type. */
export function singleDocument(type: string): z.ZodObject {
  return z.object({ data: resourceSchemas[type]!, included: IncludedSchema.optional(), links: z.object({ self: z.string() }).optional() });
}

/** The schema of a collection document of a type. */
export function collectionDocument(type: string): z.ZodObject {
  return z.object({ data: z.array(resourceSchemas[type]!), included: IncludedSchema.optional(), links: CollectionLinksSchema, meta: CollectionMetaSchema });
}

/** The JSON:API error document. */
export const ErrorDocumentSchema = z
  .object({
    errors: z
      .array(
        z.object({
          status: z.string(),
          title: z.string(),
          detail: z.string(),
          code: z.enum(Object.keys(ERROR_CODES) as [ErrorCode, ...ErrorCode[]]).describe("The stable error code; see the error code table in docs/api.md."),
          source: z.union([z.object({ pointer: z.string() }), z.object({ parameter: z.string() })]).optional(),
          meta: z.record(z.string(), z.unknown()).optional(),
        }),
      )
      .min(1),
  })
  .meta({ id: "ErrorDocument" });
