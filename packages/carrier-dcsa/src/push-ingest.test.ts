import type { Session, Tracker } from "@bollard/core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createDcsaApp } from "./dcsa-app.js";
import type { DcsaSubscription } from "./dcsa-subscription.js";
import type { DcsaEvent } from "./dcsa-types.js";
import { POL_CALL } from "./testing/dcsa-journey.js";
import { dcsaValidators } from "./testing/dcsa-schema.js";
import { pushedAccount, signedPush } from "./testing/signed-push.js";
import { EVERY_WRITE_KEY, trackerStorage } from "@bollard/core/storage";

let tracker: Tracker;
let session: Session;
let subscription: DcsaSubscription;
let app: ReturnType<typeof createDcsaApp>;

beforeAll(async () => {
  ({ tracker, session, subscription, app } = await pushedAccount("Pushed", { maxNewReferencesPerNotification: 2 }));
});

afterAll(() => tracker.close());

let n = 0;
const at = () => new Date(Date.UTC(2026, 4, 1) + ++n * 60_000).toISOString();
/** The carrier issued a transport document: enough for Bollard to track it. */
const issued = (trd: string): DcsaEvent => ({ eventType: "SHIPMENT", eventClassifierCode: "ACT", eventCreatedDateTime: at(), eventDateTime: at(), shipmentEventTypeCode: "ISSU", documentTypeCode: "TRD", documentID: trd });
const loaded = (trd: string, callId = "NLRTM-1"): DcsaEvent => ({
  eventType: "EQUIPMENT", eventClassifierCode: "ACT", eventCreatedDateTime: at(), eventDateTime: at(), equipmentEventTypeCode: "LOAD", emptyIndicatorCode: "LADEN",
  equipmentReference: "APZU4812090", transportCall: { ...POL_CALL, transportCallID: callId }, documentReferences: [{ documentReferenceType: "TRD", documentReferenceValue: trd }],
});

const requestNumbers = async () => (await session.trackingRequests.list({ page: { size: 100 } })).data.map((r) => r.request_number).sort();

/** Pushes `body` and expects a 400 with the standard's error body, with nothing written; returns its error. */
async function refused(body: unknown, target = app): Promise<{ reason: string; message: string }> {
  const before = await trackerStorage(tracker).changeVersions.get([EVERY_WRITE_KEY]);
  const response = await signedPush(target, subscription, body);
  const error = (await response.json()) as { statusCode: number; errors: { reason: string; message: string }[] };
  expect(response.status).toBe(400);
  expect(dcsaValidators().error(error), JSON.stringify(dcsaValidators().error.errors)).toBe(true);
  expect(error.statusCode).toBe(400);
  expect(await trackerStorage(tracker).changeVersions.get([EVERY_WRITE_KEY])).toStrictEqual(before);
  return error.errors[0]!;
}

describe("a signed notification Bollard cannot apply whole", () => {
  it("is a 400 naming the first event the mapping cannot read, with nothing applied", async () => {
    expect(await refused("{")).toEqual({ reason: "invalidBody", message: "The body must be a JSON list of DCSA events" });
    expect(await refused({ events: [] })).toMatchObject({ reason: "invalidBody" });
    expect(await refused([null])).toEqual({ reason: "invalidEvent", message: "events[0] must be an object" });
    expect(await refused([issued("TRD-OK"), { ...loaded("TRD-OK"), documentReferences: "TRD-OK" }])).toEqual({ reason: "invalidEvent", message: "events[1].documentReferences must be a list" });
    expect(await refused([issued("TRD-OK"), loaded("TRD-OK"), { ...loaded("TRD-OK"), documentReferences: [null] }])).toEqual({ reason: "invalidEvent", message: "events[2].documentReferences[0] must be an object" });
    expect(await refused([{ ...issued("TRD-OK"), documentTypeCode: "BKG", documentReferences: [null] }])).toMatchObject({ message: "events[0].documentReferences[0] must be an object" });
    expect((await refused([{ ...loaded("TRD-OK"), transportCall: { ...POL_CALL, vessel: { vesselIMONumber: "9321483", vesselName: "x".repeat(300) } } }])).message).toBe("events[0].transportCall.vessel.vesselName must be text of at most 200 characters");
    expect(await requestNumbers()).toEqual([]);
  });

  it("is a 400 when one reference's events make no valid snapshot, and the references before it are not applied", async () => {
    // 501 loads at 501 calls: more events than a snapshot's container may hold.
    const tooMany = Array.from({ length: 501 }, (_, i) => loaded("TRD-BIG", `CALL-${i}`));
    const error = await refused([issued("TRD-FIRST"), ...tooMany]);
    expect(error.reason).toBe("invalidEvents");
    expect(error.message).toMatch(/^The events of TRD-BIG do not make a valid snapshot \(snapshot\.containers\.0\.transport_events: .*\)\. Nothing was applied$/);
    expect(await requestNumbers()).toEqual([]);
  });
});

describe("maxNewReferencesPerNotification", () => {
  it("refuses a notification adding more untracked transport documents than allowed, with nothing applied; tracked ones do not count", async () => {
    await session.trackingRequests.create({ request_type: "bill_of_lading", request_number: "TRD-TRACKED", scac: "MAEU" });
    const error = await refused([issued("TRD-A"), issued("TRD-TRACKED"), issued("TRD-B"), issued("TRD-C")]);
    expect(error).toEqual({
      reason: "tooManyReferences",
      message: "The notification names 3 transport documents Bollard does not track yet; one notification may add at most 2. Nothing was applied",
    });
    expect(await requestNumbers()).toEqual(["TRD-TRACKED"]);

    const response = await signedPush(app, subscription, [issued("TRD-A"), issued("TRD-TRACKED"), loaded("TRD-B"), issued("TRD-B")]);
    expect(response.status).toBe(204);
    expect(await requestNumbers()).toEqual(["TRD-A", "TRD-B", "TRD-TRACKED"]);
    // Now tracked, they no longer count.
    expect((await signedPush(app, subscription, [issued("TRD-A"), issued("TRD-B"), issued("TRD-C"), issued("TRD-D")])).status).toBe(204);
    expect(await requestNumbers()).toEqual(["TRD-A", "TRD-B", "TRD-C", "TRD-D", "TRD-TRACKED"]);
  });

  it("is 100 by default, and 0 lets a push update only what is tracked", async () => {
    const byDefault = createDcsaApp(tracker, { subscriptions: [subscription] });
    const error = await refused(Array.from({ length: 101 }, (_, i) => issued(`TRD-MANY-${i}`)), byDefault);
    expect(error.message).toContain("names 101 transport documents Bollard does not track yet; one notification may add at most 100");
    const none = createDcsaApp(tracker, { subscriptions: [subscription], maxNewReferencesPerNotification: 0 });
    expect((await refused([issued("TRD-NEW")], none)).reason).toBe("tooManyReferences");
    expect((await signedPush(none, subscription, [issued("TRD-A"), loaded("TRD-A")])).status).toBe(204);
  });

  it("must be a whole number from 0", () => {
    for (const bad of [-1, 1.5, Number.NaN, Number.POSITIVE_INFINITY]) {
      expect(() => createDcsaApp(tracker, { maxNewReferencesPerNotification: bad })).toThrow(RangeError);
    }
  });
});

describe("a shipment whose tracking is stopped", () => {
  it("is left out of a notification, which applies the rest", async () => {
    expect((await signedPush(app, subscription, [loaded("TRD-STOP", "CALL-1")])).status).toBe(204);
    const shipment = (await session.shipments.list()).data.find((s) => s.bill_of_lading_number === "TRD-STOP")!;
    await session.shipments.stopTracking(shipment.id);
    const container = (await session.containers.list()).data.find((c) => c.shipment_id === shipment.id)!;
    const before = (await session.containers.rawEvents(container.id)).data.length;
    expect((await signedPush(app, subscription, [loaded("TRD-STOP", "CALL-2"), issued("TRD-AFTER-STOP")])).status).toBe(204);
    expect((await session.containers.rawEvents(container.id)).data).toHaveLength(before);
    expect(await requestNumbers()).toContain("TRD-AFTER-STOP");
  });
});
