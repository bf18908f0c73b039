import { createTracker, manualClock, type Tracker } from "@bollard/core";
import { memoryStorage } from "@bollard/storage-memory";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createDcsaApp } from "./dcsa-app.js";
import { dcsaCarrierSource } from "./dcsa-carrier-source.js";
import { eventCode } from "./dcsa-codes.js";
import type { DcsaEvent } from "./dcsa-types.js";
import { latestPerHappening } from "./events-to-snapshot.js";
import { dcsaJourney, POD_CALL } from "./testing/dcsa-journey.js";
import { startDcsaPublisher, type DcsaPublisher } from "./testing/dcsa-publisher.js";
import { dcsaValidators } from "./testing/dcsa-schema.js";

let publisher: DcsaPublisher;
let tracker: Tracker;
let app: ReturnType<typeof createDcsaApp>;
let apiKey: string;
let input: DcsaEvent[];
const { list, single, error } = dcsaValidators();

beforeAll(async () => {
  publisher = await startDcsaPublisher({ auth: { type: "none" } });
  const journey = dcsaJourney({ containers: ["APZU4812090", "MSKU1234565"], idPrefix: "5d0c0e1a" });
  const refs = journey[0]!.documentReferences;
  // The journey to its end: arrival and discharges at Norfolk (VIG, a terminal Bollard knows by its SMDG code).
  input = [
    ...journey,
    { eventID: "5d0c0e1a-0000-4000-8000-0000000000a1", eventType: "TRANSPORT", eventClassifierCode: "ACT", eventCreatedDateTime: "2026-05-20T15:00:00Z", eventDateTime: "2026-05-20T14:30:00Z", transportEventTypeCode: "ARRI", transportCall: POD_CALL, documentReferences: refs! },
    ...["APZU4812090", "MSKU1234565"].map((box, i): DcsaEvent => ({
      eventID: `5d0c0e1a-0000-4000-8000-0000000000b${i}`, eventType: "EQUIPMENT", eventClassifierCode: "ACT", eventCreatedDateTime: "2026-05-21T03:00:00Z", eventDateTime: `2026-05-21T0${i + 1}:00:00Z`,
      equipmentEventTypeCode: "DISC", emptyIndicatorCode: "LADEN", equipmentReference: box, ISOEquipmentCode: "45G1", transportCall: POD_CALL, documentReferences: refs!,
    })),
  ];
  publisher.events.push(...input);
  tracker = await createTracker({ storage: memoryStorage(), clock: manualClock("2026-05-22T00:00:00Z"), carrier: dcsaCarrierSource({ carriers: [{ scacs: ["MAEU"], baseUrl: publisher.baseUrl }] }) });
  const { account } = await tracker.accounts.ensure("Forwarder");
  apiKey = (await tracker.accounts.issueKey(account.id)).apiKey;
  await tracker.session(await tracker.accounts.authenticate(apiKey)).trackingRequests.create({ request_type: "bill_of_lading", request_number: "TRD2103S0001", scac: "MAEU" });
  await tracker.refresh.runDue();
  // Another account's data is never served.
  const other = await tracker.accounts.ensure("Someone else");
  await tracker.ingest.snapshot({ accountId: other.account.id, scac: "MAEU", snapshot: { shipment: { bill_of_lading_number: "OTHER1" }, containers: [{ number: "MSCU1234566", transport_events: [{ event: "container.transport.empty_out", timestamp: "2026-05-01T00:00:00Z" }] }] } });
  app = createDcsaApp(tracker);
});

afterAll(async () => {
  await tracker.close();
  await publisher.close();
});

async function get(path: string): Promise<{ status: number; body: unknown; headers: Headers }> {
  const response = await app.request(path, { headers: { authorization: `Token ${apiKey}` } });
  return { status: response.status, body: await response.json(), headers: response.headers };
}

/** Pages through a query by Next-Page, checking every page against the standard. */
async function all(query: string, limit = 3): Promise<(DcsaEvent & { eventID: string })[]> {
  const events: (DcsaEvent & { eventID: string })[] = [];
  let path: string | null = `/dcsa/v2/events?limit=${limit}${query ? `&${query}` : ""}`;
  while (path) {
    const page = await get(path);
    expect(page.status).toBe(200);
    expect(list(page.body), JSON.stringify(list.errors?.slice(0, 3))).toBe(true);
    events.push(...(page.body as (DcsaEvent & { eventID: string })[]));
    const next = page.headers.get("next-page");
    path = next ? new URL(next).pathname + new URL(next).search : null;
  }
  return events;
}

/** The fields the mapping keeps (see docs/dcsa.md): kind, code, actual or not, time, container, empty/laden, place, facility, vessel, voyage. */
function mapped(event: DcsaEvent) {
  const call = event.eventType === "SHIPMENT" ? undefined : event.transportCall;
  const code = eventCode(event);
  const arriving = code === "ARRI" || code === "DISC";
  return {
    kind: event.eventType, code, actual: event.eventClassifierCode === "ACT", at: Date.parse(event.eventDateTime),
    equipment: event.eventType === "EQUIPMENT" ? event.equipmentReference ?? null : null,
    empty: event.eventType === "EQUIPMENT" ? event.emptyIndicatorCode : null,
    document: event.eventType === "SHIPMENT" ? event.documentTypeCode : null,
    place: call?.UNLocationCode ?? (event.eventType === "EQUIPMENT" ? event.eventLocation?.UNLocationCode : undefined) ?? null,
    // Facilities come back for the terminals Bollard knows.
    facility: call?.facilityCode === "VIG" && event.eventClassifierCode === "ACT" ? "VIG" : null,
    vessel: call?.vessel?.vesselIMONumber ?? null,
    voyage: (call && (arriving ? call.importVoyageNumber : call.exportVoyageNumber ?? call.carrierVoyageNumber)) ?? null,
  };
}
const order = (a: { at: number; code: string; equipment: string | null }, b: typeof a) => a.at - b.at || a.code.localeCompare(b.code) || (a.equipment ?? "").localeCompare(b.equipment ?? "");

describe("GET /dcsa/v2/events", () => {
  it("keeps every mapped field of the events that came in (round trip), paged by cursor, each page valid against the standard", async () => {
    const out = await all("");
    expect(new Set(out.map((e) => e.eventID)).size).toBe(out.length);
    // In: the current picture (an actual replaces its plan or estimate; the newest estimate wins).
    const expected = latestPerHappening(input).map(mapped).sort(order);
    expect(expected.length).toBe(14); // 2 document statuses, a departure and an arrival, 5 moves of each of 2 containers
    expect(out.map(mapped).sort(order)).toEqual(expected);
  });

  it("filters by the standard's parameters", async () => {
    expect((await all("eventType=TRANSPORT")).map((e) => eventCode(e)).sort()).toEqual(["ARRI", "DEPA"]);
    expect((await all("equipmentEventTypeCode=LOAD,DISC")).map((e) => eventCode(e)).sort()).toEqual(["DISC", "DISC", "LOAD", "LOAD"]);
    expect(await all("transportEventTypeCode=ARRI&equipmentEventTypeCode=LOAD")).toEqual([]);
    const box = await all("equipmentReference=APZU4812090&eventType=EQUIPMENT");
    expect(box.every((e) => e.eventType === "EQUIPMENT" && e.equipmentReference === "APZU4812090")).toBe(true);
    expect(box.map((e) => eventCode(e)).sort()).toEqual(["DISC", "GTIN", "GTOT", "LOAD", "STUF"]);
    expect((await all("transportDocumentReference=TRD2103S0001")).length).toBe((await all("")).length);
    expect(await all("transportDocumentReference=OTHER1")).toEqual([]);
    expect(await all("carrierBookingReference=ABC709951")).toEqual([]);
    const everything = await all("", 100);
    const cut = everything.map((e) => e.eventCreatedDateTime).sort()[3]!;
    const later = await all(`eventCreatedDateTime:gte=${encodeURIComponent(cut)}`);
    expect(later.length).toBeGreaterThan(0);
    expect(later.every((e) => e.eventCreatedDateTime >= cut)).toBe(true);
    expect((await all(`eventCreatedDateTime:lt=${encodeURIComponent(cut)}`)).length + later.length).toBe(everything.length);
    expect((await all("UNLocationCode=USORF")).length).toBeGreaterThan(0);
    expect((await all("vesselIMONumber=9321483")).length).toBeGreaterThan(0);
  });

  it("serves one event by id, and answers errors in the standard's shape", async () => {
    const [first] = await all("", 1);
    const one = await get(`/dcsa/v2/events/${first!.eventID}`);
    expect(one.status).toBe(200);
    expect(single(one.body), JSON.stringify(single.errors?.slice(0, 3))).toBe(true);
    expect(one.body).toEqual(first);

    const missing = await get("/dcsa/v2/events/0190a000-0000-7000-8000-000000000000");
    expect(missing.status).toBe(404);
    expect(error(missing.body)).toBe(true);
    for (const bad of ["eventType=BOAT", "limit=0", "eventCreatedDateTime:around=2026-01-01T00:00:00Z", "cursor=nonsense", "colour=red"]) {
      const response = await get(`/dcsa/v2/events?${bad}`);
      expect(response.status, bad).toBe(400);
      expect(error(response.body)).toBe(true);
    }
    const anonymous = await app.request("/dcsa/v2/events");
    expect(anonymous.status).toBe(401);
    expect(error(await anonymous.json())).toBe(true);
  });
});
