import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createHarness, type Harness } from "../testing/http-harness.js";
import { STORAGES } from "../testing/storages.js";

const HOUR = 3_600_000;
type Entry = { id: string; type: "transport_event" | "raw_event"; attributes: Record<string, unknown>; relationships: Record<string, { data: { id: string } | null }>; meta: { cursor: string; learned_at: string } };

for (const [name, makeStorage] of STORAGES) {
  describe(`GET /v2/events (${name})`, () => {
    let h: Harness;

    beforeAll(async () => {
      h = await createHarness({ storage: makeStorage() });
    });
    afterAll(() => h.tracker.close());

    /** Reads the feed from `after` to its end by following links.next; every page is checked against the OpenAPI document by the harness. */
    async function readFeed(query = "", after?: string, key?: string): Promise<{ entries: Entry[]; cursor: string | null }> {
      const entries: Entry[] = [];
      let path: string | null = `/v2/events?page[size]=7${query}${after ? `&page[after]=${after}` : ""}`;
      let cursor: string | null = after ?? null;
      while (path) {
        const page = await h.request("GET", path, { key: key ?? h.keys.editor });
        expect(page.status, JSON.stringify(page.body)).toBe(200);
        entries.push(...page.body.data);
        cursor = page.body.meta.cursor;
        expect(page.body.meta.has_more).toBe(page.body.links.next !== undefined);
        path = page.body.links.next ? new URL(page.body.links.next).pathname + new URL(page.body.links.next).search : null;
      }
      return { entries, cursor };
    }

    /** Every transport and raw event of the account, by the per-container routes. */
    async function everyEvent(key = h.keys.editor): Promise<string[]> {
      const ids: string[] = [];
      const session = h.tracker.session(await h.tracker.accounts.authenticate(`Token ${key}`));
      for (const container of (await session.containers.list({ page: { size: 100 } })).data) {
        ids.push(...(await session.containers.transportEvents(container.id, { page: { size: 100 } })).data.map((e) => `transport_event:${e.id}`));
        ids.push(...(await session.containers.rawEvents(container.id, { page: { size: 100 } })).data.map((e) => `raw_event:${e.id}`));
      }
      return ids.sort();
    }

    it("gives every transport and raw event of the account once, by pages after a cursor, as the resources the API serves with their cursor and learned time", async () => {
      const { entries, cursor } = await readFeed();
      const shown = entries.map((e) => `${e.type}:${e.id}`);
      expect(new Set(shown).size).toBe(shown.length);
      expect([...shown].sort()).toEqual(await everyEvent());
      expect(cursor).toBe(entries.at(-1)!.meta.cursor);
      // The same resource as the container's own event route, attributes and relationships alike.
      const transport = entries.find((e) => e.type === "transport_event")!;
      const containerId = transport.relationships.container!.data!.id;
      const listed = (await h.request("GET", `/v2/containers/${containerId}/transport_events?page[size]=100`)).body.data.find((e: Entry) => e.id === transport.id);
      expect({ ...transport, meta: undefined }).toEqual({ ...listed, meta: undefined });
      // The other account's feed is its own.
      const theirs = await readFeed("", undefined, h.keys.other);
      expect(theirs.entries.map((e) => `${e.type}:${e.id}`).sort()).toEqual(await everyEvent(h.keys.other));
      expect(theirs.entries.some((e) => shown.includes(`${e.type}:${e.id}`))).toBe(false);
      // A viewer reads it too; one event by id carries the same cursor.
      const one = await h.request("GET", `/v2/events/${entries[3]!.id}`, { key: h.keys.viewer });
      expect(one.status).toBe(200);
      expect(one.body.data).toEqual(entries[3]);
      expect((await h.request("GET", `/v2/events/${theirs.entries[0]!.id}`)).status).toBe(404);
      expect((await h.request("GET", "/v2/events", { key: null })).status).toBe(401);
    });

    it("after the last cursor, gives only what Bollard learns next: new events, and raw events again when they change", async () => {
      const { cursor } = await readFeed();
      expect((await readFeed("", cursor!)).entries).toEqual([]);
      const created = await h.request("POST", "/v2/tracking_requests", { body: { data: { type: "tracking_request", attributes: { request_type: "bill_of_lading", request_number: "TEST-TR-LFD-CHANGES", scac: "TEST" } } } });
      expect(created.status).toBe(201);
      await h.tracker.refresh.runDue();
      const first = await readFeed("", cursor!);
      expect(first.entries.length).toBeGreaterThan(0);
      const shipmentId = (await h.request("GET", `/v2/tracking_requests/${created.body.data.id}`)).body.data.relationships.tracked_object.data.id;
      const boxes = new Set((await h.request("GET", `/v2/shipments/${shipmentId}`)).body.data.relationships.containers.data.map((c: { id: string }) => c.id));
      expect(first.entries.every((e) => boxes.has(e.relationships.container!.data!.id))).toBe(true);
      // Days later the carrier reports more: what changed comes after, a raw event that moved with its id again.
      let later: Entry[] = [];
      for (let step = 0; step < 40 && !later.some((e) => e.type === "raw_event" && first.entries.some((f) => f.id === e.id)); step++) {
        h.clock.advance(24 * HOUR);
        await h.tracker.refresh.runDue();
        later = (await readFeed("", first.cursor!)).entries;
      }
      const again = later.find((e) => e.type === "raw_event" && first.entries.some((f) => f.id === e.id))!;
      expect(again, "a raw event learned again").toBeDefined();
      expect(again.meta.learned_at > first.entries.find((f) => f.id === again.id)!.meta.learned_at).toBe(true);
      // Read from the start, the feed holds each event once, as it stands now.
      const all = (await readFeed()).entries;
      expect(all.filter((e) => e.id === again.id)).toEqual([again]);
    }, 60_000);

    it("filters by type, shipment, container, reference and learned time, combined", async () => {
      const shipment = h.data.acme.shipments[0]!;
      const containers = h.data.acme.containers.filter((c) => c.shipment_id === shipment.id);
      const raw = (await readFeed("&filter[type]=raw_event")).entries;
      expect(raw.length).toBeGreaterThan(0);
      expect(raw.every((e) => e.type === "raw_event")).toBe(true);
      const ofShipment = (await readFeed(`&filter[shipment_id]=${shipment.id}`)).entries;
      expect(ofShipment.length).toBeGreaterThan(0);
      const boxes = new Set(containers.map((c) => c.id));
      expect(ofShipment.every((e) => boxes.has(e.relationships.container!.data!.id))).toBe(true);
      expect((await readFeed(`&filter[reference]=${encodeURIComponent(shipment.bill_of_lading_number)}`)).entries).toEqual(ofShipment);
      const box = containers[0]!;
      const ofBox = (await readFeed(`&filter[reference]=${box.number}`)).entries;
      expect(ofBox.length).toBeGreaterThan(0);
      expect(ofBox.every((e) => e.relationships.container!.data!.id === box.id)).toBe(true);
      expect((await readFeed(`&filter[container_id]=${box.id}&filter[shipment_id]=${shipment.id}`)).entries).toEqual(ofBox);
      expect((await readFeed(`&filter[container_id]=${box.id}&filter[type]=transport_event`)).entries).toEqual(ofBox.filter((e) => e.type === "transport_event"));
      expect((await readFeed("&filter[reference]=NO-SUCH-NUMBER")).entries).toEqual([]);
      const since = ofShipment.map((e) => e.meta.learned_at).sort().at(-1)!;
      const recent = (await readFeed(`&filter[updated_since]=${since}`)).entries;
      expect(recent.length).toBeGreaterThan(0);
      expect(recent.every((e) => e.meta.learned_at >= since)).toBe(true);
      expect((await readFeed("&filter[updated_since]=2999-01-01T00:00:00Z")).entries).toEqual([]);
    });

    it("in the SDK, reads each event's container, shipment and vessel with it (with), in a batch per kind", async () => {
      const session = h.tracker.session(await h.tracker.accounts.authenticate(`Token ${h.keys.viewer}`));
      const page = await session.events.list({ limit: 300, with: ["container", "shipment", "vessel"] });
      expect(page.data.length).toBeGreaterThan(0);
      for (const item of page.data) {
        expect(item.container?.id).toBe(item.event.container_id);
        expect(item.shipment?.id).toBe(item.event.shipment_id);
        expect(item.vessel === null ? item.event.vessel_id : item.vessel?.id).toBe(item.event.vessel_id);
      }
      expect(page.data.some((item) => item.vessel !== null)).toBe(true);
      const plain = await session.events.list({ limit: 1 });
      expect("container" in plain.data[0]!).toBe(false);
      const one = await session.events.get(page.data[0]!.event.id, { with: ["shipment"] });
      expect(one.shipment).toEqual(page.data[0]!.shipment);
      await expect(session.events.list({ with: ["boat" as never] })).rejects.toMatchObject({ code: "invalid_parameter" });
    });

    it("answers 400 on the parameter for a cursor it did not make, an unknown type, a bad time or page size, too many ids", async () => {
      const ids = Array.from({ length: 101 }, () => "0190a000-0000-7000-8000-000000000000").join(",");
      for (const [query, parameter] of [
        ["page[after]=nonsense", "page[after]"],
        ["page[after]=ZmVlZDox0", "page[after]"],
        ["filter[type]=boat", "filter[type]"],
        ["filter[updated_since]=yesterday", "filter[updated_since]"],
        ["page[size]=0", "page[size]"],
        [`filter[container_id]=${ids}`, "filter[container_id]"],
        ["filter[shipment_id]=not-a-uuid", "filter[shipment_id]"],
      ] as const) {
        const response = await h.request("GET", `/v2/events?${query}`);
        expect(response.status, query).toBe(400);
        expect(response.body.errors[0].source, query).toEqual({ parameter });
      }
      const capped = await h.request("GET", "/v2/events?page[size]=5000");
      expect(capped.status).toBe(200);
      expect(capped.body.data.length).toBeLessThanOrEqual(1000);
    });
  });
}
