import Big from "big.js";
import { formatMoney } from "../demurrage/container-demurrage.js";
import type { Container, ContainerDemurrage, CustomField, CustomFieldValue, Money, Shipment, Terminal, TrackingRequest, TransportEvent, Vessel } from "../domain/index.js";
import { wireTimestamp } from "../jsonapi/wire-time.js";
import type { ExportCell } from "./table-writer.js";

/*
 * The columns of exports (`session.containers.export()`, `GET /v2/containers/export`, `bollard
 * export`): names in snake_case that are never renamed (new columns may be added), each with what it
 * holds. Pure: a row's records are read beforehand, a page at a time, by `export-records.ts`.
 * Timestamps are written as the API writes them (whole seconds, `Z`), lists joined with ", ",
 * money as "amount currency" (`450.00 USD`), one per currency.
 */

/** A column of an export: its stable name and what it holds. */
export interface ExportColumnInfo {
  /** The header (and the key in NDJSON): snake_case, never renamed. */
  readonly name: string;
  /** What the column holds. */
  readonly description: string;
}

/** A column and how its cell is read from one row's records. */
export interface ExportColumn<R> extends ExportColumnInfo {
  /** The row's cell; null for an empty one. */
  readonly cell: (row: R) => ExportCell;
}

/** The custom field values of a row's record, by `api_slug`. */
export interface WithCustomFields {
  /** The record's custom field values by `api_slug`. */
  readonly customFields: ReadonlyMap<string, CustomField>;
}

/** What one row of a container export is read from. */
export interface ContainerExportRecord extends WithCustomFields {
  /** The container. */
  readonly container: Container;
  /** Its shipment (null only if the shipment is gone). */
  readonly shipment: Shipment | null;
  /** The terminal at its port of discharge, when known. */
  readonly terminal: Terminal | null;
  /** Its demurrage and detention, as `GET /v2/containers/{id}/demurrage` works it out. */
  readonly demurrage: ContainerDemurrage | null;
}

/** What one row of a shipment export is read from. */
export interface ShipmentExportRecord extends WithCustomFields {
  /** The shipment. */
  readonly shipment: Shipment;
  /** How many containers it has. */
  readonly containers: number;
}

/** What one row of a transport event export is read from. */
export interface TransportEventExportRecord {
  /** The event. */
  readonly event: TransportEvent;
  /** Its container. */
  readonly container: Container | null;
  /** The vessel it names, when it names one. */
  readonly vessel: Vessel | null;
}

const time = (value: string | null): string | null => (value === null ? null : wireTimestamp(value));
const list = (values: readonly string[] | null): string | null => (values === null || values.length === 0 ? null : values.join(", "));
const money = (amounts: readonly Money[]): string | null => list(amounts.map((amount) => `${amount.amount} ${amount.currency}`));

/** Sums amounts per currency, currencies in alphabetical order. */
function sums(amounts: readonly { amount: Big.BigSource; currency: string }[]): Money[] {
  const totals = new Map<string, Big>();
  for (const { amount, currency } of amounts) totals.set(currency, (totals.get(currency) ?? new Big(0)).plus(amount));
  return [...totals].sort(([a], [b]) => (a < b ? -1 : 1)).map(([currency, amount]) => ({ amount: formatMoney(amount), currency }));
}

/** The fees at the POD terminal: the terminal's `total`, else the sum of its fees. */
function feesTotal(container: Container): string | null {
  const fees = container.fees_at_pod_terminal;
  const totals = fees.filter((fee) => fee.type === "total");
  return money(sums((totals.length > 0 ? totals : fees).map((fee) => ({ amount: fee.amount, currency: fee.currency_code }))));
}

/** The sum of one figure (`accrued` or `projected`) over the charges whose rate is known. */
function charges(demurrage: ContainerDemurrage | null, figure: "accrued" | "projected"): string | null {
  if (demurrage === null) return null;
  return money(sums(demurrage.charges.flatMap((charge) => (charge[figure] === null ? [] : [charge[figure]]))));
}

/** The columns of a container export (`CONTAINER_EXPORT_COLUMNS`), then the account's container (Cargo) custom fields. */
export const CONTAINER_COLUMNS: readonly ExportColumn<ContainerExportRecord>[] = [
  { name: "id", description: "The container's id", cell: (r) => r.container.id },
  { name: "number", description: "The container number (ISO 6346)", cell: (r) => r.container.number },
  { name: "shipment_id", description: "The id of the container's shipment", cell: (r) => r.container.shipment_id },
  { name: "bill_of_lading_number", description: "The shipment's bill of lading number", cell: (r) => r.shipment?.bill_of_lading_number ?? null },
  { name: "shipping_line_scac", description: "The shipment's shipping line (SCAC)", cell: (r) => r.shipment?.shipping_line_scac ?? null },
  { name: "equipment_type", description: "`equipment_type`: dry, reefer, open top, flat rack, bulk, tank", cell: (r) => r.container.equipment_type },
  { name: "equipment_length", description: "`equipment_length`, in feet (a number)", cell: (r) => r.container.equipment_length },
  { name: "current_status", description: "`current_status`: where the container is in its journey", cell: (r) => r.container.current_status },
  { name: "pod_locode", description: "UN/LOCODE of the shipment's port of discharge (`port_of_discharge_locode`)", cell: (r) => r.shipment?.port_of_discharge_locode ?? null },
  { name: "pod_terminal", description: "The name of the terminal at the port of discharge", cell: (r) => r.terminal?.name ?? null },
  { name: "pod_eta_at", description: "The shipment's estimated arrival at the port of discharge (`pod_eta_at`)", cell: (r) => time(r.shipment?.pod_eta_at ?? null) },
  { name: "pod_arrived_at", description: "`pod_arrived_at`: when the vessel arrived at the port of discharge", cell: (r) => time(r.container.pod_arrived_at) },
  { name: "pod_discharged_at", description: "`pod_discharged_at`: when the container was discharged", cell: (r) => time(r.container.pod_discharged_at) },
  { name: "pickup_lfd", description: "`pickup_lfd`: the reported last free day for pickup", cell: (r) => time(r.container.pickup_lfd) },
  { name: "pickup_appointment_at", description: "`pickup_appointment_at`: the booked pickup appointment", cell: (r) => time(r.container.pickup_appointment_at) },
  { name: "available_for_pickup", description: "`available_for_pickup`: true or false", cell: (r) => r.container.available_for_pickup },
  { name: "holds", description: "The names of the holds in force at the POD terminal (`holds_at_pod_terminal`)", cell: (r) => list(r.container.holds_at_pod_terminal.map((hold) => hold.name)) },
  { name: "fees_total", description: "Fees owed at the POD terminal (`fees_at_pod_terminal`): its `total`, else the sum of the fees, per currency", cell: (r) => feesTotal(r.container) },
  { name: "last_free_day", description: "The binding last free day for pickup from what was reported and the account's tariff rules, a local date (`GET /v2/containers/{id}/demurrage`)", cell: (r) => r.demurrage?.last_free_day ?? null },
  { name: "charges_accrued", description: "Demurrage, detention and storage accrued to today, per currency (charges with a known rate)", cell: (r) => charges(r.demurrage, "accrued") },
  { name: "charges_projected", description: "The same charges projected to the pickup appointment (else today + 7 days) or their end, per currency", cell: (r) => charges(r.demurrage, "projected") },
  { name: "pod_full_out_at", description: "`pod_full_out_at`: when the container left the POD terminal full", cell: (r) => time(r.container.pod_full_out_at) },
  { name: "empty_terminated_at", description: "`empty_terminated_at`: when the empty container was returned", cell: (r) => time(r.container.empty_terminated_at) },
  { name: "ref_numbers", description: "The container's reference numbers", cell: (r) => list(r.container.ref_numbers) },
];

/** The columns of a shipment export (`SHIPMENT_EXPORT_COLUMNS`), then the account's shipment custom fields. */
export const SHIPMENT_COLUMNS: readonly ExportColumn<ShipmentExportRecord>[] = [
  { name: "id", description: "The shipment's id", cell: (r) => r.shipment.id },
  { name: "bill_of_lading_number", description: "`bill_of_lading_number` as the carrier reports it", cell: (r) => r.shipment.bill_of_lading_number },
  { name: "shipping_line_scac", description: "The shipping line's SCAC", cell: (r) => r.shipment.shipping_line_scac },
  { name: "shipping_line_name", description: "The shipping line's full name", cell: (r) => r.shipment.shipping_line_name },
  { name: "port_of_lading_locode", description: "UN/LOCODE of the port of lading", cell: (r) => r.shipment.port_of_lading_locode },
  { name: "port_of_discharge_locode", description: "UN/LOCODE of the port of discharge", cell: (r) => r.shipment.port_of_discharge_locode },
  { name: "destination_locode", description: "UN/LOCODE of the final destination", cell: (r) => r.shipment.destination_locode },
  { name: "pol_etd_at", description: "`pol_etd_at`: estimated departure from the port of lading", cell: (r) => time(r.shipment.pol_etd_at) },
  { name: "pol_atd_at", description: "`pol_atd_at`: actual departure from the port of lading", cell: (r) => time(r.shipment.pol_atd_at) },
  { name: "pod_eta_at", description: "`pod_eta_at`: estimated arrival at the port of discharge", cell: (r) => time(r.shipment.pod_eta_at) },
  { name: "pod_ata_at", description: "`pod_ata_at`: actual arrival at the port of discharge", cell: (r) => time(r.shipment.pod_ata_at) },
  { name: "pod_vessel_name", description: "The vessel that arrives at the port of discharge", cell: (r) => r.shipment.pod_vessel_name },
  { name: "pod_voyage_number", description: "That vessel's voyage number", cell: (r) => r.shipment.pod_voyage_number },
  { name: "containers", description: "How many containers the shipment has (a number)", cell: (r) => r.containers },
  { name: "line_tracking_stopped_at", description: "When tracking stopped; empty while the shipment is tracked", cell: (r) => time(r.shipment.line_tracking_stopped_at) },
  { name: "customer_name", description: "The customer's name", cell: (r) => r.shipment.customer_name },
  { name: "ref_numbers", description: "The shipment's reference numbers", cell: (r) => list(r.shipment.ref_numbers) },
  { name: "tags", description: "The shipment's tags", cell: (r) => list(r.shipment.tags) },
];

/** The columns of a tracking request export (`TRACKING_REQUEST_EXPORT_COLUMNS`). */
export const TRACKING_REQUEST_COLUMNS: readonly ExportColumn<TrackingRequest>[] = [
  { name: "id", description: "The tracking request's id", cell: (r) => r.id },
  { name: "request_number", description: "The number tracked: a bill of lading, booking or container number", cell: (r) => r.request_number },
  { name: "request_type", description: "`request_type`: bill_of_lading, booking_number or container", cell: (r) => r.request_type },
  { name: "scac", description: "The shipping line's SCAC; empty while it is being detected", cell: (r) => r.scac },
  { name: "status", description: "`status`: pending, awaiting_manifest, created, failed, tracking_stopped", cell: (r) => r.status },
  { name: "failed_reason", description: "Why the request failed (or is retrying)", cell: (r) => r.failed_reason },
  { name: "created_at", description: "When the request was registered", cell: (r) => time(r.created_at) },
  { name: "ref_numbers", description: "The request's reference numbers", cell: (r) => list(r.ref_numbers) },
  { name: "tags", description: "The tags it gives its shipment (`shipment_tags`)", cell: (r) => list(r.tags) },
  { name: "shipment_id", description: "The shipment it found (`tracked_object`); empty until then", cell: (r) => r.tracked_object_id },
];

/** The columns of a transport event export (`TRANSPORT_EVENT_EXPORT_COLUMNS`). */
export const TRANSPORT_EVENT_COLUMNS: readonly ExportColumn<TransportEventExportRecord>[] = [
  { name: "id", description: "The transport event's id", cell: (r) => r.event.id },
  { name: "event", description: "Which milestone, e.g. `container.transport.vessel_arrived`", cell: (r) => r.event.event },
  { name: "timestamp", description: "When it happened (for `*.estimated.*` events: when it is expected)", cell: (r) => time(r.event.timestamp) },
  { name: "location_locode", description: "UN/LOCODE of where it happened", cell: (r) => r.event.location_locode },
  { name: "vessel_name", description: "The vessel's name, when the milestone involves one", cell: (r) => r.vessel?.name ?? null },
  { name: "voyage_number", description: "The voyage", cell: (r) => r.event.voyage_number },
  { name: "container_id", description: "The container's id", cell: (r) => r.event.container_id },
  { name: "container_number", description: "The container number", cell: (r) => r.container?.number ?? null },
  { name: "shipment_id", description: "The shipment's id", cell: (r) => r.event.shipment_id },
  { name: "data_source", description: "`data_source`: who reported it: shipping_line, terminal or ais", cell: (r) => r.event.data_source },
  { name: "created_at", description: "When Bollard recorded it (the export's order)", cell: (r) => time(r.event.created_at) },
  { name: "invalidated_at", description: "When the carrier withdrew it; empty while it stands", cell: (r) => time(r.event.invalidated_at) },
];

/** A custom field value as a cell: text, number and boolean as they are, lists joined with ", ", a reference as the record's id. */
function customFieldCell(value: CustomFieldValue | undefined): ExportCell {
  if (value === undefined || value === null) return null;
  if (Array.isArray(value)) return list(value);
  if (typeof value === "object") return value.id;
  return value;
}

/**
 * The columns of custom field definitions, in their order: one per definition, headed by its
 * `api_slug` (`custom_fields.<api_slug>` when a built-in column has that name), holding the record's
 * value as the API writes it.
 */
export function customFieldColumns(definitions: readonly { api_slug: string; display_name: string }[], builtIn: readonly ExportColumnInfo[]): ExportColumn<WithCustomFields>[] {
  const taken = new Set(builtIn.map((column) => column.name));
  return definitions.map(({ api_slug, display_name }) => ({
    name: taken.has(api_slug) ? `custom_fields.${api_slug}` : api_slug,
    description: `The custom field "${display_name}"`,
    cell: (r: WithCustomFields) => customFieldCell(r.customFields.get(api_slug)?.value),
  }));
}

/** The name and description of each column, for the public constants. */
const info = (columns: readonly ExportColumnInfo[]): readonly ExportColumnInfo[] => Object.freeze(columns.map(({ name, description }) => Object.freeze({ name, description })));

/** The columns of a container export, in order; the account's container (Cargo) custom fields follow, by `api_slug`. */
export const CONTAINER_EXPORT_COLUMNS = info(CONTAINER_COLUMNS);
/** The columns of a shipment export, in order; the account's shipment custom fields follow, by `api_slug`. */
export const SHIPMENT_EXPORT_COLUMNS = info(SHIPMENT_COLUMNS);
/** The columns of a tracking request export, in order. */
export const TRACKING_REQUEST_EXPORT_COLUMNS = info(TRACKING_REQUEST_COLUMNS);
/** The columns of a transport event export, in order. */
export const TRANSPORT_EVENT_EXPORT_COLUMNS = info(TRANSPORT_EVENT_COLUMNS);
