import { createTracker, manualClock, type Tracker } from "@bollard/core";
import { memoryStorage } from "@bollard/storage-memory";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createDcsaApp } from "./dcsa-app.js";
import { dcsaCarrierSource } from "./dcsa-carrier-source.js";
import type { DcsaEvent } from "./dcsa-types.js";
import { dcsaJourney, POD_CALL } from "./testing/dcsa-journey.js";
import { startDcsaPublisher, type DcsaPublisher } from "./testing/dcsa-publisher.js";
import { dcsaValidators } from "./testing/dcsa-schema.js";

// DCSA's conformance kit (Conformance-Gateway, tnt v2.2.0) judging Bollard as a publisher of
// `GET /v2/events`: its live checks (status 200, a JSON array of at least one event, each valid
// against its event type's schema; 400 for invalid values and for code filters that contradict
// eventType; the next page's cursor read from Next-Page-Cursor and sent back with every other
// parameter), its request habits (`Api-Version: 2`, percent-encoded names and values), and the
// checks it used to make of how filters apply (each event matches each filter, eventCreatedDateTime
// bounds strict or inclusive, at most `limit` events, unique eventIDs across pages).

type Served = DcsaEvent & { eventID: string };
const { list, error } = dcsaValidators();
let publisher: DcsaPublisher;
let tracker: Tracker;
let app: ReturnType<typeof createDcsaApp>;
let apiKey: string;

beforeAll(async () => {
  publisher = await startDcsaPublisher({ auth: { type: "none" } });
  // Two shipments: one tracked by its bill, one by its booking.
  const byBill = dcsaJourney({ containers: ["APZU4812090", "MSKU1234565"], idPrefix: "6a0c0e1a", transportDocumentReference: "TRD2103S0001", carrierBookingReference: "ABC709951" });
  const refs = byBill[0]!.documentReferences!;
  const arrival: DcsaEvent = { eventID: "6a0c0e1a-0000-4000-8000-0000000000a1", eventType: "TRANSPORT", eventClassifierCode: "ACT", eventCreatedDateTime: "2026-05-20T15:00:00Z", eventDateTime: "2026-05-20T14:30:00Z", transportEventTypeCode: "ARRI", transportCall: POD_CALL, documentReferences: refs };
  const byBooking = dcsaJourney({ containers: ["TGHU7654320"], idPrefix: "6b0c0e1b", transportDocumentReference: "TRD2103S0002", carrierBookingReference: "BKG0000002" });
  publisher.events.push(...byBill, arrival, ...byBooking);
  tracker = await createTracker({ storage: memoryStorage(), clock: manualClock("2026-05-22T00:00:00Z"), carrier: dcsaCarrierSource({ carriers: [{ scacs: ["MAEU"], baseUrl: publisher.baseUrl }] }) });
  const { account } = await tracker.accounts.ensure("Publisher");
  apiKey = (await tracker.accounts.issueKey(account.id)).apiKey;
  const session = tracker.session(await tracker.accounts.authenticate(apiKey));
  await session.trackingRequests.create({ request_type: "bill_of_lading", request_number: "TRD2103S0001", scac: "MAEU" });
  await session.trackingRequests.create({ request_type: "booking_number", request_number: "BKG0000002", scac: "MAEU" });
  await tracker.refresh.runDue();
  app = createDcsaApp(tracker);
});

afterAll(async () => {
  await tracker.close();
  await publisher.close();
});

/** A GET as the kit sends it: its API key header, `Api-Version: 2`, and a JSON content type. */
async function get(query: string, headers: Record<string, string> = { "api-version": "2", "content-type": "application/json" }) {
  const response = await app.request(`/dcsa/v2/events${query ? `?${query}` : ""}`, { headers: { authorization: `Token ${apiKey}`, ...headers } });
  return { status: response.status, headers: response.headers, body: (await response.json()) as unknown };
}

/** Every event of a query, paging as the kit does: every parameter again, plus `cursor=<Next-Page-Cursor>`. */
async function all(query: string, limit = 2): Promise<Served[]> {
  const events: Served[] = [];
  let cursor: string | null = null;
  do {
    const page = await get(`${query}${query ? "&" : ""}limit=${limit}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ""}`);
    expect(page.status, JSON.stringify(page.body)).toBe(200);
    expect(page.headers.get("api-version")).toBe("2.2.0");
    expect(list(page.body), JSON.stringify(list.errors?.slice(0, 2))).toBe(true);
    const events_ = page.body as Served[];
    expect(events_.length).toBeLessThanOrEqual(limit);
    events.push(...events_);
    cursor = page.headers.get("next-page-cursor");
  } while (cursor);
  expect(new Set(events.map((e) => e.eventID)).size, "eventIDs are unique across pages").toBe(events.length);
  return events;
}

const codeOf = (e: Served) => (e.eventType === "TRANSPORT" ? e.transportEventTypeCode : e.eventType === "EQUIPMENT" ? e.equipmentEventTypeCode : e.shipmentEventTypeCode);
const refOf = (e: Served, kind: "BKG" | "TRD") => (e.eventType === "SHIPMENT" ? (e.documentTypeCode === kind ? e.documentID : undefined) : e.documentReferences?.find((r) => r.documentReferenceType === kind)?.documentReferenceValue);

describe("DCSA conformance kit, TNT 2.2.0 publisher", () => {
  it("answers each event type's GET with at least one event, all of that type, valid against the standard, with API-Version 2.2.0", async () => {
    for (const type of ["SHIPMENT", "TRANSPORT", "EQUIPMENT"] as const) {
      const events = await all(`eventType=${type}`);
      expect(events.length, type).toBeGreaterThanOrEqual(2);
      expect(events.every((e) => e.eventType === type)).toBe(true);
    }
  });

  it("pages with limit=1: a bare token in Next-Page-Cursor, a different event on the next page, none after the last", async () => {
    const first = await get("eventType=EQUIPMENT&limit=1");
    const cursor = first.headers.get("next-page-cursor")!;
    expect(cursor).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(first.headers.get("next-page")).toContain(`cursor=${cursor}`);
    const second = await get(`eventType=EQUIPMENT&limit=1&cursor=${cursor}`);
    expect(second.status).toBe(200);
    expect((second.body as Served[])[0]!.eventID).not.toBe((first.body as Served[])[0]!.eventID);
    const every = await all("eventType=EQUIPMENT", 1);
    expect(every.length).toBe(12); // 4 moves (empty out, stuffing, gate in, load) of each of the bill's 2 containers and the booking's one
  });

  it("applies each code filter to its own event type", async () => {
    for (const [query, check] of [
      ["eventType=SHIPMENT&shipmentEventTypeCode=CONF", (e: Served) => e.eventType === "SHIPMENT" && e.shipmentEventTypeCode === "CONF"],
      ["documentTypeCode=TRD", (e: Served) => e.eventType === "SHIPMENT" && e.documentTypeCode === "TRD"],
      ["eventType=TRANSPORT&transportEventTypeCode=ARRI", (e: Served) => e.eventType === "TRANSPORT" && e.transportEventTypeCode === "ARRI"],
      ["eventType=EQUIPMENT&equipmentEventTypeCode=LOAD", (e: Served) => e.eventType === "EQUIPMENT" && e.equipmentEventTypeCode === "LOAD"],
      ["equipmentEventTypeCode=LOAD,GTIN", (e: Served) => e.eventType === "EQUIPMENT" && ["LOAD", "GTIN"].includes(e.equipmentEventTypeCode)],
    ] as const) {
      const events = await all(query);
      expect(events.length, query).toBeGreaterThan(0);
      expect(events.every(check), query).toBe(true);
    }
  });

  it("applies the reference filters: every event carries the booking or bill it asked for", async () => {
    for (const type of ["SHIPMENT", "TRANSPORT", "EQUIPMENT"]) {
      const byBill = await all(`eventType=${type}&transportDocumentReference=TRD2103S0001`);
      expect(byBill.length, type).toBeGreaterThan(0);
      expect(byBill.every((e) => e.eventType !== "SHIPMENT" ? refOf(e, "TRD") === "TRD2103S0001" : e.documentTypeCode !== "TRD" || e.documentID === "TRD2103S0001"), type).toBe(true);
      const byBooking = await all(`eventType=${type}&carrierBookingReference=BKG0000002`);
      expect(byBooking.length, type).toBeGreaterThan(0);
      expect(byBooking.every((e) => e.eventType !== "SHIPMENT" ? refOf(e, "BKG") === "BKG0000002" && refOf(e, "TRD") === "TRD2103S0002" : e.documentTypeCode !== "BKG" || e.documentID === "BKG0000002"), type).toBe(true);
    }
    // A booking that is the other shipment's, or one Bollard tracks by its bill only, matches nothing: 200 and an empty list.
    expect((await get("carrierBookingReference=ABC709951")).body).toEqual([]);
    const box = await all("eventType=EQUIPMENT&equipmentReference=MSKU1234565");
    expect(box.length).toBe(4);
    expect(box.every((e) => e.eventType === "EQUIPMENT" && e.equipmentReference === "MSKU1234565")).toBe(true);
    // A departure of the bill's shipment concerns both of its containers: it is found by either.
    expect((await all("eventType=TRANSPORT&equipmentReference=MSKU1234565")).map(codeOf).sort()).toEqual(["ARRI", "DEPA"]);
  });

  it("applies the transport call filters to transport and equipment events", async () => {
    for (const [query, check] of [
      ["transportCallID=USORF-2103N-9321483", (e: Served) => e.eventType !== "SHIPMENT" && e.transportCall?.transportCallID === "USORF-2103N-9321483"],
      ["vesselIMONumber=9321483", (e: Served) => e.eventType !== "SHIPMENT" && e.transportCall?.vessel?.vesselIMONumber === "9321483"],
      ["exportVoyageNumber=2103S", (e: Served) => e.eventType !== "SHIPMENT" && (e.transportCall?.exportVoyageNumber === "2103S" || e.transportCall?.carrierVoyageNumber === "2103S")],
      ["UNLocationCode=NLRTM", (e: Served) => e.eventType !== "SHIPMENT" && (e.transportCall?.UNLocationCode ?? (e.eventType === "EQUIPMENT" ? e.eventLocation?.UNLocationCode : undefined)) === "NLRTM"],
    ] as const) {
      for (const type of ["TRANSPORT", "EQUIPMENT"]) {
        const events = await all(`eventType=${type}&${query}`);
        expect(events.every(check), `${type} ${query}`).toBe(true);
      }
      expect((await all(query)).length, query).toBeGreaterThan(0);
    }
  });

  it("bounds eventCreatedDateTime strictly or inclusively, on an event exactly at the bound, whatever the offset written", async () => {
    const events = await all("", 50);
    const at = events.map((e) => e.eventCreatedDateTime).sort()[Math.floor(events.length / 2)]!;
    const ms = Date.parse(at);
    // The same instant with an offset, percent-encoded as the kit sends it.
    const shifted = new Date(ms + 3_600_000).toISOString().replace(/\.\d{3}Z$/, "+01:00");
    const query = (operator: string) => `eventCreatedDateTime%3A${operator}=${encodeURIComponent(shifted)}`;
    const count = (check: (t: number) => boolean) => events.filter((e) => check(Date.parse(e.eventCreatedDateTime))).length;
    expect((await all(query("gte"), 50)).length).toBe(count((t) => t >= ms));
    expect((await all(query("gt"), 50)).length).toBe(count((t) => t > ms));
    expect((await all(query("lte"), 50)).length).toBe(count((t) => t <= ms));
    expect((await all(query("lt"), 50)).length).toBe(count((t) => t < ms));
    expect((await all(query("eq"), 50)).length).toBe(count((t) => t === ms));
    expect((await all(`eventCreatedDateTime=${encodeURIComponent(shifted)}`, 50)).length).toBe(count((t) => t === ms));
    expect(count((t) => t === ms)).toBeGreaterThan(0);
  });

  it("reads percent-encoded names and values, and the kit's request headers (any API version, a JSON content type on a GET)", async () => {
    const plain = await all("equipmentEventTypeCode=LOAD,DISC");
    const encoded = await get("equipmentEventTypeCode=LOAD%2CDISC&limit=50", { "api-version": "2" });
    expect(encoded.body).toEqual(plain);
    for (const headers of [{ "API-Version": "2.2.0" }, { "api-version": "2" }, {}] as Record<string, string>[]) expect((await get("limit=1", headers)).status).toBe(200);
  });

  it("answers 400 with the standard's error body and API-Version for invalid values and contradicting filters", async () => {
    for (const query of [
      "eventType=INVALID_SHIPMENT_EVENT",
      "eventType=INVALID_TRANSPORT_EVENT",
      "eventType=INVALID_EQUIPMENT_EVENT",
      "shipmentEventTypeCode=INVALID_SHIPMENT_EVENT_TYPE_CODE",
      "documentTypeCode=INVALID_DOCUMENT_TYPE_CODE",
      "equipmentEventTypeCode=INVALID_EQUIPMENT_TYPE_CODE",
      "eventType=SHIPMENT&transportEventTypeCode=ARRV",
      "eventType=SHIPMENT&transportEventTypeCode=ARRI",
      "eventType=TRANSPORT&shipmentEventTypeCode=DRFT",
      "eventType=EQUIPMENT&shipmentEventTypeCode=DRFT",
      "eventType=TRANSPORT&equipmentEventTypeCode=LOAD",
      "eventType=EQUIPMENT&documentTypeCode=TRD",
      "cursor=not-a-cursor-of-this-server",
    ]) {
      const response = await get(query);
      expect(response.status, query).toBe(400);
      expect(response.headers.get("api-version"), query).toBe("2.2.0");
      expect(error(response.body), query).toBe(true);
    }
    // Code filters of two types at once leave each other's events out: nothing matches (200, not 400).
    expect((await get("transportEventTypeCode=ARRI&equipmentEventTypeCode=LOAD")).body).toEqual([]);
  });
});
