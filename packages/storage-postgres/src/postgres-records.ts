import type { Account, ApiKey, MetroArea, Port, RailTerminal, ShippingLine, Terminal, Vessel, Container, CustomField, CustomFieldDefinition, CustomFieldOption, DomainEvent, RawEvent, Shipment, TrackingRequest, TransportEvent, User, VesselPositionRecord, Webhook, WebhookNotification, WebhookNotificationAttempt } from "@bollard/core";
import { pgTime, pgTimeOrNull, searchText } from "./postgres-rows.js";
import { SEARCH_SEPARATOR, type TableName } from "./postgres-schema.js";

/*
 * Record → row, one function per table: the indexed columns derived from the record and `doc`,
 * its JSON text. The repositories write through these, and so does the SQLite import, so a copied
 * row is exactly the row the adapter would have written.
 */

/** The row of a record as `insert` writes it. */
export type Row = Record<string, unknown>;

const doc = (record: unknown) => JSON.stringify(record);

/** `stored_value` when it is a decimal that fits `numeric(18, 6)`, else null. */
function exactNumber(field: CustomField): string | null {
  const text = field.stored_value;
  return typeof field.value === "number" && text !== null && /^-?\d{1,12}(\.\d{1,6})?$/.test(text) ? text : null;
}

/** The row function of every table. */
export const rows = {
  accounts: (a: Account): Row => ({ id: a.id, company_name: a.company_name, created_at: pgTime(a.created_at), doc: doc(a) }),
  users: (u: User): Row => ({ id: u.id, account_id: u.account_id, created_at: pgTime(u.created_at), doc: doc(u) }),
  api_keys: (k: ApiKey): Row => ({ id: k.id, account_id: k.account_id, key_hash: k.key_hash, doc: doc(k) }),
  ports: (p: Port): Row => ({ id: p.id, code: p.code, doc: doc(p) }),
  terminals: (t: Terminal): Row => ({ id: t.id, doc: doc(t) }),
  rail_terminals: (t: RailTerminal): Row => ({ id: t.id, doc: doc(t) }),
  metro_areas: (m: MetroArea): Row => ({ id: m.id, code: m.code, doc: doc(m) }),
  shipping_lines: (l: ShippingLine): Row => ({ id: l.id, scac: l.scac, doc: doc(l) }),
  vessels: (v: Vessel): Row => ({ id: v.id, imo: v.imo, mmsi: v.mmsi, doc: doc(v) }),
  vessel_positions: (p: VesselPositionRecord): Row => ({ vessel_id: p.vessel_id, timestamp: pgTime(p.timestamp), doc: doc(p) }),
  shipments: (s: Shipment): Row => ({
    id: s.id,
    account_id: s.account_id,
    created_at: pgTime(s.created_at),
    bl_number_lc: s.bill_of_lading_number.toLowerCase(),
    normalized_number_lc: s.normalized_number.toLowerCase(),
    tracking_stopped: s.line_tracking_stopped_at !== null,
    search_text: searchText([s.bill_of_lading_number, ...s.ref_numbers], SEARCH_SEPARATOR),
    doc: doc(s),
  }),
  containers: (c: Container): Row => ({
    id: c.id,
    account_id: c.account_id,
    shipment_id: c.shipment_id,
    created_at: pgTime(c.created_at),
    number_lc: c.number.toLowerCase(),
    doc: doc(c),
  }),
  transport_events: (e: TransportEvent): Row => ({
    id: e.id,
    account_id: e.account_id,
    container_id: e.container_id,
    timestamp: pgTimeOrNull(e.timestamp),
    created_at: pgTime(e.created_at),
    doc: doc(e),
  }),
  raw_events: (e: RawEvent): Row => ({ id: e.id, account_id: e.account_id, container_id: e.container_id, idx: e.index, created_at: pgTime(e.created_at), doc: doc(e) }),
  tracking_requests: (r: TrackingRequest): Row => ({
    id: r.id,
    account_id: r.account_id,
    created_at: pgTime(r.created_at),
    updated_at: pgTime(r.updated_at),
    request_number_lc: r.request_number.toLowerCase(),
    status: r.status,
    scac: r.scac,
    next_attempt_at: pgTimeOrNull(r.next_attempt_at),
    search_text: searchText([r.request_number, ...r.ref_numbers], SEARCH_SEPARATOR),
    doc: doc(r),
  }),
  custom_field_definitions: (d: CustomFieldDefinition): Row => ({
    id: d.id,
    account_id: d.account_id,
    api_slug: d.api_slug,
    entity_type: d.entity_type,
    data_type: d.data_type,
    display_name_lc: d.display_name.toLowerCase(),
    created_at: pgTime(d.created_at),
    doc: doc(d),
  }),
  custom_field_options: (o: CustomFieldOption): Row => ({
    id: o.id,
    account_id: o.account_id,
    definition_id: o.definition_id,
    value: o.value,
    position: o.position,
    created_at: pgTime(o.created_at),
    doc: doc(o),
  }),
  custom_fields: (f: CustomField): Row => ({
    id: f.id,
    account_id: f.account_id,
    definition_id: f.definition_id,
    entity_type: f.entity_type,
    entity_id: f.entity_id,
    api_slug: f.api_slug,
    number_value: exactNumber(f),
    created_at: pgTime(f.created_at),
    doc: doc(f),
  }),
  webhooks: (w: Webhook): Row => ({ id: w.id, account_id: w.account_id, active: w.active, created_at: pgTime(w.created_at), doc: doc(w) }),
  webhook_notifications: (n: WebhookNotification): Row => ({
    id: n.id,
    account_id: n.account_id,
    webhook_id: n.webhook_id,
    delivery_status: n.delivery_status,
    next_attempt_at: pgTimeOrNull(n.next_attempt_at),
    created_at: pgTime(n.created_at),
    doc: doc(n),
  }),
  webhook_notification_attempts: (a: WebhookNotificationAttempt): Row => ({
    id: a.id,
    notification_id: a.notification_id,
    attempted_at: pgTime(a.attempted_at),
    doc: doc(a),
  }),
  domain_events: (e: DomainEvent): Row => ({
    id: e.id,
    account_id: e.account_id,
    shipment_id: e.shipment_id,
    container_id: e.container_id,
    event: e.event,
    created_at: pgTime(e.created_at),
    doc: doc(e),
  }),
  meta: (entry: { key: string; value: string }): Row => ({ key: entry.key, value: entry.value }),
} satisfies Record<TableName, (record: never) => Row>;
