import type {
  Account,
  ApiKey,
  Change,
  Container,
  MetroArea,
  Party,
  Port,
  RailTerminal,
  ShippingLine,
  Tariff,
  ExceptionRule,
  ShipmentException,
  Terminal,
  Vessel,
  CustomField,
  CustomFieldDefinition,
  CustomFieldOption,
  DomainEvent,
  RawEvent,
  Shipment,
  TrackingRequest,
  User,
  VesselPositionRecord,
  Webhook,
  WebhookNotification,
  WebhookNotificationAttempt,
  WebhookReplayRecord,
} from "@bollard/core";
import type { RefreshLogDay } from "@bollard/core/storage";
import type { Row, SqlDialect } from "./sql-dialect.js";
import { searchText } from "./sql-rows.js";
import { type RefreshLogTable, SEARCH_SEPARATOR, type TableName } from "./sql-schema.js";

/*
 * Record → row, one function per table: the indexed columns derived from the record, `doc` (its
 * JSON text) and the dialect's extra columns. Repositories and imports write through these, so a
 * copied row is exactly the row the adapter would have written.
 */

const doc = (record: unknown) => JSON.stringify(record);
const timeOrNull = (d: SqlDialect, value: string | null) => (value === null ? null : d.time(value));
/** The row with the dialect's extra columns of `table` appended. */
const withExtra = (d: SqlDialect, table: TableName, record: unknown, row: Row): Row => (d.extraColumns ? { ...row, ...d.extraColumns(table, record as never) } : row);

/** The row function of every table with records of its own (transport events: `SqlDialect.transportEvents`). */
export const rowsOf = {
  accounts: (a: Account, d: SqlDialect): Row => ({ id: a.id, company_name: a.company_name, created_at: d.time(a.created_at), doc: doc(a) }),
  users: (u: User, d: SqlDialect): Row => ({ id: u.id, account_id: u.account_id, created_at: d.time(u.created_at), doc: doc(u) }),
  api_keys: (k: ApiKey): Row => ({ id: k.id, account_id: k.account_id, key_hash: k.key_hash, last_used_at: k.last_used_at, revoked_at: k.revoked_at ?? null, doc: doc(k) }),
  ports: (p: Port): Row => ({ id: p.id, code: p.code, doc: doc(p) }),
  terminals: (t: Terminal): Row => ({ id: t.id, doc: doc(t) }),
  rail_terminals: (t: RailTerminal): Row => ({ id: t.id, doc: doc(t) }),
  metro_areas: (m: MetroArea): Row => ({ id: m.id, code: m.code, doc: doc(m) }),
  shipping_lines: (l: ShippingLine): Row => ({ id: l.id, scac: l.scac, doc: doc(l) }),
  vessels: (v: Vessel): Row => ({ id: v.id, imo: v.imo, mmsi: v.mmsi, doc: doc(v) }),
  // Columns, not a document: an AIS feed stores millions, and each is a few numbers.
  vessel_positions: (p: VesselPositionRecord, d: SqlDialect): Row => ({
    vessel_id: d.vesselPositions.vessel(p.vessel_id),
    timestamp: d.vesselPositions.time(p.timestamp),
    latitude: p.latitude,
    longitude: p.longitude,
    heading: p.heading,
    speed_knots: p.speed_knots,
    source: p.source,
  }),
  shipments: (s: Shipment, d: SqlDialect): Row =>
    withExtra(d, "shipments", s, {
      id: s.id,
      account_id: s.account_id,
      created_at: d.time(s.created_at),
      bl_number_lc: s.bill_of_lading_number.toLowerCase(),
      normalized_number_lc: s.normalized_number.toLowerCase(),
      tracking_stopped: d.flag(s.line_tracking_stopped_at !== null),
      search_text: searchText([s.bill_of_lading_number, ...s.ref_numbers], SEARCH_SEPARATOR),
      doc: doc(s),
    }),
  containers: (c: Container, d: SqlDialect): Row =>
    withExtra(d, "containers", c, {
      id: c.id,
      account_id: c.account_id,
      shipment_id: c.shipment_id,
      created_at: d.time(c.created_at),
      number_lc: c.number.toLowerCase(),
      doc: doc(c),
    }),
  raw_events: (e: RawEvent, d: SqlDialect): Row => ({ id: e.id, account_id: e.account_id, container_id: e.container_id, idx: e.index, created_at: d.time(e.created_at), doc: d.rawEventDoc?.(e) ?? doc(e) }),
  tracking_requests: (r: TrackingRequest, d: SqlDialect): Row => ({
    id: r.id,
    account_id: r.account_id,
    created_at: d.time(r.created_at),
    updated_at: d.time(r.updated_at),
    request_number_lc: r.request_number.toLowerCase(),
    status: r.status,
    scac: r.scac,
    next_attempt_at: timeOrNull(d, r.next_attempt_at),
    search_text: searchText([r.request_number, ...r.ref_numbers], SEARCH_SEPARATOR),
    doc: doc(r),
  }),
  custom_field_definitions: (f: CustomFieldDefinition, d: SqlDialect): Row => ({
    id: f.id,
    account_id: f.account_id,
    api_slug: f.api_slug,
    entity_type: f.entity_type,
    data_type: f.data_type,
    display_name_lc: f.display_name.toLowerCase(),
    created_at: d.time(f.created_at),
    doc: doc(f),
  }),
  custom_field_options: (o: CustomFieldOption, d: SqlDialect): Row => ({
    id: o.id,
    account_id: o.account_id,
    definition_id: o.definition_id,
    value: o.value,
    position: o.position,
    created_at: d.time(o.created_at),
    doc: doc(o),
  }),
  custom_fields: (f: CustomField, d: SqlDialect): Row =>
    withExtra(d, "custom_fields", f, {
      id: f.id,
      account_id: f.account_id,
      definition_id: f.definition_id,
      entity_type: f.entity_type,
      entity_id: f.entity_id,
      api_slug: f.api_slug,
      created_at: d.time(f.created_at),
      doc: doc(f),
    }),
  parties: (p: Party, d: SqlDialect): Row => ({ id: p.id, account_id: p.account_id, company_name: p.company_name, created_at: d.time(p.created_at), doc: doc(p) }),
  tariffs: (t: Tariff, d: SqlDialect): Row => ({ id: t.id, account_id: t.account_id, created_at: d.time(t.created_at), doc: doc(t) }),
  exception_rules: (r: ExceptionRule, d: SqlDialect): Row => ({ id: r.id, account_id: r.account_id, created_at: d.time(r.created_at), doc: doc(r) }),
  shipment_exceptions: (e: ShipmentException, d: SqlDialect): Row => ({
    id: e.id,
    account_id: e.account_id,
    shipment_id: e.shipment_id,
    container_id: e.container_id,
    kind: e.kind,
    status: e.status,
    raised_at: d.time(e.raised_at),
    created_at: d.time(e.created_at),
    doc: doc(e),
  }),
  webhooks: (w: Webhook, d: SqlDialect): Row => ({ id: w.id, account_id: w.account_id, active: d.flag(w.active), created_at: d.time(w.created_at), doc: doc(w) }),
  webhook_notifications: (n: WebhookNotification, d: SqlDialect): Row => ({
    id: n.id,
    account_id: n.account_id,
    webhook_id: n.webhook_id,
    delivery_status: n.delivery_status,
    next_attempt_at: timeOrNull(d, n.next_attempt_at),
    created_at: d.time(n.created_at),
    doc: doc(n),
  }),
  webhook_notification_attempts: (a: WebhookNotificationAttempt, d: SqlDialect): Row => ({
    id: a.id,
    notification_id: a.notification_id,
    attempted_at: d.time(a.attempted_at),
    doc: doc(a),
  }),
  webhook_replays: (r: WebhookReplayRecord, d: SqlDialect): Row => ({
    id: r.id,
    account_id: r.account_id,
    webhook_id: r.webhook_id,
    status: r.status,
    created_at: d.time(r.created_at),
    doc: doc(r),
  }),
  changes: (c: Change, d: SqlDialect): Row => ({
    id: c.id,
    account_id: c.account_id,
    resource_type: c.resource_type,
    resource_id: c.resource_id,
    learned_at: d.time(c.learned_at),
    doc: doc(c),
  }),
  refresh_log: (r: RefreshLogDay): RefreshLogTable & Row => ({
    account_id: r.account_id,
    shipment_id: r.shipment_id,
    day: r.day,
    attempted: r.attempted.join(","),
    succeeded: r.succeeded.join(","),
  }),
  domain_events: (e: DomainEvent, d: SqlDialect): Row => ({
    id: e.id,
    account_id: e.account_id,
    shipment_id: e.shipment_id,
    container_id: e.container_id,
    event: e.event,
    created_at: d.time(e.created_at),
    doc: doc(e),
  }),
};
