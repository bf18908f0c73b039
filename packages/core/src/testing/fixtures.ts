import { NO_CONTAINER_ETA, NO_SHIPMENT_ETA, type Account, type ApiKey, type Container, type DomainEvent, type RawEvent, type Shipment, type TrackingRequest, type TransportEvent, type User } from "../domain/index.js";
import { uuidv7 } from "../ids/index.js";
import { containerNumber, cycle, imoNumber, nextSerial, nowTimestamp, sha256Hex } from "./fixture-values.js";

// Factories of valid, realistic records: each parses with its zod schema, mints a fresh id and
// fresh values for every unique key, and takes overrides for whatever a test cares about.
export * from "./fixtures-reference.js";
export * from "./fixtures-custom-fields.js";
export * from "./fixtures-webhooks.js";
export * from "./fixtures-parties.js";
export * from "./fixtures-tariffs.js";
export * from "./fixtures-exceptions.js";
export * from "./fixtures-bulk-jobs.js";
export * from "./fixtures-changes.js";
export * from "./fixtures-refresh-log.js";

const COMPANIES = ["Harbor Freight Logistics", "Acme Imports", "Blue Anchor Trading", "Northwind Traders"] as const;

/** An account (tenant) with a company name unique to this call. */
export function makeAccount(overrides: Partial<Account> = {}): Account {
  const n = nextSerial();
  return { id: uuidv7(), company_name: `${cycle(COMPANIES, n)} ${n}`, created_at: nowTimestamp(), ...overrides };
}

/** An editor of the account `accountId`. */
export function makeUser(accountId: string, overrides: Partial<User> = {}): User {
  const n = nextSerial();
  return {
    id: uuidv7(),
    account_id: accountId,
    name: "Dana Whitfield",
    email: `dana.whitfield+${n}@example.com`,
    role: "editor",
    created_at: nowTimestamp(),
    ...overrides,
  };
}

/** An API key of the user `userId`, stored as the SHA-256 hash of a fresh secret. */
export function makeApiKey(accountId: string, userId: string, overrides: Partial<ApiKey> = {}): ApiKey {
  const secret = `bl_live_${uuidv7().replaceAll("-", "")}`;
  return {
    id: uuidv7(),
    account_id: accountId,
    user_id: userId,
    key_hash: sha256Hex(secret),
    prefix: secret.slice(0, 12),
    created_at: nowTimestamp(),
    last_used_at: null,
    revoked_at: null,
    ...overrides,
  };
}

/** A bill of lading tracking request for Hapag-Lloyd, pending its first poll. */
export function makeTrackingRequest(accountId: string, overrides: Partial<TrackingRequest> = {}): TrackingRequest {
  const now = nowTimestamp();
  return {
    id: uuidv7(),
    account_id: accountId,
    request_number: `HLCUSEL${240_000_000 + nextSerial()}`,
    request_type: "bill_of_lading",
    scac: "HLCU",
    status: "pending",
    failed_reason: null,
    created_at: now,
    updated_at: now,
    ref_numbers: ["PO-88213"],
    shipment_tags: ["east-coast"],
    tags: ["east-coast"],
    is_retrying: false,
    retry_count: null,
    tracked_object_id: null,
    tracked_object_type: null,
    customer_id: null,
    user_id: null,
    next_attempt_at: now,
    customer_name: "CUSTOMER-001",
    ...overrides,
  };
}

/** A Hapag-Lloyd shipment from Busan to Charleston on MAERSK SHIVLING, still tracked. */
export function makeShipment(accountId: string, overrides: Partial<Shipment> = {}): Shipment {
  const n = nextSerial();
  const now = nowTimestamp();
  const number = `SEL${240_000_000 + n}`;
  return {
    ...NO_SHIPMENT_ETA,
    id: uuidv7(),
    account_id: accountId,
    created_at: now,
    updated_at: now,
    ref_numbers: [`PO-${88_000 + n}`],
    tags: ["east-coast"],
    bill_of_lading_number: `HLCU${number}`,
    normalized_number: number,
    shipping_line_scac: "HLCU",
    shipping_line_name: "Hapag-Lloyd",
    shipping_line_short_name: "Hapag-Lloyd",
    customer_name: "CUSTOMER-001",
    port_of_lading_locode: "KRPUS",
    port_of_lading_name: "Busan",
    port_of_discharge_locode: "USCHS",
    port_of_discharge_name: "Charleston",
    pod_vessel_name: "MAERSK SHIVLING",
    pod_vessel_imo: imoNumber(972_825),
    pod_voyage_number: "546E",
    destination_locode: null,
    destination_name: null,
    destination_timezone: null,
    destination_eta_at: null,
    destination_ata_at: null,
    pol_etd_at: "2024-06-22T10:00:00.000Z",
    pol_atd_at: "2024-06-22T13:41:00.000Z",
    pol_timezone: "Asia/Seoul",
    pod_eta_at: "2024-07-28T12:00:00.000Z",
    pod_original_eta_at: "2024-07-26T12:00:00.000Z",
    pod_ata_at: null,
    pod_timezone: "America/New_York",
    line_tracking_last_attempted_at: now,
    line_tracking_last_succeeded_at: now,
    line_tracking_stopped_at: null,
    line_tracking_stopped_reason: null,
    tracking_request_id: null,
    port_of_lading_id: null,
    port_of_discharge_id: null,
    pod_terminal_id: null,
    destination_id: null,
    destination_type: null,
    destination_terminal_id: null,
    destination_terminal_type: null,
    line_tracking_stopped_by_user_id: null,
    pod_vessel_id: null,
    dates_reported_at: null,
    pol_original_etd_at: "2024-06-21T10:00:00.000Z",
    destination_original_eta_at: null,
    ...overrides,
  };
}

const OWNERS = ["MSKU", "HLXU", "CSQU", "TGHU", "CMAU"] as const;

/** A 40' high-cube dry container of the shipment, on the ship, with a fresh valid number. */
export function makeContainer(accountId: string, shipmentId: string, overrides: Partial<Container> = {}): Container {
  const n = nextSerial();
  const now = nowTimestamp();
  return {
    ...NO_CONTAINER_ETA,
    id: uuidv7(),
    account_id: accountId,
    shipment_id: shipmentId,
    number: containerNumber(cycle(OWNERS, n), 907_000 + n),
    seal_number: `ML-KR${1_234_000 + n}`,
    created_at: now,
    updated_at: now,
    ref_numbers: [],
    weight_in_lbs: 52_910,
    equipment_type: "dry",
    equipment_length: 40,
    equipment_height: "high_cube",
    current_status: "on_ship",
    availability_known: false,
    available_for_pickup: false,
    pickup_lfd: null,
    pickup_appointment_at: null,
    pod_arrived_at: null,
    pod_discharged_at: null,
    pod_full_out_at: null,
    pod_full_out_chassis_number: null,
    terminal_checked_at: null,
    location_at_pod_terminal: null,
    final_destination_full_out_at: null,
    empty_terminated_at: null,
    holds_at_pod_terminal: [{ name: "customs", status: "hold", description: "" }],
    fees_at_pod_terminal: [{ type: "demurrage", amount: 850, currency_code: "USD" }],
    pod_timezone: "America/New_York",
    final_destination_timezone: null,
    empty_terminated_timezone: null,
    pod_rail_carrier_scac: "CSXT",
    ind_rail_carrier_scac: null,
    pod_last_tracking_request_at: now,
    shipment_last_tracking_request_at: now,
    pod_rail_loaded_at: null,
    pod_rail_departed_at: null,
    ind_eta_at: null,
    ind_ata_at: null,
    ind_rail_unloaded_at: null,
    ind_facility_lfd_on: null,
    import_deadlines: { pickup_lfd_terminal: null, pickup_lfd_rail: null, pickup_lfd_line: null },
    pol_full_in_at: "2024-06-20T08:30:00.000Z",
    pol_vessel_loaded_at: "2024-06-22T09:12:00.000Z",
    pol_vessel_departed_at: "2024-06-22T13:41:00.000Z",
    empty_out_at: "2024-06-18T14:00:00.000Z",
    delivered_at: null,
    ssl_lfd: null,
    rail_last_tracking_request_at: null,
    ind_facility_holds: null,
    ind_facility_fees: null,
    pod_terminal_id: null,
    pickup_facility_id: null,
    pickup_facility_type: null,
    ...overrides,
  };
}

/** A "vessel loaded" milestone of the container at Busan. */
export function makeTransportEvent(
  accountId: string,
  shipmentId: string,
  containerId: string,
  overrides: Partial<TransportEvent> = {},
): TransportEvent {
  return {
    id: uuidv7(),
    account_id: accountId,
    shipment_id: shipmentId,
    container_id: containerId,
    event: "container.transport.vessel_loaded",
    created_at: nowTimestamp(),
    voyage_number: "546E",
    timestamp: "2024-06-22T09:12:00.000Z",
    location_locode: "KRPUS",
    timezone: "Asia/Seoul",
    data_source: "shipping_line",
    value: null,
    vessel_id: null,
    location_id: null,
    location_type: "port",
    terminal_id: null,
    terminal_type: null,
    raw_event_id: null,
    invalidated_at: null,
    previous_version_id: null,
    ...overrides,
  };
}

/** A carrier-worded "Vessel Loaded" raw event of the container at Busan. */
export function makeRawEvent(accountId: string, shipmentId: string, containerId: string, overrides: Partial<RawEvent> = {}): RawEvent {
  return {
    id: uuidv7(),
    account_id: accountId,
    shipment_id: shipmentId,
    container_id: containerId,
    timestamp: "2024-06-22T09:12:00.000Z",
    estimated: false,
    actual_on: "2024-06-22",
    estimated_at: null,
    actual_at: "2024-06-22T09:12:00.000Z",
    event: "vessel_loaded",
    index: 1,
    original_event: "Vessel Loaded",
    created_at: nowTimestamp(),
    voyage_number: "546E",
    location_name: "Busan",
    location_locode: "KRPUS",
    vessel_name: "MAERSK SHIVLING",
    vessel_imo: imoNumber(972_825),
    timezone: "Asia/Seoul",
    location_id: null,
    vessel_id: null,
    data_source: "shipping_line",
    data_provider_name: "Maersk",
    data_provider_code: "MAEU",
    will_occur_at: null,
    invalidated_at: null,
    terminal_id: null,
    terminal_type: null,
    updated_at: null,
    source_codes: null,
    reported_at: null,
    ...overrides,
  };
}

/** A "Vessel Loaded" domain event of the account, recorded 2024-03-01 12:00 UTC (the contract's `at(0)`), with a changeset. */
export function makeDomainEvent(accountId: string, overrides: Partial<DomainEvent> = {}): DomainEvent {
  return {
    id: uuidv7(),
    account_id: accountId,
    event: "container.transport.vessel_loaded",
    tracking_request_id: null,
    shipment_id: null,
    container_id: null,
    reference_object_type: "transport_event",
    reference_object_id: uuidv7(),
    data: { changeset: { available_for_pickup: [false, true] }, nested: [1, "two", null] },
    occurred_at: "2024-03-01T12:00:00.000Z",
    created_at: "2024-03-01T12:00:00.000Z",
    ...overrides,
  };
}
