import { createTracker, manualClock, type ManualClock, type Tracker } from "@bollard/core";
import { memoryStorage } from "@bollard/storage-memory";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createDcsaApp } from "./dcsa-app.js";
import { dcsaCarrierSource } from "./dcsa-carrier-source.js";
import type { DcsaEvent } from "./dcsa-types.js";
import type { DcsaV3Event } from "./dcsa-v3-types.js";
import { dcsaJourney, POD_CALL } from "./testing/dcsa-journey.js";
import { kitContentProblems } from "./testing/dcsa-kit-checks.js";
import { startDcsaPublisher, type DcsaPublisher } from "./testing/dcsa-publisher.js";
import { dcsaValidators } from "./testing/dcsa-schema.js";
import { dcsaV3Validators } from "./testing/dcsa-v3-schema.js";
import { KIT_HEADERS, KIT_TYPES, kitRequest } from "./testing/kit-messages.js";

let publisher: DcsaPublisher;
let tracker: Tracker;
let clock: ManualClock;
let app: ReturnType<typeof createDcsaApp>;
let keyA: string;
let keyB: string;
const v3 = dcsaV3Validators();
const BOXES = ["APZU4812090", "MSKU1234565"];
/** When each batch of events was learned: the carrier pull, then two rounds of IoT and reefer pushes. */
const PULLED = "2026-05-22T00:00:00Z";
const FIRST_PUSH = "2026-05-22T01:00:00Z";
const SECOND_PUSH = "2026-05-22T02:00:00Z";

/** IoT and reefer readings of a container, as a producer pushes them. */
function sensorEvents(box: string, hour: number): DcsaV3Event[] {
  const [iot] = kitRequest("IOT").events;
  const [reefer] = kitRequest("REEFER").events;
  const at = `2026-05-21T${String(hour).padStart(2, "0")}:00:00Z`;
  return [
    { ...iot, eventDateTime: at, eventUpdatedDateTime: at, equipmentDetails: { equipmentReference: box, ISOEquipmentCode: "45G1" }, iotDetails: { iotEventCode: hour % 2 ? "DRO" : "DRC" } },
    { ...iot, eventDateTime: at, eventUpdatedDateTime: at, equipmentDetails: { equipmentReference: box }, iotDetails: { iotEventCode: "LOC" }, eventLocation: { geoCoordinate: { latitude: "36.9", longitude: "-76.3" } } },
    { ...reefer, eventDateTime: at, eventUpdatedDateTime: at, equipmentDetails: { equipmentReference: box }, eventClassification: { eventTypeCode: "REEFER", eventClassifierCode: "ACT", reeferEventTypeCode: hour % 2 ? "MEAS" : "ADJU" } },
  ];
}

async function push(key: string, events: DcsaV3Event[]): Promise<void> {
  const response = await app.request("/dcsa/v3/events", { method: "POST", body: JSON.stringify({ events }), headers: { ...KIT_HEADERS, authorization: `Token ${key}` } });
  expect(await response.json()).toEqual({ feedbackElements: [] });
}

beforeAll(async () => {
  publisher = await startDcsaPublisher({ auth: { type: "none" } });
  const journey = dcsaJourney({ containers: BOXES, idPrefix: "6e0c0e1a" });
  const refs = journey[0]!.documentReferences!;
  publisher.events.push(
    ...journey,
    { eventID: "6e0c0e1a-0000-4000-8000-0000000000a1", eventType: "TRANSPORT", eventClassifierCode: "ACT", eventCreatedDateTime: "2026-05-20T15:00:00Z", eventDateTime: "2026-05-20T14:30:00Z", transportEventTypeCode: "ARRI", transportCall: POD_CALL, documentReferences: refs },
    ...BOXES.map((box, i): DcsaEvent => ({
      eventID: `6e0c0e1a-0000-4000-8000-0000000000b${i}`, eventType: "EQUIPMENT", eventClassifierCode: "ACT", eventCreatedDateTime: "2026-05-21T03:00:00Z", eventDateTime: `2026-05-21T0${i + 1}:00:00Z`,
      equipmentEventTypeCode: "DISC", emptyIndicatorCode: "LADEN", equipmentReference: box, ISOEquipmentCode: "45G1", transportCall: POD_CALL, documentReferences: refs,
    })),
  );
  clock = manualClock(PULLED);
  tracker = await createTracker({ storage: memoryStorage(), clock, carrier: dcsaCarrierSource({ carriers: [{ scacs: ["MAEU"], baseUrl: publisher.baseUrl }] }) });
  app = createDcsaApp(tracker);
  const a = await tracker.accounts.ensure("Forwarder");
  keyA = (await tracker.accounts.issueKey(a.account.id)).apiKey;
  // Tracked by its booking, as DCSA's conformance kit asks (carrierBookingReference).
  await tracker.session(await tracker.accounts.authenticate(keyA)).trackingRequests.create({ request_type: "booking_number", request_number: "ABC709951", scac: "MAEU" });
  await tracker.refresh.runDue();
  clock.set(FIRST_PUSH);
  await push(keyA, [...sensorEvents(BOXES[0]!, 5), ...sensorEvents(BOXES[1]!, 5)]);
  clock.set(SECOND_PUSH);
  await push(keyA, [...sensorEvents(BOXES[0]!, 6), ...sensorEvents(BOXES[1]!, 6)]);
  // Another account with the same booking number, its own shipment and its own readings.
  const b = await tracker.accounts.ensure("Someone else");
  keyB = (await tracker.accounts.issueKey(b.account.id)).apiKey;
  const request = await tracker.session(await tracker.accounts.authenticate(keyB)).trackingRequests.create({ request_type: "booking_number", request_number: "ABC709951", scac: "MAEU" });
  await tracker.ingest.snapshot({ accountId: b.account.id, trackingRequestId: request.id, snapshot: { shipment: { bill_of_lading_number: "OTHER1" }, containers: [{ number: "MSCU1234566", transport_events: [{ event: "container.transport.empty_out", timestamp: "2026-05-01T00:00:00Z" }] }] } });
  await push(keyB, sensorEvents("MSCU1234566", 7));
});

afterAll(async () => {
  await tracker.close();
  await publisher.close();
});

/** A GET as the kit sends it; every answer is checked against the standard's schema and carries API-Version 3.0.0. */
async function get(query: string, key = keyA): Promise<{ status: number; body: { events: DcsaV3Event[]; feedbackElements?: { severity: string; propertyPath?: string }[] }; cursor: string | null }> {
  const response = await app.request(`/dcsa/v3/events${query ? `?${query}` : ""}`, { headers: { ...KIT_HEADERS, authorization: `Token ${key}` } });
  const body = (await response.json()) as Awaited<ReturnType<typeof get>>["body"];
  const validate = response.status === 200 ? v3.getResponse : v3.getError;
  expect(validate(body), JSON.stringify(validate.errors?.slice(0, 3))).toBe(true);
  expect(response.headers.get("api-version")).toBe("3.0.0");
  return { status: response.status, body, cursor: response.headers.get("Next-Page-Cursor") };
}

/** Every event a query matches, read page by page with the Next-Page-Cursor. */
async function all(query: string, key = keyA): Promise<DcsaV3Event[]> {
  const events: DcsaV3Event[] = [];
  for (let cursor: string | null = null, pages = 0; pages === 0 || cursor !== null; pages++) {
    const page = await get(`${query}&limit=1000${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ""}`, key);
    expect(page.status).toBe(200);
    events.push(...page.body.events);
    cursor = page.cursor;
  }
  return events;
}

const typeOf = (event: DcsaV3Event) => event.eventClassification!.eventTypeCode!;
const documents = (event: DcsaV3Event) => [event.shipmentDetails?.documentReference, ...(event.shipmentDetails?.additionalDocumentReferences ?? [])].map((d) => `${d?.typeCode}:${d?.reference}`);
const equipment = (event: DcsaV3Event) => [event.equipmentDetails?.equipmentReference, ...(event.shipmentDetails?.shipmentReferences ?? []).filter((r) => r.typeCode === "EQ").map((r) => r.reference)].filter(Boolean);

describe("GET /dcsa/v3/events", () => {
  it.each(KIT_TYPES)("serves %s events (eventTypes=<type>), valid against GetEventsResponse and passing the kit's checks of that type", async (type) => {
    const { status, body } = await get(`eventTypes=${type}`);
    expect(status).toBe(200);
    expect(body.events.length).toBeGreaterThan(0);
    expect(body.events.every((e) => typeOf(e) === type)).toBe(true);
    expect(kitContentProblems(body, type)).toEqual([]);
  });

  it("answers each of the kit's supplied-parameter scenarios with events passing every type's checks", async () => {
    const box = "APZU4812090";
    for (const query of [
      "", "carrierBookingReference=ABC709951", `carrierBookingReference=ABC709951&equipmentReference=${box}`, "transportDocumentReference=TRD2103S0001",
      `transportDocumentReference=TRD2103S0001&equipmentReference=${box}`, `equipmentReference=${box}`, "carrierBookingReference=ABC709951&eventTypes=EQUIPMENT%2CIOT%2CREEFER",
      `carrierBookingReference=ABC709951&eventUpdatedDateTimeMin=${encodeURIComponent(FIRST_PUSH)}`, `carrierBookingReference=ABC709951&eventUpdatedDateTimeMax=${encodeURIComponent("2026-05-22T01:00:00+00:00")}`,
      "carrierBookingReference=ABC709951&eventTypes=EQUIPMENT%2CIOT%2CREEFER&eventUpdatedDateTimeMin=2001-01-01T14%3A14%3A56%2B01%3A00&eventUpdatedDateTimeMax=2050-01-01T00%3A00%3A00Z",
    ]) {
      const { status, body } = await get(query);
      expect(status, query).toBe(200);
      expect(kitContentProblems(body), query).toEqual([]);
    }
  });

  it("filters by eventTypes and by references", async () => {
    const everything = await all("");
    expect(new Set(everything.map(typeOf))).toEqual(new Set(KIT_TYPES));
    expect(new Set(everything.map((e) => e.eventID)).size).toBe(everything.length);
    const sensors = await all("eventTypes=EQUIPMENT%2CIOT%2CREEFER");
    expect(new Set(sensors.map(typeOf))).toEqual(new Set(["EQUIPMENT", "IOT", "REEFER"]));
    expect(sensors.length).toBe(everything.filter((e) => ["EQUIPMENT", "IOT", "REEFER"].includes(typeOf(e))).length);

    const booked = await all("carrierBookingReference=ABC709951");
    expect(booked.map((e) => e.eventID).sort()).toEqual(everything.map((e) => e.eventID).sort());
    expect(booked.every((e) => documents(e).includes("BKG:ABC709951") && documents(e).includes("TRD:TRD2103S0001"))).toBe(true);
    expect((await all("transportDocumentReference=TRD2103S0001")).length).toBe(everything.length);
    for (const query of ["equipmentReference=MSKU1234565", "transportDocumentReference=TRD2103S0001&equipmentReference=MSKU1234565", "carrierBookingReference=ABC709951&equipmentReference=MSKU1234565"]) {
      const box = await all(query);
      expect(box.length, query).toBeGreaterThan(0);
      expect(box.every((e) => equipment(e).includes("MSKU1234565")), query).toBe(true);
      expect(box.some((e) => equipment(e).includes("APZU4812090") && !equipment(e).includes("MSKU1234565"))).toBe(false);
    }
    // An unknown value is no error: nothing matches.
    for (const query of ["carrierBookingReference=NOPE", "transportDocumentReference=OTHER1", "equipmentReference=MSCU1234566", "transportDocumentReference=TRD2103S0001&equipmentReference=MSCU1234566"]) {
      expect(await get(query), query).toMatchObject({ status: 200, body: { events: [] }, cursor: null });
    }
  });

  it("filters by eventUpdatedDateTimeMin and Max, both bounds included, and serves eventUpdatedDateTime as when Bollard learned the event", async () => {
    const everything = await all("carrierBookingReference=ABC709951");
    expect(new Set(everything.map((e) => e.eventUpdatedDateTime))).toEqual(new Set([PULLED, FIRST_PUSH, SECOND_PUSH]));
    const learned = (...times: string[]) => everything.filter((e) => times.includes(e.eventUpdatedDateTime!)).map((e) => e.eventID).sort();
    const ids = async (query: string) => (await all(`carrierBookingReference=ABC709951&${query}`)).map((e) => e.eventID).sort();
    expect(await ids(`eventUpdatedDateTimeMin=${FIRST_PUSH}`)).toEqual(learned(FIRST_PUSH, SECOND_PUSH));
    expect(await ids(`eventUpdatedDateTimeMax=${FIRST_PUSH}`)).toEqual(learned(PULLED, FIRST_PUSH));
    expect(await ids(`eventUpdatedDateTimeMin=${FIRST_PUSH}&eventUpdatedDateTimeMax=${encodeURIComponent("2026-05-22T03:00:00+02:00")}`)).toEqual(learned(FIRST_PUSH));
    expect(await ids("eventUpdatedDateTimeMin=2026-05-22T01:00:01Z&eventUpdatedDateTimeMax=2026-05-22T01:59:59Z")).toEqual([]);
  });

  it("pages with limit and cursor: a Next-Page-Cursor while more follow, each page different, none on the last", async () => {
    const everything = await all("carrierBookingReference=ABC709951");
    expect(everything.length).toBeGreaterThan(10);
    const pages: { body: string; ids: string[]; cursor: string | null }[] = [];
    for (let cursor: string | null = null; pages.length === 0 || cursor !== null; ) {
      const page = await get(`carrierBookingReference=ABC709951&limit=5${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ""}`);
      expect(page.status).toBe(200);
      expect(page.body.events.length).toBeLessThanOrEqual(5);
      pages.push({ body: JSON.stringify(page.body), ids: page.body.events.map((e) => e.eventID!), cursor: page.cursor });
      cursor = page.cursor;
    }
    expect(pages[0]!.ids.length).toBe(5);
    expect(pages[0]!.cursor).toMatch(/^[\w-]+$/);
    expect(pages[1]!.ids.length).toBeGreaterThan(0);
    expect(pages[1]!.body).not.toBe(pages[0]!.body);
    expect(pages.at(-1)!.cursor).toBeNull();
    expect(pages.flatMap((p) => p.ids)).toEqual(everything.map((e) => e.eventID));
  });

  it("answers 400 with an ERROR feedback element naming the parameter, and 401 without a key", async () => {
    for (const [query, parameter] of [
      ["foo=1", "foo"], ["eventType=SHIPMENT", "eventType"], ["eventTypes=BOAT", "eventTypes"], ["eventTypes=SHIPMENT%2C", "eventTypes"], ["eventUpdatedDateTimeMin=yesterday", "eventUpdatedDateTimeMin"],
      ["eventUpdatedDateTimeMax=2026-05-22", "eventUpdatedDateTimeMax"], ["eventUpdatedDateTimeMin=2026-05-22T01:00:00", "eventUpdatedDateTimeMin"], ["limit=0", "limit"], ["limit=-1", "limit"],
      ["limit=five", "limit"], ["cursor=nonsense", "cursor"], ["carrierBookingReference=", "carrierBookingReference"], ["limit=5&limit=6", "limit"],
    ]) {
      const { status, body } = await get(query!);
      expect(status, query).toBe(400);
      expect(body.feedbackElements, query).toEqual([expect.objectContaining({ severity: "ERROR", propertyPath: parameter })]);
    }
    for (const authorization of [undefined, "Token wrong"]) {
      const response = await app.request("/dcsa/v3/events", { headers: { ...KIT_HEADERS, ...(authorization && { authorization }) } });
      expect(response.status).toBe(401);
      expect(response.headers.get("api-version")).toBe("3.0.0");
      expect(v3.getError(await response.json())).toBe(true);
    }
    const unknown = await app.request("/dcsa/v3/events/0190a000-0000-7000-8000-000000000000", { headers: { authorization: `Token ${keyA}` } });
    expect(unknown.status).toBe(404);
    expect(v3.getError(await unknown.json())).toBe(true);
  });

  it("accepts any API-Version a client sends (2, 3, 3.0.0 or none) and a JSON content type on a GET", async () => {
    for (const version of ["2", "3", "3.0.0", undefined]) {
      const response = await app.request("/dcsa/v3/events?eventTypes=IOT&limit=1", { headers: { "content-type": "application/json", authorization: `Token ${keyA}`, ...(version && { "api-version": version }) } });
      expect(response.status, version).toBe(200);
    }
  });

  it("never serves another account's events, even under the same booking number", async () => {
    const mine = await all("");
    const served = JSON.stringify(mine);
    expect(served).not.toContain("MSCU1234566");
    expect(served).not.toContain("OTHER1");
    const theirs = await all("carrierBookingReference=ABC709951", keyB);
    expect(theirs.length).toBeGreaterThan(0);
    expect(theirs.every((e) => documents(e).includes("TRD:OTHER1") && equipment(e).includes("MSCU1234566"))).toBe(true);
    const ids = new Set(mine.map((e) => e.eventID));
    expect((await all("", keyB)).some((e) => ids.has(e.eventID))).toBe(false);
  });

  it("leaves the 2.2 routes as they were: the same shipment, transport and equipment events, valid against 2.2, and 2.2's own errors", async () => {
    const response = await app.request("/dcsa/v2/events?limit=1000", { headers: { authorization: `Token ${keyA}` } });
    expect(response.status).toBe(200);
    expect(response.headers.get("api-version")).toBe("2.2.0");
    const v2 = (await response.json()) as (DcsaEvent & { eventID: string })[];
    const { list, error } = dcsaValidators();
    expect(list(v2), JSON.stringify(list.errors?.slice(0, 3))).toBe(true);
    const classic = (await all("eventTypes=SHIPMENT%2CTRANSPORT%2CEQUIPMENT")).map((e) => e.eventID).sort();
    expect(v2.map((e) => e.eventID).sort()).toEqual(classic);
    const missing = await app.request("/dcsa/v2/nowhere", { headers: { authorization: `Token ${keyA}` } });
    expect(missing.status).toBe(404);
    expect(error(await missing.json())).toBe(true);
  });
});
