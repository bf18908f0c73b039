import { createTracker, manualClock, type Session, type Tracker } from "@bollard/core";
import { memoryStorage } from "@bollard/storage-memory";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createDcsaApp } from "./dcsa-app.js";
import { dcsaCarrierSource } from "./dcsa-carrier-source.js";
import type { DcsaEvent } from "./dcsa-types.js";
import type { DcsaSubscription } from "./dcsa-subscription.js";
import { subscribeAtCarrier } from "./subscribe.js";
import { dcsaJourney } from "./testing/dcsa-journey.js";
import { startDcsaPublisher, type DcsaPublisher } from "./testing/dcsa-publisher.js";
import { serveApp } from "./testing/serve-app.js";

let publisher: DcsaPublisher;
let tracker: Tracker;
let server: Awaited<ReturnType<typeof serveApp>>;
const subscriptions: DcsaSubscription[] = [];
let app = createDcsaApp(null as unknown as Tracker);
const accounts: { session: Session; subscriptionID: string }[] = [];

const journey = dcsaJourney({ containers: ["APZU4812090"], idPrefix: "7e1f0a2b" });
// Late events first: the departure, the load, the issued bill and the estimate; then the earlier ones.
const late = journey.filter((e) => e.eventCreatedDateTime >= "2026-05-09");
const early = journey.filter((e) => e.eventCreatedDateTime < "2026-05-09");

beforeAll(async () => {
  publisher = await startDcsaPublisher({ auth: { type: "api_key", header: "API-Key", key: "carrier-key" } });
  const carrier = { scacs: ["MAEU"], baseUrl: publisher.baseUrl, auth: { type: "api_key" as const, header: "API-Key", key: "carrier-key" } };
  tracker = await createTracker({ storage: memoryStorage(), clock: manualClock("2026-05-12T12:00:00Z"), carrier: dcsaCarrierSource({ carriers: [carrier] }) });
  server = await serveApp({ fetch: (request) => app.fetch(request) });
  for (const name of ["Pushed out of order", "Pushed in order"]) {
    const { account } = await tracker.accounts.ensure(name);
    const session = tracker.session(await tracker.accounts.authenticate((await tracker.accounts.issueKey(account.id)).apiKey));
    await session.trackingRequests.create({ request_type: "bill_of_lading", request_number: "TRD2103S0001", scac: "MAEU" });
    const subscription = await subscribeAtCarrier(carrier, { callbackUrl: `${server.origin}/dcsa/v2/notifications/`, filters: { transportDocumentReference: "TRD2103S0001" } });
    subscriptions.push({ id: subscription.subscriptionID, secret: subscription.secret, scac: "MAEU", accountId: account.id });
    accounts.push({ session, subscriptionID: subscription.subscriptionID });
  }
  app = createDcsaApp(tracker, { subscriptions });
});

afterAll(async () => {
  await server.close();
  await tracker.close();
  await publisher.close();
});

async function state(session: Session) {
  const shipments = (await session.shipments.list()).data;
  const containers = (await session.containers.list()).data;
  const events = containers.length ? (await session.containers.transportEvents(containers[0]!.id)).data : [];
  const raw = containers.length ? (await session.containers.rawEvents(containers[0]!.id)).data : [];
  return {
    shipments: shipments.map((s) => ({ bl: s.bill_of_lading_number, eta: s.pod_eta_at, atd: s.pol_atd_at })),
    containers: containers.map((c) => ({ number: c.number, status: c.current_status })),
    // Milestones only: an estimate that moved between two pushes is announced (as an estimated
    // event) when the pushes arrive in that order, so those records follow the order of arrival.
    events: events.filter((e) => !e.event.includes(".estimated.")).map((e) => [e.event, e.timestamp]),
    raw: raw.map((e) => [e.original_event, e.estimated, e.timestamp]).sort(),
    notifications: (await session.webhookNotifications.list()).total,
  };
}

describe("POST /dcsa/v2/notifications/{subscriptionID}", () => {
  it("subscribes at the carrier with a callback and a shared secret", () => {
    const [first] = accounts;
    expect(publisher.subscriptions.get(first!.subscriptionID)?.callbackUrl).toBe(`${server.origin}/dcsa/v2/notifications/${first!.subscriptionID}`);
    expect(publisher.requests.find((r) => r.method === "POST")!.headers["api-key"]).toBe("carrier-key");
  });

  it("refuses a bad signature with 401 and stores nothing", async () => {
    const [pushed] = accounts;
    const before = await state(pushed!.session);
    const response = await publisher.notify(pushed!.subscriptionID, late, { secret: Buffer.from("not the secret").toString("base64") });
    expect(response.status).toBe(401);
    expect(((await response.json()) as { errors: { reason: string }[] }).errors[0]!.reason).toBe("invalidSignature");
    const unsigned = await fetch(`${server.origin}/dcsa/v2/notifications/${pushed!.subscriptionID}`, { method: "POST", body: JSON.stringify(late), headers: { "content-type": "application/json" } });
    expect(unsigned.status).toBe(401);
    const unknown = await fetch(`${server.origin}/dcsa/v2/notifications/0190a000-0000-7000-8000-000000000000`, { method: "POST", body: "[]", headers: { "notification-signature": `sha256=${"0".repeat(64)}` } });
    expect(unknown.status).toBe(401);
    expect(await state(pushed!.session)).toEqual(before);
    expect(before.shipments).toEqual([]);
  });

  it("applies events pushed out of order in event time order, and stores a duplicate once", async () => {
    const [outOfOrder, inOrder] = accounts;
    expect((await publisher.notify(outOfOrder!.subscriptionID, late)).status).toBe(204);
    expect((await publisher.notify(outOfOrder!.subscriptionID, early)).status).toBe(204);
    expect((await publisher.notify(inOrder!.subscriptionID, early)).status).toBe(204);
    expect((await publisher.notify(inOrder!.subscriptionID, late)).status).toBe(204);

    const pushed = await state(outOfOrder!.session);
    expect(pushed).toEqual(await state(inOrder!.session));
    expect(pushed.shipments).toEqual([{ bl: "TRD2103S0001", eta: "2026-05-20T14:00:00.000Z", atd: "2026-05-10T06:00:00.000Z" }]);
    expect(pushed.events.map(([name]) => name)).toEqual(["container.transport.empty_out", "container.transport.full_in", "container.transport.vessel_loaded", "container.transport.vessel_departed"]);
    expect(pushed.containers[0]!.status).not.toBe("empty");

    // The same notification again: nothing new is stored or announced.
    expect((await publisher.notify(outOfOrder!.subscriptionID, late)).status).toBe(204);
    expect(await state(outOfOrder!.session)).toEqual(pushed);
  });

  it("keeps the newest estimate when an older one arrives late", async () => {
    const [outOfOrder] = accounts;
    const estimate = late.find((e) => e.eventClassifierCode === "EST")!;
    const newer: DcsaEvent = { ...estimate, eventID: "7e1f0a2b-0000-4000-8000-0000000000ee", eventCreatedDateTime: "2026-05-14T00:00:00Z", eventDateTime: "2026-05-21T09:00:00Z" };
    expect((await publisher.notify(outOfOrder!.subscriptionID, [newer])).status).toBe(204);
    expect((await publisher.notify(outOfOrder!.subscriptionID, [estimate])).status).toBe(204);
    expect((await state(outOfOrder!.session)).shipments[0]!.eta).toBe("2026-05-21T09:00:00.000Z");
    // The rule is kept with the data, not in the process: a restarted server (a new app) keeps it too.
    app = createDcsaApp(tracker, { subscriptions });
    expect((await publisher.notify(outOfOrder!.subscriptionID, [estimate])).status).toBe(204);
    const after = await state(outOfOrder!.session);
    expect(after.shipments[0]!.eta).toBe("2026-05-21T09:00:00.000Z");
    expect(after.raw.filter(([wording]) => wording === "Arrived (TRANSPORT ARRI VESSEL)").map(([, , at]) => at)).toEqual(["2026-05-21T09:00:00.000Z"]);
  });
});
