import fc from "fast-check";
import {
  ContainerStatusSchema,
  EquipmentHeightSchema,
  EquipmentTypeSchema,
  FeeTypeSchema,
  HoldNameSchema,
  HoldStatusSchema,
  LocationTypeSchema,
  RawEventNameSchema,
  TerminalTypeSchema,
  TRANSPORT_EVENT_DATA_SOURCES,
  TransportEventNameSchema,
  type Container,
  type RawEvent,
  type TransportEvent,
} from "../domain/index.js";
import {
  containerNumberArb,
  dateOnlyArb,
  doubleArb,
  imoArb,
  intArb,
  locodeArb,
  nullable,
  scacArb,
  textArb,
  textListArb,
  timeZoneArb,
  timestampArb,
  uuidArb,
} from "./arbitrary-values.js";
import { delayArb } from "./arbitraries.js";

const plain = { noNullPrototype: true } as const;
const ts = nullable(timestampArb);
const tz = nullable(timeZoneArb);
const nullableText = nullable(textArb());

const holdsArb = () =>
  fc.array(fc.record({ name: fc.constantFrom(...HoldNameSchema.options), status: fc.constantFrom(...HoldStatusSchema.options), description: textArb() }, plain), { maxLength: 6 });
const feesArb = () =>
  fc.array(fc.record({ type: fc.constantFrom(...FeeTypeSchema.options), amount: doubleArb(), currency_code: fc.stringMatching(/^[A-Z]{3}$/) }, plain), { maxLength: 5 });

/** Any valid container of the shipment: unknown equipment, empty or long hold and fee lists. */
export function arbitraryContainer(accountId: string, shipmentId: string): fc.Arbitrary<Container> {
  return fc.record(
    {
      id: uuidArb,
      account_id: fc.constant(accountId),
      shipment_id: fc.constant(shipmentId),
      number: containerNumberArb,
      seal_number: nullableText,
      created_at: timestampArb,
      updated_at: timestampArb,
      ref_numbers: textListArb,
      weight_in_lbs: nullable(doubleArb(0)),
      equipment_type: nullable(fc.constantFrom(...EquipmentTypeSchema.options)),
      equipment_length: nullable(fc.constantFrom(10 as const, 20 as const, 40 as const, 45 as const)),
      equipment_height: nullable(fc.constantFrom(...EquipmentHeightSchema.options)),
      current_status: fc.constantFrom(...ContainerStatusSchema.options),
      availability_known: fc.boolean(),
      available_for_pickup: fc.boolean(),
      pickup_lfd: ts,
      pickup_appointment_at: ts,
      pod_arrived_at: ts,
      pod_discharged_at: ts,
      pod_full_out_at: ts,
      pod_full_out_chassis_number: nullableText,
      terminal_checked_at: ts,
      location_at_pod_terminal: nullableText,
      final_destination_full_out_at: ts,
      empty_terminated_at: ts,
      holds_at_pod_terminal: holdsArb(),
      fees_at_pod_terminal: feesArb(),
      pod_timezone: tz,
      final_destination_timezone: tz,
      empty_terminated_timezone: tz,
      pod_rail_carrier_scac: nullable(scacArb),
      ind_rail_carrier_scac: nullable(scacArb),
      pod_last_tracking_request_at: ts,
      shipment_last_tracking_request_at: ts,
      pod_rail_loaded_at: ts,
      pod_rail_departed_at: ts,
      ind_eta_at: ts,
      ind_ata_at: ts,
      ind_rail_unloaded_at: ts,
      ind_facility_lfd_on: ts,
      import_deadlines: fc.record({ pickup_lfd_terminal: ts, pickup_lfd_rail: ts, pickup_lfd_line: ts }, plain),
      pol_full_in_at: ts,
      pol_vessel_loaded_at: ts,
      pol_vessel_departed_at: ts,
      empty_out_at: ts,
      delivered_at: ts,
      ssl_lfd: ts,
      rail_last_tracking_request_at: ts,
      ind_facility_holds: nullable(holdsArb()),
      ind_facility_fees: nullable(feesArb()),
      pod_eta_delay_hours: delayArb,
      pod_eta_departure_delay_hours: delayArb,
      ind_original_eta_at: ts,
      ind_departure_eta_at: ts,
      ind_eta_delay_hours: delayArb,
      ind_eta_departure_delay_hours: delayArb,
      pod_terminal_id: nullable(uuidArb),
      pickup_facility_id: nullable(uuidArb),
      pickup_facility_type: nullable(fc.constantFrom(...TerminalTypeSchema.options)),
    },
    plain,
  );
}

/** Any valid transport event of the container, with or without a timestamp. */
export function arbitraryTransportEvent(accountId: string, shipmentId: string, containerId: string): fc.Arbitrary<TransportEvent> {
  return fc.record(
    {
      id: uuidArb,
      account_id: fc.constant(accountId),
      shipment_id: fc.constant(shipmentId),
      container_id: fc.constant(containerId),
      event: fc.constantFrom(...TransportEventNameSchema.options),
      created_at: timestampArb,
      voyage_number: nullableText,
      timestamp: ts,
      location_locode: nullable(locodeArb),
      timezone: tz,
      data_source: nullable(fc.constantFrom(...TRANSPORT_EVENT_DATA_SOURCES)),
      value: ts,
      vessel_id: nullable(uuidArb),
      location_id: nullable(uuidArb),
      location_type: nullable(fc.constantFrom(...LocationTypeSchema.options)),
      terminal_id: nullable(uuidArb),
      terminal_type: nullable(fc.constantFrom(...TerminalTypeSchema.options)),
      raw_event_id: nullable(uuidArb),
      invalidated_at: ts,
      previous_version_id: nullable(uuidArb),
    },
    plain,
  );
}

/** Any valid raw event of the container, mapped or not. */
export function arbitraryRawEvent(accountId: string, shipmentId: string, containerId: string): fc.Arbitrary<RawEvent> {
  return fc.record(
    {
      id: uuidArb,
      account_id: fc.constant(accountId),
      shipment_id: fc.constant(shipmentId),
      container_id: fc.constant(containerId),
      timestamp: timestampArb,
      estimated: fc.boolean(),
      actual_on: nullable(dateOnlyArb),
      estimated_at: ts,
      actual_at: ts,
      event: nullable(fc.constantFrom(...RawEventNameSchema.options)),
      index: intArb(0),
      original_event: textArb(),
      created_at: timestampArb,
      voyage_number: nullableText,
      location_name: nullableText,
      location_locode: nullable(locodeArb),
      vessel_name: nullableText,
      vessel_imo: nullable(imoArb),
      timezone: tz,
      location_id: nullable(uuidArb),
      vessel_id: nullable(uuidArb),
      data_source: nullable(fc.constantFrom(...TRANSPORT_EVENT_DATA_SOURCES)),
      data_provider_name: nullableText,
      data_provider_code: nullable(scacArb),
      will_occur_at: ts,
      invalidated_at: ts,
      terminal_id: nullable(uuidArb),
      terminal_type: nullable(fc.constantFrom(...TerminalTypeSchema.options)),
      updated_at: ts,
      source_codes: nullable(fc.dictionary(fc.constantFrom("eventType", "eventClassifierCode", "equipmentEventTypeCode", "emptyIndicatorCode", "modeOfTransport"), textArb({ maxLength: 20 }), { maxKeys: 5, noNullPrototype: true })),
      reported_at: ts,
    },
    plain,
  );
}
