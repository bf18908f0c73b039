import { createHmac } from "node:crypto";
import { isDeepStrictEqual } from "node:util";
import { createTracker, manualClock, type Session, type Tracker } from "@bollard/core";
import { memoryStorage } from "@bollard/storage-memory";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createDcsaApp } from "./dcsa-app.js";
import type { DcsaV3Event } from "./dcsa-v3-types.js";
import { dcsaValidators } from "./testing/dcsa-schema.js";
import { dcsaV3Validators } from "./testing/dcsa-v3-schema.js";
import { kitContentProblems } from "./testing/dcsa-kit-checks.js";
import { KIT_HEADERS, KIT_TYPES, kitRequest, kitRequestText } from "./testing/kit-messages.js";

let tracker: Tracker;
let app: ReturnType<typeof createDcsaApp>;
let editorKey: string;
let viewerKey: string;
let session: Session;
let accountId: string;
const secret = Buffer.from("a shared secret of thirty-two by").toString("base64");
const v3 = dcsaV3Validators();

beforeAll(async () => {
  tracker = await createTracker({ storage: memoryStorage(), clock: manualClock("2026-01-21T00:00:00Z") });
  const { account } = await tracker.accounts.ensure("Consignee");
  accountId = account.id;
  editorKey = (await tracker.accounts.issueKey(account.id)).apiKey;
  viewerKey = (await tracker.accounts.issueKey(account.id, { role: "viewer" })).apiKey;
  session = tracker.session(await tracker.accounts.authenticate(editorKey));
  // The shipment the kit's events are about: booking ABC709951, bill HHL71800000, container APZU4812090.
  const request = await session.trackingRequests.create({ request_type: "booking_number", request_number: "ABC709951", scac: "MAEU" });
  await tracker.ingest.snapshot({
    accountId, trackingRequestId: request.id,
    snapshot: { shipment: { bill_of_lading_number: "HHL71800000", port_of_lading_locode: "NLRTM", port_of_discharge_locode: "USNYC" }, containers: [{ number: "APZU4812090", equipment_length: 20, equipment_height: "standard", equipment_type: "dry" }] },
  });
  app = createDcsaApp(tracker, { subscriptions: [{ id: "sub-3", secret, scac: "MAEU", accountId }] });
});

afterAll(() => tracker.close());

function post(body: string, headers: Record<string, string> = { authorization: `Token ${editorKey}` }, path = "/dcsa/v3/events") {
  return app.request(path, { method: "POST", body, headers: { ...KIT_HEADERS, ...headers } });
}

async function getEvents(query: string): Promise<DcsaV3Event[]> {
  const response = await app.request(`/dcsa/v3/events?${query}`, { headers: { ...KIT_HEADERS, authorization: `Token ${editorKey}` } });
  const body = (await response.json()) as { events: DcsaV3Event[] };
  expect(response.status).toBe(200);
  expect(v3.getResponse(body), JSON.stringify(v3.getResponse.errors?.slice(0, 3))).toBe(true);
  return body.events;
}

/** Every stored raw event of the account's containers. */
async function rawEvents() {
  const containers = (await session.containers.list()).data;
  return (await Promise.all(containers.map(async (c) => (await session.containers.rawEvents(c.id, { page: { size: 100 } })).data))).flat();
}

/**
 * What a round trip keeps of an event (see docs/dcsa.md): its classification, time, place and
 * documents; the container and whether it is empty; a transport call's mode, vessel and voyage (the
 * import voyage of an arrival, the export voyage of a departure); an IoT or reefer event's place,
 * detected code and readings. `documents` are the BKG and TRD references it names: what is served
 * names at least those pushed.
 */
function kept(event: DcsaV3Event) {
  const classification = event.eventClassification!;
  const type = classification.eventTypeCode;
  const call = event.transportDetails?.transportCall;
  const arriving = classification.transportEventTypeCode === "ARRI";
  const documents = [event.shipmentDetails?.documentReference, ...(event.shipmentDetails?.additionalDocumentReferences ?? [])].flatMap((d) => (d?.typeCode === "BKG" || d?.typeCode === "TRD" ? [`${d.typeCode}:${d.reference}`] : []));
  const sensor = type === "IOT" || type === "REEFER";
  return {
    fields: {
      classification, eventDateTime: event.eventDateTime, place: event.eventLocation?.UNLocationCode ?? null,
      ...(type === "SHIPMENT" && { document: event.shipmentDetails?.documentReference }),
      ...(type !== "SHIPMENT" && type !== "TRANSPORT" && { equipment: event.equipmentDetails?.equipmentReference }),
      ...(type === "EQUIPMENT" && { empty: event.equipmentDetails?.emptyIndicatorCode }),
      ...(type === "TRANSPORT" && {
        mode: call?.modeOfTransport,
        vessel: { imo: call?.vesselTransport?.vesselIMONumber, name: call?.vesselTransport?.vesselName },
        voyage: (arriving ? call?.importVoyageNumberOrReference : call?.exportVoyageNumberOrReference)?.carrierVoyageNumber,
      }),
      ...(sensor && { locationName: event.eventLocation?.locationName, facilityTypeCode: event.eventLocation?.facilityTypeCode, geo: event.eventLocation?.geoCoordinate, iot: event.iotDetails, reefer: event.reeferDetails }),
    },
    documents,
  };
}

describe("POST /dcsa/v3/events", () => {
  it.each(KIT_TYPES)("accepts DCSA's conformance-kit push of a %s event (200, API-Version 3.0.0, a PostEventsResponse), and GET /dcsa/v3/events serves it back", async (type) => {
    const pushed = kitRequest(type);
    expect(v3.postRequest(pushed)).toBe(true);
    expect(kitContentProblems(pushed, type)).toEqual([]);
    const response = await post(kitRequestText(type));
    const body = await response.json();
    expect(response.status).toBe(200);
    expect(response.headers.get("api-version")).toBe("3.0.0");
    expect(v3.postResponse(body), JSON.stringify(v3.postResponse.errors)).toBe(true);
    expect(body).toEqual({ feedbackElements: [] });

    // The kit asks by booking (its supplied parameter), so the booking is named on every event.
    const served = await getEvents(`carrierBookingReference=ABC709951&eventTypes=${type}`);
    const want = kept(pushed.events[0]!);
    const match = served.map(kept).find((event) => isDeepStrictEqual(event.fields, want.fields));
    expect(match, `${type}: ${JSON.stringify(served.map((e) => kept(e).fields))}`).toBeDefined();
    expect(match!.documents).toEqual(expect.arrayContaining(want.documents));
  });

  it("keeps IoT and reefer events as raw events, with their codes and readings and a wording of their own", async () => {
    const raw = await rawEvents();
    const door = raw.find((e) => e.source_codes?.eventType === "IOT")!;
    expect(door).toMatchObject({ original_event: "Door opened (IOT DETC DRO) at 2026-01-20T16:45:00Z", event: null, estimated: false, timestamp: "2026-01-20T16:45:00.000Z", location_name: "Container Storage Area", reported_at: "2026-01-20T16:50:00.000Z" });
    expect(door.source_codes).toEqual({ eventType: "IOT", eventClassifierCode: "ACT", iotEventTypeCode: "DETC", iotEventCode: "DRO", latitude: "52.3676", longitude: "4.9041" });
    const reefer = raw.find((e) => e.source_codes?.eventType === "REEFER")!;
    expect(reefer.original_event).toBe("Measured (REEFER MEAS) at 2026-01-20T18:00:00Z");
    expect(reefer.location_locode).toBe("USNYC");
    expect(reefer.source_codes).toMatchObject({ temperatureUnit: "CEL", internalSetpointTemperature: "-18.5", ambientMeasuredTemperature: "22.3", "temperatureProbeMeasurements.1.measuredTemperatureValue": "-18.7", "setpointParameters.humidityPercentage": "75", facilityTypeCode: "POTE" });
    // The 2.2 API has no such events: it leaves them out and stays valid against its standard.
    const v2 = await app.request("/dcsa/v2/events?limit=1000", { headers: { authorization: `Token ${editorKey}` } });
    const events = (await v2.json()) as { eventType: string }[];
    expect(dcsaValidators().list(events)).toBe(true);
    expect(new Set(events.map((e) => e.eventType))).toEqual(new Set(["SHIPMENT", "TRANSPORT", "EQUIPMENT"]));
  });

  it("applies what it can: a WARN with the event's path for each event it cannot, still 200", async () => {
    const [transport] = kitRequest("TRANSPORT").events;
    const [iot] = kitRequest("IOT").events;
    const events = [
      { ...transport, eventDateTime: "2026-01-22T08:00:00Z", eventClassification: { ...transport!.eventClassification, transportEventTypeCode: "DEPA" } },
      "not an event",
      { ...transport, shipmentDetails: { documentReference: { typeCode: "TRD", reference: "NOBODY0001" } } },
      { ...iot, equipmentDetails: { equipmentReference: "APZU4812091", ISOEquipmentCode: "22GP" } },
      { ...kitRequest("EQUIPMENT").events[0], eventClassification: { eventTypeCode: "EQUIPMENT", eventClassifierCode: "ACT", equipmentEventTypeCode: "GTOT" }, equipmentDetails: { equipmentReference: "APZU4812090" } },
      { ...iot, eventDateTime: "yesterday" },
      { ...transport, shipmentDetails: undefined },
      { ...iot, isRetracted: true },
      { ...kitRequest("SHIPMENT").events[0], shipmentDetails: { documentReference: { typeCode: "BOOKING", reference: "ABC709951" } } },
      { ...kitRequest("REEFER").events[0], eventDateTime: "2026-01-22T09:00:00Z", reeferDetails: { temperatureProbeMeasurements: Array.from({ length: 12 }, (_, i) => ({ USDAProbeNumber: i, measuredTemperatureValue: -18 })) } },
    ];
    const response = await post(JSON.stringify({ events }));
    const body = (await response.json()) as { feedbackElements: { severity: string; propertyPath: string }[] };
    expect(response.status).toBe(200);
    expect(v3.postResponse(body)).toBe(true);
    expect(body.feedbackElements.every((f) => f.severity === "WARN")).toBe(true);
    expect(body.feedbackElements.map((f) => f.propertyPath).sort()).toEqual([
      "$.events[1]", "$.events[2]", "$.events[3].equipmentDetails.equipmentReference", "$.events[4].equipmentDetails.emptyIndicatorCode",
      "$.events[5].eventDateTime", "$.events[6].shipmentDetails", "$.events[7].isRetracted", "$.events[8].shipmentDetails.documentReference", "$.events[9]",
    ]);
    // The reefer event is applied, without the readings past the limit.
    expect(JSON.stringify(body.feedbackElements.find((f) => f.propertyPath === "$.events[9]"))).toContain("readings left out");
    expect((await rawEvents()).some((e) => e.original_event === "Measured (REEFER MEAS) at 2026-01-22T09:00:00Z" && Object.keys(e.source_codes!).length === 20)).toBe(true);
    const departures = await getEvents("transportDocumentReference=HHL71800000&eventTypes=TRANSPORT");
    expect(departures.some((e) => e.eventClassification?.transportEventTypeCode === "DEPA" && e.eventDateTime === "2026-01-22T08:00:00Z")).toBe(true);
  });

  it("answers 400 with feedbackElements when the body is not {\"events\":[…]}, and 413 past 1 MiB", async () => {
    for (const body of ["[]", "{\"events\":3}", "{not json", "null"]) {
      const response = await post(body);
      const answer = await response.json();
      expect(response.status, body).toBe(400);
      expect(response.headers.get("api-version")).toBe("3.0.0");
      expect(v3.postError(answer)).toBe(true);
      expect(answer).toMatchObject({ feedbackElements: [{ severity: "ERROR", propertyPath: "$.events" }] });
    }
    const huge = await post(JSON.stringify({ events: [{ padding: "x".repeat(1_100_000) }] }));
    expect(huge.status).toBe(413);
    expect(v3.postError(await huge.json())).toBe(true);
  });

  it("takes only an editor's key: 401 without one or with a wrong one, 403 for a viewer's, and stores nothing", async () => {
    const before = (await rawEvents()).length;
    for (const headers of [{}, { authorization: "Token not-a-key" }] as Record<string, string>[]) {
      const response = await post(kitRequestText("IOT").replace("16:45:00Z", "17:45:00Z"), headers);
      expect(response.status).toBe(401);
      expect(response.headers.get("api-version")).toBe("3.0.0");
      expect(v3.postError(await response.json())).toBe(true);
    }
    const viewer = await post(kitRequestText("IOT").replace("16:45:00Z", "17:45:00Z"), { authorization: `Token ${viewerKey}` });
    expect(viewer.status).toBe(403);
    expect(v3.postError(await viewer.json())).toBe(true);
    expect((await rawEvents()).length).toBe(before);
  });

  it("takes a subscription's signed pushes at /dcsa/v3/notifications/{subscriptionID}/events, and refuses a bad signature", async () => {
    const body = kitRequestText("REEFER").replaceAll("2026-01-20T18:", "2026-01-23T18:");
    const sign = (key: string) => `sha256=${createHmac("sha256", Buffer.from(key, "base64")).update(body).digest("hex")}`;
    const before = (await rawEvents()).length;
    for (const [path, signature] of [["/dcsa/v3/notifications/sub-3/events", sign(Buffer.from("wrong").toString("base64"))], ["/dcsa/v3/notifications/sub-9/events", sign(secret)]] as const) {
      const refused = await post(body, { "notification-signature": signature }, path);
      expect(refused.status).toBe(401);
      expect(v3.postError(await refused.json())).toBe(true);
    }
    expect((await post(body, {}, "/dcsa/v3/notifications/sub-3/events")).status).toBe(401);
    expect((await rawEvents()).length).toBe(before);
    const response = await post(body, { "notification-signature": sign(secret) }, "/dcsa/v3/notifications/sub-3/events");
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ feedbackElements: [] });
    expect((await rawEvents()).map((e) => e.original_event)).toContain("Measured (REEFER MEAS) at 2026-01-23T18:00:00Z");
  });
});
