/*
 * Type-level tests of the SDK, checked by `tsc -p packages/core` (the first step of `pnpm test`):
 * every `@ts-expect-error` must meet exactly the mistake it names, or the build fails, and every
 * `expectTypeOf` must hold. Nothing here runs; `session` is only declared.
 */
import { expectTypeOf } from "vitest";
import type { Container, CustomField, Port, MetroArea, Session, Shipment, TrackingRequest, TransportEvent, Webhook } from "./index.js";

declare const session: Session;
const id = "0190a8f0-0000-7000-8000-000000000001";

export async function trackingRequestCreate() {
  const created = await session.trackingRequests.create({ request_type: "bill_of_lading", request_number: "MAEU123456789", scac: "MAEU" });
  expectTypeOf(created).toEqualTypeOf<TrackingRequest>();
  // @ts-expect-error a misspelled attribute
  await session.trackingRequests.create({ request_type: "bill_of_lading", request_numbr: "MAEU123456789", scac: "MAEU" });
  // @ts-expect-error a number where a string belongs
  await session.trackingRequests.create({ request_type: "bill_of_lading", request_number: 123456789, scac: "MAEU" });
  // @ts-expect-error a wrong enum value
  await session.trackingRequests.create({ request_type: "bol", request_number: "MAEU123456789", scac: "MAEU" });
  // @ts-expect-error a missing required attribute
  await session.trackingRequests.create({ scac: "MAEU" });
  // the SCAC may be left out when it is to be detected from the number
  await session.trackingRequests.create({ request_type: "bill_of_lading", request_number: "MAEU123456789", auto_detect_vocc_scac: true });
  await session.trackingRequests.create({ request_type: "bill_of_lading", request_number: "MAEU123456789", auto_detect_vocc_scac: true, scac: null });
  // @ts-expect-error a missing scac without auto_detect_vocc_scac
  await session.trackingRequests.create({ request_type: "bill_of_lading", request_number: "MAEU123456789" });
  // @ts-expect-error a missing scac with auto_detect_vocc_scac off
  await session.trackingRequests.create({ request_type: "bill_of_lading", request_number: "MAEU123456789", auto_detect_vocc_scac: false });
  // @ts-expect-error a null scac without auto_detect_vocc_scac
  await session.trackingRequests.create({ request_type: "bill_of_lading", request_number: "MAEU123456789", scac: null });
  // a scac with auto_detect_vocc_scac: the scac is used
  await session.trackingRequests.create({ request_type: "bill_of_lading", request_number: "MAEU123456789", scac: "MAEU", auto_detect_vocc_scac: true });
  // a flag known only at run time: the caller says which shape it has
  const detect = Math.random() > 0.5;
  await session.trackingRequests.create(detect ? { request_type: "container", request_number: "MSCU1234566", auto_detect_vocc_scac: true } : { request_type: "container", request_number: "MSCU1234566", scac: "MSCU" });
}

export async function shipmentUpdate() {
  expectTypeOf(await session.shipments.update(id, { tags: ["hot"] })).toEqualTypeOf<Shipment>();
  // @ts-expect-error a misspelled attribute
  await session.shipments.update(id, { tag: ["hot"] });
  // @ts-expect-error a string where a list belongs
  await session.shipments.update(id, { ref_numbers: "PO-1" });
  // @ts-expect-error an attribute the update does not take
  await session.shipments.update(id, { bill_of_lading_number: "X" });
}

export async function customFieldUpsert() {
  const target = { type: "shipment", id } as const;
  expectTypeOf((await session.customFields.upsert(target, { api_slug: "po", value: "PO-1" })).field).toEqualTypeOf<CustomField>();
  // @ts-expect-error a misspelled attribute
  await session.customFields.upsert(target, { apiSlug: "po", value: "PO-1" });
  // @ts-expect-error a number where a string belongs
  await session.customFields.upsert(target, { api_slug: 7, value: "PO-1" });
  // @ts-expect-error a wrong target type
  await session.customFields.upsert({ type: "vessel", id }, { api_slug: "po", value: "PO-1" });
  // @ts-expect-error a value no custom field type takes
  await session.customFields.upsert(target, { api_slug: "po", value: { amount: 1 } });
}

export async function webhookCreate() {
  expectTypeOf(await session.webhooks.create({ url: "https://example.com/hook", events: ["container.transport.vessel_arrived"] })).toEqualTypeOf<Webhook>();
  // @ts-expect-error a misspelled attribute
  await session.webhooks.create({ url: "https://example.com/hook", event: ["container.transport.vessel_arrived"] });
  // @ts-expect-error a wrong enum value
  await session.webhooks.create({ url: "https://example.com/hook", events: ["container.arrived"] });
  // @ts-expect-error a string where a boolean belongs
  await session.webhooks.create({ url: "https://example.com/hook", events: ["container.transport.vessel_arrived"], active: "yes" });
}

export async function listWithInclude() {
  const page = await session.shipments.list({ include: ["containers", "containers.transport_events.location", "port_of_lading"] });
  const shipment = page.data[0]!;
  expectTypeOf(shipment).toMatchTypeOf<Shipment>();
  expectTypeOf(shipment.containers).toMatchTypeOf<Container[]>();
  expectTypeOf(shipment.containers[0]!.transport_events).toMatchTypeOf<TransportEvent[]>();
  expectTypeOf(shipment.containers[0]!.transport_events[0]!.location).toMatchTypeOf<Port | MetroArea | null>();
  expectTypeOf(shipment.port_of_lading).toMatchTypeOf<Port | null>();
  // @ts-expect-error not asked for, so not there
  void shipment.port_of_discharge;
  // @ts-expect-error an unknown include name
  await session.shipments.list({ include: ["containerz"] });
  // @ts-expect-error a path deeper than three relations
  await session.shipments.list({ include: ["containers.transport_events.location.x"] });
  // @ts-expect-error a wrong filter type
  await session.shipments.list({ trackingStopped: "yes" });
  // @ts-expect-error a wrong enum value in a filter
  await session.trackingRequests.list({ status: "done" });

  const plain = await session.shipments.get(id);
  expectTypeOf(plain).toEqualTypeOf<Shipment>();
  const container = await session.containers.get(id, { include: ["shipment"] });
  expectTypeOf(container.shipment).toMatchTypeOf<Shipment | null>();
  // @ts-expect-error an include of another record type
  await session.containers.get(id, { include: ["containers"] });
}
