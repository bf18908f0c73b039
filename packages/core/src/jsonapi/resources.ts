import type { z } from "zod";
import {
  AccountAttributesSchema,
  BulkJobAttributesSchema,
  BulkJobRowAttributesSchema,
  ChangeAttributesSchema,
  ContainerAttributesSchema,
  CustomFieldAttributesSchema,
  CustomFieldDefinitionAttributesSchema,
  CustomFieldOptionAttributesSchema,
  MetroAreaAttributesSchema,
  PartyAttributesSchema,
  TariffServedAttributesSchema,
  ExceptionRuleServedAttributesSchema,
  ShipmentExceptionAttributesSchema,
  PortAttributesSchema,
  RailTerminalAttributesSchema,
  RawEventAttributesSchema,
  SearchResultAttributesSchema,
  ShipmentAttributesSchema,
  ShippingLineAttributesSchema,
  TerminalAttributesSchema,
  TrackingRequestAttributesSchema,
  TransportEventAttributesSchema,
  UserAttributesSchema,
  VesselAttributesSchema,
  WebhookAttributesSchema,
  type Account,
  type BulkJob,
  type ServedBulkJobRow,
  type Change,
  type Container,
  type CustomField,
  type CustomFieldDefinition,
  type CustomFieldOption,
  type MetroArea,
  type Party,
  type Tariff,
  type ExceptionRule,
  type ShipmentException,
  type Port,
  type RailTerminal,
  type RawEvent,
  type SearchResult,
  type Shipment,
  type ShippingLine,
  type Terminal,
  type TrackingRequest,
  type TransportEvent,
  type User,
  type Vessel,
  type Webhook,
  type WebhookNotification,
} from "../domain/index.js";
import { WEBHOOK_EXTRA_RESOURCES, WebhookNotificationResourceAttributesSchema } from "./webhook-resources.js";
import { RELATIONS } from "../relations/relation-definitions.js";
import { defineResource, type ResourceDefinition } from "./resource-definition.js";

const keys = <T>(schema: z.ZodObject) => Object.keys(schema.shape) as (keyof T & string)[];

/** The shipment resource: spec attributes, seven relationships (the containers' linkage always), `links.self`. */
export const shipmentResource = defineResource<Shipment>({
  type: "shipment",
  attributes: keys<Shipment>(ShipmentAttributesSchema),
  relationships: RELATIONS.shipment,
  linked: ["containers"],
  selfLink: (s) => `/v2/shipments/${s.id}`,
});

/** The container resource: five relationships, the linkage of its transport and raw events always. */
export const containerResource = defineResource<Container>({
  type: "container",
  attributes: keys<Container>(ContainerAttributesSchema),
  relationships: RELATIONS.container,
  linked: ["transport_events", "raw_events"],
});

/** The transport event resource. */
export const transportEventResource = defineResource<TransportEvent>({
  type: "transport_event",
  attributes: keys<TransportEvent>(TransportEventAttributesSchema),
  relationships: RELATIONS.transport_event,
});

/** The raw event resource (deprecated upstream, kept for compatibility). */
export const rawEventResource = defineResource<RawEvent>({ type: "raw_event", attributes: keys<RawEvent>(RawEventAttributesSchema), relationships: RELATIONS.raw_event });

/** The vessel resource (positions are added by the vessel endpoints). */
export const vesselResource = defineResource<Vessel>({ type: "vessel", attributes: keys<Vessel>(VesselAttributesSchema), relationships: RELATIONS.vessel });

/**
 * The port resource: the linkage of its `terminals` always, and its coordinates as decimal strings,
 * as the live service gives them; the record's `provided_data` stays off the wire (the live port has none).
 */
export const portResource = defineResource<Port>({
  type: "port",
  attributes: keys<Port>(PortAttributesSchema).filter((key) => key !== "provided_data"),
  relationships: RELATIONS.port,
  linked: ["terminals"],
  decimalText: ["latitude", "longitude"],
});

/** The terminal resource. */
export const terminalResource = defineResource<Terminal>({ type: "terminal", attributes: keys<Terminal>(TerminalAttributesSchema), relationships: RELATIONS.terminal });

/** The rail terminal resource. */
export const railTerminalResource = defineResource<RailTerminal>({
  type: "rail_terminal",
  attributes: keys<RailTerminal>(RailTerminalAttributesSchema),
  relationships: RELATIONS.rail_terminal,
});

/** The metro area resource. */
export const metroAreaResource = defineResource<MetroArea>({ type: "metro_area", attributes: keys<MetroArea>(MetroAreaAttributesSchema), relationships: RELATIONS.metro_area });

/** The shipping line resource. */
export const shippingLineResource = defineResource<ShippingLine>({
  type: "shipping_line",
  attributes: keys<ShippingLine>(ShippingLineAttributesSchema),
  relationships: RELATIONS.shipping_line,
});

/** The account resource (included with tracking requests; carries `company_name`). */
export const accountResource = defineResource<Account>({ type: "account", attributes: keys<Account>(AccountAttributesSchema), relationships: RELATIONS.account });

/** The user resource. */
export const userResource = defineResource<User>({ type: "user", attributes: keys<User>(UserAttributesSchema), relationships: RELATIONS.user });

/** The tracking request resource: `tracked_object` (the shipment), `customer`, and the account, user and line behind it. */
export const trackingRequestResource = defineResource<TrackingRequest>({
  type: "tracking_request",
  attributes: keys<TrackingRequest>(TrackingRequestAttributesSchema),
  relationships: RELATIONS.tracking_request,
  selfLink: (t) => `/v2/tracking_requests/${t.id}`,
});

/** The party resource: a customer of the account (`company_name`), with `links.self`. */
export const partyResource = defineResource<Party>({
  type: "party",
  attributes: keys<Party>(PartyAttributesSchema),
  relationships: RELATIONS.party,
  selfLink: (p) => `/v2/parties/${p.id}`,
});

/** The tariff resource (a Bollard extension): a rule of free time and daily rates, with `links.self`. */
export const tariffResource = defineResource<Tariff>({
  type: "tariff",
  attributes: keys<Tariff>(TariffServedAttributesSchema),
  relationships: RELATIONS.tariff,
  selfLink: (t) => `/v2/tariffs/${t.id}`,
});

/** The exception rule resource (a Bollard extension): a kind's threshold in the account, with `links.self`. */
export const exceptionRuleResource = defineResource<ExceptionRule>({
  type: "exception_rule",
  attributes: keys<ExceptionRule>(ExceptionRuleServedAttributesSchema),
  relationships: RELATIONS.exception_rule,
  selfLink: (r) => `/v2/exception_rules/${r.id}`,
});

/** The exception resource (a Bollard extension): a condition a rule raised on a shipment or container, open or cleared, with `links.self`. */
export const exceptionResource = defineResource<ShipmentException>({
  type: "exception",
  attributes: keys<ShipmentException>(ShipmentExceptionAttributesSchema),
  relationships: RELATIONS.exception,
  selfLink: (e) => `/v2/exceptions/${e.id}`,
});

/**
 * The custom field definition resource: the linkage of its options and of the values that use it
 * (`fields`) always, as the live service gives them. Like a container's events, those values count
 * against one read's include budget (`MAX_INCLUDED_RESOURCES`).
 */
export const customFieldDefinitionResource = defineResource<CustomFieldDefinition>({
  type: "custom_field_definition",
  attributes: keys<CustomFieldDefinition>(CustomFieldDefinitionAttributesSchema),
  verbatim: ["default_value", "validation"],
  relationships: RELATIONS.custom_field_definition,
  linked: ["options", "fields"],
});

/** The custom field option resource. */
export const customFieldOptionResource = defineResource<CustomFieldOption>({
  type: "custom_field_option",
  attributes: keys<CustomFieldOption>(CustomFieldOptionAttributesSchema),
  relationships: RELATIONS.custom_field_option,
});

/** The custom field (value) resource: its entity, its definition and the user who last updated it. */
export const customFieldResource = defineResource<CustomField>({
  type: "custom_field",
  attributes: keys<CustomField>(CustomFieldAttributesSchema),
  verbatim: ["value", "display_value"],
  relationships: RELATIONS.custom_field,
});

/** The webhook resource. */
export const webhookResource = defineResource<Webhook>({ type: "webhook", attributes: keys<Webhook>(WebhookAttributesSchema), relationships: RELATIONS.webhook });

/** The webhook notification resource: delivery status and bookkeeping, with its attempts as `webhook_notification_logs`. */
export const webhookNotificationResource = defineResource<WebhookNotification>({
  type: "webhook_notification",
  attributes: keys<WebhookNotification>(WebhookNotificationResourceAttributesSchema),
  relationships: RELATIONS.webhook_notification,
});

/** The search result resource (`GET /v2/search`): a shipment or a container found by number, with no relationships. */
export const searchResultResource = defineResource<SearchResult>({ type: "search_result", attributes: keys<SearchResult>(SearchResultAttributesSchema), relationships: {} });

/** The change resource (`GET /v2/shipments/{id}/changes`): one attribute's before and after, its source and when Bollard learned it; `resource` is the shipment or container. */
export const changeResource = defineResource<Change>({ type: "change", attributes: keys<Change>(ChangeAttributesSchema), relationships: RELATIONS.change });

/** The bulk job resource (a Bollard extension): an import's progress, counts and column mapping, with `links.self`. */
export const bulkJobResource = defineResource<BulkJob>({
  type: "bulk_job",
  attributes: keys<BulkJob>(BulkJobAttributesSchema),
  relationships: RELATIONS.bulk_job,
  selfLink: (job) => `/v2/bulk_jobs/${job.id}`,
});

/** A row of a bulk job (a Bollard extension): what it asked for and what became of it; `tracking_request` is the request it created or duplicates. */
export const bulkJobRowResource = defineResource<ServedBulkJobRow>({
  type: "bulk_job_row",
  attributes: keys<ServedBulkJobRow>(BulkJobRowAttributesSchema),
  verbatim: ["input"],
  relationships: RELATIONS.bulk_job_row,
});

/** Every resource definition Bollard serves, by type. */
export const resourceRegistry: ReadonlyMap<string, ResourceDefinition> = new Map<string, ResourceDefinition>(
  [
    shipmentResource,
    containerResource,
    transportEventResource,
    rawEventResource,
    vesselResource,
    portResource,
    terminalResource,
    railTerminalResource,
    metroAreaResource,
    shippingLineResource,
    accountResource,
    userResource,
    trackingRequestResource,
    partyResource,
    tariffResource,
    exceptionRuleResource,
    exceptionResource,
    customFieldDefinitionResource,
    customFieldOptionResource,
    customFieldResource,
    webhookResource,
    webhookNotificationResource,
    searchResultResource,
    changeResource,
    bulkJobResource,
    bulkJobRowResource,
    ...WEBHOOK_EXTRA_RESOURCES,
  ].map((definition) => [definition.type, definition as ResourceDefinition]),
);
