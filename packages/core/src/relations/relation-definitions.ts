import { DomainEventObjectTypeSchema } from "../domain/index.js";
import type { RecordRef, RecordType, RecordTypes } from "./record-types.js";

/** A to-one relation: the related record's id (and, when it can be of several types, its type) are fields of the record. */
export interface ToOneRelation<Types extends string = string> {
  /** Always `"one"`. */
  readonly kind: "one";
  /** The types the related record can have; the first is the default when the record names none. */
  readonly types: readonly Types[];
  /** The related record's type and id, read from the record's own fields; null when it has none. */
  linkage(record: object): RecordRef | null;
}

/** A to-many relation: the related records point back at the record (containers at their shipment). */
export interface ToManyRelation<Type extends string = string> {
  /** Always `"many"`. */
  readonly kind: "many";
  /** The one type the related records have. */
  readonly types: readonly [Type];
}

/** How one record type relates to another. */
export type Relation = ToOneRelation | ToManyRelation;

/** The keys of `R` whose values are ids or type names (strings, possibly null). */
export type IdField<R> = { [K in keyof R]-?: R[K] extends string | null ? K : never }[keyof R] & string;

/** Relation builders for records of type `R`, with the fields they read checked against `R`. */
export function relationBuilders<R extends object>(): {
  one<const T extends string>(types: T | readonly T[], idField: IdField<R>, typeField?: IdField<R>): ToOneRelation<T>;
  many<const T extends string>(type: T): ToManyRelation<T>;
} {
  return {
    /** A to-one relation read from `idField` (and `typeField` when the related record can be of several types). */
    one<const T extends string>(types: T | readonly T[], idField: IdField<R>, typeField?: IdField<R>): ToOneRelation<T> {
      const list: readonly T[] = typeof types === "string" ? [types] : types;
      const fallback = list[0]!;
      return {
        kind: "one",
        types: list,
        linkage(record) {
          const fields = record as Record<string, string | null | undefined>;
          const id = fields[idField];
          if (!id) return null;
          return { type: (typeField && fields[typeField]) || fallback, id };
        },
      };
    },
    /** A to-many relation to records of `type`. */
    many<const T extends string>(type: T): ToManyRelation<T> {
      return { kind: "many", types: [type] };
    },
  };
}

const shipment = relationBuilders<RecordTypes["shipment"]>();
const container = relationBuilders<RecordTypes["container"]>();
const transportEvent = relationBuilders<RecordTypes["transport_event"]>();
const rawEvent = relationBuilders<RecordTypes["raw_event"]>();
const port = relationBuilders<RecordTypes["port"]>();
const terminal = relationBuilders<RecordTypes["terminal"]>();
const railTerminal = relationBuilders<RecordTypes["rail_terminal"]>();
const trackingRequest = relationBuilders<RecordTypes["tracking_request"]>();
const option = relationBuilders<RecordTypes["custom_field_option"]>();
const definition = relationBuilders<RecordTypes["custom_field_definition"]>();
const customField = relationBuilders<RecordTypes["custom_field"]>();
const notification = relationBuilders<RecordTypes["webhook_notification"]>();
const attempt = relationBuilders<RecordTypes["webhook_notification_log"]>();
const change = relationBuilders<RecordTypes["change"]>();
const exception = relationBuilders<RecordTypes["exception"]>();
const bulkJob = relationBuilders<RecordTypes["bulk_job"]>();
const bulkJobRow = relationBuilders<RecordTypes["bulk_job_row"]>();

/**
 * How every record type relates to others, by relation name. The names are the JSON:API
 * relationship names, the `include` paths of a read, and the keys under which a read puts
 * related records (`shipment.containers`, `container.shipment`).
 */
export const RELATIONS = {
  shipment: {
    port_of_lading: shipment.one("port", "port_of_lading_id"),
    port_of_discharge: shipment.one("port", "port_of_discharge_id"),
    pod_terminal: shipment.one("terminal", "pod_terminal_id"),
    destination: shipment.one(["port", "metro_area"], "destination_id", "destination_type"),
    destination_terminal: shipment.one(["terminal", "rail_terminal"], "destination_terminal_id", "destination_terminal_type"),
    line_tracking_stopped_by_user: shipment.one("user", "line_tracking_stopped_by_user_id"),
    containers: shipment.many("container"),
  },
  container: {
    shipment: container.one("shipment", "shipment_id"),
    pickup_facility: container.one(["terminal", "rail_terminal"], "pickup_facility_id", "pickup_facility_type"),
    pod_terminal: container.one("terminal", "pod_terminal_id"),
    transport_events: container.many("transport_event"),
    raw_events: container.many("raw_event"),
  },
  transport_event: {
    shipment: transportEvent.one("shipment", "shipment_id"),
    container: transportEvent.one("container", "container_id"),
    vessel: transportEvent.one("vessel", "vessel_id"),
    location: transportEvent.one(["port", "metro_area"], "location_id", "location_type"),
    terminal: transportEvent.one(["terminal", "rail_terminal"], "terminal_id", "terminal_type"),
    source_event: transportEvent.one("raw_event", "raw_event_id"),
    previous_version: transportEvent.one("transport_event", "previous_version_id"),
  },
  raw_event: {
    location: rawEvent.one("port", "location_id"),
    vessel: rawEvent.one("vessel", "vessel_id"),
    container: rawEvent.one("container", "container_id"),
    terminal: rawEvent.one(["terminal", "rail_terminal"], "terminal_id", "terminal_type"),
  },
  vessel: {},
  port: { terminals: port.many("terminal") },
  terminal: { port: terminal.one("port", "port_id") },
  rail_terminal: { port: railTerminal.one("port", "port_id"), metro_area: railTerminal.one("metro_area", "metro_area_id") },
  metro_area: {},
  shipping_line: {},
  account: {},
  user: {},
  tracking_request: {
    tracked_object: trackingRequest.one("shipment", "tracked_object_id", "tracked_object_type"),
    customer: trackingRequest.one("party", "customer_id"),
    user: trackingRequest.one("user", "user_id"),
    account: trackingRequest.one("account", "account_id"),
  },
  party: {},
  tariff: {},
  exception_rule: {},
  exception: { shipment: exception.one("shipment", "shipment_id"), container: exception.one("container", "container_id") },
  bulk_job: { user: bulkJob.one("user", "user_id") },
  bulk_job_row: { tracking_request: bulkJobRow.one("tracking_request", "tracking_request_id") },
  custom_field_definition: {
    account: definition.one("account", "account_id"),
    options: definition.many("custom_field_option"),
    fields: definition.many("custom_field"),
  },
  custom_field_option: { definition: option.one("custom_field_definition", "definition_id") },
  custom_field: {
    entity: customField.one(["shipment", "container", "tracking_request"], "entity_id", "entity_type"),
    definition: customField.one("custom_field_definition", "definition_id"),
    updated_by_user: customField.one("user", "updated_by_user_id"),
  },
  webhook: {},
  webhook_notification: {
    webhook: notification.one("webhook", "webhook_id"),
    // The `*_event` objects exist only inside payloads; tracking requests and transport events are records.
    reference_object: notification.one(DomainEventObjectTypeSchema.options, "reference_object_id", "reference_object_type"),
    webhook_notification_logs: notification.many("webhook_notification_log"),
  },
  webhook_notification_log: { webhook_notification: attempt.one("webhook_notification", "notification_id") },
  change: { resource: change.one(["shipment", "container"], "resource_id", "resource_type") },
} as const satisfies Record<RecordType, Record<string, Relation>>;

/** The relations of one record type. */
export type RelationsOf<T extends RecordType> = (typeof RELATIONS)[T];

/** The relations of a type by name, for code that walks them at run time; undefined for an unknown type. */
export function relationsByType(type: string): Readonly<Record<string, Relation>> | undefined {
  return (RELATIONS as Record<string, Record<string, Relation>>)[type];
}
