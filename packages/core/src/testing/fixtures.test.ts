import { describe, expect, it } from "vitest";
import {
  ChangeSchema,
  AccountSchema,
  ApiKeySchema,
  ContainerSchema,
  CustomFieldDefinitionSchema,
  CustomFieldOptionSchema,
  CustomFieldSchema,
  DomainEventSchema,
  MetroAreaSchema,
  PortSchema,
  RailTerminalSchema,
  RawEventSchema,
  ShipmentSchema,
  ShippingLineSchema,
  TerminalSchema,
  TrackingRequestSchema,
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
  ExceptionRuleSchema,
  ShipmentExceptionSchema,
  BulkJobSchema,
  BulkJobRowSchema,
  isContainerNumber,
  isImo,
} from "../domain/index.js";
import { uuidv7 } from "../ids/index.js";
import { RefreshLogDaySchema } from "../storage/index.js";
import * as f from "./fixtures.js";

const accountId = uuidv7();
const parentId = uuidv7();
const childId = uuidv7();

// Each factory, called twice, with the schema its output must parse with.
const cases = [
  ["makeAccount", AccountSchema, () => f.makeAccount()],
  ["makeUser", UserSchema, () => f.makeUser(accountId)],
  ["makeApiKey", ApiKeySchema, () => f.makeApiKey(accountId, parentId)],
  ["makePort", PortSchema, () => f.makePort()],
  ["makeTerminal", TerminalSchema, () => f.makeTerminal(parentId)],
  ["makeRailTerminal", RailTerminalSchema, () => f.makeRailTerminal()],
  ["makeMetroArea", MetroAreaSchema, () => f.makeMetroArea()],
  ["makeShippingLine", ShippingLineSchema, () => f.makeShippingLine()],
  ["makeVessel", VesselSchema, () => f.makeVessel()],
  ["makeVesselPosition", VesselPositionRecordSchema, () => f.makeVesselPosition(parentId)],
  ["makeShipment", ShipmentSchema, () => f.makeShipment(accountId)],
  ["makeContainer", ContainerSchema, () => f.makeContainer(accountId, parentId)],
  ["makeTransportEvent", TransportEventSchema, () => f.makeTransportEvent(accountId, parentId, childId)],
  ["makeRawEvent", RawEventSchema, () => f.makeRawEvent(accountId, parentId, childId)],
  ["makeTrackingRequest", TrackingRequestSchema, () => f.makeTrackingRequest(accountId)],
  ["makeCustomFieldDefinition", CustomFieldDefinitionSchema, () => f.makeCustomFieldDefinition(accountId)],
  ["makeCustomFieldOption", CustomFieldOptionSchema, () => f.makeCustomFieldOption(accountId, parentId)],
  ["makeCustomField", CustomFieldSchema, () => f.makeCustomField(accountId, parentId)],
  ["makeWebhook", WebhookSchema, () => f.makeWebhook(accountId)],
  ["makeParty", PartySchema, () => f.makeParty(accountId)],
  ["makeTariff", TariffSchema, () => f.makeTariff(accountId)],
  ["makeExceptionRule", ExceptionRuleSchema, () => f.makeExceptionRule(accountId)],
  ["makeShipmentException", ShipmentExceptionSchema, () => f.makeShipmentException(accountId, parentId)],
  ["makeBulkJob", BulkJobSchema, () => f.makeBulkJob(accountId)],
  ["makeBulkJobRow", BulkJobRowSchema, () => f.makeBulkJobRow(accountId, parentId, 1)],
  ["makeChange", ChangeSchema, () => f.makeChange(accountId, uuidv7())],
  ["makeRefreshLogDay", RefreshLogDaySchema, () => f.makeRefreshLogDay(accountId, parentId)],
  ["makeDomainEvent", DomainEventSchema, () => f.makeDomainEvent(accountId)],
  ["makeWebhookNotification", WebhookNotificationSchema, () => f.makeWebhookNotification(accountId, parentId)],
  ["makeWebhookNotificationAttempt", WebhookNotificationAttemptSchema, () => f.makeWebhookNotificationAttempt(parentId)],
  ["makeWebhookReplay", WebhookReplayRecordSchema, () => f.makeWebhookReplay(accountId, parentId)],
] as const;

describe("fixtures", () => {
  it.each(cases)("%s returns a record its schema parses unchanged, with a fresh id each call", (_name, schema, make) => {
    const first = make();
    const second = make();
    expect(schema.parse(first)).toStrictEqual(first);
    expect(schema.parse(second)).toStrictEqual(second);
    if ("id" in first && "id" in second) expect(first.id).not.toBe(second.id);
  });

  it("covers every factory the module exports", () => {
    const factories = Object.keys(f).filter((name) => name.startsWith("make")).sort();
    expect(factories).toEqual(cases.map(([name]) => name).sort());
  });

  it("applies overrides and the given parent ids", () => {
    const container = f.makeContainer(accountId, parentId, { current_status: "grounded", ref_numbers: ["PO-1"] });
    expect(container).toMatchObject({ account_id: accountId, shipment_id: parentId, current_status: "grounded", ref_numbers: ["PO-1"] });
    const event = f.makeTransportEvent(accountId, parentId, childId, { timestamp: null });
    expect(event).toMatchObject({ account_id: accountId, shipment_id: parentId, container_id: childId, timestamp: null });
  });

  it("mints distinct values for unique keys: container numbers, IMO, MMSI, names, hashes, slugs", () => {
    const containers = Array.from({ length: 50 }, () => f.makeContainer(accountId, parentId).number);
    expect(new Set(containers).size).toBe(50);
    expect(containers.every(isContainerNumber)).toBe(true);
    const vessels = Array.from({ length: 50 }, () => f.makeVessel());
    expect(new Set(vessels.map((v) => v.imo)).size).toBe(50);
    expect(new Set(vessels.map((v) => v.mmsi)).size).toBe(50);
    expect(vessels.every((v) => v.imo !== null && isImo(v.imo))).toBe(true);
    expect(new Set(Array.from({ length: 20 }, () => f.makeAccount().company_name)).size).toBe(20);
    expect(new Set(Array.from({ length: 20 }, () => f.makeApiKey(accountId, parentId).key_hash)).size).toBe(20);
    expect(new Set(Array.from({ length: 20 }, () => f.makeCustomFieldDefinition(accountId).api_slug)).size).toBe(20);
    expect(new Set(Array.from({ length: 20 }, () => f.makeCustomFieldOption(accountId, parentId).value)).size).toBe(20);
  });

  it("uses real UN/LOCODEs and canonical timestamps", () => {
    const codes = new Set(Array.from({ length: 5 }, () => f.makePort().code));
    expect([...codes].sort()).toEqual(["CNSHA", "KRPUS", "NLRTM", "USCHS", "USLAX"]);
    const account = f.makeAccount();
    expect(new Date(account.created_at).toISOString()).toBe(account.created_at);
  });
});
