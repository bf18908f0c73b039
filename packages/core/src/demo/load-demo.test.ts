import { describe, expect, it } from "vitest";
import type { Storage } from "../storage/storage.js";
import { generateDemoDataset } from "./demo-dataset.js";
import { loadDemoDataset } from "./load-demo.js";

const accountId = "0190a1b2-c3d4-7e5f-8a6b-000000000001";
const now = new Date("2025-03-15T12:00:00.000Z");

interface Written {
  id?: string;
  vessel_id?: string | null;
  shipment_id?: string;
  container_id?: string;
  tracking_request_id?: string | null;
  raw_event_id?: string | null;
}

/** A storage stand-in that records writes and fails on a child written before its parent. */
function recordingStorage() {
  const calls: string[] = [];
  const ids = {
    vessels: new Set<string>(), trackingRequests: new Set<string>(), shipments: new Set<string>(), containers: new Set<string>(), rawEvents: new Set<string>(), tariffs: new Set<string>(),
  };
  let inTransaction = false;
  const requireParent = (set: Set<string>, id: string | null | undefined, what: string): void => {
    if (id && !set.has(id)) throw new Error(`${what} ${id} written before its parent`);
  };
  const write = (name: string, check: (record: Written) => void, store?: Set<string>) => async (input: Written | readonly Written[]) => {
    if (!inTransaction) throw new Error(`${name} called outside the transaction`);
    calls.push(name);
    for (const record of Array.isArray(input) ? input : [input]) {
      check(record);
      if (store && record.id) store.add(record.id);
    }
  };
  const tx = {
    vessels: { upsertMany: write("vessels.upsertMany", () => undefined, ids.vessels) },
    vesselPositions: { insertMany: write("vesselPositions.insertMany", (p) => requireParent(ids.vessels, p.vessel_id, "position")) },
    trackingRequests: { insert: write("trackingRequests.insert", () => undefined, ids.trackingRequests) },
    shipments: { insert: write("shipments.insert", (s) => requireParent(ids.trackingRequests, s.tracking_request_id, "shipment"), ids.shipments) },
    refreshLog: { append: write("refreshLog.append", (r) => requireParent(ids.shipments, r.shipment_id, "refresh log day")) },
    containers: { insert: write("containers.insert", (c) => requireParent(ids.shipments, c.shipment_id, "container"), ids.containers) },
    transportEvents: { insertMany: write("transportEvents.insertMany", (e) => {
      requireParent(ids.containers, e.container_id, "transport event");
      requireParent(ids.vessels, e.vessel_id, "transport event");
      requireParent(ids.rawEvents, e.raw_event_id, "transport event");
    }) },
    rawEvents: { insertMany: write("rawEvents.insertMany", (e) => requireParent(ids.containers, e.container_id, "raw event"), ids.rawEvents) },
    tariffs: {
      list: async () => ({ items: [...ids.tariffs].map((id) => ({ id })), total: ids.tariffs.size }),
      insert: write("tariffs.insert", () => undefined, ids.tariffs),
    },
  };
  let transactions = 0;
  const storage = {
    async transaction<T>(fn: (repositories: unknown) => Promise<T>): Promise<T> {
      transactions += 1;
      inTransaction = true;
      try {
        return await fn(tx);
      } finally {
        inTransaction = false;
      }
    },
  } as unknown as Storage;
  return { storage, calls, ids, transactions: () => transactions };
}

describe("loadDemoDataset", () => {
  it("writes everything in one transaction, parents first", async () => {
    const dataset = generateDemoDataset({ seed: 1, accountId, now });
    const recorder = recordingStorage();
    await loadDemoDataset(recorder.storage, dataset);
    expect(recorder.transactions()).toBe(1);
    expect(recorder.ids.shipments.size).toBe(dataset.shipments.length);
    expect(recorder.ids.containers.size).toBe(dataset.containers.length);
    expect(recorder.ids.vessels.size).toBe(dataset.vessels.length);
    const firstOf = (name: string) => recorder.calls.indexOf(name);
    expect(firstOf("vessels.upsertMany")).toBe(0);
    expect(firstOf("vesselPositions.insertMany")).toBe(1);
    // The sample tariff rules come last, into an account that had none.
    expect(recorder.calls.slice(-4)).toEqual(["transportEvents.insertMany", "tariffs.insert", "tariffs.insert", "tariffs.insert"]);
    expect(recorder.ids.tariffs.size).toBe(dataset.tariffs.length);
    // Each shipment's refresh timestamps are logged, as a refresh would log them.
    expect(recorder.calls.filter((call) => call === "refreshLog.append").length).toBeGreaterThanOrEqual(dataset.shipments.length);
  });

  it("writes only the sample rules, inside the transaction, for a data set without shipments; a second load adds none", async () => {
    const recorder = recordingStorage();
    await loadDemoDataset(recorder.storage, generateDemoDataset({ seed: 1, accountId, now, shipments: 0 }));
    expect(recorder.transactions()).toBe(1);
    expect(recorder.calls).toEqual(["tariffs.insert", "tariffs.insert", "tariffs.insert"]);
    await loadDemoDataset(recorder.storage, generateDemoDataset({ seed: 2, accountId, now, shipments: 0 }));
    expect(recorder.calls).toHaveLength(3);
  });
});
