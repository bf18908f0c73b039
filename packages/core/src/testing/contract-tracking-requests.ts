import { expect } from "vitest";
import type { TrackingRequest } from "../domain/index.js";
import { uuidv7 } from "../ids/index.js";
import type { TrackingRequestListQuery } from "../storage/index.js";
import { ALL, ascendingIds, at, expectPaging, seedAccount, type ContractContext } from "./contract-context.js";
import { describeCrud } from "./contract-crud.js";
import { makeTrackingRequest } from "./fixtures.js";

/** Tracking requests: the shared rules, ordering, paging and every filter of the listing. */
export function describeTrackingRequestsContract(ctx: ContractContext): void {
  describeCrud(ctx, {
    name: "trackingRequests",
    setup: async (_storage, accountId) => () => makeTrackingRequest(accountId),
    insert: (repos, request) => repos.trackingRequests.insert(request),
    get: (repos, accountId, id) => repos.trackingRequests.get(accountId, id),
    update: (repos, request) => repos.trackingRequests.update(request),
    list: async (repos, accountId) => (await repos.trackingRequests.list(accountId, { page: ALL })).items,
    change: (r) => ({
      ...makeTrackingRequest(r.account_id, {
        status: "created",
        scac: null,
        failed_reason: "shipping_line_unreachable",
        is_retrying: true,
        retry_count: 3,
        ref_numbers: [],
        tracked_object_id: uuidv7(),
        tracked_object_type: "shipment",
        next_attempt_at: null,
      }),
      id: r.id,
      created_at: r.created_at,
    }),
  });

  ctx.test("trackingRequests.list orders newest first with id as tie-breaker", async () => {
    const account = await seedAccount(ctx.storage);
    const [id1, id2] = ascendingIds(2, uuidv7);
    const oldest = makeTrackingRequest(account.id, { created_at: at(1) });
    const tieLow = makeTrackingRequest(account.id, { id: id1, created_at: at(2) });
    const tieHigh = makeTrackingRequest(account.id, { id: id2, created_at: at(2) });
    const newest = makeTrackingRequest(account.id, { created_at: at(3) });
    for (const r of [tieLow, oldest, tieHigh, newest]) await ctx.storage.trackingRequests.insert(r);
    expect(await ctx.storage.trackingRequests.list(account.id, { page: ALL })).toStrictEqual({ items: [newest, tieHigh, tieLow, oldest], total: 4 });
  });

  ctx.test("trackingRequests.list pages: totals, slices, no overlap, an empty page past the end", async () => {
    const account = await seedAccount(ctx.storage);
    const requests = Array.from({ length: 5 }, (_, i) => makeTrackingRequest(account.id, { created_at: at(10 - i) }));
    for (const r of [...requests].reverse()) await ctx.storage.trackingRequests.insert(r);
    await expectPaging((page) => ctx.storage.trackingRequests.list(account.id, { page }), requests);
  });

  // Three requests of one account (newest first: t3, t2, t1) and a look-alike in another account.
  async function seedFilterSet(): Promise<{ accountId: string; t1: TrackingRequest; t2: TrackingRequest; t3: TrackingRequest }> {
    const account = await seedAccount(ctx.storage);
    const other = await seedAccount(ctx.storage);
    const t1 = makeTrackingRequest(account.id, {
      request_number: "HLCUSEL2406001",
      ref_numbers: ["PO-ALPHA"],
      status: "created",
      scac: "HLCU",
      created_at: at(1),
      updated_at: at(10),
    });
    const t2 = makeTrackingRequest(account.id, {
      request_number: "MAEU240612345",
      ref_numbers: ["po-beta", "X_100%"],
      status: "pending",
      scac: "MAEU",
      created_at: at(2),
      updated_at: at(20),
    });
    const t3 = makeTrackingRequest(account.id, {
      request_number: "MSKU9070323",
      request_type: "container",
      ref_numbers: [],
      status: "failed",
      failed_reason: "not_found",
      scac: null,
      created_at: at(3),
      updated_at: at(30),
    });
    const twin = makeTrackingRequest(other.id, { ...t1, id: uuidv7(), account_id: other.id });
    for (const r of [t2, twin, t3, t1]) await ctx.storage.trackingRequests.insert(r);
    return { accountId: account.id, t1, t2, t3 };
  }

  const listed = async (accountId: string, filters: Omit<TrackingRequestListQuery, "page">) =>
    (await ctx.storage.trackingRequests.list(accountId, { page: ALL, ...filters })).items;

  ctx.test("trackingRequests.list filter q is a case-insensitive substring of request_number or a ref number, matched literally", async () => {
    const { accountId, t1, t2 } = await seedFilterSet();
    expect(await listed(accountId, { q: "sel24" })).toStrictEqual([t1]);
    expect(await listed(accountId, { q: "BETA" })).toStrictEqual([t2]);
    expect(await listed(accountId, { q: "po-" })).toStrictEqual([t2, t1]);
    expect(await listed(accountId, { q: "%" })).toStrictEqual([t2]);
    expect(await listed(accountId, { q: "X%" })).toStrictEqual([]);
    expect(await listed(accountId, { q: "nothing like it" })).toStrictEqual([]);
  });

  ctx.test("trackingRequests.list filter requestNumber matches request_number exactly, case-insensitively", async () => {
    const { accountId, t1, t3 } = await seedFilterSet();
    expect(await listed(accountId, { requestNumber: "hlcusel2406001" })).toStrictEqual([t1]);
    expect(await listed(accountId, { requestNumber: "MSKU9070323" })).toStrictEqual([t3]);
    expect(await listed(accountId, { requestNumber: "HLCUSEL" })).toStrictEqual([]);
  });

  ctx.test("trackingRequests.activeByNumbers finds the account's pending and created requests of any of the numbers, case-insensitively", async () => {
    const { accountId, t1, t2 } = await seedFilterSet();
    const byId = (requests: TrackingRequest[]) => [...requests].sort((a, b) => a.id.localeCompare(b.id));
    const active = (numbers: string[]) => ctx.storage.trackingRequests.activeByNumbers(accountId, numbers).then(byId);
    expect(await active(["hlcusel2406001", "MAEU240612345", "NOT-THERE"])).toStrictEqual(byId([t1, t2]));
    // t3 failed: a failed request is no duplicate; the other account's twin of t1 is never seen.
    expect(await active(["MSKU9070323"])).toStrictEqual([]);
    expect(await active(["HLCUSEL2406001", "hlcusel2406001"])).toStrictEqual([t1]);
    expect(await active([])).toStrictEqual([]);
    // More numbers than one statement takes.
    const many = Array.from({ length: 1_200 }, (_, i) => `BULK${String(i).padStart(6, "0")}`);
    expect(await active([...many, "maeu240612345"])).toStrictEqual([t2]);
  });

  ctx.test("trackingRequests.list filter status keeps requests with that status", async () => {
    const { accountId, t1, t2, t3 } = await seedFilterSet();
    expect(await listed(accountId, { status: "pending" })).toStrictEqual([t2]);
    expect(await listed(accountId, { status: "created" })).toStrictEqual([t1]);
    expect(await listed(accountId, { status: "failed" })).toStrictEqual([t3]);
    expect(await listed(accountId, { status: "tracking_stopped" })).toStrictEqual([]);
  });

  ctx.test("trackingRequests.list filter scac matches the SCAC exactly", async () => {
    const { accountId, t1, t2 } = await seedFilterSet();
    expect(await listed(accountId, { scac: "MAEU" })).toStrictEqual([t2]);
    expect(await listed(accountId, { scac: "HLCU" })).toStrictEqual([t1]);
    expect(await listed(accountId, { scac: "MAE" })).toStrictEqual([]);
    expect(await listed(accountId, { scac: "MSCU" })).toStrictEqual([]);
  });

  ctx.test("trackingRequests.list filter createdAt keeps created_at inside the window, both bounds inclusive", async () => {
    const { accountId, t1, t2, t3 } = await seedFilterSet();
    expect(await listed(accountId, { createdAt: { from: at(2), to: at(3) } })).toStrictEqual([t3, t2]);
    expect(await listed(accountId, { createdAt: { from: at(2) } })).toStrictEqual([t3, t2]);
    expect(await listed(accountId, { createdAt: { to: at(2) } })).toStrictEqual([t2, t1]);
    expect(await listed(accountId, { createdAt: { from: at(1), to: at(1) } })).toStrictEqual([t1]);
    expect(await listed(accountId, { createdAt: {} })).toStrictEqual([t3, t2, t1]);
  });

  ctx.test("trackingRequests.list filter updatedAt keeps updated_at inside the window, both bounds inclusive", async () => {
    const { accountId, t1, t2, t3 } = await seedFilterSet();
    expect(await listed(accountId, { updatedAt: { from: at(10), to: at(20) } })).toStrictEqual([t2, t1]);
    expect(await listed(accountId, { updatedAt: { from: at(25) } })).toStrictEqual([t3]);
    expect(await listed(accountId, { updatedAt: { to: at(10) } })).toStrictEqual([t1]);
    expect(await listed(accountId, { updatedAt: { to: at(9) } })).toStrictEqual([]);
  });

  ctx.test("trackingRequests.list combines filters with AND, and totals count the filtered records", async () => {
    const { accountId, t1, t2 } = await seedFilterSet();
    expect(await listed(accountId, { q: "po-", status: "created" })).toStrictEqual([t1]);
    expect(await listed(accountId, { createdAt: { from: at(2) }, updatedAt: { to: at(20) } })).toStrictEqual([t2]);
    expect(await listed(accountId, { scac: "HLCU", requestNumber: "hlcusel2406001", q: "alpha" })).toStrictEqual([t1]);
    expect(await listed(accountId, { scac: "MAEU", status: "created" })).toStrictEqual([]);
    expect(await ctx.storage.trackingRequests.list(accountId, { page: { number: 1, size: 1 }, q: "po-" })).toStrictEqual({ items: [t2], total: 2 });
  });
}
