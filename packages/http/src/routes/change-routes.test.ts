import type { Storage } from "@bollard/core";
import { memoryStorage } from "@bollard/storage-memory";
import { sqliteStorage } from "@bollard/storage-sqlite";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createHarness, type Harness } from "../testing/http-harness.js";

// History over HTTP: a TEST-TR-LFD-CHANGES shipment is refreshed from the simulated carrier while
// the manual clock moves on, a copy of the shipment and of one container is recorded at each step,
// and `?as_of=` at each recorded instant must answer that copy. The copies come from the read
// model's texts, the as_of answers from the records: the two must agree.
const HOUR = 3_600_000;
type Document = { data: { id: string; attributes: Record<string, unknown>; relationships: Record<string, unknown> } };
/** Shipment attributes the history of changes leaves out (they move on every refresh): the refresh log keeps them. */
const REFRESH_TIMESTAMPS = ["line_tracking_last_attempted_at", "line_tracking_last_succeeded_at"];

function describeHistory(name: string, makeStorage: () => Storage): void {
  describe(name, () => {
    let h: Harness;
    let shipmentId: string;
    let containerId: string;
    const copies: { at: string; shipment: Document; container: Document }[] = [];

    beforeAll(async () => {
      h = await createHarness({ storage: makeStorage() });
      const created = await h.request("POST", "/v2/tracking_requests", { body: { data: { type: "tracking_request", attributes: { request_type: "bill_of_lading", request_number: "TEST-TR-LFD-CHANGES", scac: "TEST" } } } });
      await h.tracker.refresh.runDue();
      shipmentId = (await h.request("GET", `/v2/tracking_requests/${created.body.data.id}`)).body.data.relationships.tracked_object.data.id;
      containerId = (await h.request("GET", `/v2/shipments/${shipmentId}`)).body.data.relationships.containers.data[0].id;
      for (let step = 0; step < 90; step += 1) {
        if (step > 0) {
          h.clock.advance(12 * HOUR);
          await h.tracker.refresh.runDue();
        }
        const shipment = (await h.request("GET", `/v2/shipments/${shipmentId}`)).body as Document;
        const container = (await h.request("GET", `/v2/containers/${containerId}`)).body as Document;
        copies.push({ at: h.clock.now().toISOString(), shipment, container });
      }
    }, 120_000);
    afterAll(() => h.tracker.close());

    /** The answer is the copy exactly, the refresh timestamps included. */
    function expectSameAsCopy(answer: Document, copy: Document): void {
      expect(answer.data).toStrictEqual(copy.data);
    }

    describe("GET /v2/shipments/{id}?as_of and /v2/containers/{id}?as_of", () => {
      it("answers, at every recorded instant, the copy of the shipment and of the container taken then", async () => {
        expect(new Set(copies.map((copy) => JSON.stringify(copy.shipment.data.attributes.pod_eta_at))).size).toBeGreaterThan(1);
        expect(new Set(copies.map((copy) => JSON.stringify(copy.container.data.attributes.pickup_lfd))).size).toBeGreaterThan(2);
        expect(new Set(copies.map((copy) => JSON.stringify(copy.container.data.relationships))).size).toBeGreaterThan(2);
        for (const copy of copies) {
          const shipment = await h.request("GET", `/v2/shipments/${shipmentId}?as_of=${copy.at}`);
          expect(shipment.status, copy.at).toBe(200);
          expectSameAsCopy(shipment.body, copy.shipment);
          const container = await h.request("GET", `/v2/containers/${containerId}?as_of=${copy.at}`);
          expect(container.status, copy.at).toBe(200);
          expectSameAsCopy(container.body, copy.container);
        }
        // Between two refreshes nothing changed: halfway to the next one, the answer is still the copy.
        for (const copy of copies.slice(0, -1)) {
          const halfway = new Date(Date.parse(copy.at) + 6 * HOUR).toISOString();
          expectSameAsCopy((await h.request("GET", `/v2/shipments/${shipmentId}?as_of=${halfway}`)).body, copy.shipment);
        }
        // Any ISO 8601 form of the instant names it: an offset (sent as %2B) or whole seconds.
        const offset = copies[10]!.at.replace(/\.000Z$/, "+00:00");
        expectSameAsCopy((await h.request("GET", `/v2/shipments/${shipmentId}?as_of=${encodeURIComponent(offset)}`)).body, copies[10]!.shipment);
        // The latest instant is the record as it is now, refresh timestamps included.
        const last = copies.at(-1)!;
        expect((await h.request("GET", `/v2/shipments/${shipmentId}?as_of=${last.at}`)).body.data).toStrictEqual(last.shipment.data);
      });

      it("answers 404 before the record existed and 400 on as_of for a value that is no date-time", async () => {
        const before = new Date(Date.parse(copies[0]!.at) - HOUR).toISOString();
        expect((await h.request("GET", `/v2/shipments/${shipmentId}?as_of=${before}`)).status).toBe(404);
        expect((await h.request("GET", `/v2/containers/${containerId}?as_of=${before}`)).status).toBe(404);
        for (const path of [`/v2/shipments/${shipmentId}?as_of=yesterday`, `/v2/containers/${containerId}?as_of=2026-13-01T00:00:00Z`]) {
          const bad = await h.request("GET", path);
          expect(bad.status).toBe(400);
          expect(bad.body.errors[0]).toMatchObject({ code: "invalid_parameter", source: { parameter: "as_of" } });
        }
      });

      it("keeps another account's records hidden (404)", async () => {
        expect((await h.request("GET", `/v2/shipments/${shipmentId}?as_of=${copies[0]!.at}`, { key: h.keys.other })).status).toBe(404);
        expect((await h.request("GET", `/v2/shipments/${shipmentId}/changes`, { key: h.keys.other })).status).toBe(404);
        expect((await h.request("GET", `/v2/containers/${containerId}/changes`, { key: h.keys.other })).status).toBe(404);
      });
    });

    describe("GET /v2/shipments/{id}/changes and /v2/containers/{id}/changes", () => {
      it("lists every change newest first, with before, after, source and learned_at, paginated", async () => {
        const all = await h.request("GET", `/v2/containers/${containerId}/changes?page[size]=100`);
        expect(all.status).toBe(200);
        const changes = all.body.data as { id: string; type: string; attributes: Record<string, any>; relationships: Record<string, any> }[];
        expect(changes.length).toBeGreaterThan(3);
        expect(changes.every((change) => change.type === "change" && change.relationships.resource.data.id === containerId && change.relationships.resource.data.type === "container")).toBe(true);
        const learned = changes.map((change) => change.attributes.learned_at as string);
        expect([...learned].sort().reverse()).toStrictEqual(learned);
        const sources = new Set(changes.map((change) => change.attributes.source));
        expect(sources.has("terminal")).toBe(true);
        expect(sources.has("carrier")).toBe(true);
        const lfd = changes.find((change) => change.attributes.attribute === "import_deadlines.pickup_lfd_terminal" && change.attributes.before !== null)!;
        expect(lfd.attributes).toMatchObject({ source: "terminal" });
        expect(Date.parse(lfd.attributes.after) - Date.parse(lfd.attributes.before)).toBe(24 * HOUR);

        const page = await h.request("GET", `/v2/containers/${containerId}/changes?page[size]=2&page[number]=2`);
        expect(page.body.data).toStrictEqual(changes.slice(2, 4));
        expect(page.body.meta).toStrictEqual({ size: 2, total: changes.length });
        expect(page.body.links.prev).toContain("page[number]=1");
        expect(page.body.links.next).toContain("page[number]=3");

        // Every page: the predicted arrival's moves are in the history too.
        const shipmentChanges: { attributes: Record<string, any> }[] = [];
        for (let number = 1; ; number++) {
          const body = (await h.request("GET", `/v2/shipments/${shipmentId}/changes?page[size]=100&page[number]=${number}`)).body;
          shipmentChanges.push(...body.data);
          if (!body.links.next) break;
        }
        expect(shipmentChanges.filter((change) => change.attributes.attribute === "pod_eta_at").length).toBeGreaterThanOrEqual(2);
        expect(shipmentChanges.some((change) => REFRESH_TIMESTAMPS.includes(change.attributes.attribute))).toBe(false);
      });

      it("records a user's edit with source user, and as_of before it answers the record without it", async () => {
        const before = h.clock.now().toISOString();
        const tags = (await h.request("GET", `/v2/shipments/${shipmentId}`)).body.data.attributes.tags;
        h.clock.advance(HOUR);
        const patched = await h.request("PATCH", `/v2/shipments/${shipmentId}`, { body: { data: { type: "shipment", attributes: { tags: ["history-test"] } } } });
        expect(patched.status).toBe(200);
        const latest = (await h.request("GET", `/v2/shipments/${shipmentId}/changes?page[size]=1`)).body.data[0];
        expect(latest.attributes).toStrictEqual({ attribute: "tags", before: tags, after: ["history-test"], source: "user", learned_at: h.clock.now().toISOString().replace(/\.\d{3}Z$/, "Z") });
        const then = await h.request("GET", `/v2/shipments/${shipmentId}?as_of=${before}`);
        expect(then.body.data.attributes.tags).toStrictEqual(tags);

        const box = await h.request("PATCH", "/v2/containers", { body: { data: { id: containerId, type: "container", attributes: { ref_numbers: ["REF-9"] } } } });
        expect(box.status).toBe(200);
        const boxChange = (await h.request("GET", `/v2/containers/${containerId}/changes?page[size]=1`)).body.data[0];
        expect(boxChange.attributes).toMatchObject({ attribute: "ref_numbers", before: [], after: ["REF-9"], source: "user" });
      });

      it("records what tracker.ingest changes with source ingest", async () => {
        const accountId = h.accounts.acme.id;
        const feed = (eta: string) => ({ shipment: { bill_of_lading_number: "COSUHISTORY001", port_of_lading_locode: "CNSHA", port_of_discharge_locode: "USLAX", pod_eta_at: eta }, containers: [{ number: "MSKU9070323", transport_events: [] }] });
        const { shipmentId: fed } = await h.tracker.ingest.snapshot({ accountId, scac: "COSU", snapshot: feed("2026-12-01T08:00:00.000Z") });
        h.clock.advance(HOUR);
        await h.tracker.ingest.snapshot({ accountId, scac: "COSU", snapshot: feed("2026-12-03T08:00:00.000Z") });
        const changes = (await h.request("GET", `/v2/shipments/${fed}/changes`)).body.data as { attributes: Record<string, unknown> }[];
        expect(changes.map((change) => change.attributes)).toContainEqual({ attribute: "pod_eta_at", before: "2026-12-01T08:00:00Z", after: "2026-12-03T08:00:00Z", source: "ingest", learned_at: h.clock.now().toISOString().replace(/\.\d{3}Z$/, "Z") });
      });

      it("answers 404 for an unknown record and 400 for a bad page", async () => {
        expect((await h.request("GET", "/v2/shipments/0196b3a0-0000-7000-8000-000000000001/changes")).status).toBe(404);
        expect((await h.request("GET", `/v2/shipments/${shipmentId}/changes?page[size]=0`)).status).toBe(400);
      });
    });
  });
}

describeHistory("memory storage", () => memoryStorage());
describeHistory("SQLite storage", () => sqliteStorage({ filename: ":memory:" }));
