// Types of the /v2 documents the dashboard reads, written from the interface spec (the dashboard
// never imports @bollard/core: it is a client of the public API like any other).

/** A resource identifier in a relationship. */
export interface Identifier {
  id: string;
  type: string;
}

/** A JSON:API resource. */
export interface Resource<A> {
  id: string;
  type: string;
  attributes: A;
  relationships?: Record<string, { data: Identifier | Identifier[] | null }>;
}

/** A document with one resource. */
export interface OneDocument<A> {
  data: Resource<A>;
  included?: Resource<Record<string, unknown>>[];
}

/** A list document with paging meta. */
export interface ListDocument<A> {
  data: Resource<A>[];
  included?: Resource<Record<string, unknown>>[];
  meta?: { size: number; total: number };
}

export interface Hold {
  name: string;
  status?: string;
  description: string | null;
}

export interface Fee {
  type?: string;
  amount: number;
  currency_code: string;
}

export interface ShipmentAttributes {
  ref_numbers: string[];
  tags: string[];
  bill_of_lading_number: string;
  normalized_number: string;
  shipping_line_scac: string;
  shipping_line_name: string;
  shipping_line_short_name: string;
  customer_name: string | null;
  port_of_lading_locode: string | null;
  port_of_lading_name: string | null;
  port_of_discharge_locode: string | null;
  port_of_discharge_name: string | null;
  pod_vessel_name: string | null;
  pod_vessel_imo: string | null;
  pod_voyage_number: string | null;
  destination_name: string | null;
  destination_timezone: string | null;
  destination_eta_at: string | null;
  destination_ata_at: string | null;
  pol_etd_at: string | null;
  pol_atd_at: string | null;
  pol_timezone: string | null;
  pod_eta_at: string | null;
  pod_original_eta_at: string | null;
  pod_ata_at: string | null;
  pod_timezone: string | null;
  line_tracking_last_succeeded_at: string | null;
  line_tracking_stopped_at: string | null;
  line_tracking_stopped_reason: string | null;
}

export interface ContainerAttributes {
  number: string;
  seal_number: string | null;
  ref_numbers: string[];
  weight_in_lbs: number | null;
  equipment_type: string;
  equipment_length: number;
  equipment_height: string;
  current_status: string;
  availability_known: boolean;
  available_for_pickup: boolean;
  pickup_lfd: string | null;
  pickup_appointment_at: string | null;
  pod_arrived_at: string | null;
  pod_discharged_at: string | null;
  pod_full_out_at: string | null;
  location_at_pod_terminal: string | null;
  final_destination_full_out_at: string | null;
  empty_terminated_at: string | null;
  holds_at_pod_terminal: Hold[];
  fees_at_pod_terminal: Fee[];
  pod_timezone: string | null;
  final_destination_timezone: string | null;
  ind_eta_at: string | null;
  ind_ata_at: string | null;
  import_deadlines: { pickup_lfd_terminal: string | null; pickup_lfd_rail: string | null; pickup_lfd_line: string | null } | null;
}

export interface TransportEventAttributes {
  event: string;
  timestamp: string | null;
  voyage_number: string | null;
  location_locode: string | null;
  timezone: string | null;
}

export interface RawEventAttributes {
  event: string;
  original_event: string;
  timestamp: string;
  estimated: boolean;
  location_name: string | null;
  location_locode: string | null;
  vessel_name: string | null;
  voyage_number: string | null;
  timezone: string | null;
}

export interface CustomFieldAttributes {
  api_slug: string;
  value: unknown;
  display_value: string | null;
}

export interface WebhookAttributes {
  url: string;
  active: boolean;
  events: string[];
  secret?: string;
}

/** A category of `GET /v2/webhooks/events`: the events a webhook can subscribe to. */
export interface WebhookEventCategoryAttributes {
  name: string;
  events: { name: string; description: string }[];
}

export interface WebhookNotificationAttributes {
  event: string;
  delivery_status: "pending" | "succeeded" | "failed";
  created_at: string;
  attempts: number;
  next_attempt_at: string | null;
  last_attempt_at: string | null;
  last_response_status: number | null;
}

export interface WebhookNotificationLogAttributes {
  attempted_at: string;
  duration_ms: number;
  status_code: number | null;
  error: string | null;
}

/** What `POST /v2/webhooks/trigger` answers. */
export interface WebhookTriggerResult {
  url: string;
  succeeded: boolean;
  error: string | null;
  status_code: number | null;
}

/** A feature of the container map (`GET /v2/containers/{id}/map_geojson`). */
export interface MapFeature {
  type: "Feature";
  geometry: { type: "Point"; coordinates: [number, number] } | { type: "LineString"; coordinates: [number, number][] };
  properties: { feature_type: string; [key: string]: unknown };
}

/** The container map collection. */
export interface ContainerMap {
  type: "FeatureCollection";
  features: MapFeature[];
}

/** An exact amount of money: a decimal string and its currency. */
export interface Money {
  amount: string;
  currency: string;
}

/** One day of a charge's working. */
export interface WorkingDay {
  date: string;
  status: "free" | "weekend" | "holiday" | "closed" | "charged";
  projected: boolean;
  charged_day: number | null;
  tier: number | null;
  rate: string | null;
  tariff_id: string | null;
  holiday: string | null;
}

/** One charge of a container (`GET /v2/containers/{id}/demurrage`). */
export interface ChargeExposure {
  charge_type: "demurrage" | "detention" | "combined" | "storage";
  status: "not_started" | "free" | "charging" | "ended";
  tariff_id: string | null;
  tariff_name: string | null;
  free_time_starts: string;
  charge_ends: string;
  started_on: string | null;
  ended_on: string | null;
  time_zone: string;
  free_days: number | null;
  last_free_day: string | null;
  basis: string | null;
  disagreements: { basis: string; last_free_day: string; tariff_id: string | null }[];
  free_days_remaining: number | null;
  charged_days: number;
  accrued: Money | null;
  daily_rate_now: Money | null;
  projected_through: string | null;
  projected: Money | null;
  working: WorkingDay[];
  notes: string[];
}

/** A container's demurrage and detention. */
export interface ContainerDemurrageAttributes {
  as_of: string;
  last_free_day: string | null;
  last_free_day_basis: string | null;
  last_free_day_charge_type: string | null;
  charges: ChargeExposure[];
}

/** The money at risk of a group of containers (`GET /v2/demurrage_exposure`). */
export interface ExposureGroupAttributes {
  group_by: string;
  key: string | null;
  containers: number;
  charging: number;
  free_time_ending: number;
  accrued: Money[];
  projected: Money[];
  unpriced_charges: number;
}

/** An exception a rule raised on a shipment or container (`GET /v2/exceptions`, a Bollard extension). */
export interface ExceptionAttributes {
  kind: string;
  status: "open" | "cleared";
  raised_at: string;
  cleared_at: string | null;
  detail: string;
  figures: Record<string, number | string | null>;
  cleared_detail: string | null;
}

/** How one column of an imported file was read: the attribute it fills, or null when ignored. */
export interface BulkColumn {
  column: string;
  attribute: string | null;
}

/** What became of a bulk job's rows, by result. */
export interface BulkRowCounts {
  pending: number;
  created: number;
  duplicate: number;
  invalid: number;
  valid: number;
}

/** A bulk import (`POST /v2/tracking_requests/bulk`, `GET /v2/bulk_jobs/{id}`; a Bollard extension). */
export interface BulkJobAttributes {
  kind: string;
  status: "queued" | "running" | "completed";
  dry_run: boolean;
  format: string;
  file_name: string | null;
  row_count: number;
  counts: BulkRowCounts;
  columns: BulkColumn[];
  created_at: string;
  updated_at: string;
  completed_at: string | null;
}

/** What became of one row of a bulk job. */
export type BulkRowStatus = keyof BulkRowCounts;

/** Why a row was refused, and the file's column it is about. */
export interface BulkRowError {
  code: string;
  detail: string;
  column: string | null;
  attribute: string | null;
}

/** One row of a bulk job (`GET /v2/bulk_jobs/{id}/rows`); relationship `tracking_request`. */
export interface BulkJobRowAttributes {
  index: number;
  line: number;
  status: BulkRowStatus;
  errors: BulkRowError[];
  input: { request_type?: string; request_number?: string; scac?: string; [attribute: string]: unknown };
}
