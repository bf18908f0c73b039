import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createTracker, generateDemoDataset, manualClock } from "@bollard/core";
import { documentInclude, resourceDocument } from "@bollard/core/jsonapi";
import { trackerStorage } from "@bollard/core/storage";
import { sqliteStorage } from "@bollard/storage-sqlite";
import { describe, expect, it } from "vitest";
import { createHarness } from "./testing/http-harness.js";
import { STORAGES } from "./testing/storages.js";

// What http, the CLI and carrier-dcsa use of a tracker instead of its storage: each port through the SDK, on every storage.
describe.each(STORAGES)("the tracker's ports on %s storage", (_name, makeStorage) => {
  it("documents: each read written once, from the read model's texts or the records, the same bytes; 404 in another account", async () => {
    const h = await createHarness({ storage: makeStorage() });
    const session = h.tracker.session(await h.tracker.accounts.authenticate(h.keys.editor));
    const other = h.tracker.session(await h.tracker.accounts.authenticate(h.keys.other));
    const [first] = h.data.acme.shipments;
    const self = "http://x/v2/shipments/1";
    for (const include of [[], ["containers"]] as const) {
      const records = resourceDocument("shipment", await session.shipments.get(first!.id, { include: documentInclude("shipment", include) }), { include, self });
      expect(await h.tracker.documents.shipment(session, first!.id, { include, self })).toBe(records);
    }
    // An include the texts do not hold is read from the records.
    const withEvents = await h.tracker.documents.shipment(session, first!.id, { include: ["containers.transport_events"], self });
    expect(JSON.parse(withEvents).included.some((r: { type: string }) => r.type === "transport_event")).toBe(true);
    await expect(h.tracker.documents.shipment(other, first!.id)).rejects.toMatchObject({ status: 404 });
    const requestUrl = "http://x/v2/shipments?page[size]=5";
    const listing = { page: { number: 1, size: 5 } };
    const page = JSON.parse(await h.tracker.documents.shipments(session, listing, { include: ["containers"], requestUrl }));
    expect(page.data.map((s: { id: string }) => s.id)).toEqual((await session.shipments.list(listing)).data.map((s) => s.id));
    expect(page.meta.total).toBe(h.data.acme.shipments.length);
    const requests = JSON.parse(await h.tracker.documents.trackingRequests(session, listing, { include: ["tracked_object"], requestUrl }));
    expect(requests.included.every((r: { type: string }) => r.type === "shipment")).toBe(true);
    await h.tracker.close();
  });

  it("accounts: loadDemo fills an account, shipmentCount counts it, and only an empty database is claimed, once", async () => {
    const tracker = await createTracker({ storage: makeStorage(), clock: manualClock("2026-11-01T12:00:00Z") });
    expect(await tracker.accounts.claimFirst()).toBe(true);
    expect(await tracker.accounts.claimFirst()).toBe(false);
    const { account } = await tracker.accounts.ensure("Demo");
    const dataset = generateDemoDataset({ seed: 3, accountId: account.id, now: tracker.clock.now(), shipments: 4 });
    await tracker.accounts.loadDemo(dataset);
    expect(await tracker.accounts.shipmentCount(account.id)).toBe(4);
    expect(await tracker.accounts.shipmentCount("00000000-0000-7000-8000-000000000000")).toBe(0);
    await tracker.close();
  });

  it("changeVersions and trackerStorage: a write made under the services raises its account's version, and no other", async () => {
    const h = await createHarness({ storage: makeStorage() });
    const [acmeBefore, globexBefore] = await h.tracker.changeVersions.get([h.accounts.acme.id, h.accounts.globex.id]);
    const storage = trackerStorage(h.tracker);
    const shipment = (await storage.shipments.get(h.accounts.acme.id, h.data.acme.shipments[0]!.id))!;
    await storage.shipments.update({ ...shipment, tags: ["under-the-services"] });
    const [acmeAfter, globexAfter] = await h.tracker.changeVersions.get([h.accounts.acme.id, h.accounts.globex.id]);
    expect(acmeAfter).toBeGreaterThan(acmeBefore!);
    expect(globexAfter).toBe(globexBefore);
    // The read model's text followed the write: the port reads the new tags.
    const session = h.tracker.session(await h.tracker.accounts.authenticate(h.keys.editor));
    expect(JSON.parse(await h.tracker.documents.shipment(session, shipment.id)).data.attributes.tags).toEqual(["under-the-services"]);
    expect(() => trackerStorage({} as never)).toThrow(TypeError);
    await h.tracker.close();
  });

  it("health and countWork: an answering storage, and the work it holds", async () => {
    const h = await createHarness({ storage: makeStorage() });
    expect(await h.tracker.health()).toEqual({ status: "ok" });
    const counts = await h.tracker.countWork();
    const requests = h.data.acme.trackingRequests.length + h.data.globex.trackingRequests.length;
    expect(Object.values(counts.trackingRequests).reduce((sum, n) => sum + n, 0)).toBe(requests);
    expect(counts.webhookNotificationsPending).toBe(0);
    expect(counts.refreshDue).toBeGreaterThanOrEqual(0);
    expect((await h.tracker.countWork({ accounts: 1 })).trackingRequests.created).toBeLessThanOrEqual(counts.trackingRequests.created);
    await h.tracker.close();
  });

  it("ingest.locate: the tracked shipment by its bill of lading, else by a container when no document is named", async () => {
    const h = await createHarness({ storage: makeStorage() });
    const shipment = h.data.acme.shipments.find((s) => s.tracking_request_id !== null)!;
    const containers = h.data.acme.containers.filter((c) => c.shipment_id === shipment.id).map((c) => c.number);
    const byDocument = await h.tracker.ingest.locate({ accountId: h.accounts.acme.id, scac: null, documents: [shipment.bill_of_lading_number!], containers: [] });
    expect(byDocument).toMatchObject({ trackingRequestId: shipment.tracking_request_id, shipment: { id: shipment.id } });
    expect([...byDocument!.containerNumbers].sort()).toEqual([...containers].sort());
    const byContainer = await h.tracker.ingest.locate({ accountId: h.accounts.acme.id, scac: shipment.shipping_line_scac, documents: [], containers: [containers[0]!] });
    expect(byContainer?.shipment?.shipping_line_scac).toBe(shipment.shipping_line_scac);
    expect(await h.tracker.ingest.locate({ accountId: h.accounts.globex.id, scac: null, documents: [shipment.bill_of_lading_number!], containers: [] })).toBeNull();
    expect(await h.tracker.ingest.locate({ accountId: h.accounts.acme.id, scac: null, documents: ["NOSUCHBL1"], containers: containers })).toBeNull();
    await h.tracker.close();
  });
});

describe("AccountService.claimFirst on one SQLite file", () => {
  it("gives the first account to exactly one of two trackers starting together", async () => {
    const filename = join(mkdtempSync(join(tmpdir(), "bollard-claim-")), "bollard.sqlite");
    const first = await createTracker({ storage: sqliteStorage({ filename }) });
    const trackers = [first, await createTracker({ storage: sqliteStorage({ filename }) })];
    const claims = await Promise.all(trackers.map((tracker) => tracker.accounts.claimFirst()));
    expect(claims.filter(Boolean)).toHaveLength(1);
    await Promise.all(trackers.map((tracker) => tracker.close()));
  });
});
