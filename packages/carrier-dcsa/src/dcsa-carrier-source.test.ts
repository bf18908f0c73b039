import { createTracker, manualClock, simulatedCarrier, type Tracker } from "@bollard/core";
import { memoryStorage } from "@bollard/storage-memory";
import { afterEach, describe, expect, it } from "vitest";
import { dcsaCarrierSource } from "./dcsa-carrier-source.js";
import { dcsaJourney } from "./testing/dcsa-journey.js";
import { startDcsaPublisher, type DcsaPublisher } from "./testing/dcsa-publisher.js";
import { dcsaValidators } from "./testing/dcsa-schema.js";

const open: (DcsaPublisher | Tracker)[] = [];
afterEach(async () => {
  for (const thing of open.splice(0).reverse()) await thing.close();
});

async function trackerFor(carrier: ReturnType<typeof dcsaCarrierSource>) {
  const tracker = await createTracker({ storage: memoryStorage(), clock: manualClock("2026-05-12T12:00:00Z"), carrier });
  open.push(tracker);
  const { account } = await tracker.accounts.ensure("Forwarder");
  const session = tracker.session(await tracker.accounts.authenticate((await tracker.accounts.issueKey(account.id)).apiKey));
  return { tracker, session };
}

describe("the DCSA publisher stand-in", () => {
  it("serves events that validate against the standard's schemas", async () => {
    const { list } = dcsaValidators();
    const events = dcsaJourney({ containers: ["APZU4812090", "MSKU1234565"] });
    expect(list(events), JSON.stringify(list.errors?.slice(0, 3))).toBe(true);
  });
});

describe("dcsaCarrierSource", () => {
  it("fulfils a tracking request end to end over OAuth2: pages, token refresh, a 429 with Retry-After and a 5xx retried", async () => {
    const publisher = await startDcsaPublisher({ auth: { type: "oauth2", clientId: "bollard", clientSecret: "s3cret-client", lifetimeSeconds: 3600 }, pageSize: 4 });
    open.push(publisher);
    publisher.events.push(...dcsaJourney({ containers: ["APZU4812090", "MSKU1234565"] }));
    const carrier = dcsaCarrierSource({
      carriers: [{ scacs: ["MAEU"], baseUrl: publisher.baseUrl, auth: { type: "oauth2", tokenUrl: publisher.tokenUrl, clientId: "bollard", clientSecret: "s3cret-client" }, pageSize: 4 }],
      fallback: simulatedCarrier({ latencyMs: 0 }),
    });
    const { tracker, session } = await trackerFor(carrier);
    await session.webhooks.create({ url: "https://hooks.example.com/bollard", events: ["tracking_request.succeeded", "container.transport.vessel_loaded", "shipment.estimated.arrival"] });
    const request = await session.trackingRequests.create({ request_type: "bill_of_lading", request_number: "TRD2103S0001", scac: "MAEU" });

    publisher.faults.push({ status: 429, retryAfter: "1" }, { status: 503 });
    await tracker.refresh.runDue();

    const tracked = await session.trackingRequests.get(request.id);
    expect(tracked.status).toBe("created");
    const shipment = await session.shipments.get(tracked.tracked_object_id!);
    expect(shipment).toMatchObject({
      bill_of_lading_number: "TRD2103S0001", port_of_lading_locode: "NLRTM", port_of_discharge_locode: "USORF",
      pol_atd_at: "2026-05-10T06:00:00.000Z", pod_eta_at: "2026-05-20T14:00:00.000Z", pod_vessel_name: "King of the Seas", pod_voyage_number: "2103N",
    });
    const containers = (await session.containers.list()).data;
    expect(containers.map((c) => c.number).sort()).toEqual(["APZU4812090", "MSKU1234565"]);
    const box = containers.find((c) => c.number === "APZU4812090")!;
    expect(box).toMatchObject({ equipment_length: 40, equipment_height: "high_cube", equipment_type: "dry" });
    const events = (await session.containers.transportEvents(box.id)).data.map((e) => [e.event, e.timestamp, e.location_locode, e.voyage_number]);
    expect(events).toEqual([
      ["container.transport.empty_out", "2026-05-03T10:00:00.000Z", "NLRTM", null],
      ["container.transport.full_in", "2026-05-06T07:30:00.000Z", "NLRTM", "2103S"],
      ["container.transport.vessel_loaded", "2026-05-09T21:30:00.000Z", "NLRTM", "2103S"],
      ["container.transport.vessel_departed", "2026-05-10T06:00:00.000Z", "NLRTM", "2103S"],
    ]);
    // Unmapped codes are kept as raw events with their DCSA wording; estimates as estimated raw events.
    const raw = (await session.containers.rawEvents(box.id)).data;
    expect(raw.map((e) => e.original_event)).toContain("Stuffed (EQUIPMENT STUF LADEN)");
    expect(raw.find((e) => e.original_event === "Arrived (TRANSPORT ARRI VESSEL)")).toMatchObject({ estimated: true, event: "vessel_arrived", location_locode: "USORF", vessel_imo: "9321483" });
    const notified = (await session.webhookNotifications.list()).data.map((n) => n.event);
    expect(notified).toEqual(expect.arrayContaining(["tracking_request.succeeded", "container.transport.vessel_loaded"]));

    // Paged (4 a page), after the 429 and the 503; one token for all of it.
    const eventReads = publisher.requests.filter((r) => r.path === "/v2/events");
    expect(eventReads.length).toBeGreaterThan(Math.ceil(publisher.events.length / 4));
    expect(eventReads.at(-1)!.query.cursor).toBeDefined();
    expect(publisher.tokensIssued).toBe(1);

    // The carrier revokes the token: the next refresh gets a new one and carries on. A later ETA is applied.
    publisher.revokeTokens();
    publisher.events.push({ ...publisher.events.at(-1)!, eventID: "3cecb101-0000-4000-8000-0000000000ff", eventCreatedDateTime: "2026-05-14T00:00:00Z", eventDateTime: "2026-05-21T09:00:00Z" });
    (tracker.clock as ReturnType<typeof manualClock>).advance(2 * 3600_000);
    await tracker.refresh.runDue();
    expect(publisher.tokensIssued).toBe(2);
    expect((await session.shipments.get(shipment.id)).pod_eta_at).toBe("2026-05-21T09:00:00.000Z");
    expect((await session.webhookNotifications.list()).data.map((n) => n.event)).toContain("shipment.estimated.arrival");
  });

  it("answers not found for a reference the carrier does not know, and sends the API key header", async () => {
    const publisher = await startDcsaPublisher({ auth: { type: "api_key", header: "X-Carrier-Key", key: "k-123" } });
    open.push(publisher);
    const carrier = dcsaCarrierSource({ carriers: [{ scacs: ["MAEU"], baseUrl: publisher.baseUrl, auth: { type: "api_key", header: "X-Carrier-Key", key: "k-123" } }] });
    const { tracker, session } = await trackerFor(carrier);
    const request = await session.trackingRequests.create({ request_type: "bill_of_lading", request_number: "NOSUCHBL", scac: "MAEU" });
    await tracker.refresh.runDue();
    expect(await session.trackingRequests.get(request.id)).toMatchObject({ status: "failed", failed_reason: "not_found" });
    expect(publisher.requests[0]!.headers["x-carrier-key"]).toBe("k-123");
  });

  it("keeps asking about a bill the carrier has no events for yet, and answers transient when the carrier stays down", async () => {
    const publisher = await startDcsaPublisher({ auth: { type: "none" }, unknown: "empty" });
    open.push(publisher);
    const carrier = dcsaCarrierSource({ carriers: [{ scacs: ["MAEU"], baseUrl: publisher.baseUrl, maxAttempts: 2 }] });
    const now = new Date("2026-05-12T12:00:00Z");
    const request = { tracking_request_id: "x", request_type: "bill_of_lading" as const, request_number: "LATER", scac: "MAEU", requested_at: now.toISOString(), attempt: 0 };
    expect(await carrier.fetch(request, { now })).toEqual({ status: "not_found", reason: "awaiting_manifest" });
    publisher.faults.push({ status: 502 }, { status: 500 });
    expect(await carrier.fetch(request, { now })).toMatchObject({ status: "transient", reason: "shipping_line_unreachable" });
    expect(carrier.supports("TEST")).toBe(false);
  });

  it("leaves other SCACs to the fallback", async () => {
    const carrier = dcsaCarrierSource({ carriers: [{ scacs: ["MAEU"], baseUrl: "http://127.0.0.1:9/v2" }], fallback: simulatedCarrier({ latencyMs: 0 }) });
    expect(carrier.supports("TEST")).toBe(true);
    expect(carrier.supports("MAEU")).toBe(true);
    expect(() => dcsaCarrierSource({ carriers: [{ scacs: ["MAEU"], baseUrl: "http://a/v2" }, { scacs: ["MAEU"], baseUrl: "http://b/v2" }] })).toThrow(/two DCSA carriers/);
  });
});
