import type { Session, Tracker } from "@bollard/core";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { createDcsaApp } from "./dcsa-app.js";
import type { DcsaSubscription } from "./dcsa-subscription.js";
import { eventProblem } from "./event-shape.js";
import { dcsaEventArbitrary, notificationBodyArbitrary, type FuzzBody } from "./testing/dcsa-arbitraries.js";
import { POL_CALL } from "./testing/dcsa-journey.js";
import { dcsaValidators } from "./testing/dcsa-schema.js";
import { pushedAccount, signedPush } from "./testing/signed-push.js";
import { EVERY_WRITE_KEY, trackerStorage } from "@bollard/core/storage";

// The push route against bodies made from the standard's own event schemas, then broken: signed
// with the subscription's secret, so every one reaches the parsing and the ingest behind it.
const SEED = 20_260_512;

let tracker: Tracker;
let session: Session;
let subscription: DcsaSubscription;
let app: ReturnType<typeof createDcsaApp>;

beforeAll(async () => {
  ({ tracker, session, subscription, app } = await pushedAccount("Fuzzed"));
  // One reference tracked beforehand, so pushes go both to a tracking request and to new ones.
  await session.trackingRequests.create({ request_type: "bill_of_lading", request_number: "TRD0001", scac: "MAEU" });
});

afterAll(() => tracker.close());

/** Pushes a body: never a 5xx; a valid one is taken (204); a refusal has the standard's error body and writes nothing. */
async function push({ body, valid }: FuzzBody): Promise<{ status: number; reason?: string }> {
  const before = await trackerStorage(tracker).changeVersions.get([EVERY_WRITE_KEY]);
  const response = await signedPush(app, subscription, body);
  if (response.status >= 500) throw new Error(`${response.status} for ${typeof body === "string" ? body.slice(0, 500) : `bytes ${Buffer.from(body).toString("hex").slice(0, 200)}`}: ${await response.text()}`);
  if (response.status === 204) return { status: 204 };
  const error = (await response.json()) as { statusCode: number; errors: { reason: string; message: string }[] };
  if (valid) throw new Error(`${response.status} ${JSON.stringify(error.errors)} for standard-valid events ${String(body).slice(0, 2000)}`);
  expect([400, 413]).toContain(response.status);
  expect(dcsaValidators().error(error), JSON.stringify(dcsaValidators().error.errors)).toBe(true);
  expect(error.statusCode).toBe(response.status);
  expect(await trackerStorage(tracker).changeVersions.get([EVERY_WRITE_KEY])).toStrictEqual(before);
  return { status: response.status, reason: error.errors[0]!.reason };
}

const base = { eventClassifierCode: "ACT", eventCreatedDateTime: "2026-05-09T21:35:00Z", eventDateTime: "2026-05-09T21:30:00Z" };
const equipment = { ...base, eventType: "EQUIPMENT", equipmentEventTypeCode: "LOAD", emptyIndicatorCode: "LADEN", equipmentReference: "APZU4812090", transportCall: POL_CALL };
const transport = { ...base, eventType: "TRANSPORT", transportEventTypeCode: "DEPA", transportCall: POL_CALL };
const shipment = { ...base, eventType: "SHIPMENT", shipmentEventTypeCode: "CONF", documentTypeCode: "BKG", documentID: "ABC709951" };

describe("POST /dcsa/v2/notifications/{subscriptionID} under fuzzing", () => {
  it("generates events valid against the standard's schemas, and Bollard reads every one", () => {
    for (const event of fc.sample(dcsaEventArbitrary(), { seed: SEED, numRuns: 300 })) {
      expect(dcsaValidators().single(event), JSON.stringify(dcsaValidators().single.errors)).toBe(true);
      expect(eventProblem(event), JSON.stringify(event)).toBeNull();
    }
  });

  it("answers the five malformed bodies that were 500s with a 400 naming the event, and stores nothing", async () => {
    const known = [
      [[null], "events[0] must be an object"],
      [[{ ...transport, documentReferences: "TRD0001" }], "events[0].documentReferences must be a list"],
      [[equipment, { ...equipment, documentReferences: "TRD0001" }], "events[1].documentReferences must be a list"],
      [[{ ...equipment, documentReferences: [null] }], "events[0].documentReferences[0] must be an object"],
      [[{ ...shipment, documentReferences: [null] }], "events[0].documentReferences[0] must be an object"],
    ] as const;
    for (const [events, message] of known) {
      const before = await trackerStorage(tracker).changeVersions.get([EVERY_WRITE_KEY]);
      const response = await signedPush(app, subscription, events);
      expect(response.status).toBe(400);
      const error = (await response.json()) as { errors: { reason: string; message: string }[] };
      expect(dcsaValidators().error(error)).toBe(true);
      expect(error.errors).toEqual([{ reason: "invalidEvent", message }]);
      expect(await trackerStorage(tracker).changeVersions.get([EVERY_WRITE_KEY])).toStrictEqual(before);
    }
  });

  it("refuses a 0.9 MiB notification of 1,796 new transport documents at once, creating none", async () => {
    const remark = "x".repeat(290);
    const events = Array.from({ length: 1_796 }, (_, i) => ({ ...shipment, shipmentEventTypeCode: "ISSU", documentTypeCode: "TRD", documentID: `FUZZ${String(i).padStart(6, "0")}`, reason: remark }));
    const body = JSON.stringify(events);
    expect(body.length).toBeGreaterThan(0.85 * 1024 * 1024);
    expect(body.length).toBeLessThan(1024 * 1024);
    const total = (await session.trackingRequests.list()).total;
    expect(await push({ body, valid: false })).toEqual({ status: 400, reason: "tooManyReferences" });
    expect((await session.trackingRequests.list()).total).toBe(total);
  });

  it("answers 2,000 generated and mutated signed notifications without a 5xx, taking every valid one whole", async () => {
    const seen = new Map<string, number>();
    await fc.assert(
      fc.asyncProperty(notificationBodyArbitrary(), async (body) => {
        const { status, reason } = await push(body);
        const key = reason ? `${status} ${reason}` : String(status);
        seen.set(key, (seen.get(key) ?? 0) + 1);
      }),
      { seed: SEED, numRuns: 2_000 },
    );
    // The run reached every outcome, so it tested more than the JSON parser.
    expect([...seen.keys()].sort()).toEqual(expect.arrayContaining(["204", "400 invalidBody", "400 invalidEvent"]));
    expect(seen.get("204")).toBeGreaterThan(300);
  }, 120_000);
});
