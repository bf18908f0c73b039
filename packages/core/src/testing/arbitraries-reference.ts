import fc from "fast-check";
import {
  TerminalFacilityTypeSchema,
  type MetroArea,
  type Port,
  type RailTerminal,
  type ShippingLine,
  type Terminal,
  type Vessel,
  type VesselPositionRecord,
} from "../domain/index.js";
import {
  countryCodeArb,
  doubleArb,
  headingArb,
  imoArb,
  latitudeArb,
  locodeArb,
  longitudeArb,
  mmsiArb,
  nonEmptyTextArb,
  nullable,
  scacArb,
  timeZoneArb,
  timestampArb,
  uuidArb,
} from "./arbitrary-values.js";

const plain = { noNullPrototype: true } as const;
const nullableNonEmpty = nullable(nonEmptyTextArb);
/** Any `provided_data`: flags and notes by field, or null. */
const providedDataArb = nullable(fc.dictionary(fc.constantFrom("pickup_lfd", "pickup_lfd_notes", "bill_of_lading", "holds_at_pod_terminal"), fc.oneof(fc.boolean(), fc.string(), fc.constant(null)), { maxKeys: 4, noNullPrototype: true }));

/** Any valid port. */
export function arbitraryPort(): fc.Arbitrary<Port> {
  return fc.record(
    {
      id: uuidArb,
      name: nonEmptyTextArb,
      code: locodeArb,
      state_abbr: nullableNonEmpty,
      state: nullableNonEmpty,
      city: nullableNonEmpty,
      country_code: countryCodeArb,
      country: nonEmptyTextArb,
      time_zone: timeZoneArb,
      latitude: latitudeArb,
      longitude: longitudeArb,
      provided_data: providedDataArb,
    },
    plain,
  );
}

/** Any valid terminal of the port. */
export function arbitraryTerminal(portId: string): fc.Arbitrary<Terminal> {
  return fc.record(
    {
      id: uuidArb,
      port_id: fc.constant(portId),
      name: nonEmptyTextArb,
      nickname: nullableNonEmpty,
      firms_code: nullableNonEmpty,
      smdg_code: nullableNonEmpty,
      bic_facility_code: nullableNonEmpty,
      street: nullableNonEmpty,
      city: nullableNonEmpty,
      state: nullableNonEmpty,
      state_abbr: nullableNonEmpty,
      zip: nullableNonEmpty,
      country: nullableNonEmpty,
      facility_type: fc.constantFrom(...TerminalFacilityTypeSchema.options),
      provided_data: providedDataArb,
    },
    plain,
  );
}

/** Any valid rail terminal. */
export function arbitraryRailTerminal(): fc.Arbitrary<RailTerminal> {
  return fc.record(
    {
      id: uuidArb,
      name: nonEmptyTextArb,
      nickname: nullableNonEmpty,
      firms_code: nullableNonEmpty,
      port_id: nullable(uuidArb),
      metro_area_id: nullable(uuidArb),
    },
    plain,
  );
}

/** Any valid metro area. */
export function arbitraryMetroArea(): fc.Arbitrary<MetroArea> {
  return fc.record(
    {
      id: uuidArb,
      name: nonEmptyTextArb,
      code: locodeArb,
      state_abbr: nullableNonEmpty,
      country_code: countryCodeArb,
      time_zone: timeZoneArb,
      latitude: latitudeArb,
      longitude: longitudeArb,
    },
    plain,
  );
}

/** Any valid shipping line. */
export function arbitraryShippingLine(): fc.Arbitrary<ShippingLine> {
  return fc.record(
    {
      id: uuidArb,
      scac: scacArb,
      name: nonEmptyTextArb,
      short_name: nonEmptyTextArb,
      alternative_scacs: fc.array(scacArb, { maxLength: 3 }),
      bill_of_lading_tracking_support: fc.boolean(),
      booking_number_tracking_support: fc.boolean(),
      container_number_tracking_support: fc.boolean(),
      tracking_url: nullableNonEmpty,
      contact_url: nullableNonEmpty,
      provided_data: providedDataArb,
    },
    plain,
  );
}

/** Any valid vessel, placed or not. */
export function arbitraryVessel(): fc.Arbitrary<Vessel> {
  return fc.record(
    {
      id: uuidArb,
      name: nonEmptyTextArb,
      imo: nullable(imoArb),
      mmsi: mmsiArb,
      latitude: nullable(latitudeArb),
      longitude: nullable(longitudeArb),
      nautical_speed_knots: nullable(doubleArb(0)),
      navigational_heading_degrees: nullable(headingArb),
      position_timestamp: nullable(timestampArb),
      created_at: timestampArb,
      updated_at: timestampArb,
    },
    plain,
  );
}

/** Any valid position report of the vessel. */
export function arbitraryVesselPosition(vesselId: string): fc.Arbitrary<VesselPositionRecord> {
  return fc.record(
    {
      vessel_id: fc.constant(vesselId),
      latitude: latitudeArb,
      longitude: longitudeArb,
      heading: nullable(headingArb),
      speed_knots: nullable(doubleArb(0)),
      timestamp: timestampArb,
      source: nonEmptyTextArb,
    },
    plain,
  );
}
