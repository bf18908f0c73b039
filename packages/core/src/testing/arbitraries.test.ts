import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { z } from "zod";
import {
  AccountSchema,
  ApiKeySchema,
  ContainerSchema,
  ChargeTypeSchema,
  ContainerStatusSchema,
  CustomFieldDataTypeSchema,
  CustomFieldDefinitionSchema,
  CustomFieldOptionSchema,
  CustomFieldSchema,
  MetroAreaSchema,
  PortSchema,
  RailTerminalSchema,
  RawEventSchema,
  ShipmentSchema,
  ShippingLineSchema,
  TerminalSchema,
  TrackingRequestSchema,
  TransportEventNameSchema,
  TransportEventSchema,
  UserSchema,
  VesselPositionRecordSchema,
  VesselSchema,
  WebhookNotificationAttemptSchema,
  WebhookNotificationSchema,
  WebhookSchema,
  WebhookReplayRecordSchema,
  PartySchema,
  TariffSchema,
} from "../domain/index.js";
import { uuidv7 } from "../ids/index.js";
import * as a from "./arbitraries.js";

const accountId = uuidv7();
const parentId = uuidv7();
const childId = uuidv7();

const cases: ReadonlyArray<readonly [string, z.ZodType, fc.Arbitrary<unknown>]> = [
  ["arbitraryAccount", AccountSchema, a.arbitraryAccount()],
  ["arbitraryUser", UserSchema, a.arbitraryUser(accountId)],
  ["arbitraryApiKey", ApiKeySchema, a.arbitraryApiKey(accountId, parentId)],
  ["arbitraryPort", PortSchema, a.arbitraryPort()],
  ["arbitraryTerminal", TerminalSchema, a.arbitraryTerminal(parentId)],
  ["arbitraryRailTerminal", RailTerminalSchema, a.arbitraryRailTerminal()],
  ["arbitraryMetroArea", MetroAreaSchema, a.arbitraryMetroArea()],
  ["arbitraryShippingLine", ShippingLineSchema, a.arbitraryShippingLine()],
  ["arbitraryVessel", VesselSchema, a.arbitraryVessel()],
  ["arbitraryVesselPosition", VesselPositionRecordSchema, a.arbitraryVesselPosition(parentId)],
  ["arbitraryShipment", ShipmentSchema, a.arbitraryShipment(accountId)],
  ["arbitraryContainer", ContainerSchema, a.arbitraryContainer(accountId, parentId)],
  ["arbitraryTransportEvent", TransportEventSchema, a.arbitraryTransportEvent(accountId, parentId, childId)],
  ["arbitraryRawEvent", RawEventSchema, a.arbitraryRawEvent(accountId, parentId, childId)],
  ["arbitraryTrackingRequest", TrackingRequestSchema, a.arbitraryTrackingRequest(accountId)],
  ["arbitraryCustomFieldDefinition", CustomFieldDefinitionSchema, a.arbitraryCustomFieldDefinition(accountId)],
  ["arbitraryCustomFieldOption", CustomFieldOptionSchema, a.arbitraryCustomFieldOption(accountId, parentId)],
  ["arbitraryCustomField", CustomFieldSchema, a.arbitraryCustomField(accountId, parentId)],
  ["arbitraryWebhook", WebhookSchema, a.arbitraryWebhook(accountId)],
  ["arbitraryParty", PartySchema, a.arbitraryParty(accountId)],
  ["arbitraryTariff", TariffSchema, a.arbitraryTariff(accountId)],
  ["arbitraryWebhookNotification", WebhookNotificationSchema, a.arbitraryWebhookNotification(accountId, parentId)],
  ["arbitraryWebhookNotificationAttempt", WebhookNotificationAttemptSchema, a.arbitraryWebhookNotificationAttempt(parentId)],
  ["arbitraryWebhookReplay", WebhookReplayRecordSchema, a.arbitraryWebhookReplay(accountId, parentId)],
];

describe("arbitraries", () => {
  it.each(cases)("%s generates only values its schema parses unchanged", (_name, schema, arb) => {
    fc.assert(
      fc.property(arb, (value) => {
        expect(schema.parse(value)).toStrictEqual(value);
      }),
      { numRuns: 200 },
    );
  });

  it("covers every entity arbitrary the module exports", () => {
    const names = Object.keys(a).filter((name) => /^arbitrary[A-Z]/.test(name)).sort();
    expect(names).toEqual(cases.map(([name]) => name).sort());
  });

  it("reaches every enum value, nulls, empty arrays, astral characters and extreme numbers", () => {
    const containers = fc.sample(a.arbitraryContainer(accountId, parentId), 3000);
    expect(new Set(containers.map((c) => c.current_status))).toEqual(new Set(ContainerStatusSchema.options));
    expect(containers.some((c) => c.weight_in_lbs === null)).toBe(true);
    expect(containers.some((c) => c.weight_in_lbs === Number.MAX_VALUE)).toBe(true);
    expect(containers.some((c) => c.holds_at_pod_terminal.length === 0)).toBe(true);
    const events = fc.sample(a.arbitraryTransportEvent(accountId, parentId, childId), 3000);
    expect(new Set(events.map((e) => e.event))).toEqual(new Set(TransportEventNameSchema.options));
    expect(events.some((e) => e.timestamp === null)).toBe(true);
    const definitions = fc.sample(a.arbitraryCustomFieldDefinition(accountId), 2000);
    expect(new Set(definitions.map((d) => d.data_type))).toEqual(new Set(CustomFieldDataTypeSchema.options));
    const shipments = fc.sample(a.arbitraryShipment(accountId), 500);
    expect(shipments.some((s) => /[\u{10000}-\u{10FFFF}]/u.test(s.bill_of_lading_number))).toBe(true);
  });

  it("arbitraryTariff reaches every charge type, decimal rates, empty and full lists, open and closed rules, holiday states", () => {
    const tariffs = fc.sample(a.arbitraryTariff(accountId), 2000);
    expect(new Set(tariffs.map((t) => t.charge_type))).toEqual(new Set(ChargeTypeSchema.options));
    const rates = tariffs.flatMap((t) => t.rates.map((tier) => tier.rate));
    for (const rate of ["0.5", "1234.5678"]) expect(rates).toContain(rate);
    expect(rates.some((rate) => !rate.includes("."))).toBe(true);
    for (const list of ["rates", "carrier_scacs", "port_locodes", "terminal_ids", "customer_names", "equipment_types", "equipment_lengths", "weekend_days", "closures"] as const) {
      expect(tariffs.some((t) => t[list].length === 0), list).toBe(true);
      expect(tariffs.some((t) => t[list].length > 1), list).toBe(true);
    }
    expect(tariffs.some((t) => t.valid_to === null)).toBe(true);
    expect(tariffs.some((t) => t.valid_to !== null && t.valid_to > t.valid_from)).toBe(true);
    expect(tariffs.some((t) => t.rates.at(-1)?.to_day === null)).toBe(true);
    expect(tariffs.some((t) => t.holiday_calendar === null)).toBe(true);
    const states = tariffs.flatMap((t) => (t.holiday_calendar ? [t.holiday_calendar.state] : []));
    expect(states).toContain(null);
    expect(states).toContain("CA");
  });

  it("generates plain objects, never null-prototype records", () => {
    for (const shipment of fc.sample(a.arbitraryContainer(accountId, parentId), 200)) {
      expect(Object.getPrototypeOf(shipment)).toBe(Object.prototype);
      for (const hold of shipment.holds_at_pod_terminal) expect(Object.getPrototypeOf(hold)).toBe(Object.prototype);
    }
  });
});
