import { createBulkJobRunner } from "@bollard/core";
import { trackerStorage } from "@bollard/core/storage";
import { afterEach, describe, expect, it } from "vitest";
import { containerNumber } from "./testing/bulk-fixtures.js";
import { createHarness } from "./testing/http-harness.js";
import { STORAGES } from "./testing/storages.js";

const cleanup: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const close of cleanup.splice(0)) await close();
});


describe.each(STORAGES)("a bulk job cut off mid-way, %s storage", (_name, makeStorage) => {
  it("loses no row and creates no request twice: the next runner takes it up once the lease ends", async () => {
    const h = await createHarness({ storage: makeStorage() });
    cleanup.push(() => h.tracker.close());
    const storage = trackerStorage(h.tracker);
    const before = (await h.request("GET", "/v2/tracking_requests")).body.meta.total as number;

    // The second batch's write fails as a crash would leave it: nothing of it committed, the lease held.
    const transaction = storage.transaction.bind(storage);
    let batches = 0;
    let failing = true;
    storage.transaction = ((work: Parameters<typeof transaction>[0]) =>
      transaction((tx) => {
        const updateRows: typeof tx.bulkJobs.updateRows = async (rows) => {
          if (++batches === 2 && failing) throw new Error("the process died here");
          return tx.bulkJobs.updateRows(rows);
        };
        return work(Object.create(tx, { bulkJobs: { value: Object.create(tx.bulkJobs, { updateRows: { value: updateRows } }) } }));
      })) as typeof storage.transaction;
    const rows = Array.from({ length: 600 }, (_, i) => ({ "Container #": containerNumber("TGH", 200_000 + i), SCAC: "MSCU" }));
    const sent = await h.request("POST", "/v2/tracking_requests/bulk", { body: rows });
    expect(sent.status).toBe(202);
    // The runner the upload started stops at the failure; the job stays running, leased.
    await h.tracker.bulkJobs.runDue().catch(() => undefined);
    expect(batches).toBe(2);
    const cut = (await h.request("GET", `/v2/bulk_jobs/${sent.body.data.id}`)).body.data.attributes;
    expect(cut).toMatchObject({ status: "running", counts: { pending: 350, created: 250 } });
    failing = false;

    // While the lease holds, no runner takes the job; once it has ended, the next one finishes it.
    expect(await h.tracker.bulkJobs.runDue()).toMatchObject({ jobs: 0 });
    const later = createBulkJobRunner({ storage, clock: h.tracker.clock, carrier: h.tracker.carrier, wallClock: () => new Date(Date.now() + 61_000) });
    expect(await later.runDue()).toStrictEqual({ jobs: 1, rows: 350, completed: 1 });
    const done = (await h.request("GET", `/v2/bulk_jobs/${sent.body.data.id}`)).body.data.attributes;
    expect(done).toMatchObject({ status: "completed", counts: { pending: 0, created: 600, duplicate: 0, invalid: 0 } });
    expect((await h.request("GET", "/v2/tracking_requests?page[size]=1")).body.meta.total).toBe(before + 600);
  });
});
