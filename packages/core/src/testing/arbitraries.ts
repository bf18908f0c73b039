import fc from "fast-check";
import {
  ChargeMilestoneSchema,
  ChargeTypeSchema,
  EquipmentLengthSchema,
  EquipmentTypeSchema,
  FailedReasonSchema,
  LineTrackingStoppedReasonSchema,
  LocationTypeSchema,
  RequestTypeSchema,
  TerminalTypeSchema,
  TrackingRequestStatusSchema,
  UserRoleSchema,
  WeekdaySchema,
  TARIFF_FORMAT,
  type Account,
  type Party,
  type RateTier,
  type Tariff,
  type ApiKey,
  type Shipment,
  type TrackingRequest,
  type User,
} from "../domain/index.js";
import {
  countryCodeArb,
  dateOnlyArb,
  imoArb,
  intArb,
  locodeArb,
  nonEmptyTextArb,
  nullable,
  scacArb,
  textArb,
  textListArb,
  timeZoneArb,
  timestampArb,
  uuidArb,
} from "./arbitrary-values.js";

export * from "./arbitrary-values.js";
export * from "./arbitraries-reference.js";
export * from "./arbitraries-containers.js";
export * from "./arbitraries-custom-fields.js";
export * from "./arbitraries-webhooks.js";

// fast-check may build records with a null prototype unless told not to; stored records are plain objects.
const plain = { noNullPrototype: true } as const;
const nullableText = nullable(textArb());

/** Any valid account. */
export function arbitraryAccount(): fc.Arbitrary<Account> {
  return fc.record({ id: uuidArb, company_name: nonEmptyTextArb, created_at: timestampArb }, plain);
}

/** Any valid party (customer) of the account. */
export function arbitraryParty(accountId: string): fc.Arbitrary<Party> {
  return fc.record({ id: uuidArb, account_id: fc.constant(accountId), company_name: textArb({ minLength: 1, maxLength: 255 }), created_at: timestampArb, updated_at: timestampArb }, plain);
}

/** Text that a trimming schema keeps as it is: no white space at either end, 1 to `max` UTF-16 units. */
function trimmedTextArb(max: number): fc.Arbitrary<string> {
  return textArb({ minLength: 1, maxLength: max }).map((text) => text.trim()).filter((text) => text.length > 0 && text.length <= max);
}

/** An exact decimal amount: the edges of the format, and any other. */
const decimalArb = fc.oneof(fc.constantFrom("0", "0.5", "100.00", "1234.5678", "999999999999.9999"), fc.stringMatching(/^\d{1,12}(\.\d{1,4})?$/));

/** Rate tiers as a rule holds them: from day 1 without gaps, one currency, only the last open-ended. */
const rateTiersArb: fc.Arbitrary<RateTier[]> = fc
  .tuple(fc.stringMatching(/^[A-Z]{3}$/), fc.array(fc.tuple(fc.integer({ min: 1, max: 400 }), decimalArb), { maxLength: 5 }), fc.boolean())
  .map(([currency, tiers, openEnded]) => {
    let from = 1;
    return tiers.map(([days, rate], index) => {
      const tier = { from_day: from, to_day: openEnded && index === tiers.length - 1 ? null : from + days - 1, rate, currency };
      from += days;
      return tier;
    });
  });

/** Any valid tariff rule of the account: every option, empty and full lists, open and closed validity. */
export function arbitraryTariff(accountId: string): fc.Arbitrary<Tariff> {
  return fc
    .record(
      {
        id: uuidArb,
        account_id: fc.constant(accountId),
        format: fc.constant(TARIFF_FORMAT),
        name: trimmedTextArb(200),
        sample: fc.boolean(),
        kind: fc.constantFrom("tariff" as const, "contract" as const),
        charge_type: fc.constantFrom(...ChargeTypeSchema.options),
        direction: fc.constantFrom("import" as const, "export" as const),
        carrier_scacs: fc.array(scacArb, { maxLength: 4 }),
        port_locodes: fc.array(locodeArb, { maxLength: 4 }),
        terminal_ids: fc.array(uuidArb, { maxLength: 3 }),
        customer_names: fc.array(trimmedTextArb(255), { maxLength: 3 }),
        equipment_types: fc.uniqueArray(fc.constantFrom(...EquipmentTypeSchema.options), { maxLength: 3 }),
        equipment_lengths: fc.uniqueArray(fc.constantFrom(...EquipmentLengthSchema.values), { maxLength: 4 }),
        validity: fc.tuple(dateOnlyArb, nullable(dateOnlyArb)),
        milestones: fc.uniqueArray(fc.constantFrom(...ChargeMilestoneSchema.options), { minLength: 2, maxLength: 2 }),
        first_free_day: fc.constantFrom("start_day" as const, "next_day" as const),
        free_days: fc.oneof(fc.constantFrom(0, 365), fc.integer({ min: 0, max: 365 })),
        day_count_type: fc.constantFrom("calendar" as const, "business" as const),
        weekend_days: fc.uniqueArray(fc.constantFrom(...WeekdaySchema.options), { maxLength: 6 }),
        holiday_calendar: nullable(fc.record({ country: countryCodeArb, state: nullable(fc.oneof(fc.constant("CA"), fc.stringMatching(/^[A-Z0-9]{1,3}$/))) }, plain)),
        closures: fc.array(dateOnlyArb, { maxLength: 4 }),
        rates: rateTiersArb,
        created_at: timestampArb,
        updated_at: timestampArb,
      },
      plain,
    )
    .map(({ validity: [from, to], milestones: [starts, ends], ...rule }) => ({
      ...rule,
      valid_from: to === null || from <= to ? from : to,
      valid_to: to === null || from <= to ? to : from,
      free_time_starts: starts!,
      charge_ends: ends!,
    }));
}

/** Any valid user of the account. */
export function arbitraryUser(accountId: string): fc.Arbitrary<User> {
  return fc.record(
    {
      id: uuidArb,
      account_id: fc.constant(accountId),
      name: nullableText,
      email: nullableText,
      role: fc.constantFrom(...UserRoleSchema.options),
      created_at: timestampArb,
    },
    plain,
  );
}

/** Any valid API key of the user. */
export function arbitraryApiKey(accountId: string, userId: string): fc.Arbitrary<ApiKey> {
  return fc.record(
    {
      id: uuidArb,
      account_id: fc.constant(accountId),
      user_id: fc.constant(userId),
      key_hash: fc.stringMatching(/^[0-9a-f]{64}$/),
      prefix: nonEmptyTextArb,
      created_at: timestampArb,
      last_used_at: nullable(timestampArb),
      revoked_at: nullable(timestampArb),
    },
    plain,
  );
}

/** Any valid tracking request of the account. */
export function arbitraryTrackingRequest(accountId: string): fc.Arbitrary<TrackingRequest> {
  return fc.record(
    {
      id: uuidArb,
      account_id: fc.constant(accountId),
      request_number: nonEmptyTextArb,
      request_type: fc.constantFrom(...RequestTypeSchema.options),
      scac: nullable(scacArb),
      status: fc.constantFrom(...TrackingRequestStatusSchema.options),
      failed_reason: nullable(fc.constantFrom(...FailedReasonSchema.options)),
      created_at: timestampArb,
      updated_at: timestampArb,
      ref_numbers: textListArb,
      shipment_tags: textListArb,
      tags: textListArb,
      is_retrying: fc.boolean(),
      retry_count: nullable(intArb(0)),
      tracked_object_id: nullable(uuidArb),
      tracked_object_type: nullable(fc.constant("shipment" as const)),
      customer_id: nullable(uuidArb),
      user_id: nullable(uuidArb),
      next_attempt_at: nullable(timestampArb),
      customer_name: nullableText,
    },
    plain,
  );
}

/** An ETA delay in hours, to one decimal. */
export const delayArb = nullable(fc.integer({ min: -50_000, max: 50_000 }).map((tenths) => tenths / 10));

const reasonsArb = fc.record(
  {
    predictor: fc.constantFrom("baseline", "custom"),
    method: fc.constantFrom("position" as const, "carrier_eta" as const),
    computed_at: timestampArb,
    position_at: nullable(timestampArb),
    position_age_hours: nullable(fc.integer({ min: 0, max: 480 }).map((tenths) => tenths / 10)),
    distance_remaining_nm: nullable(fc.integer({ min: 0, max: 15_000 })),
    recent_speed_knots: nullable(fc.integer({ min: 40, max: 250 }).map((tenths) => tenths / 10)),
    port_calls_left: fc.integer({ min: 0, max: 4 }),
    aboard: fc.boolean(),
    leg_from_locode: nullable(fc.constantFrom("CNSHA", "USLAX", "NLRTM")),
    carrier_eta_at: nullable(timestampArb),
    carrier_bias_hours: delayArb,
    carrier_bias_samples: fc.integer({ min: 0, max: 10_000 }),
    carrier_bias_scope: fc.constantFrom("lane" as const, "carrier" as const, "none" as const),
  },
  { noNullPrototype: true },
);

/** Any valid shipment of the account. */
export function arbitraryShipment(accountId: string): fc.Arbitrary<Shipment> {
  const ts = nullable(timestampArb);
  const tz = nullable(timeZoneArb);
  return fc.record(
    {
      id: uuidArb,
      account_id: fc.constant(accountId),
      created_at: timestampArb,
      updated_at: timestampArb,
      ref_numbers: textListArb,
      tags: textListArb,
      bill_of_lading_number: nonEmptyTextArb,
      normalized_number: nonEmptyTextArb,
      shipping_line_scac: scacArb,
      shipping_line_name: textArb(),
      shipping_line_short_name: textArb(),
      customer_name: nullableText,
      port_of_lading_locode: nullable(locodeArb),
      port_of_lading_name: nullableText,
      port_of_discharge_locode: nullable(locodeArb),
      port_of_discharge_name: nullableText,
      pod_vessel_name: nullableText,
      pod_vessel_imo: nullable(imoArb),
      pod_voyage_number: nullableText,
      destination_locode: nullable(locodeArb),
      destination_name: nullableText,
      destination_timezone: tz,
      destination_eta_at: ts,
      destination_ata_at: ts,
      pol_etd_at: ts,
      pol_atd_at: ts,
      pol_timezone: tz,
      pod_eta_at: ts,
      pod_original_eta_at: ts,
      pod_ata_at: ts,
      pod_timezone: tz,
      line_tracking_last_attempted_at: ts,
      line_tracking_last_succeeded_at: ts,
      line_tracking_stopped_at: ts,
      line_tracking_stopped_reason: nullable(fc.constantFrom(...LineTrackingStoppedReasonSchema.options)),
      tracking_request_id: nullable(uuidArb),
      port_of_lading_id: nullable(uuidArb),
      port_of_discharge_id: nullable(uuidArb),
      pod_terminal_id: nullable(uuidArb),
      destination_id: nullable(uuidArb),
      destination_type: nullable(fc.constantFrom(...LocationTypeSchema.options)),
      destination_terminal_id: nullable(uuidArb),
      destination_terminal_type: nullable(fc.constantFrom(...TerminalTypeSchema.options)),
      line_tracking_stopped_by_user_id: nullable(uuidArb),
      pod_vessel_id: nullable(uuidArb),
      dates_reported_at: nullable(fc.record({ pod_eta_at: timestampArb, pol_etd_at: timestampArb }, { requiredKeys: ["pod_eta_at"], noNullPrototype: true })),
      pol_original_etd_at: ts,
      destination_original_eta_at: ts,
      pod_departure_eta_at: ts,
      pod_eta_delay_hours: delayArb,
      pod_eta_departure_delay_hours: delayArb,
      destination_departure_eta_at: ts,
      destination_eta_delay_hours: delayArb,
      destination_eta_departure_delay_hours: delayArb,
      predicted_eta_at: ts,
      predicted_eta_p10_at: ts,
      predicted_eta_p90_at: ts,
      predicted_eta_reasons: nullable(reasonsArb),
    },
    plain,
  );
}
