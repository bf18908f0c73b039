import type {
  Account,
  BulkJob,
  ServedBulkJobRow,
  Change,
  Container,
  CustomField,
  CustomFieldDefinition,
  CustomFieldOption,
  MetroArea,
  Party,
  Tariff,
  ExceptionRule,
  ShipmentException,
  Port,
  RailTerminal,
  RawEvent,
  Shipment,
  ShippingLine,
  Terminal,
  TrackingRequest,
  TransportEvent,
  User,
  Vessel,
  Webhook,
  WebhookNotification,
  WebhookNotificationAttempt,
} from "../domain/index.js";

/** The record of each type a session can read, by the type's name (the JSON:API `type`). */
export interface RecordTypes {
  /** A shipment. */
  shipment: Shipment;
  /** A container. */
  container: Container;
  /** A normalized transport event. */
  transport_event: TransportEvent;
  /** A raw carrier event. */
  raw_event: RawEvent;
  /** A vessel. */
  vessel: Vessel;
  /** A port. */
  port: Port;
  /** A terminal. */
  terminal: Terminal;
  /** A rail terminal. */
  rail_terminal: RailTerminal;
  /** A metro area. */
  metro_area: MetroArea;
  /** A shipping line. */
  shipping_line: ShippingLine;
  /** The session's account. */
  account: Account;
  /** A user of the account. */
  user: User;
  /** A tracking request. */
  tracking_request: TrackingRequest;
  /** A party: a customer of the account, the `customer` of tracking requests. */
  party: Party;
  /** A tariff rule: free time and daily rates for demurrage, detention or storage. */
  tariff: Tariff;
  /** An exception rule: a kind's threshold in an account. */
  exception_rule: ExceptionRule;
  /** An exception raised on a shipment or one of its containers by a rule. */
  exception: ShipmentException;
  /** A bulk job (an import). */
  bulk_job: BulkJob;
  /** A row of a bulk job, with the id it is served under. */
  bulk_job_row: ServedBulkJobRow;
  /** A custom field definition. */
  custom_field_definition: CustomFieldDefinition;
  /** An option of an enum or enum_multi custom field definition. */
  custom_field_option: CustomFieldOption;
  /** A custom field value. */
  custom_field: CustomField;
  /** A webhook subscription. */
  webhook: Webhook;
  /** A webhook notification (the outbox and its delivery log). */
  webhook_notification: WebhookNotification;
  /** One delivery attempt of a webhook notification. */
  webhook_notification_log: WebhookNotificationAttempt;
  /** One change of one attribute of a shipment or container (its history). */
  change: Change;
}

/** The name of a record type, e.g. `"shipment"`. */
export type RecordType = keyof RecordTypes;

/** A reference to one record: its type and id. */
export interface RecordRef {
  /** The record's type, e.g. `"port"`. */
  type: string;
  /** The record's id. */
  id: string;
}
