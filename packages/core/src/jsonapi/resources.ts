import type { z } from "zod";
import {
  AccountAttributesSchema,
  ContainerAttributesSchema,
  CustomFieldAttributesSchema,
  CustomFieldDefinitionAttributesSchema,
  CustomFieldOptionAttributesSchema,
  MetroAreaAttributesSchema,
  PortAttributesSchema,
  RailTerminalAttributesSchema,
  RawEventAttributesSchema,
  ShipmentAttributesSchema,
  ShippingLineAttributesSchema,
  TerminalAttributesSchema,
  TrackingRequestAttributesSchema,
  TransportEventAttributesSchema,
  UserAttributesSchema,
  VesselAttributesSchema,
  WebhookAttributesSchema,
  DomainEventObjectTypeSchema,
  type Account,
  type Container,
  type CustomField,
  type CustomFieldDefinition,
  type CustomFieldOption,
  type MetroArea,
  type Port,
  type RailTerminal,
  type RawEvent,
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
import { WEBHOOK_EXTRA_RESOURCES, WebhookNotificationResourceAttributesSchema } from "../webhooks/webhook-resources.js";
import type { ResourceRegistry } from "./include.js";
import { defineResource, toOne, type ResourceDefinition } from "./resource-definition.js";

const keys = <T>(schema: z.ZodObject) => Object.keys(schema.shape) as (keyof T & string)[];
const LOCATION = ["port", "metro_area"] as const;
const TERMINAL = ["terminal", "rail_terminal"] as const;

/** The shipment resource: spec attributes, seven relationships, `links.self`. */
export const shipmentResource = defineResource<Shipment>({
  type: "shipment",
  attributes: keys<Shipment>(ShipmentAttributesSchema),
  relationships: {
    port_of_lading: { kind: "one", types: ["port"], linkage: (s) => toOne("port", s.port_of_lading_id) },
    port_of_discharge: { kind: "one", types: ["port"], linkage: (s) => toOne("port", s.port_of_discharge_id) },
    pod_terminal: { kind: "one", types: ["terminal"], linkage: (s) => toOne("terminal", s.pod_terminal_id) },
    destination: { kind: "one", types: LOCATION, linkage: (s) => toOne(s.destination_type ?? "port", s.destination_id) },
    destination_terminal: {
      kind: "one",
      types: TERMINAL,
      linkage: (s) => toOne(s.destination_terminal_type ?? "terminal", s.destination_terminal_id),
    },
    line_tracking_stopped_by_user: { kind: "one", types: ["user"], linkage: (s) => toOne("user", s.line_tracking_stopped_by_user_id) },
    containers: { kind: "many", types: ["container"] },
  },
  selfLink: (s) => `/v2/shipments/${s.id}`,
});

/** The container resource. */
export const containerResource = defineResource<Container>({
  type: "container",
  attributes: keys<Container>(ContainerAttributesSchema),
  relationships: {
    shipment: { kind: "one", types: ["shipment"], linkage: (c) => toOne("shipment", c.shipment_id) },
    pickup_facility: { kind: "one", types: ["terminal"], linkage: (c) => toOne("terminal", c.pickup_facility_id) },
    pod_terminal: { kind: "one", types: ["terminal"], linkage: (c) => toOne("terminal", c.pod_terminal_id) },
    transport_events: { kind: "many", types: ["transport_event"] },
    raw_events: { kind: "many", types: ["raw_event"] },
  },
});

/** The transport event resource. */
export const transportEventResource = defineResource<TransportEvent>({
  type: "transport_event",
  attributes: keys<TransportEvent>(TransportEventAttributesSchema),
  relationships: {
    shipment: { kind: "one", types: ["shipment"], linkage: (e) => toOne("shipment", e.shipment_id) },
    container: { kind: "one", types: ["container"], linkage: (e) => toOne("container", e.container_id) },
    vessel: { kind: "one", types: ["vessel"], linkage: (e) => toOne("vessel", e.vessel_id) },
    location: { kind: "one", types: LOCATION, linkage: (e) => toOne(e.location_type ?? "port", e.location_id) },
    terminal: { kind: "one", types: TERMINAL, linkage: (e) => toOne(e.terminal_type ?? "terminal", e.terminal_id) },
  },
});

/** The raw event resource (deprecated upstream, kept for compatibility). */
export const rawEventResource = defineResource<RawEvent>({
  type: "raw_event",
  attributes: keys<RawEvent>(RawEventAttributesSchema),
  relationships: {
    location: { kind: "one", types: ["port"], linkage: (e) => toOne("port", e.location_id) },
    vessel: { kind: "one", types: ["vessel"], linkage: (e) => toOne("vessel", e.vessel_id) },
  },
});

/** The vessel resource (positions are added by the vessel endpoints). */
export const vesselResource = defineResource<Vessel>({ type: "vessel", attributes: keys<Vessel>(VesselAttributesSchema), relationships: {} });

/** The port resource. */
export const portResource = defineResource<Port>({ type: "port", attributes: keys<Port>(PortAttributesSchema), relationships: {} });

/** The terminal resource. */
export const terminalResource = defineResource<Terminal>({
  type: "terminal",
  attributes: keys<Terminal>(TerminalAttributesSchema),
  relationships: { port: { kind: "one", types: ["port"], linkage: (t) => toOne("port", t.port_id) } },
});

/** The rail terminal resource. */
export const railTerminalResource = defineResource<RailTerminal>({
  type: "rail_terminal",
  attributes: keys<RailTerminal>(RailTerminalAttributesSchema),
  relationships: {
    port: { kind: "one", types: ["port"], linkage: (t) => toOne("port", t.port_id) },
    metro_area: { kind: "one", types: ["metro_area"], linkage: (t) => toOne("metro_area", t.metro_area_id) },
  },
});

/** The metro area resource. */
export const metroAreaResource = defineResource<MetroArea>({ type: "metro_area", attributes: keys<MetroArea>(MetroAreaAttributesSchema), relationships: {} });

/** The shipping line resource. */
export const shippingLineResource = defineResource<ShippingLine>({
  type: "shipping_line",
  attributes: keys<ShippingLine>(ShippingLineAttributesSchema),
  relationships: {},
});

/** The account resource (included with tracking requests; carries `company_name`). */
export const accountResource = defineResource<Account>({ type: "account", attributes: keys<Account>(AccountAttributesSchema), relationships: {} });

/** The user resource. */
export const userResource = defineResource<User>({ type: "user", attributes: keys<User>(UserAttributesSchema), relationships: {} });

/** The tracking request resource: `tracked_object` (the shipment), `customer`, and the account, user and line behind it. */
export const trackingRequestResource = defineResource<TrackingRequest>({
  type: "tracking_request",
  attributes: keys<TrackingRequest>(TrackingRequestAttributesSchema),
  relationships: {
    tracked_object: { kind: "one", types: ["shipment"], linkage: (t) => toOne(t.tracked_object_type ?? "shipment", t.tracked_object_id) },
    customer: { kind: "one", types: ["party"], linkage: (t) => toOne("party", t.customer_id) },
    user: { kind: "one", types: ["user"], linkage: (t) => toOne("user", t.user_id) },
    account: { kind: "one", types: ["account"], linkage: (t) => toOne("account", t.account_id) },
  },
  selfLink: (t) => `/v2/tracking_requests/${t.id}`,
});

/** The custom field definition resource. */
export const customFieldDefinitionResource = defineResource<CustomFieldDefinition>({
  type: "custom_field_definition",
  attributes: keys<CustomFieldDefinition>(CustomFieldDefinitionAttributesSchema),
  relationships: { options: { kind: "many", types: ["custom_field_option"] } },
});

/** The custom field option resource. */
export const customFieldOptionResource = defineResource<CustomFieldOption>({
  type: "custom_field_option",
  attributes: keys<CustomFieldOption>(CustomFieldOptionAttributesSchema),
  relationships: {
    definition: { kind: "one", types: ["custom_field_definition"], linkage: (o) => toOne("custom_field_definition", o.definition_id) },
  },
});

/** The custom field (value) resource: its entity, its definition and the user who last updated it. */
export const customFieldResource = defineResource<CustomField>({
  type: "custom_field",
  attributes: keys<CustomField>(CustomFieldAttributesSchema),
  relationships: {
    entity: { kind: "one", types: ["shipment", "container", "tracking_request"], linkage: (f) => toOne(f.entity_type, f.entity_id) },
    definition: { kind: "one", types: ["custom_field_definition"], linkage: (f) => toOne("custom_field_definition", f.definition_id) },
    updated_by_user: { kind: "one", types: ["user"], linkage: (f) => toOne("user", f.updated_by_user_id) },
  },
});

/** The webhook resource. */
export const webhookResource = defineResource<Webhook>({ type: "webhook", attributes: keys<Webhook>(WebhookAttributesSchema), relationships: {} });

/** The webhook notification resource: delivery status and bookkeeping, with its attempts as `webhook_notification_logs`. */
export const webhookNotificationResource = defineResource<WebhookNotification>({
  type: "webhook_notification",
  attributes: keys<WebhookNotification>(WebhookNotificationResourceAttributesSchema),
  relationships: {
    webhook: { kind: "one", types: ["webhook"], linkage: (n) => toOne("webhook", n.webhook_id) },
    reference_object: { kind: "one", types: DomainEventObjectTypeSchema.options, linkage: (n) => toOne(n.reference_object_type, n.reference_object_id) },
    webhook_notification_logs: { kind: "many", types: ["webhook_notification_log"] },
  },
});

/** Every resource definition Bollard serves, by type. */
export const resourceRegistry: ResourceRegistry = new Map<string, ResourceDefinition>(
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
    customFieldDefinitionResource,
    customFieldOptionResource,
    customFieldResource,
    webhookResource,
    webhookNotificationResource,
    ...WEBHOOK_EXTRA_RESOURCES,
  ].map((definition) => [definition.type, definition as ResourceDefinition]),
);
